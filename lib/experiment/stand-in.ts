/**
 * The recording stand-in model of `--dry-run`: it answers every request at once, with a reply that is valid under
 * the request's schema (random values from a seeded stream: words for strings, numbers within their bounds, one
 * of the enum's values), and records each request. A mechanism's LLM path runs on it exactly as on a real model,
 * so the dry run counts the calls its control flow makes and the tokens of the prompts it renders.
 *
 * With `replyTokens`, each reply is padded to the length the output model gives its call (`output-model.ts`):
 * words are added to its free-text strings (no enum, format or pattern; up to their `maxLength`) until the reply
 * holds that many tokens, so the prompts that quote earlier replies grow as they will on a real model. Without it,
 * replies are short (3–15 words a string): the short end of the dry run's range.
 */
import type { ZodType } from "zod";
import type { GenerateRequest, GenerateResult, LanguageModel } from "../core/model.js";
import { addressRole, formatAddress } from "../core/model.js";
import { createRng, type Rng } from "../core/rng.js";

type Schema = Record<string, unknown>;

const WORDS = ("the a of to and in that it is was for on with as be at by this have from or one had not but what all were when we "
  + "there can an your which their said if do will each about how up out them then she many some so these would other into has "
  + "more her two like him see time could no make than first been its who now people my made over did down only way find use may "
  + "water long little very after words called just where most know get through back much go good new write our me man too any "
  + "day same right look think also around another came come work three word must because does part even place well such here take").split(" ");

export interface RecordedCall {
  address?: string;
  /** The address's role, else the tag, else "call". */
  role: string;
  tag?: string;
  system?: string;
  messages: GenerateRequest["messages"];
  schema?: ZodType;
  schemaName?: string;
  maxTokens?: number;
  reply: string;
}

export interface StandInOptions {
  /** The reply length (tokens) of a call, or undefined for a short reply. */
  replyTokens?: (call: { role: string; maxTokens?: number }) => number | undefined;
  /** Tokens of a text under the run's model (required with `replyTokens`). */
  count?: (text: string) => number;
}

/**
 * A stand-in language model. `calls` holds every request it answered, in order.
 * @example
 * const m = standInModel("openai:gpt-4o-mini", 1); await runner.runCell({ …, model: { kind: "llm", llm: m } }); m.calls.length;
 */
export function standInModel(id: string, seed: number, opts: StandInOptions = {}): LanguageModel & { calls: RecordedCall[] } {
  const rng = createRng(seed).fork("dry-run");
  // padding draws from its own stream, so short and long passes make the same choices (enums, booleans, numbers)
  const padRng = createRng(seed).fork("dry-run-padding");
  const calls: RecordedCall[] = [];
  return {
    id,
    calls,
    async generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const address = req.address === undefined ? undefined : typeof req.address === "string" ? req.address : formatAddress(req.address);
      const role = addressRole(address) ?? req.tag ?? "call";
      const target = opts.count ? opts.replyTokens?.({ role, maxTokens: req.maxTokens }) : undefined;
      let text: string;
      let data: T | undefined;
      if (req.schema) {
        const { toJSONSchema } = await import("../llm/schema.js");
        const json = toJSONSchema(req.schema) as Schema;
        let lastError: unknown;
        for (let attempt = 0; attempt < 20; attempt++) {
          const slots: Slot[] = [];
          const value = instance(json, json, rng, 0, slots);
          const parsed = req.schema.safeParse(value);
          if (parsed.success) {
            data = parsed.data;
            text = JSON.stringify(value);
            if (target !== undefined) {
              // padded, then validated again: a padded reply the schema refuses falls back to the short one
              const long = pad(value, slots, target, opts.count!, padRng);
              const again = req.schema.safeParse(long);
              if (again.success) {
                data = again.data;
                text = JSON.stringify(long);
              }
            }
            break;
          }
          lastError = parsed.error;
        }
        if (data === undefined) throw new Error(`the dry run's stand-in model found no reply valid under the schema "${req.schemaName ?? "reply"}": ${String(lastError)}`);
      } else {
        const short = words(rng, 12 + rng.int(41));
        text = target === undefined ? short : padText(target, opts.count!, padRng);
      }
      calls.push({ address, role, tag: req.tag, system: req.system, messages: req.messages, schema: req.schema, schemaName: req.schemaName, maxTokens: req.maxTokens, reply: text! });
      return { text: text!, data, usage: { inputTokens: 0, outputTokens: 0 }, latencyMs: 0, cached: false, model: id };
    },
  };
}

/** A free-text string inside a generated reply: where it is, and how long it may grow. */
interface Slot {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
  maxLength: number;
}

/**
 * The reply with words added to its free-text strings, spread evenly, until it holds `target` tokens (or the
 * strings are full). Common English words are about one token each, so a few rounds reach the target.
 */
function pad(value: unknown, slots: Slot[], target: number, count: (t: string) => number, rng: Rng): unknown {
  if (!slots.length) return value;
  const copy = structuredClone(value);
  const mine = relocate(value, copy, slots);
  let have = count(JSON.stringify(copy));
  for (let round = 0; round < 6 && have < target; round++) {
    const open = mine.filter((s) => String(s.holder[s.key as never]).length < s.maxLength);
    if (!open.length) break;
    const each = Math.max(1, Math.ceil((target - have) / open.length));
    for (const s of open) {
      const cur = String(s.holder[s.key as never]);
      (s.holder as Record<string | number, unknown>)[s.key] = `${cur} ${words(rng, each)}`.slice(0, s.maxLength);
    }
    have = count(JSON.stringify(copy));
  }
  return copy;
}

/** Free-text `n`-token reply (plain text). */
function padText(target: number, count: (t: string) => number, rng: Rng): string {
  let text = words(rng, Math.max(1, target));
  for (let round = 0; round < 6; round++) {
    const have = count(text);
    if (have >= target) break;
    text += " " + words(rng, target - have);
  }
  return text;
}

/** The slots of `value` as slots of its copy (same paths). */
function relocate(value: unknown, copy: unknown, slots: Slot[]): Slot[] {
  const map = new Map<unknown, unknown>();
  const walk = (a: unknown, b: unknown) => {
    if (a && typeof a === "object") {
      map.set(a, b);
      for (const k of Object.keys(a)) walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]);
    }
  };
  walk(value, copy);
  return slots.map((s) => ({ ...s, holder: map.get(s.holder) as Slot["holder"] }));
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

/** The string schema a value of `s` takes when it is free text (no enum, const, format or pattern), else undefined. */
function freeText(s: Schema, root: Schema): Schema | undefined {
  const r = typeof s.$ref === "string" ? resolveRef(root, s.$ref) : s;
  const alts = (r.anyOf ?? r.oneOf) as Schema[] | undefined;
  if (Array.isArray(alts)) {
    const nonNull = alts.filter((a) => a.type !== "null");
    return nonNull.length === 1 ? freeText(nonNull[0], root) : undefined;
  }
  const type = Array.isArray(r.type) ? (r.type as string[]).filter((t) => t !== "null") : [r.type];
  if (type.length !== 1 || type[0] !== "string") return undefined;
  return "const" in r || Array.isArray(r.enum) || r.format !== undefined || r.pattern !== undefined ? undefined : r;
}

/** A random value valid under a JSON schema (the subset zod produces); its free-text strings are added to `slots`. */
function instance(s: Schema, root: Schema, rng: Rng, depth: number, slots: Slot[] = []): unknown {
  if (typeof s.$ref === "string") return instance(resolveRef(root, s.$ref), root, rng, depth + 1, slots);
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[rng.int(s.enum.length)];
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (Array.isArray(alts) && alts.length) {
    const nonNull = alts.filter((a) => a.type !== "null");
    const pick = nonNull.length ? nonNull : alts;
    return instance(pick[rng.int(pick.length)], root, rng, depth + 1, slots);
  }
  if (Array.isArray(s.allOf) && s.allOf.length) return instance(Object.assign({}, ...(s.allOf as Schema[])), root, rng, depth + 1, slots);
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : (s.type as string | undefined);
  const child = (holder: Record<string, unknown> | unknown[], key: string | number, cs: Schema) => {
    const value = instance(cs, root, rng, depth + 1, slots);
    const free = typeof value === "string" ? freeText(cs, root) : undefined;
    if (free) slots.push({ holder, key, maxLength: typeof free.maxLength === "number" ? free.maxLength : Infinity });
    return value;
  };
  switch (type) {
    case "object": {
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(props)) out[k] = child(out, k, v);
      return out;
    }
    case "array": {
      const min = typeof s.minItems === "number" ? s.minItems : depth > 4 ? 0 : 1;
      const max = typeof s.maxItems === "number" ? s.maxItems : Math.max(min, 4);
      const n = between(rng, min, Math.max(min, Math.min(max, min + 4)));
      const items = (s.items ?? {}) as Schema;
      const out: unknown[] = [];
      for (let i = 0; i < n; i++) out.push(child(out, i, items));
      return out;
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
