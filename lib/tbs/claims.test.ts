/**
 * TBS's claims declarations: every parameter of the offline model is an assumption with a range inside the schema's
 * bounds and its default as the schema's; every claim names an analysis, factor, null and input that exist; and each
 * claim's analysis runs on its design and returns a finite estimate with an interval.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import type { ClaimDecl, ClaimTables } from "../core/claims.js";
import { tbsClaims, TBS_CLAIMS } from "./claims.js";
import { ABLATIONS, offlineParamsSchema, tbsParamsSchema } from "./params.js";
import { runTbs } from "./run.js";
import { runner } from "./runner.js";

/** Dotted paths of every leaf of a parsed object. */
function leaves(o: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(o).flatMap(([k, v]) => (v !== null && typeof v === "object" && !Array.isArray(v) ? leaves(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
}
const get = (o: unknown, path: string) => path.split(".").reduce((a, k) => (a as Record<string, unknown>)?.[k], o);
/** params with a dotted path set (a deep copy). */
function withPath(params: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const out = structuredClone(params);
  const keys = path.split(".");
  let o = out as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) o = (o[k] ??= {}) as Record<string, unknown>;
  o[keys[keys.length - 1]] = value;
  return out;
}

test("every numeric or enumerated parameter of the offline model is an assumption (or a documented constant), once", () => {
  const paths = leaves(offlineParamsSchema.parse({})).map((p) => `offline.${p}`);
  const declared = [...tbsClaims.assumptions.map((a) => a.path), ...Object.keys(tbsClaims.constants)];
  assert.deepEqual([...declared].sort(), [...paths].sort());
  assert.equal(new Set(declared).size, declared.length, "no path declared twice");
  assert.equal(runner.claims, tbsClaims, "attached to the runner");
});

test("each assumption's range lies inside the schema's bounds and contains its default, which is the schema's", () => {
  const defaults = tbsParamsSchema.parse({});
  for (const a of [...tbsClaims.assumptions, ...(tbsClaims.llmAssumptions ?? [])]) {
    assert.equal(get(defaults, a.path), a.default, `${a.path}: default`);
    const values = a.kind === "discrete" ? a.levels : [a.range[0], a.range[1], a.kind === "integer" ? Math.round((a.range[0] + a.range[1]) / 2) : (a.range[0] + a.range[1]) / 2];
    for (const v of values) assert.doesNotThrow(() => tbsParamsSchema.parse(withPath({}, a.path, v)), `${a.path} = ${v}`);
    if (a.kind !== "discrete") assert.ok(a.range[0] <= a.default && a.default <= a.range[1] && a.range[0] < a.range[1], `${a.path}: range ${a.range}`);
    assert.ok(a.why.length > 10, `${a.path}: why`);
  }
});

test("each claim names an analysis or table, a factor of the params, nulls and inputs that parse", () => {
  const ids = new Set<string>();
  for (const cl of TBS_CLAIMS) {
    assert.ok(!ids.has(cl.id), cl.id);
    ids.add(cl.id);
    if ("analysis" in cl.metric) assert.ok(cl.metric.analysis in (tbsClaims.analyses ?? {}), `${cl.id}: analysis ${cl.metric.analysis}`);
    else assert.ok(runner.tables.includes(cl.metric.table), cl.id);
    const ct = cl.contrast;
    if ("factor" in ct) for (const l of ct.levels) assert.doesNotThrow(() => tbsParamsSchema.parse({ [ct.factor]: l }), `${cl.id}: ${l}`);
    for (const n of cl.nulls) {
      let p: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(n.overrides)) p = withPath(p, k, v);
      assert.doesNotThrow(() => tbsParamsSchema.parse(p), `${cl.id}: null ${n.name}`);
      if ("ablation" in n.overrides) assert.ok((ABLATIONS as readonly string[]).includes(n.overrides.ablation as string));
    }
    if (cl.input) assert.notEqual(get(tbsParamsSchema.parse({}), cl.input), undefined, `${cl.id}: input ${cl.input}`);
    assert.ok(cl.nulls.length > 0 || cl.direction === "0" || cl.input, `${cl.id}: a null, unless an input or a reported absence`);
    for (const g of Object.keys(cl.design?.grid ?? {})) assert.ok(g in tbsParamsSchema.shape, `${cl.id}: grid factor ${g}`);
  }
});

/** The tables of a claim's design: every grid level (and contrast level) × seeds, at small size. */
async function tablesOf(cl: ClaimDecl, seeds: number[], over: Record<string, unknown> = {}): Promise<ClaimTables> {
  const grid: Record<string, unknown[]> = { ...(cl.design?.grid ?? {}) };
  if ("factor" in cl.contrast) grid[cl.contrast.factor] = cl.contrast.levels;
  let cells: Record<string, unknown>[] = [{}];
  for (const [f, levels] of Object.entries(grid)) cells = cells.flatMap((c) => levels.map((l) => ({ ...c, [f]: l })));
  const tables: ClaimTables = { states: [], utterances: [], costs: [] };
  for (const seed of seeds) {
    for (const cell of cells) {
      let p: Record<string, unknown> = { agents: 6, intervals: 20, costSamplePerInterval: 0, ...cl.design?.params, ...cell };
      for (const [k, v] of Object.entries(over)) p = withPath(p, k, v);
      const res = await runTbs(p as never, { rng: createRng(seed), meta: { run_id: `${JSON.stringify(cell)},seed=${seed}`, seed } });
      tables.states.push(...res.states);
      tables.utterances.push(...res.utterances);
      tables.costs.push(...res.costs);
    }
  }
  return tables;
}

test("every claim's analysis runs on its design and returns a finite estimate inside its interval", async () => {
  for (const cl of TBS_CLAIMS.filter((x) => "analysis" in x.metric)) {
    const m = cl.metric as { analysis: string; options?: Record<string, unknown> };
    const e = tbsClaims.analyses![m.analysis](await tablesOf(cl, [1, 2, 3]), { term: "term" in cl.contrast ? cl.contrast.term : undefined, options: m.options });
    for (const k of ["estimate", "lower", "upper", "se", "p"] as const) assert.ok(Number.isFinite(e[k]), `${cl.id}: ${k} ${e[k]}`);
    assert.ok(e.lower <= e.estimate && e.estimate <= e.upper && e.p >= 0 && e.p <= 1 && e.n > 1, `${cl.id}: ${JSON.stringify(e)}`);
  }
});

test("the built-in slope differences: with competition they hold; under their null (no-competition) the interval includes 0 (its size: mechanism.test.ts)", async () => {
  for (const id of ["willing-dissonance-slope", "willing-silence-slope"]) {
    const cl = TBS_CLAIMS.find((x) => x.id === id)!;
    const m = cl.metric as { analysis: string; options?: Record<string, unknown> };
    const run = async (over: Record<string, unknown>) => tbsClaims.analyses![m.analysis](await tablesOf(cl, [1, 2, 3, 4, 5, 6], { agents: 12, intervals: 40, ...over }), { term: (cl.contrast as { term: string }).term, options: m.options });
    const on = await run({}), off = await run(cl.nulls[0].overrides);
    assert.ok(cl.direction === "-" ? on.upper < 0 : on.lower > 0, `${id}: ${JSON.stringify(on)}`);
    assert.ok(off.lower < 0 && off.upper > 0, `${id} under no-competition: ${JSON.stringify(off)}`);
  }
});

test("rawAlpha equals stats.cronbachAlpha's α (psych's raw_alpha) on the items of a run", async () => {
  const { rawAlpha } = await import("./claim-analyses.js");
  const { cronbachAlpha } = await import("../stats/index.js");
  const { states } = await runTbs({ agents: 6, intervals: 20 }, { rng: createRng(2) });
  for (const items of [["perceived_inconsistency", "dissonance_tension", "tension_reduction_motivation"], ["perceived_opinion_climate", "perceived_isolation_risk"]]) {
    const cols = items.map((k) => states.map((r) => r[k] as number));
    assert.ok(Math.abs(rawAlpha(cols) - cronbachAlpha(Object.fromEntries(items.map((k, i) => [k, cols[i]]))).alpha) < 1e-12, items.join(","));
  }
});
