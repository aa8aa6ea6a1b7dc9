/**
 * Experiment config files: schema, loading (JSON or YAML), profile merge and the config hash.
 *
 * A config names a mechanism, a model, a grid of factors and a list of seeds, plus the
 * mechanism's parameters. Profiles (`quick`, `full`) are partial configs merged over the base.
 */
import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { ConfigError } from "../core/errors.js";
import { configErrorFrom } from "../core/config-error.js";
import { sha256 } from "../core/hash.js";
import type { Level } from "../core/mechanism.js";

const FACTOR_NAME = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const levelSchema = z.union([z.string(), z.number(), z.boolean()], {
  error: "expected a level: a string, number or boolean",
}).refine((v) => typeof v !== "string" || !/[,=]/.test(v), {
  message: "a level may not contain ',' or '=' (they separate parts of the cell id)",
}).refine((v) => typeof v !== "number" || Number.isFinite(v), { message: "a numeric level must be finite" });

const RESERVED = ["run_id", "seed", "model"];

const gridSchema = z.record(
  z.string()
    .regex(FACTOR_NAME, { message: "a factor name is letters, digits, '_', '.', '-', starting with a letter" })
    .refine((f) => !RESERVED.includes(f), { message: `a factor may not be named ${RESERVED.join(", ")} (every row has these columns)` }),
  z.array(levelSchema).min(1, { message: "expected at least one level" }),
);

const seedsSchema = z.array(z.number().int({ message: "expected an integer seed" })).min(1, {
  message: "expected at least one seed",
});

const paramsSchema = z.record(z.string(), z.unknown());

/** `"offline"`, an llm spec string (`"openai:gpt-4o-mini"`), or an llm spec object (passed to `llm.createModel`). */
export const modelSpecSchema = z.union([z.string().min(1), z.record(z.string(), z.unknown())], {
  error: 'expected "offline", an llm spec string like "openai:gpt-4o-mini", or an llm spec object',
});

const profileSchema = z.strictObject({
  grid: gridSchema.optional(),
  seeds: seedsSchema.optional(),
  params: paramsSchema.optional(),
});

/** The schema of an experiment config file. */
export const configSchema = z.strictObject({
  name: z.string().regex(/^[A-Za-z0-9_.-]+$/, { message: "expected a name of letters, digits, '_', '.', '-'" }).optional(),
  mechanism: z.string().min(1, { message: "expected a mechanism name, e.g. \"tbs\"" }),
  model: modelSpecSchema,
  grid: gridSchema.default({}),
  seeds: seedsSchema,
  params: paramsSchema.default({}),
  /** What `--dry-run` assumes: each role's reply length in output tokens (see lib/experiment/output-model.ts). */
  dryRun: z.strictObject({
    outputTokens: z.record(z.string().regex(/^[A-Za-z][\w.-]*$/, { message: "expected a role name, e.g. speaker" }),
      z.number().int({ message: "expected a whole number of tokens" }).positive({ message: "expected a positive number of tokens" })).optional(),
  }).optional(),
  /** Named partial configs merged over the base: `quick` and `full` by convention; others (e.g. `powered`) as a study needs. */
  profiles: z.record(z.string().regex(/^[a-z][a-z0-9-]*$/, { message: "a profile name is lower-case letters, digits and '-'" }), profileSchema).optional(),
});

export type ExperimentConfig = z.input<typeof configSchema>;
export type ParsedConfig = z.output<typeof configSchema>;
/** `quick` (the default), `full`, or any profile the config defines. */
export type ProfileName = string;
export type ModelSpec = string | Record<string, unknown>;

/** A config with its profile applied: what a run actually executes. */
export interface ResolvedConfig {
  name: string;
  mechanism: string;
  model: ModelSpec;
  profile: ProfileName;
  /** Factors in grid order, each with its levels. */
  grid: [string, Level[]][];
  seeds: number[];
  /** Raw params after the profile merge (the mechanism's schema validates them later). */
  params: Record<string, unknown>;
  /** The file it came from, when it came from a file. */
  file?: string;
  /** The dry run's declared reply lengths by role (`dryRun.outputTokens`), when the config gives them. */
  outputTokens?: Record<string, number>;
}

export { configErrorFrom } from "../core/config-error.js";

/**
 * Reads a config file (`.json`, `.yaml` or `.yml`) and validates it.
 * @throws {ConfigError} when the file cannot be read or parsed, or a field is invalid (names file and field path).
 * @example
 * const cfg = readConfigFile("data/configs/tbs-default.json"); // { mechanism: "tbs", … }
 */
export function readConfigFile(path: string): ParsedConfig {
  const file = resolve(path);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (err) {
    throw new ConfigError({ file, message: `cannot read the config file (${(err as Error).message})`, fix: "check the path" });
  }
  const ext = extname(file).toLowerCase();
  let raw: unknown;
  try {
    raw = ext === ".yaml" || ext === ".yml" ? parseYaml(text) : JSON.parse(text);
  } catch (err) {
    throw new ConfigError({
      file,
      message: `not valid ${ext === ".json" ? "JSON" : "YAML"}: ${(err as Error).message}`,
      fix: "fix the syntax; config files are JSON (.json) or YAML (.yaml, .yml)",
    });
  }
  return parseConfig(raw, file);
}

/**
 * Validates a config object.
 * @throws {ConfigError} naming `file` (when given) and the field path of the first problem.
 * @example
 * parseConfig({ mechanism: "tbs", model: "offline", seeds: [1] }).grid; // {}
 */
export function parseConfig(raw: unknown, file?: string): ParsedConfig {
  const res = configSchema.safeParse(raw);
  if (!res.success) throw configErrorFrom(res.error.issues, file);
  return res.data;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null && !Array.isArray(v);
}

/**
 * Deep merge of plain objects; arrays and scalars in `over` replace those in `base`.
 * @example
 * deepMerge({ a: { b: 1, c: [1] } }, { a: { c: [2] } }); // { a: { b: 1, c: [2] } }
 */
export function deepMerge(base: Record<string, unknown>, over: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...base };
  for (const [k, v] of Object.entries(over)) {
    out[k] = isPlainObject(v) && isPlainObject(out[k]) ? deepMerge(out[k] as Record<string, unknown>, v) : v;
  }
  return out;
}

/**
 * Applies a profile: its `grid` factors replace the base's levels factor by factor (new factors are appended),
 * its `seeds` replace the base seeds, its `params` are deep-merged over the base params.
 * @throws {ConfigError} when the config has no name and no file to name it after.
 * @example
 * resolveConfig(parseConfig({ name: "x", mechanism: "m", model: "offline", seeds: [1, 2, 3],
 *   profiles: { quick: { seeds: [1] } } }), "quick").seeds; // [1]
 */
export function resolveConfig(cfg: ParsedConfig, profile: ProfileName = "quick", file?: string): ResolvedConfig {
  if (profile !== "quick" && profile !== "full" && !cfg.profiles?.[profile]) {
    const known = ["quick", "full", ...Object.keys(cfg.profiles ?? {}).filter((k) => k !== "quick" && k !== "full")];
    throw new ConfigError({ file, path: ["profiles", profile], message: `the config has no profile "${profile}"`, fix: `use one of: ${known.join(", ")}` });
  }
  const p = cfg.profiles?.[profile] ?? {};
  const grid: Record<string, Level[]> = { ...cfg.grid, ...(p.grid ?? {}) };
  const name = cfg.name ?? (file ? nameFromFile(file) : undefined);
  if (!name) {
    throw new ConfigError({ path: ["name"], message: "a config object needs a name", fix: 'add "name": "<short-name>"' });
  }
  return {
    name,
    mechanism: cfg.mechanism,
    model: cfg.model,
    profile,
    grid: Object.entries(grid),
    seeds: p.seeds ?? cfg.seeds,
    params: deepMerge(cfg.params, p.params ?? {}),
    file,
    ...(cfg.dryRun?.outputTokens ? { outputTokens: cfg.dryRun.outputTokens } : {}),
  };
}

function nameFromFile(file: string): string {
  const base = file.split(/[\\/]/).pop() ?? file;
  return base.replace(/\.(json|ya?ml)$/i, "");
}

/**
 * The config hash: SHA-256 of what determines a run's rows (mechanism, model, factors in grid order, seeds,
 * validated params). The name, the profile label and the file path are not part of it.
 * @example
 * configHash(resolved, params).slice(0, 8); // "3fa9c2e1"
 */
export function configHash(cfg: ResolvedConfig, validatedParams: unknown): string {
  return sha256({ mechanism: cfg.mechanism, model: modelIdentity(cfg.model), grid: cfg.grid, seeds: cfg.seeds, params: validatedParams });
}

/**
 * The part of a model spec that decides what the replies are: the provider, the model and, for OpenAI and Gemini,
 * a base URL given in the spec. An OpenAI-compatible server's host and port are left out (a local server may come
 * back on another port and `--resume` must still work), and so are limits, timeouts, retries, the cache, prices
 * and the key, which change how replies are fetched, not what they are.
 * @example
 * modelIdentity("openai-compatible:http://127.0.0.1:11434/v1#llama3.1"); // "openai-compatible:/v1#llama3.1"
 */
export function modelIdentity(spec: ModelSpec): unknown {
  const pathOf = (url: string): string => {
    try {
      return new URL(url).pathname.replace(/\/+$/, "");
    } catch {
      return url;
    }
  };
  if (typeof spec === "string") {
    if (!spec.startsWith("openai-compatible:")) return spec;
    const rest = spec.slice("openai-compatible:".length);
    const hash = rest.lastIndexOf("#");
    return hash > 0 ? `openai-compatible:${pathOf(rest.slice(0, hash))}#${rest.slice(hash + 1)}` : spec;
  }
  const out: Record<string, unknown> = { provider: spec.provider, model: spec.model };
  if (typeof spec.baseURL === "string") out.baseURL = spec.provider === "openai-compatible" ? pathOf(spec.baseURL) : spec.baseURL;
  return out;
}
