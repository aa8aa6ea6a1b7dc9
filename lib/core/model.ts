/**
 * The one narrow language-model interface every mechanism talks to.
 * Providers (OpenAI, Gemini, OpenAI-compatible servers) and wrappers (limits, retries,
 * replay cache, usage ledger) live in `lib/llm` and implement this interface.
 * Mechanisms never see which provider or which wrapper they talk to.
 */
import type { ZodType } from "zod";

export interface ChatMessage {
  role: "user" | "assistant";
  content: string;
}

export interface GenerateRequest<T = unknown> {
  system?: string;
  messages: ChatMessage[];
  /** With a schema, the reply is parsed and validated; `data` holds the validated object. */
  schema?: ZodType<T>;
  /** Name of the schema sent to the provider (defaults to "reply"). */
  schemaName?: string;
  temperature?: number;
  seed?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  /** Free-form tag for the usage ledger (e.g. "tbs.reason"). Not sent to the provider. */
  tag?: string;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
}

export interface GenerateResult<T = unknown> {
  text: string;
  data?: T;
  usage: Usage;
  latencyMs: number;
  cached: boolean;
  /** The model that answered, as `provider:model`. */
  model: string;
}

export interface LanguageModel {
  /** `provider:model`, e.g. `openai:gpt-4o-mini`. Written into every table row the model produces. */
  readonly id: string;
  generate<T = unknown>(request: GenerateRequest<T>): Promise<GenerateResult<T>>;
  /** Resolves once everything the model writes behind its calls (a replay cache) is on disk. Optional. */
  flush?(): Promise<void>;
}
