/**
 * The audit on a synthetic mechanism whose effects have known causes (testing/synthetic.ts): each must get its class.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { audit } from "./audit.js";
import type { AuditResult } from "./types.js";
import { syntheticRunner } from "./testing/synthetic.js";

const registry = { synthetic: syntheticRunner };
const config = { name: "synthetic", mechanism: "synthetic", model: "offline", seeds: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], params: {} };

describe("claims audit on a synthetic mechanism", () => {
  let dir: string;
  let result: AuditResult;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "agora-claims-"));
    result = await audit(config, { registry, out: dir, profile: "full" });
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  const get = (id: string) => result.claims.find((c) => c.claim === id)!;

  it("an effect a parameter sets is `input`", () => assert.equal(get("input").class, "input"));
  it("an effect no assumption can reverse is `built in`", () => {
    assert.equal(get("builtin").space.reversed, 0);
    assert.equal(get("builtin").class, "built in");
  });
  it("an effect one assumption decides is `assumption-dependent`, and that assumption is named", () => {
    const c = get("single");
    assert.equal(c.class, "assumption-dependent");
    assert.equal(c.deciding?.assumption, "c");
    assert.ok(c.space.shareHolds < 0.8 && c.space.shareReversed > 0, JSON.stringify(c.space));
  });
  it("an effect that holds on most of the space and vanishes under its null is `emergent`", () => {
    const c = get("emergent");
    assert.ok(c.nulls.every((n) => n.vanishes));
    assert.equal(c.class, "emergent", c.reason);
  });
  it("an effect whose null does not remove it is not `emergent`", () => {
    const c = get("sticky");
    assert.equal(c.nulls[0].vanishes, false);
    assert.notEqual(c.class, "emergent");
  });
  it("a paper value outside our CI is not `reproduced`", () => {
    const c = get("magnitude");
    assert.ok(c.default.upper < 3);
    assert.equal(c.magnitude, "direction only");
  });
  it("Holm covers the whole family and the full profile is final", () => {
    assert.ok(result.claims.every((c) => c.family === 7 && c.pHolm >= c.default.p && !c.provisional));
    assert.equal(result.claims[0].space.points, 50);
    assert.equal(readFileSync(join(result.dir, "claims.jsonl"), "utf8").trim().split("\n").length, 7);
  });
  it("a rerun runs nothing new and writes byte-identical files", async () => {
    const before = readFileSync(join(result.dir, "points.jsonl"), "utf8");
    await audit(config, { registry, out: dir, profile: "full" });
    assert.equal(readFileSync(join(result.dir, "points.jsonl"), "utf8"), before);
  });
});
