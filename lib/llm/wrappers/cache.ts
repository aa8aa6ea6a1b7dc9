/**
 * The replay cache: content-addressed entries on disk (JSON lines in segment files, see `cache-store.ts`).
 *
 * The key is the SHA-256 of the provider, the model, the request (system, messages, temperature, seed,
 * maxTokens, schema name) and the JSON schema. Entries hold the request and the reply (text, usage, latency,
 * model), never a key or a base URL. Modes:
 * - `record`: always call the model and write the entry;
 * - `replay`: never call; a missing entry is a `ReplayMissError` naming the request;
 * - `auto`: read the entry if present, otherwise call and write;
 * - `off`: no cache.
 * A hit returns the stored reply with `cached: true` (its data re-validated with the schema).
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../../core/model.js";
import { sha256 } from "../../core/hash.js";
import { ReplayMissError } from "../errors.js";
import type { CacheMode } from "../spec.js";
import { compileSchema, parseReply } from "../structured.js";
import { CacheStore } from "./cache-store.js";

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
  return {
    provider,
    model,
    system: req.system,
    messages: req.messages.map((m) => ({ role: m.role, content: m.content })),
    temperature: req.temperature,
    seed: req.seed,
    maxTokens: req.maxTokens,
    schemaName: req.schema ? (req.schemaName ?? "reply") : undefined,
    schema: req.schema ? compileSchema(req.schema).json : undefined,
  };
}

/**
 * Wraps `model` with the replay cache.
 * @throws ReplayMissError in replay mode when an entry is missing.
 * @example const m = withCache(inner, { dir: "runs/x/llm-cache", mode: "auto", provider: "openai", model: "gpt-4o-mini" });
 */
export function withCache(model: LanguageModel, opts: CacheOptions): LanguageModel {
  if (opts.mode === "off") return model;
  const store = new CacheStore(opts.dir);
  return {
    id: model.id,
    async generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const request = cacheRequest(opts.provider, opts.model, req);
      const key = sha256(request);
      if (opts.mode !== "record") {
        const reply = await store.get(key);
        if (reply) {
          const result: GenerateResult<T> = { ...reply, usage: { ...reply.usage }, cached: true };
          if (!req.schema) {
            opts.onHit?.();
            return result;
          }
          const parsed = parseReply<T>(compileSchema(req.schema), reply.text);
          if (parsed.ok) {
            opts.onHit?.();
            return { ...result, data: parsed.data };
          }
        }
        if (opts.mode === "replay") throw new ReplayMissError(key, request, opts.dir);
      }
      const result = await model.generate(req);
      await store.put({ version: 1, key, request, reply: { text: result.text, usage: result.usage, latencyMs: result.latencyMs, model: result.model } });
      return result;
    },
  };
}
