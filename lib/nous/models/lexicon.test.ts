/**
 * The lexicon and its audit: the committed audit (lexicon-audit.json, written by scripts/nous-lexicon-audit.ts from
 * locomo10.json) covers exactly the lists in use and the entries removed, no entry in use is supported by test
 * data only, and the audit's rules give the verdicts they should on texts written here. The sentences below are the
 * hand-written support of the weekday names the audit kept (see REMOVED_BY_AUDIT).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { extract } from "./extractor.js";
import { auditLexicon, handWrittenSentences, type AuditEntry } from "./lexicon-audit.js";
import { LEXICON, REMOVED_BY_AUDIT, type LexiconName } from "./lexicon.js";

const turn = (speaker: string, text: string) => ({ id: "D1:1", speaker, text, timestamp: 0 });
const mentions = (text: string) => extract(turn("Caroline", text), { speakers: ["Caroline", "Melanie"] }).mentions;

test("weekday names are not names: no mention, no subject", () => {
  assert.deepEqual(mentions("I met Anna on Wednesday."), ["Anna"]);
  assert.deepEqual(mentions("Tuesday was a long day."), []);
  assert.deepEqual(mentions("Thursday I adopted a dog."), []);
});

test("the committed audit covers the lists in use and the removed entries, and no entry in use rests on test data only", () => {
  const audit = JSON.parse(readFileSync(new URL("./lexicon-audit.json", import.meta.url), "utf8")) as { entries: AuditEntry[] };
  const want = (Object.keys(LEXICON) as LexiconName[]).flatMap((l) => [...LEXICON[l].words.map((e) => `${l}|${e}|false`), ...(REMOVED_BY_AUDIT[l] ?? []).map((e) => `${l}|${e}|true`)]);
  assert.deepEqual(audit.entries.map((e) => `${e.list}|${e.entry}|${e.removed}`), want, "re-run scripts/nous-lexicon-audit.ts after changing lexicon.ts");
  const bad = audit.entries.filter((e) => !e.removed && e.verdict === "test-only");
  assert.deepEqual(bad.map((e) => `${e.list}:${e.entry}`), []);
  for (const [l, removed] of Object.entries(REMOVED_BY_AUDIT)) for (const e of removed) assert.ok(!LEXICON[l as LexiconName].words.includes(e as never), `${l}: ${e} is removed but still in use`);
});

test("audit verdicts: dev support first, then hand-written sentences, then test-only, else nowhere", () => {
  const a = auditLexicon({
    devTurns: ["I adopted a puppy last week."],
    devQuestions: ["What did Ann buy?"],
    testTurns: ["My turtle is old.", "I adopted a puppy."],
    testQuestions: [],
    handWritten: ["My cat sleeps all day."],
  });
  const v = (list: LexiconName, entry: string) => a.find((e) => e.list === list && e.entry === entry)!;
  assert.equal(v("animals", "puppy").verdict, "dev");
  assert.equal(v("animals", "puppy").testTurns, 1);
  assert.equal(v("adoptVerbs", "adopt").verdict, "dev"); // a lemma ("adopted" → adopt)
  assert.equal(v("timeExpressions", "last week").verdict, "dev"); // a phrase
  assert.equal(v("cuePossession", "buy").verdict, "dev"); // a question cue, found in a dev question
  assert.equal(v("animals", "cat").verdict, "hand-written");
  assert.equal(v("animals", "turtle").verdict, "test-only");
  assert.equal(v("animals", "lizard").verdict, "nowhere");
});

test("hand-written sentences are read from the call sites of a test file, not from its test names or expected triples", () => {
  const src = `test("subjects: a name", () => {\n  assert.deepEqual(triples("Caroline", "I work at a bakery."), ["Caroline | workplace | bakery"]);\n  const q = extract(turn("Caroline", "Hey \\"Mel\\"!"), ctx);\n  const cases = [\n    ["I'm a nurse.", ["Caroline | job | nurse"]],\n  ];\n  assert.deepEqual(mentions("I met Anna."), ["Anna"]);\n});`;
  assert.deepEqual(handWrittenSentences(src), ["I work at a bakery.", 'Hey "Mel"!', "I'm a nurse.", "I met Anna."]);
});
