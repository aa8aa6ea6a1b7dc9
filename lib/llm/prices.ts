/**
 * Prices in US dollars per million tokens, used to estimate and to budget cost.
 * Public list prices of standard (non-batch) calls; check them before quoting a cost, and override them with
 * `model.prices` in the spec, `connect(spec, { prices })` or `--price provider:model=in,out[,cachedIn]`.
 * A model is matched by its exact name, then as a dated snapshot of a listed one (so `gpt-4o-mini-2024-07-18` uses
 * `gpt-4o-mini`, and `gpt-4o-mini` never uses `gpt-4o`). An OpenAI-compatible server has no price until one is given (a hosted gateway bills like a
 * provider): its cost is unknown, and `--max-cost` refuses to start; `--price openai-compatible:<model>=0,0` says
 * it is free (a local server).
 */
import { LLMConfigError } from "./errors.js";
import type { Usage } from "../core/model.js";

export interface Price {
  /** USD per million input tokens. */
  input: number;
  /** USD per million output tokens. */
  output: number;
  /** USD per million input tokens the provider served from its prompt cache (default: `input`). */
  cachedInput?: number;
}

export type PriceTable = Record<string, Price>;

export const DEFAULT_PRICES: PriceTable = {
  "openai:gpt-4o-mini": { input: 0.15, output: 0.6, cachedInput: 0.075 },
  "openai:gpt-4o": { input: 2.5, output: 10, cachedInput: 1.25 },
  "openai:gpt-4.1": { input: 2, output: 8, cachedInput: 0.5 },
  "openai:gpt-4.1-mini": { input: 0.4, output: 1.6, cachedInput: 0.1 },
  "openai:gpt-4.1-nano": { input: 0.1, output: 0.4, cachedInput: 0.025 },
  "gemini:gemini-2.0-flash": { input: 0.1, output: 0.4, cachedInput: 0.025 },
  "gemini:gemini-2.5-flash-lite": { input: 0.1, output: 0.4, cachedInput: 0.025 },
  "gemini:gemini-2.5-flash": { input: 0.3, output: 2.5, cachedInput: 0.075 },
  "gemini:gemini-2.5-pro": { input: 1.25, output: 10, cachedInput: 0.31 },
};

/**
 * Whether `id` is the model `key` names or one of its snapshots: `key` itself, or `key` followed by a date or
 * version suffix (`-2024-07-18`, `-001`, `-preview-05-20`, `-latest`). `openai:gpt-4o` does not name
 * `openai:gpt-4o-mini`.
 * @example namesModel("openai:gpt-4o-mini-2024-07-18", "openai:gpt-4o-mini") // → true
 */
export function namesModel(id: string, key: string): boolean {
  if (id === key) return true;
  return id.startsWith(key) && /^-(\d{4}-\d{2}-\d{2}|\d{2}-\d{2}|\d{3,4}|latest|(preview|exp)(-[\w.-]*)?)$/.test(id.slice(key.length));
}

/**
 * The price of a model id (`provider:model`), or undefined when it is not in the table.
 * @example priceOf("openai:gpt-4o-mini-2024-07-18", DEFAULT_PRICES) // → { input: 0.15, output: 0.6, cachedInput: 0.075 }
 */
export function priceOf(id: string, table: PriceTable): Price | undefined {
  if (table[id]) return table[id];
  let best: string | undefined;
  for (const k of Object.keys(table)) if (namesModel(id, k) && (!best || k.length > best.length)) best = k;
  return best ? table[best] : undefined;
}

/**
 * The cost of one reply's usage, USD: billed input tokens less the cached ones at the input price, cached ones at
 * the cached-input price, output tokens at the output price.
 * @example costOf({ input: 1, output: 2 }, { inputTokens: 1e6, outputTokens: 1e6 }) // → 3
 */
export function costOf(price: Price, usage: Usage): number {
  const cached = Math.min(usage.cachedInputTokens ?? 0, usage.inputTokens);
  return ((usage.inputTokens - cached) * price.input + cached * (price.cachedInput ?? price.input) + usage.outputTokens * price.output) / 1e6;
}

/**
 * Parses a price flag `provider:model=in,out[,cachedIn]` (USD per million tokens).
 * @throws LLMConfigError naming the flag and the expected form.
 * @example parsePriceFlag("openai:gpt-4o-mini=0.15,0.6,0.075") // → { "openai:gpt-4o-mini": { input: 0.15, output: 0.6, cachedInput: 0.075 } }
 */
export function parsePriceFlag(flag: string): PriceTable {
  const m = /^([a-z-]+:[^=]+)=([^=]+)$/.exec(flag.trim());
  const nums = m ? m[2].split(",").map((x) => Number(x.trim())) : [];
  if (!m || nums.length < 2 || nums.length > 3 || nums.some((x) => !Number.isFinite(x) || x < 0) || m[2].split(",").some((x) => x.trim() === "")) {
    throw new LLMConfigError("price", `cannot read the price "${flag}"`, 'write --price provider:model=input,output[,cachedInput] in USD per million tokens, e.g. --price openai:gpt-4o-mini=0.15,0.6,0.075');
  }
  const price: Price = { input: nums[0], output: nums[1] };
  if (nums.length === 3) price.cachedInput = nums[2];
  return { [m[1]]: price };
}
