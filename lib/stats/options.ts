/**
 * Option schemas of the model functions (zod), checked at each entry point so that a misspelt or
 * mistyped option (say `{ REML: false }`) is an error naming the field rather than silently ignored.
 */
import { z } from "zod";
import { ConfigError } from "../core/errors.js";

const levels = z.record(z.string(), z.array(z.string()).min(1)).optional();
const rankDeficient = z.enum(["drop", "error"]).optional();

/** `lmm` options. */
export const LmmOptionsSchema = z.strictObject({
  reml: z.boolean().optional(),
  satterthwaite: z.boolean().optional(),
  progress: z.boolean().optional(),
  solver: z.enum(["auto", "sparse", "schur", "dense"]).optional(),
  levels,
  rankDeficient,
});

/** `ols` options. */
export const OlsOptionsSchema = z.strictObject({ levels, rankDeficient });

/** `glm` options. */
export const GlmOptionsSchema = z.strictObject({
  family: z.enum(["binomial", "gaussian"]).optional(),
  maxIter: z.number().int().positive().optional(),
  levels,
  rankDeficient,
});

/**
 * Validates `opts` against `schema`.
 *
 * @throws {ConfigError} naming the offending field and the allowed values.
 * @example
 * checkOptions("lmm", LmmOptionsSchema, { reml: false }); // ok
 * checkOptions("lmm", LmmOptionsSchema, { REML: false }); // ConfigError: lmm options: unrecognized key "REML"
 */
export function checkOptions<T>(fn: string, schema: z.ZodType<T>, opts: unknown): T {
  const r = schema.safeParse(opts ?? {});
  if (r.success) return r.data;
  const issue = r.error.issues[0]!;
  throw new ConfigError({
    path: issue.path.map((p) => (typeof p === "symbol" ? String(p) : p)),
    message: `${fn} options: ${issue.message}`,
    fix: fn === "glm" ? 'options are { family: "binomial" | "gaussian", maxIter?, levels?, rankDeficient?: "drop" | "error" }'
      : fn === "lmm" ? 'options are { reml?: boolean, satterthwaite?: boolean, progress?: boolean, solver?: "auto" | "sparse" | "schur" | "dense", levels?: { factor: [levels…] }, rankDeficient?: "drop" | "error" }'
      : 'options are { levels?: { factor: [levels…] }, rankDeficient?: "drop" | "error" }',
  });
}
