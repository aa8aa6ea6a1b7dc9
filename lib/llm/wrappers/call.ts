/**
 * The wrappers' way to call the model they wrap without an `async` function of their own: a wrapper that only
 * needs to act on the outcome attaches its handlers to this promise. An `async` function suspended at `await`
 * holds its whole frame (about 500 bytes each, as V8's heap profiler shows) for as long as the call waits, and a
 * call queued for a slot waits under every wrapper above the limits; a handler holds only what it uses.
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";

/**
 * `model.generate(req)`, with a synchronous throw turned into a rejected promise (as inside an `async` function).
 * @example return callModel(inner, req).then((r) => record(r));
 */
export function callModel<T>(model: LanguageModel, req: GenerateRequest<T>): Promise<GenerateResult<T>> {
  try {
    return model.generate(req);
  } catch (err) {
    return Promise.reject(err);
  }
}

/**
 * A copy of `req` with `fields` set: the same own fields in the same order as `{ ...req, ...fields }`, made by
 * `Object.assign`. V8 gives such a spread a hidden class of its own on every call in some shapes (a field whose type
 * changes, like an address object replaced by its string, or an added field holding a new object each time): every
 * wrapper reading the copy then misses its inline caches, and each class lives until a full collection.
 * @example const attempt = withFields(req, { signal: controller.signal });
 */
export function withFields<R extends object>(req: R, fields: object): R {
  return Object.assign({}, req, fields);
}
