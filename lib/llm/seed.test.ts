import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { test } from "node:test";
import { providerSeed } from "../core/model.js";

test("the provider seed of an address is the low 31 bits of its SHA-256's first four bytes read little-endian (as every earlier run sent)", () => {
  for (let i = 0; i < 2000; i++) {
    const address = `tbs/mode=willing/seed=${i}/reasoner/step=${i % 37}/agent=${i % 5}/sample=${i % 3}${"é".repeat(i % 3)}`;
    const expected = createHash("sha256").update(address).digest().readUInt32LE(0) & 0x7fffffff;
    assert.equal(providerSeed(address), expected, address);
  }
  assert.equal(providerSeed("tbs/mode=willing/seed=3/reasoner/step=4/agent=2/sample=0"), 1451553566);
});
