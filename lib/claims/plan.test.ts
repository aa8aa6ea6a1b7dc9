/**
 * Bad declarations and options fail at plan time, before anything runs, naming the claims file and the field.
 */
import assert from "node:assert/strict";
import { mkdtempSync, readdirSync, rmSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, it } from "node:test";
import type { MechanismClaims } from "../core/claims.js";
import { ConfigError } from "../core/errors.js";
import { audit } from "./audit.js";
import { planAudit } from "./plan.js";
import { syntheticClaims, syntheticRunner } from "./testing/synthetic.js";

const config = { name: "synthetic", mechanism: "synthetic", model: "offline", seeds: [1, 2, 3], params: {} };
const withClaims = (claims: MechanismClaims) => ({ synthetic: { ...syntheticRunner, claims } });
const base = syntheticClaims;
const claim0 = base.claims[1];

async function refused(claims: MechanismClaims, path: RegExp, message: RegExp, opts: { claims?: string[] } = {}): Promise<void> {
  const out = mkdtempSync(join(tmpdir(), "agora-claims-plan-"));
  try {
    await assert.rejects(audit(config, { registry: withClaims(claims), out, ...opts }), (e: unknown) => {
      assert.ok(e instanceof ConfigError, String(e));
      assert.equal(e.file, "lib/claims/testing/synthetic.ts");
      assert.match(e.path.join("."), path);
      assert.match(e.message, message);
      return true;
    });
    assert.ok(!existsSync(join(out, "runs")) || readdirSync(join(out, "runs")).length === 0, "nothing ran");
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

describe("claims plan: errors before anything runs", () => {
  it("an unknown claim id", () => refused(base, /--claim/, /no claim "nope"/, { claims: ["nope"] }));
  it("an unknown metric table", () => refused({ ...base, claims: [{ ...claim0, metric: { table: "rows", column: "y" } }] }, /claims\.builtin\.metric\.table/, /no table "rows"/));
  it("an unknown analysis", () => refused({ ...base, claims: [{ ...claim0, metric: { analysis: "glmm" }, contrast: { term: "x" } }] }, /claims\.builtin\.metric\.analysis/, /no analysis "glmm"/));
  it("an unknown factor level", () => refused({ ...base, claims: [{ ...claim0, contrast: { factor: "arm", levels: ["control", "treatment"] } }] }, /claims\.builtin/, /refuses this design point/));
  it("an unknown assumption path", () => refused({ ...base, assumptions: [{ ...base.assumptions[0], path: "offline.alpha" }] }, /assumptions\.a\.path/, /"offline\.alpha" is not a parameter/));
  it("a range outside the schema's bounds", () => refused({ ...base, assumptions: [{ name: "a", path: "offline.a", kind: "continuous", range: [0, 2], default: 0.5, why: "x" }] }, /assumptions\.a\.range/, /2 is outside offline\.a's bounds/));
  it("a level outside an enum", () => refused({ ...base, assumptions: [{ name: "kind", path: "offline.kind", kind: "discrete", levels: ["x", "w"], default: "x", why: "x" }] }, /assumptions\.kind\.levels/, /"w" is outside/));
  it("a null overriding no parameter", () => refused({ ...base, claims: [{ ...claim0, nulls: [{ name: "n", overrides: { gian: 0 }, why: "typo" }] }] }, /claims\.builtin\.nulls\.0\.overrides\.gian/, /not a parameter/));
  it("a claim without a null", () => refused({ ...base, claims: [{ ...claim0, nulls: [] }] }, /claims\.builtin\.nulls/, /at least one null/));
  it("an unknown assumption name in a claim", () => refused({ ...base, claims: [{ ...claim0, assumptions: ["zeta"] }] }, /claims\.builtin\.assumptions/, /no assumption named "zeta"/));
  it("a mechanism without claims names the file to write", async () => {
    await assert.rejects(planAudit(config, { registry: { synthetic: { ...syntheticRunner, claims: undefined } } }), /declares no claims[\s\S]*lib\/synthetic\/claims\.ts/);
  });
  it("the quick profile is provisional and uses the quick size", async () => {
    const p = await planAudit(config, { registry: withClaims(base) });
    assert.equal(p.provisional, true);
    assert.equal(p.size.points, base.audit.quick.points);
    assert.equal((await planAudit(config, { registry: withClaims(base), profile: "full", points: 7 })).size.points, 7);
  });
});
