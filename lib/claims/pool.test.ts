/**
 * Design points run in worker processes give the same audit, byte for byte, as in one process.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { audit } from "./audit.js";

const config = { name: "synthetic", mechanism: "synthetic", model: "offline", seeds: [1, 2, 3, 4, 5, 6], params: {} };

describe("claims audit in worker processes", () => {
  it("gives byte-identical files with 1 and 2 workers", async () => {
    const saved = process.env.AGORA_REGISTRY;
    process.env.AGORA_REGISTRY = resolve(import.meta.dirname, "testing", "registry.ts");
    const dirs = [mkdtempSync(join(tmpdir(), "agora-claims-w1-")), mkdtempSync(join(tmpdir(), "agora-claims-w2-"))];
    try {
      const opts = { points: 4, claims: ["single"] };
      const one = await audit(config, { ...opts, out: dirs[0], workers: 1 });
      const two = await audit(config, { ...opts, out: dirs[1], workers: 2 });
      for (const f of ["claims.jsonl", "points.jsonl", "sweeps.jsonl", "nulls.jsonl"]) {
        assert.equal(readFileSync(join(two.dir, f), "utf8"), readFileSync(join(one.dir, f), "utf8"), f);
      }
    } finally {
      if (saved === undefined) delete process.env.AGORA_REGISTRY;
      else process.env.AGORA_REGISTRY = saved;
      for (const d of dirs) rmSync(d, { recursive: true, force: true });
    }
  });
});
