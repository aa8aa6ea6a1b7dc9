/**
 * The model a run's cells share: the mechanism's offline model, or ONE language model built from the
 * config's llm spec, so that rate limits, the replay cache and the usage ledger are shared by all cells.
 *
 * The llm layer is imported lazily: offline runs never load it.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { AgoraError, ConfigError } from "../core/errors.js";
import { stripUrlCredentials } from "../core/redact.js";
import type { CellModel } from "../core/mechanism.js";
import type { LanguageModel } from "../core/model.js";
import type { ModelSpec } from "./config.js";

/** What the experiment runner uses from the llm layer; every member is optional until that layer provides it. */
interface ConnectOptions {
  cache?: { dir: string; mode: "auto" | "replay" };
  ledgerPath?: string;
  maxCostUsd?: number;
  prices?: Record<string, { input: number; output: number; cachedInput?: number }>;
  preflight?: boolean;
  provider?: LanguageModel;
}

interface LlmLayer {
  createModel?: (spec: ModelSpec, opts?: ConnectOptions) => LanguageModel | Promise<LanguageModel>;
  connect?: (spec: ModelSpec, opts?: ConnectOptions) => Promise<LanguageModel>;
  summarizeLedger?: (path: string) => unknown;
  resolveSpec?: (spec: ModelSpec) => WrapTarget;
  providerFor?: (resolved: WrapTarget) => LanguageModel;
}

/** What `createCellModel`'s `wrapProvider` is told about the model (the resolved spec; never log its key). */
export interface WrapTarget {
  id: string;
  provider: string;
  model: string;
  rpm?: number;
  tpm?: number;
}

/** How a run's model is built: its run folder (replay cache and ledger live there), replay, budget and prices. */
export interface CellModelOptions {
  runDir?: string;
  /** Every reply from the replay cache; no connection, no preflight. */
  replay?: boolean;
  maxCostUsd?: number;
  prices?: ConnectOptions["prices"];
  /** Wraps the bare provider, inside retries and the replay cache (a queue worker's Redis-held rpm/tpm budgets). */
  wrapProvider?: (provider: LanguageModel, resolved: WrapTarget) => LanguageModel;
  /** false: no preflight request (a queue worker checks the endpoint once per run, not once per cell). */
  preflight?: boolean;
}

const LLM_MODULE = "../llm/index.js";

async function loadLlmLayer(): Promise<LlmLayer> {
  try {
    return (await import(LLM_MODULE)) as LlmLayer;
  } catch (err) {
    throw new AgoraError("llm-unavailable", `the llm layer (lib/llm) could not be loaded: ${(err as Error).message}`,
      'run with "model": "offline", or install the llm layer');
  }
}

/**
 * True for the offline model spec.
 * @example
 * isOffline("offline"); // true
 */
export function isOffline(spec: ModelSpec): boolean {
  return spec === "offline";
}

/**
 * A readable label of a model spec, for dry runs and messages (`openai:gpt-4o-mini`).
 * @example
 * specLabel("openai-compatible:http://127.0.0.1:11434/v1#llama3.1"); // "openai-compatible:llama3.1"
 */
export function specLabel(spec: ModelSpec): string {
  if (typeof spec === "string") {
    const hash = spec.lastIndexOf("#");
    if (spec.startsWith("openai-compatible:") && hash > 0) return `openai-compatible:${spec.slice(hash + 1)}`;
    return spec;
  }
  const provider = typeof spec.provider === "string" ? spec.provider : "llm";
  const model = typeof spec.model === "string" ? spec.model : "model";
  return `${provider}:${model}`;
}

/**
 * Builds the model every cell of a run receives.
 * @throws {AgoraError} code `llm-unavailable` when the spec is an llm spec and the llm layer has no `createModel`.
 * @example
 * await createCellModel("offline"); // { kind: "offline" }
 */
export async function createCellModel(spec: ModelSpec, opts: CellModelOptions = {}): Promise<CellModel> {
  if (isOffline(spec)) return { kind: "offline" };
  const layer = await loadLlmLayer();
  if (typeof layer.connect === "function") {
    // One clear error before any cell runs (unknown provider, missing key, unreachable endpoint, unknown model),
    // and the replay cache and the ledger in the run folder unless the spec names its own cache.
    const own = typeof spec === "object" && spec !== null && "cache" in spec ? (spec.cache as { dir: string; mode: string } | undefined) : undefined;
    const mode = opts.replay ? "replay" as const : "auto" as const;
    const cache = own ? { dir: own.dir, mode: opts.replay ? "replay" as const : own.mode as "auto" } : opts.runDir ? { dir: join(opts.runDir, "llm-cache"), mode } : undefined;
    const connectOpts: ConnectOptions = {
      ...(cache ? { cache } : {}),
      ...(opts.runDir ? { ledgerPath: join(opts.runDir, "ledger.jsonl") } : {}),
      ...(opts.maxCostUsd !== undefined ? { maxCostUsd: opts.maxCostUsd } : {}),
      ...(opts.prices ? { prices: opts.prices } : {}),
      preflight: opts.preflight !== false && !(opts.replay || own?.mode === "replay"),
    };
    const resolved = opts.wrapProvider && layer.resolveSpec && layer.providerFor ? layer.resolveSpec(spec) : undefined;
    if (resolved) connectOpts.provider = opts.wrapProvider!(layer.providerFor!(resolved), resolved);
    return { kind: "llm", llm: await layer.connect(spec, connectOpts) };
  }
  if (typeof layer.createModel !== "function") {
    throw new AgoraError("llm-unavailable", `cannot run on "${specLabel(spec)}": the llm layer does not provide createModel yet`,
      'run with "model": "offline" until lib/llm exports createModel(spec)');
  }
  return { kind: "llm", llm: await layer.createModel(spec) };
}

/**
 * The usage ledger's summary of a model, when the llm layer exposes one (`model.ledger.summary()` or
 * `model.summary()`); `undefined` otherwise.
 */
export function ledgerSummary(model: CellModel): unknown {
  if (model.kind !== "llm") return undefined;
  const m = model.llm as unknown as { ledger?: { summary?: () => unknown }; summary?: () => unknown };
  try {
    if (m.ledger && typeof m.ledger.summary === "function") return m.ledger.summary();
    if (typeof m.summary === "function") return m.summary();
  } catch {
    return undefined;
  }
  return undefined;
}

/** The model's provenance (`model.provenance()` of the llm layer), or `undefined`. */
export function modelProvenance(model: CellModel): unknown {
  if (model.kind !== "llm") return undefined;
  const m = model.llm as unknown as { provenance?: () => unknown };
  return typeof m.provenance === "function" ? m.provenance() : undefined;
}

/** Sums over a run folder's whole `ledger.jsonl` (every process), or `undefined` without one. */
export async function ledgerTotals(runDir: string): Promise<unknown> {
  const path = join(runDir, "ledger.jsonl");
  if (!existsSync(path)) return undefined;
  const layer = await loadLlmLayer();
  return typeof layer.summarizeLedger === "function" ? layer.summarizeLedger(path) : undefined;
}

const PRICES_MODULE = "../llm/prices.js";

interface PriceModule {
  DEFAULT_PRICES?: Record<string, { input: number; output: number }>;
  priceOf?: (id: string, table: Record<string, { input: number; output: number }>) => { input: number; output: number } | undefined;
}

/**
 * Expected cost in US dollars from the llm layer's price table (USD per million tokens), or `undefined` when
 * the table has no price for this model or the llm layer has no table.
 * @example
 * await estimateCost("openai:gpt-4o-mini", { inputTokens: 1e6, outputTokens: 0 }); // 0.15 with the default table
 */
export async function estimateCost(spec: ModelSpec, usage: { inputTokens: number; outputTokens: number },
  prices?: Record<string, { input: number; output: number }>): Promise<number | undefined> {
  if (isOffline(spec)) return 0;
  try {
    const mod = (await import(PRICES_MODULE)) as PriceModule;
    if (typeof mod.priceOf !== "function" || !mod.DEFAULT_PRICES) return undefined;
    const specPrices = typeof spec === "object" && spec && typeof spec.prices === "object" ? (spec.prices as Record<string, { input: number; output: number }>) : {};
    const price = mod.priceOf(specLabel(spec), { ...mod.DEFAULT_PRICES, ...specPrices, ...(prices ?? {}) });
    return price ? (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Refuses prices for a model the run does not use (`--price`, the `prices` option, or the spec's `prices`): a
 * misspelt model name would leave the run's own model unpriced without notice. A price applies to its model and,
 * as in the llm layer's table, to every dated snapshot it prefixes.
 * @throws {ConfigError} naming the flag (or `model.prices`) and the run's model.
 * @example await checkPrices("openai:gpt-4o-mini-2024-07-18", { "openai:gpt-4o-mini": { input: 0.15, output: 0.6 } }); // ok
 */
export async function checkPrices(spec: ModelSpec, prices: Record<string, unknown> | undefined, file?: string): Promise<void> {
  if (isOffline(spec)) return;
  const { namesModel } = (await import(PRICES_MODULE)) as { namesModel: (id: string, key: string) => boolean };
  const id = specLabel(spec);
  const own = typeof spec === "object" && spec && typeof spec.prices === "object" && spec.prices ? Object.keys(spec.prices as object) : [];
  for (const [where, keys] of [["--price", Object.keys(prices ?? {})], ["model.prices", own]] as const) {
    const stray = keys.find((k) => !namesModel(id, k));
    if (stray) {
      throw new ConfigError({ ...(where === "model.prices" ? { file, path: ["model", "prices", stray] } : { path: [where] }),
        message: `a price is given for ${stray}, but this run's model is ${id}`, fix: `price the run's model: ${where === "--price" ? `--price ${id}=<input>,<output>` : `"prices": { "${id}": { "input": …, "output": … } }`}` });
    }
  }
}

/**
 * A copy of a model spec safe to write into a manifest: any `apiKey` becomes `"set"`.
 * @example
 * redactSpec({ provider: "openai", model: "gpt-4o", apiKey: "sk-…" }).apiKey; // "set"
 */
export function redactSpec(spec: ModelSpec): ModelSpec {
  if (typeof spec === "string") return stripUrlCredentials(spec);
  const out = typeof spec.baseURL === "string" ? { ...spec, baseURL: stripUrlCredentials(spec.baseURL) } : spec;
  return "apiKey" in out ? { ...out, apiKey: "set" } : out;
}
