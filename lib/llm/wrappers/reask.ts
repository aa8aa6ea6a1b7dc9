/**
 * Re-asking: when a structured reply fails its schema (`LLMParseError` from the provider), the model is asked
 * again with its reply and the validation errors, at most `maxReasks` times; then the last `LLMParseError`
 * (naming the failing fields and showing the raw reply) is thrown. Usage of every attempt is summed.
 */
import type { ChatMessage, GenerateRequest, GenerateResult, LanguageModel, Usage } from "../../core/model.js";
import { LLMParseError } from "../errors.js";
import { reaskMessage } from "../structured.js";

export interface ReaskOptions {
  /** Follow-up attempts after the first (default 2). */
  maxReasks?: number;
  /** Called before each re-ask (the usage ledger counts them). */
  onReask?: (info: { attempt: number; error: LLMParseError }) => void;
}

/**
 * Wraps `model` with bounded re-asks on schema failures.
 * @throws LLMParseError after `maxReasks` failed re-asks, with the tokens of every attempt in `usage`.
 * @example const m = withReask(provider, { maxReasks: 2 });
 */
export function withReask(model: LanguageModel, opts: ReaskOptions = {}): LanguageModel {
  const maxReasks = opts.maxReasks ?? 2;
  return {
    id: model.id,
    async generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      if (!req.schema) return model.generate(req);
      const spent: Usage = { inputTokens: 0, outputTokens: 0 };
      let messages: ChatMessage[] = req.messages;
      for (let attempt = 0; ; attempt++) {
        try {
          const result = await model.generate({ ...req, messages });
          if (attempt === 0) return result;
          return {
            ...result,
            usage: { inputTokens: spent.inputTokens + result.usage.inputTokens, outputTokens: spent.outputTokens + result.usage.outputTokens },
          };
        } catch (err) {
          if (!(err instanceof LLMParseError)) throw err;
          spent.inputTokens += err.usage?.inputTokens ?? 0;
          spent.outputTokens += err.usage?.outputTokens ?? 0;
          if (attempt >= maxReasks) throw new LLMParseError(model.id, err.raw, err.issues, attempt + 1, { ...spent });
          opts.onReask?.({ attempt: attempt + 1, error: err });
          messages = [...messages, { role: "assistant", content: err.raw }, { role: "user", content: reaskMessage(err.issues) }];
        }
      }
    },
  };
}
