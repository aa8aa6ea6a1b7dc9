import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { test } from "node:test";
import { promisify } from "node:util";
import { withFields } from "./call.js";

test("withFields copies the request as a spread with the fields set: same own fields, same order, symbols kept", () => {
  const tag = Symbol("tag");
  const req = { messages: [{ role: "user" as const, content: "hi" }], temperature: 0, address: { step: 1 }, [tag]: 7 };
  const out = withFields(req, { address: "a/b", seed: 3 });
  const spread = { ...req, address: "a/b", seed: 3 };
  assert.deepEqual(Reflect.ownKeys(out), Reflect.ownKeys(spread));
  assert.deepEqual(out, spread);
  assert.equal((out as Record<symbol, unknown>)[tag], 7);
  assert.deepEqual(req.address, { step: 1 }, "the input is not changed");
  assert.equal(out.messages, req.messages, "a shallow copy");
});

test("copies made by withFields share one hidden class, where V8 gives a spread copy one per call", async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-llm-shapes-"));
  try {
    const script = join(dir, "shapes.mts");
    await writeFile(script, `
      import { z } from ${JSON.stringify(import.meta.resolve("zod"))};
      import { withFields } from ${JSON.stringify(join(import.meta.dirname, "call.ts"))};
      import { createModel } from ${JSON.stringify(join(import.meta.dirname, "..", "create.ts"))};
      import { CANCELLABLE } from ${JSON.stringify(join(import.meta.dirname, "..", "providers", "common.ts"))};
      const same = new Function("a", "b", "return %HaveSameMap(a, b)");
      const seen = [];
      const data = { answer: "a" };
      const provider = { id: "openai-compatible:m", [CANCELLABLE]: process.argv[2] === "cancel", generate: (req) => {
        seen.push(req);
        return Promise.resolve({ text: JSON.stringify(data), data, usage: { inputTokens: 1, outputTokens: 1 }, latencyMs: 0, cached: false, model: "openai-compatible:m" });
      } };
      const model = createModel({ provider: "openai-compatible", baseURL: "http://127.0.0.1:9/v1", model: "m", concurrency: 8, tpm: 1e8 }, { provider });
      const schema = z.object({ answer: z.string() });
      await Promise.all(Array.from({ length: 300 }, (_, i) => model.generate({ messages: [{ role: "user", content: "q " + i }], schema, temperature: 0, address: { mechanism: "t", cell: "c", seed: 0, role: "judge", step: i } })));
      const changes = (xs) => xs.reduce((n, x, i) => n + (i > 0 && !same(xs[i - 1], x) ? 1 : 0), 0);
      // the address object replaced by its string, then a symbol field holding a new object each time
      const requests = () => Array.from({ length: 300 }, (_, i) => ({ messages: [{ role: "user", content: "q" }], schema, temperature: 0, address: { step: i } }));
      const helper = changes(requests().map((r, i) => withFields(r, { address: "a/" + i, seed: i * 4_000_000 })).map((r) => withFields(r, { [CANCELLABLE]: {} })));
      const spread = changes(requests().map((r, i) => ({ ...r, address: "a/" + i, seed: i * 4_000_000 })));
      console.log(JSON.stringify({ calls: seen.length, changes: changes(seen), seeds: new Set(seen.map((r) => r.seed)).size, helper, spread }));
    `);
    for (const mode of ["cancel", "signal"]) {
      const { stdout } = await promisify(execFile)(process.execPath, ["--allow-natives-syntax", "--import", "tsx", script, mode], { cwd: import.meta.dirname });
      const r = JSON.parse(stdout) as { calls: number; changes: number; seeds: number; helper: number; spread: number };
      assert.equal(r.calls, 300);
      assert.equal(r.seeds, 300, "each address its own seed");
      assert.ok(r.changes <= 2, `${mode}: ${r.changes} hidden-class changes over the 300 requests reaching the provider`);
      assert.ok(r.helper <= 2, `withFields: ${r.helper} hidden-class changes over 300 copies`);
      assert.ok(r.spread > 100, `the spread this guards against: ${r.spread} changes (if V8 no longer does this, withFields may go)`);
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
