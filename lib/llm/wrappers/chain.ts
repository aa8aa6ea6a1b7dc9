/**
 * `createModel`'s outer wrappers (usage ledger, replay cache with single-flight, re-ask, retry) as one chain of
 * their steps, with one pair of handlers per call where each wrapper would attach its own.
 *
 * Each wrapper attaches handlers to the promise of the call below it, so a call waiting for a slot in the limits
 * holds a promise and two closures per wrapper above them (about 150-270 bytes each, V8's heap profiler says);
 * with thousands of calls submitted at once these are what the young generation copies at every scavenge. Here a
 * call's first attempt gets one pair of handlers, which do what the wrappers do on its reply in their order
 * (re-ask's validation, the cache's entry and single-flight hand-over, the ledger's record); a first attempt that
 * fails, or a reply that fails its schema, goes on through the wrappers' own recovery steps (retry, re-ask) chained
 * as the wrappers chain them. The steps are the wrappers' own functions, so both ways behave the same.
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { recordFailure, recordSuccess, type UsageLedger } from "../ledger.js";
import { Lead, throughLead, type CacheModel } from "./cache.js";
import { callModel } from "./call.js";
import type { ReaskModel } from "./reask.js";
import type { RetryModel } from "./retry.js";

export interface ChainParts {
  ledger: UsageLedger;
  /** The clock of the ledger's wall times. */
  now: () => number;
  cache: CacheModel;
  reask: ReaskModel;
  retry: RetryModel;
  /** The model under the retry wrapper (the limits and what they wrap): one attempt. */
  attempt: LanguageModel;
}

/**
 * The `generate` of `ledger → cache → reask → retry → attempt`, equivalent to
 * `withLedger(withCache(withReask(withRetry(attempt))))` built from the same wrapper objects.
 * @example const generate = chainedGenerate({ ledger, now: () => performance.now(), cache, reask, retry, attempt: limited });
 */
export function chainedGenerate(p: ChainParts): LanguageModel["generate"] {
  const { ledger, now, cache, reask, retry } = p;
  const id = cache.id;
  /** The wrappers' way from a reply (or error) of the re-ask level on: the cache's steps, then the ledger's. */
  const settle = <T>(req: GenerateRequest<T>, t0: number, lead: Lead | undefined, reasked: Promise<GenerateResult<T>>): Promise<GenerateResult<T>> => {
    const cached = !lead ? reasked : throughLead(cache, lead, req, reasked);
    return cached.then(
      (r) => recordSuccess(ledger, id, req.tag, t0, now, r),
      (err: unknown) => recordFailure(ledger, id, req.tag, now() - t0, err),
    );
  };
  return function generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
    const t0 = now();
    let found: Promise<GenerateResult<T>> | Lead | undefined;
    try {
      found = cache.begin(req);
    } catch (err) {
      return settle(req, t0, undefined, Promise.reject(err));
    }
    // a stored reply, or the reply of an identical call in flight
    if (found !== undefined && !(found instanceof Lead)) return settle(req, t0, undefined, found);
    const lead = found;
    return callModel(p.attempt, req).then(
      (r) => {
        const checked = reask.finish(req, r);
        if (checked instanceof Promise) return settle(req, t0, lead, checked);
        if (lead) {
          try {
            cache.finish(lead, req, checked);
          } catch (err) {
            return recordFailure(ledger, id, req.tag, now() - t0, err);
          }
        }
        return recordSuccess(ledger, id, req.tag, t0, now, checked);
      },
      (err: unknown) => settle(req, t0, lead, retry.recover(req, err).then((r) => reask.finish(req, r), (e: unknown) => reask.recover(req, e))),
    );
  };
}
