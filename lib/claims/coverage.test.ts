/**
 * Every registered mechanism declares claims, and they cover its offline model: each numeric, enumerated or boolean
 * parameter of the schemas it names is an assumption or a documented constant.
 */
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { z } from "zod";
import { mechanisms } from "../registry.js";
import { coverageProblems } from "./coverage.js";
import { syntheticClaims } from "./testing/synthetic.js";

describe("offline-model coverage of the claims declarations", () => {
  for (const [name, runner] of Object.entries(mechanisms)) {
    it(`${name}: declares its claims, and every offline-model parameter is an assumption or a documented constant`, () => {
      assert.ok(runner.claims, `${name} declares no claims (lib/${name}/claims.ts, runner.claims)`);
      assert.deepEqual(coverageProblems(runner.claims), []);
    });
  }
  it("the synthetic mechanism is covered", () => assert.deepEqual(coverageProblems(syntheticClaims), []));
  it("a parameter left out is named", () => {
    const decl = { ...syntheticClaims, constants: {} };
    assert.deepEqual(coverageProblems(decl), [`${decl.file}: offline.draws is neither an assumption nor a documented constant`]);
  });
  it("a default that differs from the schema's is named, and so is a stale constant", () => {
    const schema = z.strictObject({ k: z.number().default(2) });
    const problems = coverageProblems({ ...syntheticClaims, offlineSchemas: [{ path: "offline", schema }],
      assumptions: [{ name: "k", path: "offline.k", kind: "continuous", range: [0, 4], default: 3, why: "x" }], constants: { "offline.gone": "old" } });
    assert.equal(problems.length, 2);
    assert.match(problems[0], /declares default 3 but offline\.k's schema default is 2/);
    assert.match(problems[1], /constant offline\.gone is not a parameter/);
  });
});
