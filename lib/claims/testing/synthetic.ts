/**
 * A synthetic mechanism whose effects have known causes, for testing the claims audit: each column `y_<kind>` of its
 * table `obs` differs between the arms `control` and `treat` by an effect that is
 * - `input`: set by a parameter (`offline.effect`);
 * - `builtin`: 0.4 + 0.8·a², positive for every value of every assumption;
 * - `single`: 1.2·(c − 0.5), positive only for c > 0.5 (one assumption decides it);
 * - `emergent`: +0.8 when a > 0.1, −0.8 below (holds on 90 % of the space, reversed on the rest);
 * - `sticky`: as `emergent`, but its null (`gain` 0) does not remove it;
 * - `magnitude`: 0.5 everywhere (for the magnitude check).
 * Every effect but `input` and `sticky` is multiplied by `gain`, so `gain: 0` is their null. Each cell's value is the
 * mean of `draws` noisy draws (sd `offline.noise`). Not in the public registry.
 */
import { z } from "zod";
import { ConfigError } from "../../core/errors.js";
import type { MechanismClaims } from "../../core/claims.js";
import type { MechanismRunner } from "../../core/mechanism.js";

export const syntheticOfflineSchema = z.strictObject({
  effect: z.number().default(0.5),
  a: z.number().min(0).max(1).default(0.5),
  c: z.number().min(0).max(1).default(0.9),
  noise: z.number().min(0).default(1),
  kind: z.enum(["x", "y", "z"]).default("x"),
  /** Documented constant: how many draws make one cell's value. */
  draws: z.number().int().positive().default(25),
});

export const syntheticParamsSchema = z.strictObject({
  arm: z.enum(["control", "treat"]).default("control"),
  gain: z.number().min(0).default(1),
  offline: syntheticOfflineSchema.prefault({}),
  /** On a language model: each cell asks for a number at this temperature; its reply becomes `y_llm`. */
  llm: z.strictObject({ temperature: z.number().min(0).max(2).default(0.7) }).prefault({}),
});
const ReplySchema = z.object({ n: z.number().min(0).max(100) });
type P = z.infer<typeof syntheticParamsSchema>;

function effects(p: P): Record<string, number> {
  const o = p.offline;
  const emergent = o.a > 0.1 ? 0.8 : -0.8;
  return {
    y_input: o.effect,
    y_builtin: p.gain * (0.4 + 0.8 * o.a * o.a),
    y_single: p.gain * 1.2 * (o.c - 0.5),
    y_emergent: p.gain * emergent,
    y_sticky: emergent,
    y_magnitude: p.gain * 0.5,
  };
}

const contrast = { factor: "arm", levels: ["control", "treat"] as [string, string] };
const source = { paper: "Synthetic (2026)", where: "Table 1" };
const gainNull = [{ name: "no gain", overrides: { gain: 0 }, why: "gain multiplies the effect" }];

export const syntheticClaims: MechanismClaims = {
  file: "lib/claims/testing/synthetic.ts",
  offlineSchemas: [{ path: "offline", schema: syntheticOfflineSchema }],
  constants: { "offline.draws": "how many draws average into one cell: a resolution, not a model assumption" },
  assumptions: [
    { name: "a", path: "offline.a", kind: "continuous", range: [0, 1], default: 0.5, why: "test" },
    { name: "c", path: "offline.c", kind: "continuous", range: [0, 1], default: 0.9, why: "test" },
    { name: "noise", path: "offline.noise", kind: "continuous", range: [0.5, 1.5], default: 1, why: "test" },
    { name: "kind", path: "offline.kind", kind: "discrete", levels: ["x", "y", "z"], default: "x", why: "test" },
    { name: "effect", path: "offline.effect", kind: "continuous", range: [0.3, 0.7], default: 0.5, why: "test" },
  ],
  claims: [
    { id: "input", statement: "the effect is set", source, metric: { table: "obs", column: "y_input" }, contrast, direction: "+", scale: "difference", nulls: [], margin: 0.2, input: "offline.effect" },
    { id: "builtin", statement: "always positive", source, metric: { table: "obs", column: "y_builtin" }, contrast, direction: "+", scale: "difference", nulls: gainNull, margin: 0.2 },
    { id: "single", statement: "positive when c is high", source, metric: { table: "obs", column: "y_single" }, contrast, direction: "+", scale: "difference", nulls: gainNull, margin: 0.2 },
    { id: "emergent", statement: "positive on most of the space", source, metric: { table: "obs", column: "y_emergent" }, contrast, direction: "+", scale: "difference", nulls: gainNull, margin: 0.2 },
    { id: "sticky", statement: "its null does not remove it", source, metric: { table: "obs", column: "y_sticky" }, contrast, direction: "+", scale: "difference", nulls: gainNull, margin: 0.2 },
    { id: "magnitude", statement: "the paper's value is 3", source, metric: { table: "obs", column: "y_magnitude" }, contrast, direction: "+", scale: "difference", nulls: gainNull, margin: 0.2, paper: { value: 3 } },
    { id: "llm", statement: "the model's numbers differ by arm", source, metric: { table: "obs", column: "y_llm" }, contrast, direction: "+", scale: "difference",
      nulls: [...gainNull, { name: "quiet", overrides: { "offline.noise": 0 }, why: "an offline-only null (a language model refuses it)" }], margin: 0.2 },
  ],
  llmAssumptions: [{ name: "temperature", path: "llm.temperature", kind: "continuous", range: [0, 1], default: 0.7, why: "the default sampling temperature" }],
  audit: {
    quick: { points: 20, seeds: 10, minSeedsPerPoint: 6, maxSeedsPerPoint: 12, sweepLevels: 5 },
    full: { points: 50, seeds: 10, minSeedsPerPoint: 6, maxSeedsPerPoint: 12, sweepLevels: 5 },
  },
};

/** The synthetic mechanism `synthetic`: one row per cell in table `obs`. */
export const syntheticRunner: MechanismRunner<P> = {
  name: "synthetic",
  paramsSchema: syntheticParamsSchema as unknown as z.ZodType<P>,
  tables: ["obs"],
  offlineModelLabel: "offline:synthetic-v1",
  claims: syntheticClaims,
  checkPlan(plan) {
    if (plan.llm && plan.params.offline.noise !== 1) throw new ConfigError({ file: plan.file, path: ["params", "offline", "noise"], message: "an offline-model parameter means nothing on a language model" });
  },
  async runCell(ctx) {
    const p = syntheticParamsSchema.parse({ ...ctx.params, ...ctx.condition });
    const fx = effects(p);
    const model = ctx.model.kind === "llm" ? ctx.model.llm.id : "offline:synthetic-v1";
    const row: Record<string, unknown> = { run_id: ctx.runId, seed: ctx.seed, model, arm: p.arm };
    const treat = p.arm === "treat" ? 1 : 0;
    for (const [col, e] of Object.entries(fx)) {
      const r = ctx.rng.fork(col);
      let s = 0;
      for (let i = 0; i < p.offline.draws; i++) s += r.normal(0, p.offline.noise);
      row[col] = treat * e + s / p.offline.draws;
    }
    if (ctx.model.kind === "llm") {
      const r = await ctx.model.llm.generate({
        messages: [{ role: "user", content: `Arm ${p.arm}: say a number between 0 and 100.` }], schema: ReplySchema, schemaName: "number",
        temperature: p.llm.temperature, address: ctx.address("asker", { step: 0 }),
      });
      row.y_llm = r.data!.n + (treat ? 10 * p.gain : 0);
      return { tables: { obs: [row] }, usage: { ...r.usage, calls: 1 } };
    }
    row.y_llm = row.y_magnitude;
    return { tables: { obs: [row] } };
  },
};
