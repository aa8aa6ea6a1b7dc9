/**
 * zod → JSON Schema for structured output.
 *
 * `toJSONSchema` gives zod 4's own conversion (input side, so defaulted fields are optional). `toStrictSchema`
 * rewrites it for OpenAI's strict mode: every object lists all its properties in `required` and has
 * `additionalProperties: false`; an optional property becomes nullable (the `null` is removed again before zod
 * validates the reply, see `dropNullOptionals`); only supported keywords are kept (unsupported constraints such as
 * `minLength` are moved into the description and still enforced by zod). Constructs strict mode cannot express
 * (records, tuples, `not`) make the result non-strict instead of failing.
 */
import { z, type ZodType } from "zod";
import { LLMConfigError } from "./errors.js";

type Schema = Record<string, unknown>;

/** The JSON Schema of a zod schema (input side, without `$schema`). */
export function toJSONSchema(schema: ZodType): Schema {
  let json: Schema;
  try {
    json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Schema;
  } catch (err) {
    throw new LLMConfigError("schema", `the zod schema cannot be converted to JSON Schema: ${(err as Error).message}`, "use plain objects, arrays, enums, strings, numbers and booleans in structured-output schemas");
  }
  const { $schema: _drop, ...rest } = json;
  return rest;
}

export interface StrictSchema {
  schema: Schema;
  /** True when the schema is valid under OpenAI strict mode; otherwise it is sent with `strict: false`. */
  strict: boolean;
  /** Why the schema is not strict (JSON paths), empty when it is. */
  notes: string[];
}

const KEEP = new Set([
  "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "$ref", "$defs",
  "description", "title", "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
  "exclusiveMinimum", "minItems", "maxItems",
]);
const DESCRIBE = new Set(["minLength", "maxLength", "minProperties", "maxProperties", "uniqueItems"]);
const FORMATS = new Set(["date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid"]);

/**
 * A zod schema as a JSON Schema valid under OpenAI's strict structured-output mode (see the module comment).
 * @throws LLMConfigError when the root is not an object schema (wrap the value in `z.object({ … })`).
 * @example
 * toStrictSchema(z.object({ a: z.string().optional() })).schema
 * // → { type: "object", properties: { a: { type: ["string", "null"] } }, required: ["a"], additionalProperties: false }
 */
export function toStrictSchema(schema: ZodType): StrictSchema {
  const json = toJSONSchema(schema);
  if (json.type !== "object") {
    throw new LLMConfigError("schema", `a structured-output schema must be an object at the root, got ${JSON.stringify(json.type ?? Object.keys(json))}`, "wrap the value in z.object({ … })");
  }
  const notes: string[] = [];
  const out = strictNode(json, "$", notes);
  return { schema: out, strict: notes.length === 0, notes };
}

function strictNode(node: Schema, path: string, notes: string[]): Schema {
  const out: Schema = {};
  const extra: string[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (KEEP.has(k)) out[k] = v;
    else if (DESCRIBE.has(k)) extra.push(`${k}: ${JSON.stringify(v)}`);
    else if (k === "oneOf") out.anyOf = v;
    else if (k === "allOf" && Array.isArray(v) && v.length === 1) Object.assign(out, v[0]);
    else if (k === "default" || k === "examples" || k === "propertyNames" || k === "$id" || k === "id") continue;
    else notes.push(`${path}: keyword "${k}" is not supported in strict mode`);
  }
  if (typeof out.format === "string") {
    if (FORMATS.has(out.format)) delete out.pattern;
    else {
      extra.push(`format: ${out.format}`);
      delete out.format;
    }
  }
  if (extra.length) out.description = [out.description, `(${extra.join(", ")})`].filter(Boolean).join(" ");
  if (Array.isArray(out.type) && out.type.length === 1) out.type = out.type[0];
  if (Array.isArray(out.type) && !(out.type.length === 2 && out.type.includes("null"))) {
    const { type, ...rest } = out;
    return strictNode({ ...rest, anyOf: (type as string[]).map((t) => ({ type: t })) }, path, notes);
  }
  if (out.$defs && typeof out.$defs === "object") {
    const defs: Schema = {};
    for (const [k, v] of Object.entries(out.$defs as Schema)) defs[k] = strictNode(v as Schema, `${path}.$defs.${k}`, notes);
    out.$defs = defs;
  }
  if (Array.isArray(out.anyOf)) out.anyOf = out.anyOf.map((s, i) => strictNode(s as Schema, `${path}.anyOf[${i}]`, notes));
  if (out.items !== undefined) {
    if (out.items && typeof out.items === "object") out.items = strictNode(out.items as Schema, `${path}[]`, notes);
    else notes.push(`${path}: tuple arrays are not supported in strict mode`);
  }
  if (isObjectType(out)) {
    if (out.additionalProperties && typeof out.additionalProperties === "object") {
      notes.push(`${path}: records (additionalProperties schemas) are not supported in strict mode`);
    }
    const props = (out.properties ?? {}) as Schema;
    const required = new Set(Array.isArray(out.required) ? (out.required as string[]) : []);
    const strictProps: Schema = {};
    for (const [k, v] of Object.entries(props)) {
      const child = strictNode(v as Schema, `${path}.${k}`, notes);
      strictProps[k] = required.has(k) ? child : nullable(child);
    }
    out.properties = strictProps;
    out.required = Object.keys(strictProps);
    if (!(out.additionalProperties && typeof out.additionalProperties === "object")) out.additionalProperties = false;
  }
  return out;
}

function isObjectType(s: Schema): boolean {
  return s.type === "object" || (Array.isArray(s.type) && s.type.includes("object"));
}

function allowsNull(s: Schema): boolean {
  if (s.type === "null" || (Array.isArray(s.type) && s.type.includes("null"))) return true;
  if (Array.isArray(s.enum) && s.enum.includes(null)) return true;
  return Array.isArray(s.anyOf) && s.anyOf.some((o) => allowsNull(o as Schema));
}

function nullable(s: Schema): Schema {
  if (allowsNull(s)) return s;
  if (typeof s.$ref === "string" || "const" in s || Array.isArray(s.anyOf)) {
    const { description, ...rest } = s;
    const options = Array.isArray(rest.anyOf) && Object.keys(rest).length === 1 ? (rest.anyOf as Schema[]) : [rest];
    return { ...(description ? { description } : {}), anyOf: [...options, { type: "null" }] };
  }
  const out: Schema = { ...s };
  if (typeof s.type === "string") out.type = [s.type, "null"];
  if (Array.isArray(s.enum)) out.enum = [...s.enum, null];
  return out;
}

/**
 * Removes the `null` a model wrote for an optional property that does not itself accept null, so that zod sees
 * the property as absent (and applies its default). `schema` is the original (non-strict) JSON schema.
 */
export function dropNullOptionals(schema: Schema, data: unknown, root: Schema = schema): unknown {
  const s = resolve(schema, root);
  if (Array.isArray(data)) {
    const items = s.items && typeof s.items === "object" ? (s.items as Schema) : undefined;
    return items ? data.map((d) => dropNullOptionals(items, d, root)) : data;
  }
  if (data && typeof data === "object") {
    const options = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
    const objSchema = options ? options.map((o) => resolve(o, root)).find((o) => o.properties) : s;
    const props = (objSchema?.properties ?? {}) as Schema;
    const required = new Set(Array.isArray(objSchema?.required) ? (objSchema.required as string[]) : []);
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(data as Record<string, unknown>)) {
      const ps = props[k] as Schema | undefined;
      if (v === null && ps && !required.has(k) && !allowsNull(resolve(ps, root))) continue;
      out[k] = ps ? dropNullOptionals(ps, v, root) : v;
    }
    return out;
  }
  return data;
}

function resolve(s: Schema, root: Schema): Schema {
  let node = s;
  for (let i = 0; i < 20 && typeof node.$ref === "string"; i++) {
    const parts = (node.$ref as string).replace(/^#\/?/, "").split("/").filter(Boolean);
    let cur: unknown = root;
    for (const p of parts) cur = (cur as Schema)?.[p];
    node = (cur ?? {}) as Schema;
  }
  return node;
}
