/**
 * The llm layer: providers (OpenAI, Gemini, OpenAI-compatible servers) behind the core `LanguageModel`
 * interface, structured output from zod schemas, and wrappers for limits, retries, timeouts, replay cache
 * and usage accounting. See lib/llm/README.md.
 */
export { createModel, providerFor, cacheModeOf } from "./create.js";
export type { LLMModel, CreateModelOptions } from "./create.js";
export { connect, preflight } from "./preflight.js";
export { parseSpecString, resolveSpec, publicSpec } from "./spec.js";
export type { ModelSpec, ModelSpecObject, ResolvedSpec, Provider, CacheMode } from "./spec.js";
export { UsageLedger, withLedger, formatProgress } from "./ledger.js";
export type { LedgerEntry, LedgerSummary, LedgerOptions, Progress } from "./ledger.js";
export { DEFAULT_PRICES, priceOf, costOf, parsePriceFlag } from "./prices.js";
export { summarizeLedger, RequestLog, Budget, withRequestLog, estimateInputTokens } from "./request-log.js";
export type { LedgerFileSummary, RequestLogOptions } from "./request-log.js";
export { provenanceOf, sdkVersions, DEFAULT_BASE_URLS } from "./provenance.js";
export type { Provenance } from "./provenance.js";
export { isReasoningModel, floatingAliasWarning } from "./models.js";
export { ROLE_OUTPUT_TOKENS, DEFAULT_OUTPUT_TOKENS, outputTokensFor, roleOf } from "./roles.js";
export type { ProviderInfo } from "./providers/openai.js";
export { CacheStore, CACHE_FILE } from "./wrappers/cache-store.js";
export { cacheKey } from "./wrappers/cache.js";
export { stripUrlCredentials, redactText } from "../core/redact.js";
export type { Price, PriceTable } from "./prices.js";
export { toJSONSchema, toStrictSchema } from "./schema.js";
export type { StrictSchema } from "./schema.js";
export { withTimeout } from "./wrappers/timeout.js";
export { withRetry, backoffMs, ATTEMPT } from "./wrappers/retry.js";
export type { RetryOptions } from "./wrappers/retry.js";
export { Limiter } from "./wrappers/limiter.js";
export type { LimiterOptions } from "./wrappers/limiter.js";
export { withLimits } from "./wrappers/limits.js";
export { withReask } from "./wrappers/reask.js";
export { withCache } from "./wrappers/cache.js";
export { countTokens, countRequestTokens, countRequest, schemaWireText, encodingFor } from "./tokens.js";
export type { TokenCount, RequestCount, CountedImage } from "./tokens.js";
export { imageTokens, imageSize, type ImageTokens } from "./image-tokens.js";
export { RequestEstimate } from "./estimate.js";
export type { CacheOptions } from "./wrappers/cache.js";
export {
  LLMError,
  LLMConfigError,
  LLMConnectionError,
  LLMTimeoutError,
  LLMAPIError,
  RateLimitError,
  LLMParseError,
  LLMAbortError,
  ReplayMissError,
  BudgetExceededError,
  CacheStoreError,
} from "./errors.js";
export type { ParseIssue } from "./errors.js";
