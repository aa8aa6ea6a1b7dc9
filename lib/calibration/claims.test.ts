// The claims declarations are consistent with the mechanism: paths, ranges, levels, nulls and analyses.
import { test } from "node:test";
import assert from "node:assert/strict";
import { runCells } from "./cells.js";
import { calibrationClaims, nested, NULL_OVERRIDES } from "./claims.js";
import { runner } from "./runner.js";
import { CalibrationParamsSchema, CONTROLS, PROTOCOLS } from "./types.js";

const claims = calibrationClaims;

/** Numeric, enumerated and boolean leaves of a plain object, by dotted path (records of strategies are not parameters). */
function leaves(o: Record<string, unknown>, prefix: string, skip: readonly string[]): string[] {
  return Object.entries(o).flatMap(([k, v]) => {
    const path = `${prefix}.${k}`;
    if (skip.includes(path)) return [];
    return v !== null && typeof v === "object" && !Array.isArray(v) ? leaves(v as Record<string, unknown>, path, skip) : [path];
  });
}

test("every parameter of the offline model is an assumption or a documented constant, and every range is inside the schema", () => {
  assert.equal(runner.claims, claims);
  const defaults = CalibrationParamsSchema.parse({});
  const records = ["offline.quality", "offline.length", "offline.judge.labelBias"];
  const declared = new Set([...claims.assumptions.map((a) => a.path), ...Object.keys(claims.constants)]);
  for (const path of leaves(defaults.offline as never, "offline", records)) assert.ok(declared.has(path), `${path} is neither an assumption nor a constant`);
  const get = (o: unknown, path: string) => path.split(".").reduce((x, k) => (x as Record<string, unknown>)[k], o);
  for (const a of [...claims.assumptions, ...(claims.llmAssumptions ?? [])]) {
    assert.equal(get(defaults, a.path), a.default, `${a.name}: the declared default is the schema's`);
    const values = a.kind === "discrete" ? a.levels : a.range;
    for (const v of values) assert.doesNotThrow(() => CalibrationParamsSchema.parse(nested({ [a.path]: v })), `${a.name} = ${v} is a valid value`);
  }
});

test("every claim names protocols and controls that exist, an analysis that is registered, and nulls that are valid params", () => {
  const ids = new Set<string>();
  for (const c of claims.claims) {
    assert.ok(!ids.has(c.id), `duplicate claim id ${c.id}`);
    ids.add(c.id);
    if ("factor" in c.contrast) {
      const allowed: readonly string[] = c.contrast.factor === "protocol" ? PROTOCOLS : CONTROLS;
      for (const l of c.contrast.levels) assert.ok(allowed.includes(String(l)), `${c.id}: level ${l}`);
    }
    if ("analysis" in c.metric) assert.ok(claims.analyses?.[c.metric.analysis], `${c.id}: analysis ${c.metric.analysis}`);
    for (const [factor, levels] of Object.entries(c.design?.grid ?? {})) {
      for (const l of levels) assert.doesNotThrow(() => CalibrationParamsSchema.parse({ [factor]: l }), `${c.id}: design ${factor} = ${l}`);
    }
    for (const n of c.nulls) assert.doesNotThrow(() => CalibrationParamsSchema.parse(nested(n.overrides)), `${c.id}: null ${n.name}`);
    assert.ok(c.nulls.length > 0 || c.input !== undefined || c.direction === "0", `${c.id}: a claim needs a null, or names its input`);
    if (c.input) assert.doesNotThrow(() => CalibrationParamsSchema.parse(nested({ [c.input!]: 1 })), `${c.id}: input ${c.input}`);
  }
  assert.deepEqual(CalibrationParamsSchema.parse(nested(NULL_OVERRIDES)).offline.qualityScale, 0);
});

test("the analyses estimate the uncertain share, the calibration gain and coupling above the floor, with intervals around their estimates", async () => {
  const { results } = await runCells(["isotonic"], ["none"], [1, 2, 3, 4], { rounds: 12, shadows: false, trajectories: "none", detailTables: "none" });
  const share = claims.analyses!.uncertainShare({ results }, { term: "share" });
  const mean = results.reduce((s, r) => s + Number(r.uncertain_share), 0) / results.length;
  assert.ok(Math.abs(share.estimate - mean) < 1e-12 && share.lower < share.estimate && share.estimate < share.upper && share.n === 4);
  for (const term of ["ece", "brier"]) {
    const g = claims.analyses!.calibrationGain({ results }, { term });
    const diff = results.reduce((s, r) => s + Number(r[`${term}_calibrated`]) - Number(r[`${term}_raw`]), 0) / results.length;
    assert.ok(Math.abs(g.estimate - diff) < 1e-12 && g.lower <= g.estimate && g.estimate <= g.upper && g.p >= 0 && g.p <= 1 && g.n === 4, `${term}: ${JSON.stringify(g)}`);
  }
  assert.throws(() => claims.analyses!.calibrationGain({ results }, { term: "auc" }), /expected "ece" or "brier"/);
  const tv = claims.analyses!.couplingAboveFloor({ results }, { term: "tv" });
  assert.ok(Math.abs(tv.estimate - results.reduce((s, r) => s + Number(r.gamma_tv_excess), 0) / results.length) < 1e-12 && tv.n === 4);
});
