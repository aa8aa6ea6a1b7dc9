/**
 * Cell health: what each cell's LLM calls did.
 *
 * Every cell of an LLM run talks to the run's one model through its own tracker, which counts the cell's calls,
 * the replies that came from the replay cache, and the calls that failed after the llm layer's retries. A cell is
 * - `ok`: it returned and none of its calls failed;
 * - `degraded`: it returned, but some calls failed (a mechanism may record such a call as a row with an error);
 *   its rows are kept, the manifest counts the failures, and `--resume` runs it again;
 * - `failed`: it threw.
 * A call stopped by the run's cost budget (`code: "budget"`) is neither: the cell stays pending and the run stops.
 */
import type { GenerateRequest, GenerateResult, LanguageModel, Usage } from "../core/model.js";
import { formatAddress } from "../core/model.js";

export type CellHealth = "ok" | "degraded" | "failed";

/** What one cell's calls did; stored in the cell's record and the manifest. */
export interface CellCalls {
  /** Calls the cell made (each counted once, whatever the retries below it). */
  calls: number;
  /** Replies read from the replay cache (no request was sent). */
  cached: number;
  /** Calls that failed after retries. */
  failed: number;
  /** Addresses (or tags) and messages of the first failed calls (at most 5). */
  failures: { address?: string; error: string }[];
  /** Tokens of the replies that were not cached (what this cell's calls were billed). */
  usage: Usage;
  /** Tokens of the replies that came from the replay cache or a shared call in flight (billed earlier, or to another call). */
  replayed?: Usage;
}

/** True for the error the llm layer throws when the run's cost budget is reached. */
export function isBudgetError(err: unknown): boolean {
  return typeof err === "object" && err !== null && (err as { code?: unknown }).code === "budget";
}

/** True for an error caused by the run being stopped (Ctrl-C, an abort signal). */
export function isAbortError(err: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  const name = (err as { name?: unknown })?.name;
  return name === "AbortError" || name === "LLMAbortError";
}

/** What `trackCell` returns: the cell's model, its counts, and whether the budget refused a call. */
export interface TrackedCell {
  model: LanguageModel;
  calls: CellCalls;
  budgetHit: () => boolean;
  /** Resolves when none of the cell's calls is in flight (a cell that threw may leave siblings running). */
  settled: () => Promise<void>;
}

/**
 * Wraps the run's model for one cell. `budgetHit` is set when a call was refused by the budget; `settled()` waits
 * for the calls still in flight, so that what a cell spent is in the ledger before its outcome is reported.
 * @example
 * const t = trackCell(model.llm); await runner.runCell({ …, model: { kind: "llm", llm: t.model } }); t.calls.failed;
 */
export function trackCell(llm: LanguageModel): TrackedCell {
  const calls: CellCalls = { calls: 0, cached: 0, failed: 0, failures: [], usage: { inputTokens: 0, outputTokens: 0 } };
  let budget = false;
  let inFlight = 0;
  let waiters: (() => void)[] = [];
  const model: LanguageModel = {
    id: llm.id,
    flush: llm.flush ? () => llm.flush!() : undefined,
    async generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      calls.calls++;
      inFlight++;
      try {
        const r = await llm.generate(req);
        if (r.cached) {
          calls.cached++;
          calls.replayed = add(calls.replayed ?? { inputTokens: 0, outputTokens: 0 }, r.usage);
        } else add(calls.usage, r.usage);
        return r;
      } catch (err) {
        if (isBudgetError(err)) budget = true;
        else if (!isAbortError(err, req.signal)) {
          calls.failed++;
          if (calls.failures.length < 5) {
            const address = req.address === undefined ? req.tag : typeof req.address === "string" ? req.address : formatAddress(req.address);
            calls.failures.push({ ...(address ? { address } : {}), error: (err as Error)?.message ?? String(err) });
          }
        }
        throw err;
      } finally {
        if (--inFlight === 0) {
          const w = waiters;
          waiters = [];
          for (const f of w) f();
        }
      }
    },
  };
  const settled = () => (inFlight === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve)));
  return { model, calls, budgetHit: () => budget, settled };
}

function add(into: Usage, u: Usage): Usage {
  into.inputTokens += u.inputTokens;
  into.outputTokens += u.outputTokens;
  if (u.cachedInputTokens) into.cachedInputTokens = (into.cachedInputTokens ?? 0) + u.cachedInputTokens;
  return into;
}
