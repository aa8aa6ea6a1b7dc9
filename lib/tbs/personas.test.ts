import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createRng } from "../core/rng.js";
import { ConfigError } from "../core/errors.js";
import { assignPersonas, loadEcology, loadTopic } from "./personas.js";

test("bundled ecologies and topic load and validate", () => {
  const six = loadEcology("six-americas");
  assert.deepEqual(six.personas.map((p) => p.id), ["alarmed", "concerned", "cautious", "disengaged", "doubtful", "dismissive"]);
  // Fall 2024 shares (MECHANISMS.md §1): 26, 28, 18, 6, 12, 10 %.
  assert.deepEqual(six.personas.map((p) => p.share), [0.26, 0.28, 0.18, 0.06, 0.12, 0.1]);
  assert.equal(loadEcology("balanced-stakeholders").personas.length, 6);
  assert.ok(loadTopic("solar-pv-mandate").arguments.oppose.converge.length > 0);
});

test("agents are allocated by share (largest remainder) when sampling by share", () => {
  const ids = assignPersonas(loadEcology("six-americas"), 100, createRng(1)).map((p) => p.id);
  const count = (id: string) => ids.filter((x) => x === id).length;
  assert.deepEqual([count("alarmed"), count("concerned"), count("cautious"), count("disengaged"), count("doubtful"), count("dismissive")], [26, 28, 18, 6, 12, 10]);
  assert.equal(assignPersonas(loadEcology("six-americas"), 6, createRng(1)).length, 6);
});

test("a persona file with a missing field gets a ConfigError naming file, field and fix", () => {
  const dir = mkdtempSync(join(tmpdir(), "tbs-"));
  const file = join(dir, "bad.json");
  writeFileSync(file, JSON.stringify({ name: "x", description: "y", sampling: "cycle", personas: [{ id: "a", name: "A", description: "d", stance_sd: 1, susceptibility: 0.5 }] }));
  assert.throws(() => loadEcology(file), (e: unknown) => e instanceof ConfigError && /personas\.0\.stance_mean/.test(e.message) && /fix:/.test(e.message));
  assert.throws(() => loadEcology("no-such-ecology"), /not found/);
  writeFileSync(file, JSON.stringify({ name: "x", description: "y", sampling: "shares", personas: [{ id: "a", name: "A", description: "d", stance_mean: 0, stance_sd: 1, susceptibility: 0.5 }] }));
  assert.throws(() => loadEcology(file), /share/);
});

test("a topic's agenda: every item's theme exists, items do not overlap or run backwards; errors name the file and the item", () => {
  const t = loadTopic("solar-pv-agenda");
  assert.deepEqual(t.agenda!.map((a) => [a.id, a.theme]), [["cost", "cost"], ["climate", "climate"], ["cost-again", "cost"]]);
  const dir = mkdtempSync(join(tmpdir(), "tbs-"));
  const file = join(dir, "agenda.json");
  const bad = (agenda: unknown) => (writeFileSync(file, JSON.stringify({ ...t, agenda })), () => loadTopic(file));
  assert.throws(bad([{ id: "x", theme: "housing", title: "h", from: 1, to: 3 }]), (e: unknown) => e instanceof ConfigError && e.message.includes(file) && /agenda\.0\.theme/.test(e.message) && /housing/.test(e.message));
  assert.throws(bad([{ id: "a", theme: "cost", title: "c", from: 1, to: 5 }, { id: "b", theme: "climate", title: "k", from: 5, to: 9 }]), /agenda\.1\.from[\s\S]*overlaps/);
  assert.throws(bad([{ id: "a", theme: "cost", title: "c", from: 6, to: 5 }]), /agenda\.0\.to/);
});
