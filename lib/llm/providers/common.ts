/** Pieces shared by the providers: key redaction, Retry-After parsing, mapping HTTP failures onto the error tree. */
import { redactText, stripUrlCredentials } from "../../core/redact.js";
import { LLMAbortError, LLMAPIError, LLMConnectionError, RateLimitError, type LLMError } from "../errors.js";

/** Replaces every occurrence of `secret` in `text` (errors from servers may echo a key), then `redactText`. */
export function redact(text: string, secret: string | undefined): string {
  if (secret && secret.length >= 4) text = text.split(secret).join("[redacted]");
  return redactText(text);
}

/** A URL without any `user:password@` part (and key parameters), for messages and manifests. */
export function safeURL(url: string): string {
  return stripUrlCredentials(url);
}

/**
 * Milliseconds to wait from `retry-after-ms` or `Retry-After` (seconds or an HTTP date), if present and sane.
 * @example retryAfterMs({ get: (h) => (h === "retry-after" ? "2" : null) }) // → 2000
 */
export function retryAfterMs(headers: { get(name: string): string | null } | undefined, now = Date.now()): number | undefined {
  if (!headers) return undefined;
  const ms = Number(headers.get("retry-after-ms"));
  if (headers.get("retry-after-ms") && Number.isFinite(ms) && ms >= 0) return ms;
  const ra = headers.get("retry-after");
  if (!ra) return undefined;
  const secs = Number(ra);
  if (Number.isFinite(secs) && secs >= 0) return secs * 1000;
  const date = Date.parse(ra);
  return Number.isFinite(date) ? Math.max(0, date - now) : undefined;
}

export interface HttpFailure {
  /** HTTP status, when the server answered. */
  status?: number;
  headers?: { get(name: string): string | null };
  message: string;
  /** True when the request never got an answer (refused, reset, DNS). */
  connection?: boolean;
  /** True when the caller's signal aborted the request. */
  aborted?: boolean;
}

/** The error-tree error for a provider failure; the key is redacted from every message. */
export function toLLMError(f: HttpFailure, ctx: { id: string; url?: string; apiKey?: string }): LLMError {
  const message = redact(f.message, ctx.apiKey);
  ctx = { ...ctx, url: ctx.url ? safeURL(ctx.url) : undefined };
  if (f.aborted) return new LLMAbortError(ctx.id);
  if (f.connection || f.status === undefined) {
    return new LLMConnectionError(`${ctx.id}: cannot reach ${ctx.url ?? "the endpoint"} (${message})`, { url: ctx.url });
  }
  if (f.status === 429) return new RateLimitError(`${ctx.id}: rate limited (429): ${message}`, retryAfterMs(f.headers));
  const fix =
    f.status === 401 || f.status === 403
      ? "check the API key (OPENAI_API_KEY / GEMINI_API_KEY) and its permissions"
      : f.status === 404
        ? "check the model name and the base URL"
        : f.status >= 500
          ? "the server failed; it is retried automatically, raise maxRetries if it persists"
          : "check the request options (schema, maxTokens, temperature) against the provider's documentation";
  return new LLMAPIError(f.status, `${ctx.id}: HTTP ${f.status}: ${message}`, fix);
}

/** Rough input-token estimate (one token per four characters) used for budgets before a call is made. */
export function estimateTokens(texts: readonly (string | undefined)[]): number {
  let n = 0;
  for (const t of texts) if (t) n += Math.ceil(t.length / 4);
  return Math.max(1, n);
}

/**
 * A provider whose `generate` honours `CANCEL` sets `[CANCELLABLE]: true`. The timeout wrapper then hands each call a
 * `Cancel` (under the `CANCEL` key of the request) instead of making an `AbortController` per call (about 6 µs and
 * an `EventTarget` for the collector each): the provider's HTTP request puts its abort function in `abort`, which
 * the wrapper calls when the time is up. The caller's own `signal` is passed through unchanged.
 */
export const CANCEL = Symbol("agora.llm.cancel");
export const CANCELLABLE = Symbol("agora.llm.cancellable");

/** Filled by the HTTP request of a call: how to abort it (with the reason it is given). */
export interface Cancel {
  abort?: (reason: Error) => void;
}
