/**
 * The model a run's cells share: the mechanism's offline model, or ONE language model built from the
 * config's llm spec, so that rate limits, the replay cache and the usage ledger are shared by all cells.
 *
 * The llm layer is imported lazily: offline runs never load it.
 */
import { join } from "node:path";
import { AgoraError } from "../core/errors.js";
import type { CellModel } from "../core/mechanism.js";
import type { LanguageModel } from "../core/model.js";
import type { ModelSpec } from "./config.js";

/** What the experiment runner uses from the llm layer; every member is optional until that layer provides it. */
interface LlmLayer {
  createModel?: (spec: ModelSpec) => LanguageModel | Promise<LanguageModel>;
  connect?: (spec: ModelSpec, opts?: { cache?: { dir: string; mode: "auto" }; provider?: LanguageModel }) => Promise<LanguageModel>;
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
export async function createCellModel(spec: ModelSpec, opts: {
  runDir?: string;
  /** Wraps the bare provider, inside retries and the replay cache (a queue worker's Redis-held rpm/tpm budgets). */
  wrapProvider?: (provider: LanguageModel, resolved: WrapTarget) => LanguageModel;
} = {}): Promise<CellModel> {
  if (isOffline(spec)) return { kind: "offline" };
  const layer = await loadLlmLayer();
  if (typeof layer.connect === "function") {
    // One clear error before any cell runs (unknown provider, missing key, unreachable endpoint), and the
    // replay cache in the run folder unless the spec names its own.
    const ownCache = typeof spec === "object" && spec !== null && "cache" in spec && spec.cache !== undefined;
    const cache = !ownCache && opts.runDir ? { dir: join(opts.runDir, "llm-cache"), mode: "auto" as const } : undefined;
    const resolved = opts.wrapProvider && layer.resolveSpec && layer.providerFor ? layer.resolveSpec(spec) : undefined;
    const provider = resolved ? opts.wrapProvider!(layer.providerFor!(resolved), resolved) : undefined;
    return { kind: "llm", llm: await layer.connect(spec, { ...(cache ? { cache } : {}), ...(provider ? { provider } : {}) }) };
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
export async function estimateCost(spec: ModelSpec, usage: { inputTokens: number; outputTokens: number }): Promise<number | undefined> {
  if (isOffline(spec)) return 0;
  try {
    const mod = (await import(PRICES_MODULE)) as PriceModule;
    if (typeof mod.priceOf !== "function" || !mod.DEFAULT_PRICES) return undefined;
    const price = mod.priceOf(specLabel(spec), mod.DEFAULT_PRICES);
    return price ? (usage.inputTokens * price.input + usage.outputTokens * price.output) / 1e6 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A copy of a model spec safe to write into a manifest: any `apiKey` becomes `"set"`.
 * @example
 * redactSpec({ provider: "openai", model: "gpt-4o", apiKey: "sk-…" }).apiKey; // "set"
 */
export function redactSpec(spec: ModelSpec): ModelSpec {
  if (typeof spec === "string" || !("apiKey" in spec)) return spec;
  return { ...spec, apiKey: "set" };
}
