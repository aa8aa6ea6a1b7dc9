/**
 * Model specs: the string or object a user writes, validated and resolved against the environment.
 *
 * Strings: `openai:<model>`, `gemini:<model>`, `openai-compatible:<baseURL>#<model>`.
 * Environment (read here and nowhere else): OPENAI_API_KEY, OPENAI_BASE_URL, GEMINI_API_KEY or GOOGLE_API_KEY,
 * OPENAI_COMPATIBLE_API_KEY (optional; local servers usually need none).
 */
import { z } from "zod";
import { LLMConfigError } from "./errors.js";
import { safeURL } from "./providers/common.js";

export const PROVIDERS = ["openai", "gemini", "openai-compatible"] as const;
export type Provider = (typeof PROVIDERS)[number];
export const CACHE_MODES = ["record", "replay", "auto", "off"] as const;
export type CacheMode = (typeof CACHE_MODES)[number];

const specSchema = z
  .object({
    provider: z.string(),
    model: z.string().min(1),
    baseURL: z.string().url().optional(),
    apiKey: z.string().min(1).optional(),
    concurrency: z.number().int().positive().optional(),
    rpm: z.number().positive().optional(),
    tpm: z.number().positive().optional(),
    timeoutMs: z.number().positive().optional(),
    maxRetries: z.number().int().min(0).optional(),
    maxReasks: z.number().int().min(0).optional(),
    cache: z.object({ dir: z.string().min(1), mode: z.enum(CACHE_MODES) }).strict().optional(),
    /** Price overrides, USD per million tokens, keyed `provider:model`. */
    prices: z.record(z.string().regex(/^[a-z-]+:.+$/, "keys are provider:model"), z.object({ input: z.number().min(0), output: z.number().min(0), cachedInput: z.number().min(0).optional() }).strict()).optional(),
  })
  .strict();

/** A model spec as an object. Every limit has a default (see `resolveSpec`). */
export type ModelSpecObject = z.input<typeof specSchema>;
export type ModelSpec = string | ModelSpecObject;

/** A spec with defaults filled in and the key found. `apiKey` must never be logged or written. */
export interface ResolvedSpec {
  provider: Provider;
  model: string;
  /** `provider:model`, the label written into rows. */
  id: string;
  baseURL?: string;
  /** Where the base URL came from: the spec, the OPENAI_BASE_URL environment variable, or the provider's default. */
  baseURLSource: "spec" | "OPENAI_BASE_URL" | "default";
  apiKey?: string;
  concurrency: number;
  rpm?: number;
  tpm?: number;
  timeoutMs: number;
  maxRetries: number;
  maxReasks: number;
  cache?: { dir: string; mode: CacheMode };
  prices?: Record<string, { input: number; output: number; cachedInput?: number }>;
}

export const DEFAULTS = { concurrency: 16, timeoutMs: 60_000, maxRetries: 5, maxReasks: 2 } as const;

/**
 * Parses a spec string into its object form.
 * @throws LLMConfigError for an unknown provider or a malformed string.
 * @example parseSpecString("openai-compatible:http://127.0.0.1:11434/v1#llama3.1")
 * // → { provider: "openai-compatible", baseURL: "http://127.0.0.1:11434/v1", model: "llama3.1" }
 */
export function parseSpecString(spec: string): ModelSpecObject {
  const i = spec.indexOf(":");
  if (i <= 0) {
    throw new LLMConfigError("provider", `model spec "${spec}" has no provider`, `write "<provider>:<model>" with provider one of ${PROVIDERS.join(", ")}, e.g. "openai:gpt-4o-mini"`);
  }
  const provider = spec.slice(0, i);
  const rest = spec.slice(i + 1);
  if (provider === "openai-compatible") {
    const hash = rest.lastIndexOf("#");
    if (hash <= 0 || hash === rest.length - 1) {
      throw new LLMConfigError("model", `model spec "${spec}" needs a base URL and a model`, `write "openai-compatible:<baseURL>#<model>", e.g. "openai-compatible:http://127.0.0.1:11434/v1#llama3.1"`);
    }
    return { provider, baseURL: rest.slice(0, hash), model: rest.slice(hash + 1) };
  }
  return { provider, model: rest };
}

/**
 * Validates a spec and resolves keys and endpoints from the spec or the environment.
 * @throws LLMConfigError for an unknown provider, a bad field, or a missing key.
 */
export function resolveSpec(spec: ModelSpec, env: Record<string, string | undefined> = process.env, opts: { requireKey?: boolean } = {}): ResolvedSpec {
  const obj = typeof spec === "string" ? parseSpecString(spec) : spec;
  const parsed = specSchema.safeParse(obj);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = issue.path.join(".") || "spec";
    throw new LLMConfigError(field, `model spec field "${field}": ${issue.message}`, "see lib/llm/README.md for the spec fields and their types");
  }
  const s = parsed.data;
  if (!(PROVIDERS as readonly string[]).includes(s.provider)) {
    throw new LLMConfigError("provider", `unknown model provider "${s.provider}"`, `use one of ${PROVIDERS.join(", ")} (offline models are chosen in the mechanism config with model: "offline")`);
  }
  const provider = s.provider as Provider;
  let apiKey = s.apiKey;
  let baseURL = s.baseURL;
  let baseURLSource: ResolvedSpec["baseURLSource"] = baseURL ? "spec" : "default";
  const requireKey = opts.requireKey ?? true;
  if (provider === "openai") {
    apiKey ??= env.OPENAI_API_KEY || undefined;
    if (!baseURL && env.OPENAI_BASE_URL) {
      baseURL = env.OPENAI_BASE_URL;
      baseURLSource = "OPENAI_BASE_URL";
    }
    if (!apiKey && requireKey) throw new LLMConfigError("apiKey", `${provider}:${s.model} needs an API key and none was found`, "set OPENAI_API_KEY in the environment, or pass apiKey in the model spec object");
  } else if (provider === "gemini") {
    apiKey ??= env.GEMINI_API_KEY || env.GOOGLE_API_KEY || undefined;
    if (!apiKey && requireKey) throw new LLMConfigError("apiKey", `${provider}:${s.model} needs an API key and none was found`, "set GEMINI_API_KEY (or GOOGLE_API_KEY) in the environment, or pass apiKey in the model spec object");
  } else {
    apiKey ??= env.OPENAI_COMPATIBLE_API_KEY || undefined;
    if (!baseURL) throw new LLMConfigError("baseURL", `openai-compatible:${s.model} needs a base URL`, `write "openai-compatible:<baseURL>#<model>" or pass baseURL`);
  }
  return {
    provider,
    model: s.model,
    id: `${provider}:${s.model}`,
    baseURL: baseURL?.replace(/\/+$/, ""),
    baseURLSource,
    apiKey,
    concurrency: s.concurrency ?? DEFAULTS.concurrency,
    rpm: s.rpm,
    tpm: s.tpm,
    timeoutMs: s.timeoutMs ?? DEFAULTS.timeoutMs,
    maxRetries: s.maxRetries ?? DEFAULTS.maxRetries,
    maxReasks: s.maxReasks ?? DEFAULTS.maxReasks,
    cache: s.cache,
    prices: s.prices,
  };
}

/**
 * The spec without its key (and without any user:password in the base URL), safe to print or write into a manifest.
 * @example publicSpec(resolveSpec({ provider: "openai", model: "m", apiKey: "sk-…" })).apiKey // → "set"
 */
export function publicSpec(spec: ResolvedSpec): Omit<ResolvedSpec, "apiKey"> & { apiKey?: "set" } {
  const { apiKey, ...rest } = spec;
  if (rest.baseURL) rest.baseURL = safeURL(rest.baseURL);
  return apiKey ? { ...rest, apiKey: "set" } : rest;
}
