/**
 * The llm layer's errors. All extend `AgoraError`; messages say what failed and how to fix it, and never
 * contain an API key.
 *
 *   AgoraError
 *   └─ LLMError
 *      ├─ LLMConfigError       unknown provider, missing key, bad spec (thrown by createModel, before any call)
 *      ├─ LLMConnectionError   the endpoint cannot be reached, or the connection was reset   (retried)
 *      ├─ LLMTimeoutError      no reply within timeoutMs                                      (retried)
 *      ├─ LLMAPIError          an HTTP error status; 5xx are retried, other 4xx are not
 *      │  └─ RateLimitError    429, with the server's Retry-After in ms when it sent one      (retried)
 *      ├─ LLMParseError        the reply failed the schema after the bounded re-asks
 *      ├─ LLMAbortError        the caller's AbortSignal fired
 *      ├─ ReplayMissError      replay mode and the request is not in the cache (names the call's address)
 *      ├─ BudgetExceededError  the next request would pass maxCostUsd (code "budget"; nothing was sent)
 *      └─ CacheStoreError      the replay cache file cannot be opened, read or written (names the file)
 *
 * Every message passes through `redactText` (URL credentials, key-like strings).
 */
import { AgoraError } from "../core/errors.js";
import { redactText } from "../core/redact.js";

export class LLMError extends AgoraError {
  /** Whether the retry wrapper may try the call again. */
  readonly retryable: boolean;
  constructor(code: string, message: string, fix: string | undefined, retryable = false) {
    super(code, redactText(message), fix === undefined ? undefined : redactText(fix));
    this.retryable = retryable;
  }
}

export class LLMConfigError extends LLMError {
  /** The option that is wrong (e.g. "provider", "apiKey", "cache.mode"). */
  readonly field: string;
  constructor(field: string, message: string, fix: string) {
    super("llm-config", message, fix);
    this.field = field;
  }
}

export class LLMConnectionError extends LLMError {
  readonly url?: string;
  constructor(message: string, opts: { url?: string; fix?: string } = {}) {
    super("llm-connection", message, opts.fix ?? "check that the server is running and that the base URL is right", true);
    this.url = opts.url;
  }
}

export class LLMTimeoutError extends LLMError {
  readonly timeoutMs: number;
  constructor(timeoutMs: number, model: string) {
    super("llm-timeout", `${model}: no reply within ${timeoutMs} ms`, "raise timeoutMs in the model spec, or lower concurrency", true);
    this.timeoutMs = timeoutMs;
  }
}

export class LLMAPIError extends LLMError {
  readonly status: number;
  /** A request parameter the server named as unsupported (a 400); the provider leaves it out from then on. */
  readonly unsupportedParam?: string;
  constructor(status: number, message: string, fix?: string, opts: { unsupportedParam?: string } = {}) {
    super(status === 429 ? "llm-rate-limit" : "llm-api", message, fix, status === 429 || status === 408 || status >= 500 || opts.unsupportedParam !== undefined);
    this.status = status;
    this.unsupportedParam = opts.unsupportedParam;
  }
}

export class RateLimitError extends LLMAPIError {
  /** How long the server asked us to wait, in ms (from Retry-After / retry-after-ms), if it said. */
  readonly retryAfter?: number;
  constructor(message: string, retryAfter?: number) {
    super(429, message, "lower concurrency, rpm or tpm in the model spec, or raise maxRetries");
    this.retryAfter = retryAfter;
  }
}

/** One schema problem: the path of the failing field and what is wrong with it. */
export interface ParseIssue {
  path: (string | number)[];
  message: string;
}

export class LLMParseError extends LLMError {
  /** The last raw reply text. */
  readonly raw: string;
  readonly issues: ParseIssue[];
  /** Tokens spent on the failed attempts. */
  readonly usage?: { inputTokens: number; outputTokens: number };
  constructor(model: string, raw: string, issues: ParseIssue[], attempts: number, usage?: { inputTokens: number; outputTokens: number }) {
    const where = issues.map((i) => `${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`).join("; ");
    const shown = raw.length > 500 ? `${raw.slice(0, 500)}… (${raw.length} chars)` : raw;
    super(
      "llm-parse",
      `${model}: the reply failed the schema after ${attempts} attempt(s): ${where}\n  raw reply: ${shown}`,
      "simplify the schema, describe the failing field in the prompt, or raise maxReasks",
    );
    this.raw = raw;
    this.issues = issues;
    this.usage = usage;
  }
}

export class LLMAbortError extends LLMError {
  constructor(model: string) {
    super("llm-abort", `${model}: the call was cancelled by its AbortSignal`, undefined);
  }
}

export class ReplayMissError extends LLMError {
  /** The request that was not found (messages, schema, options; never a key). */
  readonly request: unknown;
  readonly key: string;
  /** The call's address, when it had one. */
  readonly address?: string;
  constructor(key: string, request: unknown, dir: string, address?: string) {
    const preview = JSON.stringify(request);
    super(
      "llm-replay-miss",
      `replay cache ${dir} has no entry for call ${address ?? "(no address)"} (key ${key.slice(0, 16)}…); request ${preview.length > 400 ? preview.slice(0, 400) + "…" : preview}`,
      "run once with cache mode \"record\" or \"auto\" to fill the cache, or check that prompts, schema and addresses did not change",
    );
    this.request = request;
    this.key = key;
    this.address = address;
  }
}

export class BudgetExceededError extends LLMError {
  readonly maxCostUsd: number;
  /** Spent (ledger file at start plus this process) and reserved by calls in flight, USD. */
  readonly spentUsd: number;
  readonly reservedUsd: number;
  /** This request's estimated cost, USD. */
  readonly estimateUsd: number;
  constructor(opts: { maxCostUsd: number; spentUsd: number; reservedUsd: number; estimateUsd: number; address?: string }) {
    super(
      "budget",
      `the budget of $${opts.maxCostUsd} would be passed: spent $${opts.spentUsd.toFixed(4)}, reserved by calls in flight $${opts.reservedUsd.toFixed(4)}, this request about $${opts.estimateUsd.toFixed(4)}${opts.address ? ` (${opts.address})` : ""}; it was not sent`,
      "raise the budget (--max-cost) and resume the run; finished calls are in the replay cache and are not paid again",
    );
    this.maxCostUsd = opts.maxCostUsd;
    this.spentUsd = opts.spentUsd;
    this.reservedUsd = opts.reservedUsd;
    this.estimateUsd = opts.estimateUsd;
  }
}

export class CacheStoreError extends LLMError {
  readonly file: string;
  constructor(file: string, what: string, cause: unknown) {
    super(
      "llm-cache",
      `the replay cache ${file} ${what}: ${cause instanceof Error ? cause.message : String(cause)}`,
      "check the file (disk space, permissions); a damaged cache file cannot be read: move it away to record again",
    );
    this.file = file;
  }
}
