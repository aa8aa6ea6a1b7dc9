/**
 * Re-asking: when a structured reply fails its schema (`LLMParseError` from the provider), the model is asked
 * again with its reply and the validation errors, at most `maxReasks` times; then the last `LLMParseError`
 * (naming the failing fields and showing the raw reply) is thrown. Usage of every attempt is summed.
 *
 * A reply that comes back without validated `data` (a custom provider that does not parse) is validated here, so
 * that every reply reaching the replay cache above has passed the request's schema: an invalid one is a failed
 * attempt, asked again, and never cached.
 */
import type { ChatMessage, GenerateRequest, GenerateResult, LanguageModel, Usage } from "../../core/model.js";
import { LLMParseError } from "../errors.js";
import { compileSchema, parseReply, reaskMessage } from "../structured.js";
import { callModel } from "./call.js";

export interface ReaskOptions {
  /** Follow-up attempts after the first (default 2). */
  maxReasks?: number;
  /** Called before each re-ask (the usage ledger counts them). */
  onReask?: (info: { attempt: number; error: LLMParseError }) => void;
}

/** The re-ask wrapper, and its two steps (createModel chains them with the other wrappers' steps). */
export interface ReaskModel extends LanguageModel {
  /** A first attempt's reply: validated (when the provider left `data` out), or asked again when it fails. */
  finish<T>(req: GenerateRequest<T>, result: GenerateResult<T>): GenerateResult<T> | Promise<GenerateResult<T>>;
  /** A first attempt's error: asked again when it is a schema failure (with a schema), else rethrown. */
  recover<T>(req: GenerateRequest<T>, err: unknown): Promise<GenerateResult<T>>;
}

/**
 * Wraps `model` with bounded re-asks on schema failures.
 * @throws LLMParseError after `maxReasks` failed re-asks, with the tokens of every attempt in `usage`.
 * @example const m = withReask(provider, { maxReasks: 2 });
 */
export function withReask(model: LanguageModel, opts: ReaskOptions = {}): ReaskModel {
  const maxReasks = opts.maxReasks ?? 2;
  /** The re-asks after a first attempt that failed with `first` (rethrown unless it is an `LLMParseError`). */
  async function again<T>(req: GenerateRequest<T>, first: unknown): Promise<GenerateResult<T>> {
    const spent: Usage = { inputTokens: 0, outputTokens: 0 };
    let messages: ChatMessage[] = req.messages;
    let err = first;
    for (let attempt = 0; ; attempt++) {
      // `err` is how attempt `attempt` failed
      if (!(err instanceof LLMParseError)) throw err;
      spent.inputTokens += err.usage?.inputTokens ?? 0;
      spent.outputTokens += err.usage?.outputTokens ?? 0;
      if (attempt >= maxReasks) throw new LLMParseError(model.id, err.raw, err.issues, attempt + 1, { ...spent });
      opts.onReask?.({ attempt: attempt + 1, error: err });
      messages = [...messages, { role: "assistant", content: err.raw }, { role: "user", content: reaskMessage(err.issues) }];
      try {
        const result = validated(await model.generate({ ...req, messages }), req, model.id);
        return {
          ...result,
          usage: { inputTokens: spent.inputTokens + result.usage.inputTokens, outputTokens: spent.outputTokens + result.usage.outputTokens },
        };
      } catch (e) {
        err = e;
      }
    }
  }
  const reask: ReaskModel = {
    id: model.id,
    finish<T>(req: GenerateRequest<T>, result: GenerateResult<T>): GenerateResult<T> | Promise<GenerateResult<T>> {
      if (!req.schema) return result;
      try {
        return validated(result, req, model.id);
      } catch (err) {
        return again(req, err);
      }
    },
    recover<T>(req: GenerateRequest<T>, err: unknown): Promise<GenerateResult<T>> {
      return req.schema ? again(req, err) : Promise.reject(err);
    },
    // The first attempt without an async frame (see `call.ts`); only a failed one goes on to `again`.
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      if (!req.schema) return callModel(model, req);
      return callModel(model, req).then((result) => reask.finish(req, result), (err: unknown) => again(req, err));
    },
  };
  return reask;
}

/** The result with `data` parsed from its text when the provider left it out. @throws LLMParseError when invalid. */
function validated<T>(result: GenerateResult<T>, req: GenerateRequest<T>, id: string): GenerateResult<T> {
  if (result.data !== undefined || !req.schema) return result;
  const parsed = parseReply<T>(compileSchema(req.schema), result.text);
  if (!parsed.ok) throw new LLMParseError(id, result.text, parsed.issues, 1, result.usage);
  return { ...result, data: parsed.data };
}
