// The test server's default replies must pass the caller's zod schema (after the strict conversion the server
// actually receives), for every seed: 200 seeds per schema here.
import { test } from "node:test";
import assert from "node:assert/strict";
import { z } from "zod";
import { jsonInstance } from "./json-instance.js";
import { compileSchema, parseReply } from "../structured.js";

const schemas: Record<string, z.ZodType> = {
  flat: z.object({ a: z.string(), b: z.number(), c: z.boolean(), d: z.number().int() }),
  bounds: z.object({
    p: z.number().min(0).max(1),
    open: z.number().gt(0).lt(1),
    k: z.number().int().min(-3).max(3),
    kk: z.number().int().gt(5).lt(8),
    big: z.number().min(1000),
    neg: z.number().max(-50),
    step: z.number().int().multipleOf(5).min(0).max(100),
  }),
  strings: z.object({
    short: z.string().min(3).max(6),
    long: z.string().min(50),
    email: z.email(),
    id: z.uuid(),
    at: z.iso.datetime(),
    day: z.iso.date(),
  }),
  shapes: z.object({
    e: z.enum(["a", "b", "c"]),
    lit: z.literal("fixed"),
    list: z.array(z.object({ x: z.number().int().min(0).max(9) })).min(2).max(4),
    maybe: z.string().nullable(),
    opt: z.number().min(1).max(2).optional(),
    def: z.enum(["x", "y"]).default("x"),
    u: z.union([z.string(), z.number()]),
    du: z.discriminatedUnion("kind", [z.object({ kind: z.literal("a"), a: z.number() }), z.object({ kind: z.literal("b"), b: z.boolean() })]),
    nested: z.object({ deeper: z.object({ deepest: z.array(z.string()).max(2) }) }).optional(),
  }),
};

for (const [name, schema] of Object.entries(schemas)) {
  test(`default replies validate: ${name}`, () => {
    const compiled = compileSchema(schema);
    const seen = new Set<string>();
    for (let seed = 0; seed < 200; seed++) {
      const text = JSON.stringify(jsonInstance(compiled.strict.schema, seed));
      seen.add(text);
      const r = parseReply(compiled, text);
      assert.ok(r.ok, `${name}, seed ${seed}: ${text} → ${JSON.stringify(!r.ok && r.issues)}`);
    }
    assert.ok(seen.size > 1, "different seeds give different replies");
    assert.equal(JSON.stringify(jsonInstance(compiled.strict.schema, 7)), JSON.stringify(jsonInstance(compiled.strict.schema, 7)));
  });
}

test("recursive schemas give finite instances", () => {
  type Node = { label: string; children: Node[] };
  const NodeSchema: z.ZodType<Node> = z.lazy(() => z.object({ label: z.string(), children: z.array(NodeSchema).max(3) }));
  const compiled = compileSchema(z.object({ root: NodeSchema }));
  for (let seed = 0; seed < 20; seed++) assert.ok(parseReply(compiled, JSON.stringify(jsonInstance(compiled.strict.schema, seed))).ok);
});
