/**
 * The hand-written state sets: the fresh set's parts are the seeded draw (2 tune and 3 report per scenario), both
 * sets build into LoCoMo's format, and the summary counts conversations per scenario group.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assignParts, buildStatesCheck, checkSetPaths, FRESH_CHECK_TEXT, FRESH_SPLIT_SEED, STATES_CHECK_TEXT, statesCheckText, validationSetNames } from "./states-check.js";
import { checkSummary } from "./states-check-run.js";

test("the fresh set: 35 conversations, per scenario 2 tune and 3 report, equal to the seeded draw", () => {
  const text = readFileSync(FRESH_CHECK_TEXT, "utf8");
  const { data, tags } = buildStatesCheck(FRESH_CHECK_TEXT);
  assert.equal(data.length, 35);
  for (const sc of new Set(tags.map((t) => t.scenario))) {
    const mine = tags.filter((t) => t.scenario === sc);
    assert.deepEqual([mine.filter((t) => t.part === "tune").length, mine.filter((t) => t.part === "report").length], [2, 3], sc);
  }
  // re-drawing from the placeholders gives the committed parts; another seed gives other parts
  const blank = text.replace(/^(=== \S+ \S+) (?:tune|report) \|/gm, "$1 PART |");
  assert.equal(assignParts(blank, FRESH_SPLIT_SEED), text);
  assert.notEqual(assignParts(blank, FRESH_SPLIT_SEED + 1), text);
});

test("checkSummary counts conversations with every current value right per scenario group", () => {
  const r = (scenario: string, right: boolean, ablation = "none") => ({ ablation, conversation: scenario, scenario, part: "report", questions: 1, right });
  const rows = checkSummary([r("stable", true), r("joke-after-gap", false), r("change", true), r("others", true), r("stable", false, "last-write-wins")]);
  assert.deepEqual(rows[0], { variant: "none", part: "report", stable: "1/1", jokes: "0/1", "stable values (stable + jokes)": "1/2", changes: "1/1", "others' states": "1/1", "not anymore": "0/0", all: "3/4" });
  assert.equal(rows[1].all, "0/1");
});

test("sets by name: original, fresh and the dev sets resolve, each builds into its committed JSON; an unknown name is a clear error", () => {
  assert.equal(checkSetPaths("original")[0], STATES_CHECK_TEXT);
  for (const name of ["fresh", "dev-a", "dev-b"]) {
    const [text, json] = checkSetPaths(name);
    assert.equal(statesCheckText(text), readFileSync(json, "utf8"), name);
    assert.equal(buildStatesCheck(text).data.length, 35, name);
  }
  assert.throws(() => checkSetPaths("nope"), /states-nope\.txt.*no set named "nope".*dev-a/s);
  assert.throws(() => checkSetPaths("../x"), /no set named/);
});

test("a speaker's name may have several words and a turn may hold a colon; a speaker not in the header is named in the error", () => {
  const dir = mkdtempSync(join(tmpdir(), "states-"));
  const file = join(dir, "states-x.txt");
  const head = "=== xx01 stable report | Mariana & Chen Wei\n--- day 0\n";
  writeFileSync(file, `${head}Chen Wei: Still in Hangzhou. Plan: stay.\nMariana: Londrina!\n? Where does Chen Wei live now? | Hangzhou | current\n`);
  const { data } = buildStatesCheck(file);
  const conv = (data[0] as { conversation: Record<string, unknown> }).conversation;
  assert.deepEqual([conv.speaker_a, conv.speaker_b], ["Mariana", "Chen Wei"]);
  assert.deepEqual(conv.session_1, [
    { speaker: "Chen Wei", dia_id: "D1:1", text: "Still in Hangzhou. Plan: stay." },
    { speaker: "Mariana", dia_id: "D1:2", text: "Londrina!" },
  ]);
  writeFileSync(file, `${head}Chen: hi\n`);
  assert.throws(() => buildStatesCheck(file), /states-x\.txt: line 3: speaker Chen is not one of Mariana, Chen Wei/);
  rmSync(dir, { recursive: true });
});

test("the validation split lists held-out sets only, none of them in notebook 04's never-read pool", () => {
  const sets = validationSetNames();
  assert.ok(sets.length >= 38);
  assert.ok(sets.every((s) => s.startsWith("held-")));
  assert.equal(new Set(sets).size, sets.length);
  const src = readFileSync(fileURLToPath(new URL("../../../notebooks/src/04-nous-locomo.ts", import.meta.url)), "utf8");
  const pool = /const CHECK_SETS = [^;]*/.exec(src)?.[0] ?? "";
  assert.ok(pool.includes('"held-'), "notebook 04 names its pool in CHECK_SETS");
  for (const s of sets) assert.ok(!pool.includes(`"${s}"`), `${s} is in the never-read pool`);
});
