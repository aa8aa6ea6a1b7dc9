/**
 * The lexicon audit of the Nous offline pipeline (lib/nous/models/lexicon-audit.ts), written to
 * lib/nous/models/lexicon-audit.json: for every word-list entry, in how many dev-split turns (and questions, for the
 * answerer's lists), hand-written test sentences (and the tune conversations of data/nous/states-*.txt), and test-split turns and questions it occurs, and its verdict.
 * Counts only; no LoCoMo text is written.
 * Run: node --import tsx scripts/nous-lexicon-audit.ts [path of locomo10.json]
 */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { buildStatesCheck } from "../lib/nous/benchmarks/states-check.js";
import { parseLocomo } from "../lib/nous/locomo/data.js";
import { findLocomo, loadLocomo } from "../lib/nous/locomo/data.js";
import { LOCOMO_SPLITS } from "../lib/nous/locomo/splits.js";
import { auditLexicon, handWrittenSentences } from "../lib/nous/models/lexicon-audit.js";
import { loadSentences } from "../lib/nous/models/devset.js";

const data = findLocomo(process.argv[2]);
if (!data || !/locomo10\.json$/.test(data)) {
  console.error("locomo10.json not found: pass its path (e.g. ../shared/data/locomo10.json) or set LOCOMO_PATH");
  process.exit(1);
}
const convs = loadLocomo(data);
const of = (ids: readonly string[]) => convs.filter((c) => ids.includes(c.id));
const dev = of(LOCOMO_SPLITS.dev);
const test = of(LOCOMO_SPLITS.test);
const SENTENCE_FILES = ["lib/nous/models/extractor.test.ts", "lib/nous/models/lexicon.test.ts"];
const root = new URL("../", import.meta.url);
// the dev part of the hand-written sentence set counts as hand-written support; its held-out part does not (it is
// never tuned on, so nothing may rest on it)
const devSentences = loadSentences().filter((c) => c.part === "dev").flatMap((c) => c.turns);
// so do the turns of the tune conversations of the hand-written conversation sets (data/nous/states-*.txt); their
// report conversations (and any held-out set the lead adds) do not
const setDir = new URL("data/nous/", root);
const tuneTurns = readdirSync(setDir).filter((f) => /^states-.+\.txt$/.test(f)).flatMap((f) => {
  const { data, tags } = buildStatesCheck(fileURLToPath(new URL(f, setDir)));
  return parseLocomo(data, f).filter((c) => tags.find((t) => t.id === c.id)?.part === "tune").flatMap((c) => c.turns.map((t) => t.text));
});
const handWritten = [...SENTENCE_FILES.flatMap((f) => handWrittenSentences(readFileSync(new URL(f, root), "utf8"))), ...devSentences, ...tuneTurns];
const entries = auditLexicon({
  devTurns: dev.flatMap((c) => c.turns.map((t) => t.text)),
  devQuestions: dev.flatMap((c) => c.questions.map((q) => q.question)),
  testTurns: test.flatMap((c) => c.turns.map((t) => t.text)),
  testQuestions: test.flatMap((c) => c.questions.map((q) => q.question)),
  handWritten,
});
const verdicts: Record<string, number> = {};
for (const e of entries) if (!e.removed) verdicts[e.verdict] = (verdicts[e.verdict] ?? 0) + 1;
const out = {
  command: "node --import tsx scripts/nous-lexicon-audit.ts ../shared/data/locomo10.json",
  data: { file: "locomo10.json", sha256: createHash("sha256").update(readFileSync(data)).digest("hex") },
  dev: { conversations: LOCOMO_SPLITS.dev, turns: dev.reduce((s, c) => s + c.turns.length, 0), questions: dev.reduce((s, c) => s + c.questions.length, 0) },
  test: { conversations: LOCOMO_SPLITS.test, turns: test.reduce((s, c) => s + c.turns.length, 0), questions: test.reduce((s, c) => s + c.questions.length, 0) },
  handWritten: { files: [...SENTENCE_FILES, "data/nous/extractor-sentences.txt (dev part)"], sentences: handWritten.length },
  verdicts,
  removed: entries.filter((e) => e.removed).length,
  entries,
};
const dest = new URL("lib/nous/models/lexicon-audit.json", root);
writeFileSync(dest, JSON.stringify(out, null, 1) + "\n");
console.log(`wrote ${dest.pathname}: ${entries.length} entries (${out.removed} removed), verdicts of the entries in use ${JSON.stringify(verdicts)}`);
for (const e of entries.filter((x) => x.verdict === "test-only" || x.removed)) console.log(`${e.removed ? "removed " : ""}${e.verdict}\t${e.list}\t${e.entry}\ttest turns ${e.testTurns}, test questions ${e.testQuestions}`);
