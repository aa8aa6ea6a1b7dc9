/**
 * Prices in US dollars per million tokens, used by the usage ledger to estimate cost.
 * Public list prices of standard (non-batch) calls; check them before quoting a cost, and override them with
 * `createLedger({ prices })`. A model is matched by its exact name, then by the longest listed prefix
 * (so `gpt-4o-mini-2024-07-18` uses `gpt-4o-mini`). OpenAI-compatible servers are local and cost nothing.
 */
export interface Price {
  /** USD per million input tokens. */
  input: number;
  /** USD per million output tokens. */
  output: number;
}

export type PriceTable = Record<string, Price>;

export const DEFAULT_PRICES: PriceTable = {
  "openai:gpt-4o-mini": { input: 0.15, output: 0.6 },
  "openai:gpt-4o": { input: 2.5, output: 10 },
  "openai:gpt-4.1": { input: 2, output: 8 },
  "openai:gpt-4.1-mini": { input: 0.4, output: 1.6 },
  "openai:gpt-4.1-nano": { input: 0.1, output: 0.4 },
  "gemini:gemini-2.0-flash": { input: 0.1, output: 0.4 },
  "gemini:gemini-2.5-flash-lite": { input: 0.1, output: 0.4 },
  "gemini:gemini-2.5-flash": { input: 0.3, output: 2.5 },
  "gemini:gemini-2.5-pro": { input: 1.25, output: 10 },
};

/**
 * The price of a model id (`provider:model`), or undefined when it is not in the table.
 * @example priceOf("openai:gpt-4o-mini-2024-07-18", DEFAULT_PRICES) // → { input: 0.15, output: 0.6 }
 */
export function priceOf(id: string, table: PriceTable): Price | undefined {
  if (id.startsWith("openai-compatible:")) return table[id] ?? { input: 0, output: 0 };
  if (table[id]) return table[id];
  let best: string | undefined;
  for (const k of Object.keys(table)) if (id.startsWith(k) && (!best || k.length > best.length)) best = k;
  return best ? table[best] : undefined;
}
