/**
 * Structured output: a zod schema compiled once into the JSON schemas providers need, and the parsing of a
 * reply into validated data. Parsing failures are returned as data (`issues`), not thrown.
 */
import type { ZodType } from "zod";
import { stableStringify } from "../core/hash.js";
import type { GenerateResult, Usage } from "../core/model.js";
import { LLMParseError, type ParseIssue } from "./errors.js";
import { dropNullOptionals, toJSONSchema, toStrictSchema, type StrictSchema } from "./schema.js";

export interface CompiledSchema {
  zod: ZodType;
  /** zod's own JSON schema (input side). */
  json: Record<string, unknown>;
  /** The OpenAI strict-mode version. */
  strict: StrictSchema;
  /** `json` as canonical text (keys sorted), the part of a replay-cache key that names the schema. */
  canonical: string;
  /** `json` as written into replay-cache entries. */
  jsonText: string;
}

const compiled = new WeakMap<ZodType, CompiledSchema>();

/**
 * The JSON schemas of a zod schema, computed once per schema object.
 * @throws LLMConfigError when the schema is not an object schema or cannot be converted.
 */
export function compileSchema(schema: ZodType): CompiledSchema {
  let c = compiled.get(schema);
  if (!c) {
    const json = toJSONSchema(schema);
    c = { zod: schema, json, strict: toStrictSchema(schema), canonical: stableStringify(json), jsonText: JSON.stringify(json) };
    compiled.set(schema, c);
  }
  return c;
}

export type ParseResult<T> = { ok: true; data: T } | { ok: false; issues: ParseIssue[] };

/**
 * Parses a reply text as JSON (tolerating a Markdown code fence around it) and validates it with the schema.
 * @example parseReply(compileSchema(z.object({ n: z.number() })), '{"n": 1}') // → { ok: true, data: { n: 1 } }
 */
export function parseReply<T>(schema: CompiledSchema, text: string): ParseResult<T> {
  let value: unknown;
  try {
    value = JSON.parse(unfence(text));
  } catch (err) {
    return { ok: false, issues: [{ path: [], message: `not valid JSON (${(err as Error).message})` }] };
  }
  // a reply whose text holds no `null` has none to drop: it is validated as parsed (no copy of every object)
  const result = schema.zod.safeParse(text.includes("null") ? dropNullOptionals(schema.json, value) : value);
  if (result.success) return { ok: true, data: result.data as T };
  return {
    ok: false,
    issues: result.error.issues.map((i) => ({ path: i.path.map((p) => (typeof p === "symbol" ? String(p) : p)), message: i.message })),
  };
}

function unfence(text: string): string {
  const t = text.trim();
  const m = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(t);
  return m ? m[1] : t;
}

/** The follow-up message that asks the model to fix a reply that failed the schema. */
export function reaskMessage(issues: ParseIssue[]): string {
  const lines = issues.slice(0, 10).map((i) => `- ${i.path.length ? i.path.join(".") : "(root)"}: ${i.message}`);
  return `Your reply did not match the required JSON schema:\n${lines.join("\n")}\nReply again with only the corrected JSON object.`;
}

/**
 * The provider-independent end of a call: the result object, with `data` parsed and validated when a schema was sent.
 * @throws LLMParseError when the reply does not satisfy the schema (one attempt; the re-ask wrapper asks again).
 */
export function replyResult<T>(
  model: string,
  text: string,
  usage: Usage,
  latencyMs: number,
  compiled: CompiledSchema | undefined,
): GenerateResult<T> {
  const result: GenerateResult<T> = { text, usage, latencyMs, cached: false, model };
  if (compiled) {
    const parsed = parseReply<T>(compiled, text);
    if (!parsed.ok) throw new LLMParseError(model, text, parsed.issues, 1, usage);
    result.data = parsed.data;
  }
  return result;
}
