/**
 * A schema-valid JSON instance generated from a JSON Schema, deterministically from a seed.
 * Used by the local test servers to answer structured-output requests without a model.
 *
 * Covers what structured output uses: objects (every property filled), `$ref`/`$defs`, `const`, `enum`,
 * `anyOf`/`oneOf`, type lists (`["string", "null"]`), numbers and integers within their bounds, booleans,
 * strings (with `format`, `minLength`/`maxLength`), arrays within `minItems`/`maxItems`.
 */
import { createRng, type Rng } from "../../core/rng.js";
import { hashSeed } from "../../core/hash.js";

type Schema = Record<string, unknown>;
/** false: fixed words; true: 1–12 random words a string; [min, max]: that many random words a string. */
type Varied = boolean | [number, number];

/**
 * A JSON value valid under `schema`, the same for the same `(schema, seed)`.
 *
 * @example
 * jsonInstance({ type: "object", properties: { n: { type: "integer", minimum: 1, maximum: 3 } } }, "abc");
 * // → { n: 2 } (for example)
 */
export function jsonInstance(schema: unknown, seed: string | number): unknown {
  const rng = createRng(hashSeed(0, [String(seed)]));
  return generate(asSchema(schema), rng, asSchema(schema), 0, false);
}

/**
 * A JSON value valid under `schema`, drawn from `rng` (which advances), with varied text: strings are runs of
 * random made-up words of random length within the schema's bounds. Used by the servers' random mode.
 * @example jsonInstanceFrom({ type: "string" }, createRng(1)); // → "torvel amsa quen…" (for example)
 */
export function jsonInstanceFrom(schema: unknown, rng: Rng, words?: [number, number]): unknown {
  return generate(asSchema(schema), rng, asSchema(schema), 0, words ?? true);
}

/** A made-up word of two to four syllables. */
export function randomWord(rng: Rng): string {
  let w = "";
  for (let i = 2 + rng.int(3); i > 0; i--) w += ONSETS[rng.int(ONSETS.length)] + VOWELS[rng.int(VOWELS.length)];
  return w;
}

/** `n` random words separated by spaces. */
export function randomWords(rng: Rng, n: number): string {
  const out: string[] = [];
  for (let i = 0; i < n; i++) out.push(randomWord(rng));
  return out.join(" ");
}

const ONSETS = ["b", "c", "d", "f", "g", "h", "k", "l", "m", "n", "p", "r", "s", "t", "v", "z", "br", "st", "tr", "qu", "th", "sh"];
const VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "ou", "y"];

function asSchema(s: unknown): Schema {
  return s && typeof s === "object" ? (s as Schema) : {};
}

function resolveRef(ref: string, root: Schema): Schema {
  if (ref === "#") return root;
  const parts = ref.replace(/^#\//, "").split("/").map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let node: unknown = root;
  for (const p of parts) node = asSchema(node)[p];
  return asSchema(node);
}

function generate(schema: Schema, rng: Rng, root: Schema, depth: number, varied: Varied): unknown {
  if (typeof schema.$ref === "string") return generate(resolveRef(schema.$ref, root), rng, root, depth + 1, varied);
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return rng.choice(schema.enum);
  const options = (schema.anyOf ?? schema.oneOf) as unknown[] | undefined;
  if (Array.isArray(options) && options.length > 0) {
    // Deep in recursive schemas prefer a null option, so the instance stays finite.
    const nullIdx = options.findIndex((o) => asSchema(o).type === "null");
    const pick = depth > 6 && nullIdx >= 0 ? nullIdx : rng.int(options.length);
    return generate({ ...stripCombinators(schema), ...asSchema(options[pick]) }, rng, root, depth + 1, varied);
  }
  if (Array.isArray(schema.allOf)) {
    const merged = Object.assign({}, stripCombinators(schema), ...schema.allOf.map(asSchema)) as Schema;
    return generate(merged, rng, root, depth + 1, varied);
  }
  let type = schema.type;
  if (Array.isArray(type)) type = depth > 6 && type.includes("null") ? "null" : rng.choice(type);
  if (type === undefined) type = schema.properties ? "object" : schema.items ? "array" : "string";
  switch (type) {
    case "null":
      return null;
    case "boolean":
      return rng.bernoulli(0.5);
    case "integer":
      return integer(schema, rng);
    case "number":
      return number(schema, rng);
    case "string":
      return string(schema, rng, varied);
    case "array":
      return array(schema, rng, root, depth, varied);
    case "object":
      return object(schema, rng, root, depth, varied);
    default:
      return null;
  }
}

function stripCombinators(schema: Schema): Schema {
  const { anyOf: _a, oneOf: _o, allOf: _l, ...rest } = schema;
  return rest;
}

function bounds(schema: Schema, fallbackLo: number, fallbackHi: number): [number, number, boolean, boolean] {
  const lo = typeof schema.minimum === "number" ? schema.minimum : typeof schema.exclusiveMinimum === "number" ? schema.exclusiveMinimum : undefined;
  const hi = typeof schema.maximum === "number" ? schema.maximum : typeof schema.exclusiveMaximum === "number" ? schema.exclusiveMaximum : undefined;
  const a = lo ?? (hi !== undefined ? Math.min(fallbackLo, hi - (fallbackHi - fallbackLo)) : fallbackLo);
  const b = hi ?? Math.max(fallbackHi, a + (fallbackHi - fallbackLo));
  return [a, b, typeof schema.exclusiveMinimum === "number", typeof schema.exclusiveMaximum === "number"];
}

function integer(schema: Schema, rng: Rng): number {
  const [a, b, exA, exB] = bounds(schema, 0, 10);
  const lo = exA ? Math.floor(a) + 1 : Math.ceil(a);
  const hi = exB ? Math.ceil(b) - 1 : Math.floor(b);
  if (hi < lo) return lo;
  const m = typeof schema.multipleOf === "number" && schema.multipleOf > 0 ? schema.multipleOf : 1;
  const first = Math.ceil(lo / m) * m;
  const count = Math.floor((hi - first) / m) + 1;
  return count > 0 ? first + m * rng.int(count) : lo;
}

function number(schema: Schema, rng: Rng): number {
  const [a, b] = bounds(schema, 0, 1);
  if (typeof schema.multipleOf === "number" && schema.multipleOf > 0) return integer(schema, rng);
  // Three decimals keep replies short; stay strictly inside exclusive bounds.
  const x = Math.round(rng.range(a, b) * 1000) / 1000;
  return Math.min(Math.max(x, a + (schema.exclusiveMinimum !== undefined ? 1e-3 : 0)), b - (schema.exclusiveMaximum !== undefined ? 1e-3 : 0));
}

const FORMATS: Record<string, string> = {
  "date-time": "2024-01-02T03:04:05Z",
  date: "2024-01-02",
  time: "03:04:05Z",
  duration: "P1D",
  email: "agent@example.org",
  hostname: "example.org",
  ipv4: "192.0.2.1",
  ipv6: "2001:db8::1",
  uuid: "123e4567-e89b-42d3-a456-426614174000",
  uri: "https://example.org/",
};

const WORDS = ["alpha", "bravo", "cedar", "delta", "ember", "fjord", "grove", "harbor", "indigo", "juniper"];

function string(schema: Schema, rng: Rng, varied: Varied): string {
  if (typeof schema.format === "string" && FORMATS[schema.format]) return FORMATS[schema.format];
  const min = typeof schema.minLength === "number" ? schema.minLength : described(schema, "minLength") ?? 0;
  const max = typeof schema.maxLength === "number" ? schema.maxLength : described(schema, "maxLength") ?? (Array.isArray(varied) ? Infinity : Math.max(min, varied ? 200 : 40));
  if (varied) {
    let s = randomWords(rng, Array.isArray(varied) ? varied[0] + rng.int(varied[1] - varied[0] + 1) : 1 + rng.int(12));
    while (s.length < min) s += ` ${randomWord(rng)}`;
    return s.slice(0, max);
  }
  let s = `${rng.choice(WORDS)} ${rng.choice(WORDS)}`;
  while (s.length < min) s += ` ${rng.choice(WORDS)}`;
  return s.slice(0, max);
}

/** A constraint the strict-schema conversion moved into the description, e.g. "(minLength: 2, maxLength: 5)". */
function described(schema: Schema, keyword: string): number | undefined {
  if (typeof schema.description !== "string") return undefined;
  const m = new RegExp(`\\b${keyword}: (\\d+)`).exec(schema.description);
  return m ? Number(m[1]) : undefined;
}

function array(schema: Schema, rng: Rng, root: Schema, depth: number, varied: Varied): unknown[] {
  const prefix = Array.isArray(schema.prefixItems) ? schema.prefixItems.map(asSchema) : [];
  // Deep in recursive schemas use the fewest items allowed, so the instance stays finite.
  const least = Math.max(typeof schema.minItems === "number" ? schema.minItems : 0, prefix.length);
  const min = depth > 6 ? least : Math.max(least, Math.min(1, typeof schema.maxItems === "number" ? schema.maxItems : 1));
  const max = depth > 6 ? least : typeof schema.maxItems === "number" ? schema.maxItems : Math.max(min, 3);
  const n = min + rng.int(Math.max(1, max - min + 1));
  const items = asSchema(schema.items);
  return Array.from({ length: n }, (_, i) => generate(i < prefix.length ? prefix[i] : items, rng, root, depth + 1, varied));
}

function object(schema: Schema, rng: Rng, root: Schema, depth: number, varied: Varied): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const props = asSchema(schema.properties);
  for (const key of Object.keys(props)) out[key] = generate(asSchema(props[key]), rng, root, depth + 1, varied);
  return out;
}
