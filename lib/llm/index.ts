/**
 * The llm layer: providers (OpenAI, Gemini, OpenAI-compatible servers) behind the core `LanguageModel`
 * interface, structured output from zod schemas, and wrappers for limits, retries, timeouts, replay cache
 * and usage accounting. See lib/llm/README.md.
 */
export { createModel } from "./create.js";
export { parseSpecString, resolveSpec, publicSpec } from "./spec.js";
export type { ModelSpec, ModelSpecObject, ResolvedSpec, Provider, CacheMode } from "./spec.js";
export { toJSONSchema, toStrictSchema } from "./schema.js";
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
} from "./errors.js";
export type { ParseIssue } from "./errors.js";
