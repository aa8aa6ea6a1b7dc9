import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { runner } from "./runner.js";

const file = new URL("../../data/configs/tbs-default.json", import.meta.url);

test("data/configs/tbs-default.json: valid params, the paper's grid (mode × force × memory × ecology), quick and full profiles", () => {
  const cfg = JSON.parse(readFileSync(file, "utf8"));
  assert.equal(cfg.mechanism, "tbs");
  assert.equal(cfg.model, "offline");
  const p = runner.paramsSchema.parse(cfg.params);
  // The config spells out the generating parameters; they equal the schema defaults the recovery test checks against.
  // (costs of the default grid are not tokenized: the protocol comparison, data/configs/tbs-protocols.json, does that)
  assert.deepEqual(p, runner.paramsSchema.parse({ agents: 6, intervals: 30, costSamplePerInterval: 0 }));
  assert.deepEqual(Object.keys(cfg.grid), ["mode", "force", "memory", "ecology", "ablation"]);
  assert.equal(JSON.stringify(cfg).includes("willingModeShift"), false);
  for (const [k, levels] of Object.entries(cfg.grid) as [string, string[]][]) for (const l of levels) runner.paramsSchema.parse({ ...cfg.params, [k]: l });
  assert.ok(cfg.profiles.quick && cfg.profiles.full);
});

test("the plan refuses, before anything runs: offline-only ablations on an LLM, mode or force varying beside a baseline protocol, bad levels and bad persona files", async () => {
  const { planRun, dryRun } = await import("../experiment/index.js");
  const path = new URL("../../data/configs/tbs-default.json", import.meta.url).pathname;
  const cfg = JSON.parse(readFileSync(file, "utf8"));
  // The default config runs offline, and on an LLM too (its ablations are none and no-competition); an offline-only
  // ablation on an LLM is refused, naming the file and the field.
  await assert.doesNotReject(planRun(path));
  const { mkdtempSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "tbs-plan-"));
  const write = (name: string, c: unknown) => {
    const f = join(dir, name);
    writeFileSync(f, JSON.stringify(c));
    return f;
  };
  await assert.doesNotReject(planRun(write("llm-default.json", { ...cfg, model: "openai:gpt-4o-mini" })));
  const llmFile = write("llm.json", { ...cfg, model: "openai:gpt-4o-mini", grid: { ...cfg.grid, ablation: ["none", "no-fear"] } });
  await assert.rejects(planRun(llmFile), (e: Error) => e.message.includes(llmFile) && /grid\.ablation/.test(e.message) && /no-fear/.test(e.message) && /fix:/.test(e.message));
  for (const ab of ["placebo-competition", "group-unweighted", "shuffled-fear", "shuffled-self"]) {
    const f = write(`llm-${ab}.json`, { ...cfg, model: "openai:gpt-4o-mini", grid: { ...cfg.grid, ablation: ["none", ab] } });
    await assert.rejects(planRun(f), (e: Error) => /grid\.ablation/.test(e.message) && e.message.includes(ab), ab);
  }
  const ok = write("llm-ok.json", { ...cfg, model: "openai:gpt-4o-mini", grid: { ...cfg.grid, ablation: ["none", "no-competition", "no-group-memory", "no-self-memory"] } });
  const plan = await planRun(ok);
  const report = await dryRun(plan);
  assert.equal(report.cells, plan.cells.length);
  // Baselines with mode or force varying: refused.
  const proto = write("proto.json", { name: "p", mechanism: "tbs", model: "offline", grid: { protocol: ["tbs", "sequential"], mode: ["willing", "rotation"] }, seeds: [1] });
  await assert.rejects(planRun(proto), /grid\.mode[\s\S]*applies only to protocol "tbs"/);
  // Baselines with mode or force fixed away from their defaults: refused too (their rows would carry a rule that did not apply).
  const fixed = write("proto-fixed.json", { name: "p", mechanism: "tbs", model: "offline", grid: { protocol: ["tbs", "hierarchical"] }, params: { mode: "rotation" }, seeds: [1] });
  await assert.rejects(planRun(fixed), (e: Error) => e.message.includes(fixed) && /params\.mode/.test(e.message) && /"rotation"/.test(e.message) && /fix:/.test(e.message));
  const forced = write("proto-force.json", { name: "p", mechanism: "tbs", model: "offline", grid: { protocol: ["sequential"], force: ["force"] }, seeds: [1] });
  await assert.rejects(planRun(forced), /grid\.force/);
  const protoOk = write("proto-ok.json", { name: "p", mechanism: "tbs", model: "offline", grid: { protocol: ["tbs", "hierarchical", "sequential"], memory: ["latest", "nous"] }, seeds: [1] });
  assert.equal((await planRun(protoOk)).cells.length, 6);
  // Unknown levels name the grid factor and the allowed values.
  const badMem = write("mem.json", { name: "m", mechanism: "tbs", model: "offline", grid: { memory: ["latest", "vector"] }, seeds: [1] });
  await assert.rejects(planRun(badMem), (e: Error) => /grid\.memory/.test(e.message) && /latest/.test(e.message) && /nous/.test(e.message));
  const badProto = write("proto-bad.json", { name: "m", mechanism: "tbs", model: "offline", grid: { protocol: ["tbs", "roundrobin"] }, seeds: [1] });
  await assert.rejects(planRun(badProto), /grid\.protocol/);
  // A persona file with a missing field and a topic file with an unknown key: the file and the field.
  const eco = JSON.parse(readFileSync(new URL("../../data/personas/six-americas.json", import.meta.url), "utf8"));
  delete eco.personas[1].susceptibility;
  const ecoFile = write("eco.json", eco);
  await assert.rejects(planRun(write("eco-cfg.json", { name: "e", mechanism: "tbs", model: "offline", grid: { ecology: ["six-americas", ecoFile] }, seeds: [1] })), (e: Error) => e.message.includes(ecoFile) && /personas\.1\.susceptibility/.test(e.message));
  const topic = JSON.parse(readFileSync(new URL("../../data/personas/topics/solar-pv-mandate.json", import.meta.url), "utf8"));
  topic.arguments.support.defnd = ["typo"];
  const topicFile = write("topic.json", topic);
  await assert.rejects(planRun(write("topic-cfg.json", { name: "t", mechanism: "tbs", model: "offline", params: { topic: topicFile }, seeds: [1] })), (e: Error) => e.message.includes(topicFile) && /defnd/.test(e.message));
});
