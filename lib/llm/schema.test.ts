// zod → OpenAI strict-mode JSON schema. The local test server accepts anything, so the conversion itself is
// checked here against the rules of OpenAI's structured outputs guide ("Supported schemas": every object has
// additionalProperties false and lists all properties in required; optional fields are emulated with null;
// the root is an object; only the documented keywords are allowed).
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { toStrictSchema } from "./schema.js";
import { compileSchema, parseReply } from "./structured.js";
import { LLMConfigError } from "./errors.js";

const ALLOWED = new Set([
  "type", "properties", "required", "additionalProperties", "items", "enum", "const", "anyOf", "$ref", "$defs",
  "description", "title", "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum",
  "exclusiveMinimum", "minItems", "maxItems",
]);

/** Problems that would make OpenAI refuse a schema in strict mode (empty when it is valid). */
function strictProblems(node: unknown, path = "$"): string[] {
  if (!node || typeof node !== "object") return [];
  const s = node as Record<string, unknown>;
  const out: string[] = [];
  for (const k of Object.keys(s)) if (!ALLOWED.has(k)) out.push(`${path}: keyword ${k}`);
  if (Array.isArray(s.type) && !(s.type.length === 2 && s.type.includes("null"))) out.push(`${path}: type list ${s.type}`);
  const isObject = s.type === "object" || (Array.isArray(s.type) && s.type.includes("object"));
  if (isObject) {
    if (s.additionalProperties !== false) out.push(`${path}: additionalProperties must be false`);
    const keys = Object.keys((s.properties ?? {}) as object).sort();
    const req = [...((s.required ?? []) as string[])].sort();
    if (JSON.stringify(keys) !== JSON.stringify(req)) out.push(`${path}: required ${req} != properties ${keys}`);
    for (const [k, v] of Object.entries((s.properties ?? {}) as object)) out.push(...strictProblems(v, `${path}.${k}`));
  }
  if (s.items) out.push(...strictProblems(s.items, `${path}[]`));
  if (Array.isArray(s.anyOf)) s.anyOf.forEach((o, i) => out.push(...strictProblems(o, `${path}.anyOf[${i}]`)));
  if (s.$defs) for (const [k, v] of Object.entries(s.$defs as object)) out.push(...strictProblems(v, `${path}.$defs.${k}`));
  return out;
}

const Agent = z.object({
  name: z.string().min(2).max(30).describe("display name"),
  age: z.number().int().min(18).max(99).optional(),
  role: z.enum(["buyer", "seller"]).default("buyer"),
  note: z.string().nullable(),
  stamp: z.iso.datetime(),
  friends: z.array(z.object({ id: z.string(), close: z.boolean().optional() })).max(5),
  value: z.union([z.string(), z.number()]),
  choice: z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), x: z.number() }), z.object({ kind: z.literal("b") })]).optional(),
});

test("a typical schema converts to a strict-valid one", () => {
  const { schema, strict, notes } = toStrictSchema(Agent);
  assert.deepEqual(notes, []);
  assert.equal(strict, true);
  assert.deepEqual(strictProblems(schema), []);
  const props = schema.properties as Record<string, Record<string, unknown>>;
  assert.deepEqual(props.age.type, ["integer", "null"], "optional becomes nullable");
  assert.deepEqual(props.role.enum, ["buyer", "seller", null], "defaulted enums become nullable enums");
  assert.deepEqual(props.note.type, ["string", "null"]);
  assert.match(String(props.name.description), /display name \(minLength: 2, maxLength: 30\)/);
  assert.equal(props.stamp.format, "date-time");
  assert.equal(props.stamp.pattern, undefined, "the format replaces zod's long pattern");
  assert.ok(Array.isArray(props.value.anyOf), "a type list becomes anyOf");
  assert.ok((props.choice.anyOf as unknown[]).some((o) => (o as { type?: string }).type === "null"));
});

test("recursive schemas keep $ref/$defs and stay strict", () => {
  type Node = { label: string; children: Node[] };
  const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ label: z.string(), children: z.array(NodeSchema) }));
  const { schema, strict } = toStrictSchema(z.object({ root: NodeSchema }));
  assert.equal(strict, true);
  assert.deepEqual(strictProblems(schema), []);
});

test("what strict mode cannot express makes the schema non-strict, with notes; a non-object root is refused", () => {
  const r = toStrictSchema(z.object({ counts: z.record(z.string(), z.number()) }));
  assert.equal(r.strict, false);
  assert.match(r.notes.join(), /records/);
  assert.throws(() => toStrictSchema(z.array(z.string())), (e: unknown) => e instanceof LLMConfigError && /z\.object/.test(e.message));
});

test("replies parse back: null for an optional field means absent, defaults apply, code fences are tolerated", () => {
  const c = compileSchema(Agent);
  const reply = {
    name: "Ana", age: null, role: null, note: null, stamp: "2024-01-02T03:04:05Z",
    friends: [{ id: "b", close: null }], value: 3, choice: null,
  };
  const r = parseReply<z.infer<typeof Agent>>(c, "```json\n" + JSON.stringify(reply) + "\n```");
  assert.ok(r.ok);
  assert.equal(r.data.age, undefined);
  assert.equal(r.data.role, "buyer");
  assert.equal(r.data.note, null, "a nullable field keeps its null");
  assert.deepEqual(r.data.friends, [{ id: "b" }]);
  const bad = parseReply(c, JSON.stringify({ ...reply, name: "A" }));
  assert.ok(!bad.ok);
  assert.deepEqual(bad.issues[0].path, ["name"]);
});
