/**
 * The replay cache and single-flight: content-addressed entries in a SQLite database (see `cache-store.ts`).
 *
 * The key is the SHA-256 of the provider, the model, the call's address, the request (system, messages,
 * temperature, seed, maxTokens, schema name) and the JSON schema (see `cacheKey`). No config hash, no base URL,
 * no limits: adding seeds, switching profiles or changing concurrency keeps every key. Two calls that differ only
 * by address are different entries. Entries hold the request and the reply (text, usage, latency, model), never a
 * key or a base URL. Modes:
 * - `record`: always call the model and write the entry (replacing an older one);
 * - `replay`: never call; a missing entry is a `ReplayMissError` naming the call's address;
 * - `auto`: read the entry if present, otherwise call and write (the first entry written for a key stays);
 * - `off`: no cache.
 *
 * Single-flight: calls with the same key in flight together share one provider call; the others get its reply
 * with `cached: true` (they paid nothing). In `off` mode this applies to calls that carry an address only (an
 * unaddressed uncached call is always sent). A hit returns the stored reply with `cached: true` (its data
 * re-validated with the schema). Entries are written behind the calls; `flush()` resolves when they are on disk.
 */
import { imageBase64, type ContentPart, type GenerateRequest, type GenerateResult, type LanguageModel } from "../../core/model.js";
import { hash } from "node:crypto";
import { ReplayMissError } from "../errors.js";
import type { CacheMode } from "../spec.js";
import { compileSchema, parseReply, type CompiledSchema } from "../structured.js";
import { callModel } from "./call.js";
import { CacheStore, requestText, type CachedReply } from "./cache-store.js";

export interface CacheOptions {
  dir: string;
  mode: CacheMode;
  /** Provider and model name that go into the key (not the base URL: a local server's port may change). */
  provider: string;
  model: string;
  /** Called on each hit: `source` is "cache" for a stored entry, "in-flight" for a shared call. */
  onHit?: (req: GenerateRequest, result: GenerateResult, source: "cache" | "in-flight") => void;
}

/** The address of a request as a string (the llm layer normalises it before the cache). */
function addressOf(req: GenerateRequest): string | undefined {
  return typeof req.address === "string" ? req.address : undefined;
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
    address: addressOf(req),
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
 * The cache key of a request: SHA-256 of one line of JSON holding the provider, the model, the address and the
 * request fields in a fixed order (absent ones as null), a newline, and the canonical JSON of the schema (empty
 * without one). `req.address` must be a string here (`formatAddress` of the call's address).
 */
export function cacheKey(provider: string, model: string, req: GenerateRequest): string {
  return keyOf(provider, model, req, req.schema ? compileSchema(req.schema) : undefined);
}

function keyOf(provider: string, model: string, req: GenerateRequest, schema: CompiledSchema | undefined): string {
  const messages: unknown[] = [];
  for (const m of req.messages) messages.push(m.role, contentKey(m.content));
  const fields = [provider, model, addressOf(req) ?? null, req.system ?? null, messages, req.temperature ?? null, req.seed ?? null, req.maxTokens ?? null, schema ? (req.schemaName ?? "reply") : null];
  return hash("sha256", `${JSON.stringify(fields)}\n${schema ? schema.canonical : ""}`, "hex");
}

/** The result a caller gets from a stored or shared reply: `cached: true`, data re-validated; undefined if invalid. */
function fromReply<T>(reply: CachedReply, compiled: CompiledSchema | undefined): GenerateResult<T> | undefined {
  const result: GenerateResult<T> = { text: reply.text, usage: { ...reply.usage }, latencyMs: reply.latencyMs, model: reply.model, cached: true };
  if (!compiled) return result;
  const parsed = parseReply<T>(compiled, reply.text);
  return parsed.ok ? { ...result, data: parsed.data } : undefined;
}

/**
 * A call the cache could not answer, in flight: identical calls made meanwhile wait for its reply (single-flight).
 * Their promise is made only when the first of them joins.
 */
export class Lead {
  private shared?: Promise<GenerateResult>;
  private resolve?: (r: GenerateResult) => void;
  private reject?: (err: unknown) => void;
  constructor(
    readonly key: string,
    readonly compiled: CompiledSchema | undefined,
  ) {}

  /** The leader's reply (or its error), for an identical call. */
  join(): Promise<GenerateResult> {
    this.shared ??= new Promise<GenerateResult>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
    return this.shared;
  }

  /** Hands the leader's outcome to the calls that joined. */
  settle(result: GenerateResult | undefined, err?: unknown): void {
    if (result) this.resolve?.(result);
    else this.reject?.(err);
  }
}

/** The replay cache around a model: the wrapper, and its steps one by one (createModel chains them with others). */
export interface CacheModel extends LanguageModel {
  flush(): Promise<void>;
  store?: CacheStore;
  /**
   * The cache's answer to `req` before any call: a promise (a stored reply, or the reply of an identical call in
   * flight), a `Lead` (no answer: the caller calls the model, then `finish` or `abandon`), or undefined (no cache
   * and no address: the model is called with no single-flight).
   * @throws ReplayMissError in replay mode when the entry is missing; CacheStoreError when the file cannot be read.
   */
  begin<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> | Lead | undefined;
  /** A lead's reply: stored if it passed its schema, then handed to the calls that joined. @throws CacheStoreError. */
  finish(lead: Lead, req: GenerateRequest, result: GenerateResult): void;
  /** A lead's call failed: the calls that joined get its error. */
  abandon(lead: Lead, err: unknown): void;
}

/**
 * A lead's call, settled through the cache: its reply finished (stored, handed to the calls that joined), its error
 * handed to them too.
 *
 * @example
 * const found = cache.begin(req);
 * if (found instanceof Lead) return throughLead(cache, found, req, callModel(model, req));
 */
export function throughLead<T>(cache: Pick<CacheModel, "finish" | "abandon">, lead: Lead, req: GenerateRequest<T>, call: Promise<GenerateResult<T>>): Promise<GenerateResult<T>> {
  return call.then(
    (result) => {
      cache.finish(lead, req, result);
      return result;
    },
    (err: unknown) => {
      cache.abandon(lead, err);
      throw err;
    },
  );
}

/**
 * Wraps `model` with the replay cache and single-flight. Entries are written behind the calls; `flush()` waits.
 * @throws ReplayMissError in replay mode when an entry is missing; CacheStoreError when the cache file cannot be
 *   opened, read or written (naming the file).
 * @example const m = withCache(inner, { dir: "runs/x/llm-cache", mode: "auto", provider: "openai", model: "gpt-4o-mini" });
 */
export function withCache(model: LanguageModel, opts: CacheOptions): CacheModel {
  const store = opts.mode === "off" ? undefined : new CacheStore(opts.dir);
  const inFlight = new Map<string, Lead>();
  const cache: CacheModel = {
    id: model.id,
    store,
    flush: () => (store ? store.flush() : Promise.resolve()),
    begin<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> | Lead | undefined {
      if (!store && addressOf(req) === undefined) return undefined;
      const compiled = req.schema ? compileSchema(req.schema) : undefined;
      const key = keyOf(opts.provider, opts.model, req, compiled);
      if (store && opts.mode !== "record") {
        const reply = store.get(key);
        if (reply) {
          const result = fromReply<T>(reply, compiled);
          if (result) {
            opts.onHit?.(req, result, "cache");
            return Promise.resolve(result);
          }
        }
      }
      const running = inFlight.get(key);
      if (running) {
        return running.join().then((leader) => {
          const result = fromReply<T>(leader, compiled) ?? (leader as GenerateResult<T>);
          opts.onHit?.(req, result, "in-flight");
          return result;
        });
      }
      if (store && opts.mode === "replay") throw new ReplayMissError(key, cacheRequest(opts.provider, opts.model, req), store.file, addressOf(req));
      const lead = new Lead(key, compiled);
      inFlight.set(key, lead);
      return lead;
    },
    finish(lead: Lead, req: GenerateRequest, result: GenerateResult): void {
      const compiled = lead.compiled;
      try {
        // only a reply that passed the request's schema is stored (the re-ask wrapper below validates every reply)
        if (store && (!compiled || result.data !== undefined || fromReply(result as CachedReply, compiled))) {
          const reply: CachedReply = { text: result.text, usage: result.usage, latencyMs: result.latencyMs, model: result.model };
          store.put(lead.key, reply, requestText(requestFields(opts.provider, opts.model, req), compiled?.jsonText), addressOf(req), opts.mode === "record");
        }
      } finally {
        inFlight.delete(lead.key);
        lead.settle(result);
      }
    },
    abandon(lead: Lead, err: unknown): void {
      inFlight.delete(lead.key);
      lead.settle(undefined, err);
    },
    // No async frame (see `call.ts`): a call waiting below for a slot holds its lead and the two handlers here.
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      let found;
      try {
        found = cache.begin(req);
      } catch (err) {
        return Promise.reject(err);
      }
      if (found === undefined) return callModel(model, req);
      if (!(found instanceof Lead)) return found;
      return throughLead(cache, found, req, callModel(model, req));
    },
  };
  return cache;
}
