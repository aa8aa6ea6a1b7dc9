/**
 * Every number a mechanism asks a language model for has bounds in its reply schema, so a reply out of range fails
 * validation (a failed attempt, asked again, never cached) instead of reaching the mechanism. The schemas are the
 * ones the mechanisms really send: each mechanism's LLM path runs on the dry run's stand-in model, which records them.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { ZodType } from "zod";
import { toJSONSchema } from "../llm/schema.js";
import type { ExperimentConfig } from "./config.js";
import { measureSample } from "./dry-run-pass.js";
import { planRun } from "./plan.js";

type Schema = Record<string, unknown>;

/** JSON paths of number and integer nodes that lack a lower or an upper bound. */
function unbounded(s: Schema, path = "$", out: string[] = []): string[] {
  const type = Array.isArray(s.type) ? s.type : [s.type];
  if (type.includes("number") || type.includes("integer")) {
    const lo = typeof s.minimum === "number" || typeof s.exclusiveMinimum === "number";
    const hi = typeof s.maximum === "number" || typeof s.exclusiveMaximum === "number";
    if (!lo || !hi) out.push(`${path} (${lo ? "no maximum" : hi ? "no minimum" : "no bounds"})`);
  }
  for (const [k, v] of Object.entries(s)) {
    if (k === "properties" || k === "$defs") for (const [p, c] of Object.entries(v as Schema)) unbounded(c as Schema, `${path}.${p}`, out);
    else if ((k === "items" || k === "additionalProperties") && v && typeof v === "object") unbounded(v as Schema, `${path}[]`, out);
    else if ((k === "anyOf" || k === "oneOf" || k === "allOf") && Array.isArray(v)) v.forEach((c, i) => unbounded(c as Schema, `${path}|${i}`, out));
  }
  return out;
}

const model = "openai-compatible:http://127.0.0.1:9/v1#gpt-4o-mini";
const studies: ExperimentConfig[] = [
  { name: "t", mechanism: "tbs", model, grid: { mode: ["willing", "rotation"], force: ["force", "noforce"], memory: ["latest", "summary"] }, seeds: [1], params: { agents: 3, intervals: 3 } },
  { name: "g", mechanism: "gated", model, grid: { policy: ["gated", "free_chat"] }, seeds: [1], params: { episodes: 1, logEpisodes: 0 } },
  { name: "c", mechanism: "calibration", model, grid: { protocol: ["binary", "isotonic"] }, seeds: [1], params: { rounds: 2, tasksPerModality: 1 } },
];

test("every numeric field of every reply schema the mechanisms send has a minimum and a maximum", async () => {
  const { fixturePath } = await import("../nous/locomo/data.js");
  studies.push({ name: "n", mechanism: "nous", model, grid: {}, seeds: [1], params: { data: fixturePath(), split: "test", systems: ["nous", "full-context"], judge: true } });
  const seen = new Map<ZodType, string>();
  for (const cfg of studies) {
    const plan = await planRun(cfg, { out: "/nonexistent/reply-schemas" });
    const pass = await measureSample(plan, plan.cells, undefined);
    for (const c of pass.calls) if (c.schema) seen.set(c.schema, `${cfg.mechanism} ${c.role} "${c.schemaName ?? "reply"}"`);
  }
  const names = [...seen.values()];
  for (const want of ["tbs reasoner", "tbs speaker", "gated adjudicator", "calibration executor", "calibration judge", "nous extractor", "nous answerer", "nous scorer"]) {
    assert.ok(names.some((n) => n.startsWith(want)), `${want} sent a schema (${names.join("; ")})`);
  }
  const problems = [...seen].flatMap(([schema, name]) => unbounded(toJSONSchema(schema)).map((p) => `${name}: ${p}`));
  assert.deepEqual(problems, []);
});
