/**
 * Secrets never reach logs, caches, run files or notebook outputs: every message and line that may hold a URL or
 * a key passes through `redactText`.
 */

/** A URL without its `user:password@` part. */
export function stripUrlCredentials(url: string): string {
  return url.replace(/^([a-z][a-z0-9+.-]*:\/\/)[^/@\s]*@/i, "$1");
}

/**
 * Removes credentials from any URL in a text, API-key-like strings (`sk-…`, `AIza…`) and the values of `key=`
 * query parameters.
 * @example
 * redactText("GET http://user:pw@127.0.0.1:9/v1?key=abc"); // "GET http://127.0.0.1:9/v1?key=[redacted]"
 */
export function redactText(text: string): string {
  return text
    .replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^/@\s"']*@/gi, "$1")
    .replace(/\bsk-[A-Za-z0-9_-]{16,}/g, "[redacted]")
    .replace(/\bAIza[0-9A-Za-z_-]{20,}/g, "[redacted]")
    .replace(/([?&](?:key|api_key|apikey|access_token)=)[^&\s"']+/gi, "$1[redacted]");
}
