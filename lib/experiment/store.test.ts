/**
 * Tables are written and read line by line, never as one string: a table round-trips whatever the chunk size, with
 * multi-byte characters split across chunks, and a bad line is reported by its number.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readTable, writeLinesAtomic } from "./store.js";

test("writeLinesAtomic and readTable round-trip a table at any chunk size", () => {
  const dir = mkdtempSync(join(tmpdir(), "agora-store-"));
  const rows = Array.from({ length: 300 }, (_, i) => ({ i, text: `ligne ${i}: naïve “quote” — ${"é".repeat(i % 7)} 🌞`, x: i / 7 }));
  const path = join(dir, "t.jsonl");
  writeLinesAtomic(path, rows.map((r) => JSON.stringify(r)));
  for (const chunk of [1, 5, 64, 1 << 22]) assert.deepEqual(readTable(path, chunk), rows, `chunk ${chunk}`);
  writeLinesAtomic(join(dir, "empty.jsonl"), []);
  assert.deepEqual(readTable(join(dir, "empty.jsonl")), []);
  writeFileSync(join(dir, "bad.jsonl"), '{"a":1}\n\n{"a":2}\n{"a":\n');
  assert.throws(() => readTable(join(dir, "bad.jsonl"), 3), /line 4/);
  writeFileSync(join(dir, "no-final-newline.jsonl"), '{"a":1}\n{"a":2}');
  assert.deepEqual(readTable(join(dir, "no-final-newline.jsonl"), 4), [{ a: 1 }, { a: 2 }]);
});
