/**
 * The recording stand-in model of `--dry-run`: it answers every request at once, with a reply that is valid under
 * the request's schema (random values from a seeded stream: words for strings, numbers within their bounds, one
 * of the enum's values), and records each request. A mechanism's LLM path runs on it exactly as on a real model,
 * so the dry run counts the calls its control flow makes and the tokens of the prompts it renders.
 */
import type { GenerateRequest, GenerateResult, LanguageModel } from "../core/model.js";
import { formatAddress } from "../core/model.js";
import { createRng, type Rng } from "../core/rng.js";

type Schema = Record<string, unknown>;

const WORDS = ("the a of to and in that it is was for on with as be at by this have from or one had not but what all were when we "
  + "there can an your which their said if do will each about how up out them then she many some so these would other into has "
  + "more her two like him see time could no make than first been its who now people my made over did down only way find use may "
  + "water long little very after words called just where most know get through back much go good new write our me man too any "
  + "day same right look think also around another came come work three word must because does part even place well such here take").split(" ");

export interface RecordedCall {
  address?: string;
  tag?: string;
  system?: string;
  messages: GenerateRequest["messages"];
  schemaName?: string;
  maxTokens?: number;
  reply: string;
}

/**
 * A stand-in language model. `calls` holds every request it answered, in order.
 * @example
 * const m = standInModel("openai:gpt-4o-mini", 1); await runner.runCell({ …, model: { kind: "llm", llm: m } }); m.calls.length;
 */
export function standInModel(id: string, seed: number): LanguageModel & { calls: RecordedCall[] } {
  const rng = createRng(seed).fork("dry-run");
  const calls: RecordedCall[] = [];
  return {
    id,
    calls,
    async generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      let text: string;
      let data: T | undefined;
      if (req.schema) {
        const { toJSONSchema } = await import("../llm/schema.js");
        const json = toJSONSchema(req.schema) as Schema;
        let lastError: unknown;
        for (let attempt = 0; attempt < 20; attempt++) {
          const value = instance(json, json, rng, 0);
          const parsed = req.schema.safeParse(value);
          if (parsed.success) {
            data = parsed.data;
            text = JSON.stringify(value);
            break;
          }
          lastError = parsed.error;
        }
        if (data === undefined) throw new Error(`the dry run's stand-in model found no reply valid under the schema "${req.schemaName ?? "reply"}": ${String(lastError)}`);
      } else {
        text = words(rng, 12 + rng.int(41));
      }
      const address = req.address === undefined ? undefined : typeof req.address === "string" ? req.address : formatAddress(req.address);
      calls.push({ address, tag: req.tag, system: req.system, messages: req.messages, schemaName: req.schemaName, maxTokens: req.maxTokens, reply: text! });
      return { text: text!, data, usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 0, cached: false, model: id };
    },
  };
}

function words(rng: Rng, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(WORDS[rng.int(WORDS.length)]);
  return out.join(" ");
}

/** An integer uniform on [lo, hi]. */
function between(rng: Rng, lo: number, hi: number): number {
  return hi <= lo ? lo : lo + rng.int(hi - lo + 1);
}

function resolveRef(root: Schema, ref: string): Schema {
  let cur: unknown = root;
  for (const part of ref.replace(/^#\//, "").split("/")) cur = (cur as Record<string, unknown>)[part];
  return (cur ?? {}) as Schema;
}

/** A random value valid under a JSON schema (the subset zod produces). */
function instance(s: Schema, root: Schema, rng: Rng, depth: number): unknown {
  if (typeof s.$ref === "string") return instance(resolveRef(root, s.$ref), root, rng, depth + 1);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[rng.int(s.enum.length)];
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(alts) && alts.length) {
    const nonNull = alts.filter((a) => a.type !== "null");
    const pick = nonNull.length ? nonNull : alts;
    return instance(pick[rng.int(pick.length)], root, rng, depth + 1);
  }
  if (Array.isArray(s.allOf) && s.allOf.length) return instance(Object.assign({}, ...(s.allOf as Schema[])), root, rng, depth + 1);
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : (s.type as string | undefined);
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) out[k] = instance(v, root, rng, depth + 1);
      return out;
    }
    case "array": {
      const min = typeof s.minItems === "number" ? s.minItems : depth > 4 ? 0 : 1;
      const max = typeof s.maxItems === "number" ? s.maxItems : Math.max(min, 4);
      const n = between(rng, min, Math.max(min, Math.min(max, min + 4)));
      const items = (s.items ?? {}) as Schema;
      return Array.from({ length: n }, () => instance(items, root, rng, depth + 1));
    }
    case "string": {
      const min = typeof s.minLength === "number" ? s.minLength : 1;
      const max = typeof s.maxLength === "number" ? s.maxLength : Infinity;
      let text = words(rng, 3 + rng.int(13));
      while (text.length < min) text += " " + words(rng, 4);
      if (text.length > max) text = text.slice(0, max);
      return text;
    }
    case "integer":
    case "number": {
      const lo = typeof s.minimum === "number" ? s.minimum : typeof s.exclusiveMinimum === "number" ? s.exclusiveMinimum + (type === "integer" ? 1 : 1e-6) : 0;
      const hi = typeof s.maximum === "number" ? s.maximum : typeof s.exclusiveMaximum === "number" ? s.exclusiveMaximum - (type === "integer" ? 1 : 1e-6) : Math.max(lo, 10);
      return type === "integer" ? between(rng, Math.ceil(lo), Math.floor(hi)) : rng.range(lo, hi);
    }
    case "boolean":
      return rng.bernoulli(0.5);
    case "null":
      return null;
    default:
      return words(rng, 3);
  }
}
