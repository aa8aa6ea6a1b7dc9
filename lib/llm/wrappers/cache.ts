/**
 * The replay cache: content-addressed entries on disk (JSON lines in segment files, see `cache-store.ts`).
 *
 * The key is the SHA-256 of the provider, the model, the request (system, messages, temperature, seed,
 * maxTokens, schema name) and the JSON schema (see `cacheKey`). Entries hold the request and the reply (text,
 * usage, latency, model), never a key or a base URL. Modes:
 * - `record`: always call the model and write the entry;
 * - `replay`: never call; a missing entry is a `ReplayMissError` naming the request;
 * - `auto`: read the entry if present, otherwise call and write;
 * - `off`: no cache.
 * A hit returns the stored reply with `cached: true` (its data re-validated with the schema). Entries are written
 * behind the calls (a call never waits for the disk); `flush()` resolves when they are all on disk.
 */
import { imageBase64, type ContentPart, type GenerateRequest, type GenerateResult, type LanguageModel } from "../../core/model.js";
import { hash } from "node:crypto";
import { ReplayMissError } from "../errors.js";
import type { CacheMode } from "../spec.js";
import { compileSchema, parseReply, type CompiledSchema } from "../structured.js";
import { CacheStore, entryLine, type CachedReply } from "./cache-store.js";

export interface CacheOptions {
  dir: string;
  mode: CacheMode;
  /** Provider and model name that go into the key (not the base URL: a local server's port may change). */
  provider: string;
  model: string;
  /** Called on each hit (the usage ledger counts them). */
  onHit?: () => void;
}

/** The cacheable part of a request: everything that changes the reply, nothing secret. */
export function cacheRequest(provider: string, model: string, req: GenerateRequest): Record<string, unknown> {
  return { ...requestFields(provider, model, req), schema: req.schema ? compileSchema(req.schema).json : undefined };
}

/** The request without its schema (which is written from its precomputed text). */
function requestFields(provider: string, model: string, req: GenerateRequest): Record<string, unknown> {
  return {
    provider,
    model,
    system: req.system,
    messages: req.messages.map((m) => ({ role: m.role, content: contentKey(m.content) })),
    temperature: req.temperature,
    seed: req.seed,
    maxTokens: req.maxTokens,
    schemaName: req.schema ? (req.schemaName ?? "reply") : undefined,
  };
}

/** A message's content as it enters the key: the text, or each part with images as the SHA-256 of their bytes. */
function contentKey(content: string | ContentPart[]): string | unknown[] {
  if (typeof content === "string") return content;
  return content.map((p) => (p.type === "text" ? { text: p.text } : { image: p.mimeType, sha256: hash("sha256", Buffer.from(imageBase64(p), "base64"), "hex") }));
}

/**
 * The cache key of a request: SHA-256 of one line of JSON holding the provider, the model and the request fields
 * in a fixed order (absent ones as null), a newline, and the canonical JSON of the schema (empty without one).
 */
export function cacheKey(provider: string, model: string, req: GenerateRequest): string {
  return keyOf(provider, model, req, req.schema ? compileSchema(req.schema) : undefined);
}

function keyOf(provider: string, model: string, req: GenerateRequest, schema: CompiledSchema | undefined): string {
  const messages: unknown[] = [];
  for (const m of req.messages) messages.push(m.role, contentKey(m.content));
  const fields = [provider, model, req.system ?? null, messages, req.temperature ?? null, req.seed ?? null, req.maxTokens ?? null, schema ? (req.schemaName ?? "reply") : null];
  return hash("sha256", `${JSON.stringify(fields)}\n${schema ? schema.canonical : ""}`, "hex");
}

/**
 * Wraps `model` with the replay cache. Entries are written behind the calls; `flush()` waits for them.
 * @throws ReplayMissError in replay mode when an entry is missing.
 * @example const m = withCache(inner, { dir: "runs/x/llm-cache", mode: "auto", provider: "openai", model: "gpt-4o-mini" });
 */
export function withCache(model: LanguageModel, opts: CacheOptions): LanguageModel & { flush(): Promise<void> } {
  if (opts.mode === "off") return { id: model.id, generate: (req) => model.generate(req), flush: () => Promise.resolve() };
  const store = new CacheStore(opts.dir);
  return {
    id: model.id,
    flush: () => store.flush(),
    async generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const compiled = req.schema ? compileSchema(req.schema) : undefined;
      // In record mode the key is computed after the call, so calls queued behind the pool do no work up front.
      let key: string | undefined;
      if (opts.mode !== "record") {
        key = keyOf(opts.provider, opts.model, req, compiled);
        const reply = await store.get(key);
        if (reply) {
          const result: GenerateResult<T> = { ...reply, usage: { ...reply.usage }, cached: true };
          if (!compiled) {
            opts.onHit?.();
            return result;
          }
          const parsed = parseReply<T>(compiled, reply.text);
          if (parsed.ok) {
            opts.onHit?.();
            return { ...result, data: parsed.data };
          }
        }
        if (opts.mode === "replay") throw new ReplayMissError(key, cacheRequest(opts.provider, opts.model, req), opts.dir);
      }
      const result = await model.generate(req);
      key ??= keyOf(opts.provider, opts.model, req, compiled);
      const reply: CachedReply = { text: result.text, usage: result.usage, latencyMs: result.latencyMs, model: result.model };
      store.put(key, reply, entryLine(key, requestFields(opts.provider, opts.model, req), compiled?.jsonText, reply));
      return result;
    },
  };
}
