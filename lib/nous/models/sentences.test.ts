/**
 * The offline extractor's precision and recall on the hand-written sentence set (data/nous/extractor-sentences.txt,
 * written before the extractor, 143 dev and 79 held-out lines). The floors sit just under the measured values, so a
 * change that loses triples fails here; the README reports the measured numbers for both parts. The fitted reading
 * of names (mentions.ts) reads some names of these lone sentences the rules leave ("She lives in Leeds." as the
 * speaker's home): it costs precision here (dev 0.952 → 0.901) for conversations, where it is chosen and measured.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadSentences, normalizeValue, scoreSentences, scoredView } from "./devset.js";
import { evaluateSentences } from "./sentences-eval.js";

test("the sentence set: 222 lines, both parts, every expected triple scored on home, workplace or job", () => {
  const cases = loadSentences();
  assert.equal(cases.length, 222);
  assert.equal(cases.filter((c) => c.part === "dev").length, 143);
  assert.ok(cases.some((c) => c.expected.some((e) => e.low)) && cases.some((c) => c.expected.some((e) => e.kind === "ended")));
  assert.equal(normalizeValue("The City Hospital."), "city hospital");
  // a planned change is not a state; a joke is a low-confidence one
  assert.deepEqual(scoredView([{ entity: "A", attribute: "home", value: "Leeds", kind: "planned", confidence: 0.5 }, { entity: "A", attribute: "home", value: "gym", confidence: 0.2 }]), [{ entity: "A", attribute: "home", value: "gym", kind: "state", low: true }]);
});

test("precision and recall on the dev part", () => {
  const { dev } = evaluateSentences();
  assert.ok(dev.precision >= 0.89 && dev.recall >= 0.95, JSON.stringify({ ...dev, errors: dev.errors.length }));
});

test("scoring counts a triple right only when entity, attribute, value, kind and confidence all match", () => {
  const dir = mkdtempSync(join(tmpdir(), "nous-sent-"));
  const f = join(dir, "s.txt");
  writeFileSync(f, "## dev\nAnn>Ben :: I moved to Leeds. => Ann|home|Leeds|change\nAnn>Ben :: lol I live at the gym => Ann|home|gym|low\n## held-out\nAnn>Ben :: x => -\n");
  const cases = loadSentences(f);
  const s = scoreSentences(cases, "dev", (c) => (c.line === 2 ? [{ entity: "Ann", attribute: "home", value: "leeds", kind: "change" }] : [{ entity: "Ann", attribute: "home", value: "gym" }]));
  assert.deepEqual([s.expected, s.extracted, s.correct, s.precision, s.recall], [2, 2, 1, 0.5, 0.5]);
  writeFileSync(f, "## dev\nAnn :: no listener => -\n");
  assert.throws(() => loadSentences(f), /s\.txt.*line 2/);
});
