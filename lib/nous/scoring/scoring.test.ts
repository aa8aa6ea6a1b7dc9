import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { locomoF1, normalizeAnswer } from "./locomo-f1.js";
import { porterStem } from "./porter.js";
import { bleu1, setF1 } from "./comparable.js";

interface Case { prediction: string; answer: string; category: number; score: number }
const cases = (JSON.parse(readFileSync(new URL("../fixtures/locomo-f1.json", import.meta.url), "utf8")) as { cases: Case[] }).cases;

test("locomoF1 equals all 400 reference cases (LoCoMo task_eval rules with NLTK PorterStemmer; tolerance 1e-12)", () => {
  assert.equal(cases.length, 400);
  const wrong = cases.filter((c) => Math.abs(locomoF1(c.prediction, c.answer, c.category) - c.score) > 1e-12);
  assert.deepEqual(wrong, []);
});

test("Porter stemmer follows NLTK's default mode where the original algorithm differs (values from NLTK 3.8)", () => {
  // NLTK_EXTENSIONS: dies → die (original: di), dying → die (pool), generously → gener.
  const expected: Record<string, string> = {
    dies: "die", dying: "die", skies: "sky", spied: "spi", died: "die", running: "run", caresses: "caress",
    ponies: "poni", relational: "relat", conditional: "condit", hopeful: "hope", news: "news", a: "a", is: "is",
    constructor: "constructor", generously: "gener", geology: "geolog",
  };
  for (const [w, s] of Object.entries(expected)) assert.equal(porterStem(w), s, w);
});

test("normalisation drops punctuation, commas and the words a/an/the/and", () => {
  assert.equal(normalizeAnswer("The cat, and a Dog!"), "cat dog");
  assert.equal(normalizeAnswer("Thea's band"), "theas band");
  assert.equal(locomoF1("2022", 2022, 2), 1);
  assert.equal(locomoF1("No information available", "x", 5), 1);
  assert.throws(() => locomoF1("a", "b", 6), /1–5/);
});

test("set F1 and BLEU-1 (A-MEM/Mem0 scorers) on hand-computed cases", () => {
  assert.ok(Math.abs(setF1("the cat, the dog", "dog and cat") - 2 / 3) < 1e-12); // P 2/3, R 2/3
  assert.ok(Math.abs(bleu1("a b c", "a b c d") - Math.exp(1 - 4 / 3)) < 1e-12);
  assert.equal(bleu1("", "x"), 0);
});

test("nousStateRecall follows nous-state's context_recall_score (hand-computed from its definition)", async () => {
  const { nousStateRecall, normalizeForMatch } = await import("./nous-state-recall.js");
  assert.equal(normalizeForMatch("  Caroline's  LGBTQ-support, group! "), "caroline s lgbtq support group");
  assert.equal(nousStateRecall("Caroline: I went to the LGBTQ support group.", "LGBTQ support group"), 1); // whole answer inside
  assert.equal(nousStateRecall("we painted a sunrise", "a painted sunset"), 0.5); // "a" too short; painted found, sunset not
  assert.equal(nousStateRecall("a birthday party", "art"), 1); // substring: "art" inside "party" (the whole answer is found)
  assert.equal(nousStateRecall("a birthday party", "modern art"), 0.5); // token "art" found inside "party", "modern" not
  assert.equal(nousStateRecall("nothing here", "to be"), 0); // no token longer than two characters
  assert.equal(nousStateRecall("", "anything"), 0);
  assert.equal(nousStateRecall("context", ""), 0);
  assert.equal(nousStateRecall("the year 2022 was good", 2022), 1); // integer answers compared as text
  assert.equal(nousStateRecall("dog dog", "dog cat dog"), 2 / 3); // repeated tokens count each time
});
