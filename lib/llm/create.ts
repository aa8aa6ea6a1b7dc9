/**
 * `createModel(spec)`: a provider wrapped in the standard stack.
 */
import type { LanguageModel } from "../core/model.js";
import { openAIProvider } from "./providers/openai.js";
import { resolveSpec, type ModelSpec, type ResolvedSpec } from "./spec.js";
import { LLMConfigError } from "./errors.js";

/**
 * A language model from a spec string (`openai:gpt-4o-mini`, `gemini:gemini-2.5-flash-lite`,
 * `openai-compatible:<baseURL>#<model>`) or a spec object.
 * @throws LLMConfigError for an unknown provider, a bad field or a missing key (before any call is made).
 * @example
 * const model = createModel("openai-compatible:http://127.0.0.1:11434/v1#llama3.1");
 * const r = await model.generate({ messages: [{ role: "user", content: "Hello" }] });
 */
export function createModel(spec: ModelSpec): LanguageModel {
  const resolved = resolveSpec(spec);
  return providerFor(resolved);
}

function providerFor(spec: ResolvedSpec): LanguageModel {
  switch (spec.provider) {
    case "openai":
    case "openai-compatible":
      return openAIProvider(spec);
    default:
      throw new LLMConfigError("provider", `provider ${spec.provider} is not available yet`, "use openai or openai-compatible");
  }
}
