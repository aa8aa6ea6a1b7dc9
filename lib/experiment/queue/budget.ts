/**
 * rpm and tpm budgets kept in Redis, so a provider's limits hold across every worker of a queued run.
 *
 * BullMQ's own rate limiter counts jobs (cells), not LLM requests or tokens, so agora keeps the budgets itself,
 * in two Redis keys per model (`agora:budget:<provider:model>:rpm|tpm`), with the generic cell rate algorithm:
 * each key holds a theoretical arrival time (TAT, in Redis's clock, so machines' clocks do not matter). A
 * request may start when the TAT is not in the future; starting moves the rpm TAT by 60 000/rpm ms and the tpm
 * TAT by (reserved tokens) × 60 000/tpm ms. Requests are therefore paced evenly, never sent in a burst, and in
 * any window of W ms at most W·rpm/60 000 + 1 requests start and at most W·tpm/60 000 tokens plus one request's
 * are spent. The reservation is the request's input tokens (`countInput`: the worker counts them with the llm
 * layer's tokenizer) plus its output (`estimateOutput`: the worker uses the llm layer's per-role estimate, i.e.
 * `maxTokens`, else the running high quantile of the role's replies; without it `maxTokens` or
 * `DEFAULT_OUTPUT_TOKENS`); when the reply reports its usage the tpm TAT is corrected by the difference. The check and the move are one Lua script, so concurrent workers cannot both take one slot.
 *
 * The wrapper sits around the bare provider, inside the llm layer's retries and replay cache: every HTTP
 * request counts (retries included), replay-cache hits do not.
 */
import type { Redis } from "ioredis";
import { setTimeout as sleep } from "node:timers/promises";
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { contentText } from "../../core/model.js";
import { PREFIX } from "./redis.js";

/** Output tokens reserved for a request that sets no `maxTokens`. */
export const DEFAULT_OUTPUT_TOKENS = 1024;

const RESERVE = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local rInt, tInt, tokens = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
local rTat = tonumber(redis.call('GET', KEYS[1]) or '0')
local tTat = tonumber(redis.call('GET', KEYS[2]) or '0')
local wait = 0
if rInt > 0 and rTat > now then wait = rTat - now end
if tInt > 0 and tTat > now and tTat - now > wait then wait = tTat - now end
if wait > 0 then return tostring(wait) end
if rInt > 0 then
  local v = math.max(rTat, now) + rInt
  redis.call('SET', KEYS[1], tostring(v), 'PX', math.ceil(v - now) + 60000)
end
if tInt > 0 then
  local v = math.max(tTat, now) + tokens * tInt
  redis.call('SET', KEYS[2], tostring(v), 'PX', math.ceil(v - now) + 60000)
end
return '0'
`;

const CORRECT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + tonumber(t[2]) / 1000
local tat = tonumber(redis.call('GET', KEYS[1]) or '0')
local delta = tonumber(ARGV[1])
if tat <= now and delta <= 0 then return 0 end
local v = math.max(math.max(tat, now) + delta, now)
redis.call('SET', KEYS[1], tostring(v), 'PX', math.ceil(v - now) + 60000)
return 1
`;

export interface BudgetOptions {
  /** `provider:model`: budgets are shared by every run and worker that calls this model. */
  id: string;
  rpm?: number;
  tpm?: number;
  /** Input-token counter (default: a character-based estimate, 4 characters a token). */
  countInput?: (req: GenerateRequest) => number;
  /** Output tokens to reserve, learning from each reply's usage (default: `maxTokens`, else `DEFAULT_OUTPUT_TOKENS`). */
  estimateOutput?: { output(req: GenerateRequest): number; observe(req: GenerateRequest, usage: GenerateResult["usage"]): void };
}

type Budgeted = Redis & {
  agoraReserve?(k1: string, k2: string, rInt: number, tInt: number, tokens: number): Promise<string>;
  agoraCorrect?(k: string, delta: number): Promise<number>;
};

function defineScripts(conn: Redis): Required<Pick<Budgeted, "agoraReserve" | "agoraCorrect">> {
  const c = conn as Budgeted;
  if (!c.agoraReserve) {
    conn.defineCommand("agoraReserve", { numberOfKeys: 2, lua: RESERVE });
    conn.defineCommand("agoraCorrect", { numberOfKeys: 1, lua: CORRECT });
  }
  return c as Required<Pick<Budgeted, "agoraReserve" | "agoraCorrect">>;
}

const roughInput = (req: GenerateRequest) =>
  Math.ceil(([req.system ?? "", ...req.messages.map((m) => contentText(m.content))].join("").length) / 4) + 3 * (req.messages.length + 1);

/**
 * Wraps a provider so that its requests keep the Redis-held rpm and tpm budgets of `opts.id`. Without rpm and
 * tpm it returns the provider unchanged.
 * @example
 * const provider = withRedisBudget(openAIProvider(spec), conn, { id: spec.id, rpm: spec.rpm, tpm: spec.tpm });
 */
export function withRedisBudget<M extends LanguageModel>(model: M, conn: Redis, opts: BudgetOptions): M {
  if (!opts.rpm && !opts.tpm) return model;
  const scripts = defineScripts(conn);
  const rpmKey = `${PREFIX}:budget:${opts.id}:rpm`;
  const tpmKey = `${PREFIX}:budget:${opts.id}:tpm`;
  const rInt = opts.rpm ? 60_000 / opts.rpm : 0;
  const tInt = opts.tpm ? 60_000 / opts.tpm : 0;
  const countInput = opts.countInput ?? roughInput;
  const generate = async <T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> => {
    const out = opts.estimateOutput;
    const reserved = tInt ? countInput(req as GenerateRequest) + (out ? out.output(req as GenerateRequest) : req.maxTokens ?? DEFAULT_OUTPUT_TOKENS) : 0;
    for (;;) {
      const wait = Number(await scripts.agoraReserve(rpmKey, tpmKey, rInt, tInt, reserved));
      if (!(wait > 0)) break;
      await sleep(Math.min(Math.ceil(wait), 60_000), undefined, { signal: req.signal });
    }
    const res = await model.generate(req);
    out?.observe(req as GenerateRequest, res.usage);
    if (tInt) {
      const used = res.usage.inputTokens + res.usage.outputTokens;
      if (used !== reserved) await scripts.agoraCorrect(tpmKey, (used - reserved) * tInt).catch(() => undefined);
    }
    return res;
  };
  return Object.assign(Object.create(Object.getPrototypeOf(model)) as M, model, { generate });
}
