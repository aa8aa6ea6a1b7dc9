/**
 * Secrets out of text: credentials in URLs (`https://user:pass@host`), API-key-like strings (`sk-…`, `AIza…`)
 * and the values of `key=` / `api_key=` / `token=` query parameters. Every error message, log line and file the
 * llm layer writes passes through `redactText`; manifests store base URLs through `stripUrlCredentials`.
 */

/**
 * The URL without its `user:password@` part (and without a `key=` query value).
 * @example stripUrlCredentials("https://bob:hunter2@proxy.example/v1") // → "https://proxy.example/v1"
 */
export function stripUrlCredentials(url: string): string {
  return redactText(url);
}

const URL_USERINFO = /\b([a-z][a-z0-9+.-]*:\/\/)[^\s/?#@]*@/gi;
const KEY_PARAM = /([?&](?:key|api_key|apikey|api-key|access_token|token)=)[^&#\s"']+/gi;
// OpenAI-style (sk-…, sk-proj-…), Google API keys (AIza…), bearer tokens in echoed headers.
const KEY_LIKE = /\b(?:sk-[A-Za-z0-9_-]{8,}|AIza[0-9A-Za-z_-]{20,})/g;
const MAYBE = /@|sk-|AIza|Bearer|key=|token=/i;
const BEARER = /(\bBearer\s+)[A-Za-z0-9._~+/=-]{8,}/g;

/**
 * `text` with URL credentials removed and key-like strings replaced by `[redacted]`.
 * @example redactText("GET https://u:p@h/x?key=AIzaSy… failed") // → "GET https://h/x?key=[redacted] failed"
 */
export function redactText(text: string): string {
  // One quick test first: most text (ledger lines, messages) holds none of the patterns.
  if (!text || !MAYBE.test(text)) return text;
  return text
    .replace(URL_USERINFO, "$1")
    .replace(KEY_PARAM, "$1[redacted]")
    .replace(KEY_LIKE, "[redacted]")
    .replace(BEARER, "$1[redacted]");
}
