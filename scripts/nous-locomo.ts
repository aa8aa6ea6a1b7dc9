/**
 * The offline pipeline on both LoCoMo splits, every ablation: writes data/nous/locomo-results.json (numbers and
 * conversation ids only, no LoCoMo text): per split, F1 by system and ablation, Nous − BM25 with
 * conversation-clustered intervals and the per-conversation differences, what each mechanism component changes
 * (answers, F1, retrieved turns, and the conversations behind them), identity merges per conversation, and the
 * extractor's precision and recall on the hand-checked dev sample.
 *   node --import tsx scripts/nous-locomo.ts [path of locomo10.json]
 * Without locomo10.json it says so and exits 0 (nothing to compute).
 */
import { writeFileSync } from "node:fs";
import { findLocomo, loadLocomo } from "../lib/nous/locomo/data.js";
import { selectSplit } from "../lib/nous/locomo/splits.js";
import { clusteredCategoryTable } from "../lib/nous/clustered.js";
import { componentChanges, mergesPerConversation } from "../lib/nous/components.js";
import { overallF1 } from "../lib/nous/analysis.js";
import { scoreLocomoSample } from "../lib/nous/models/locomo-sample.js";
import { runner, ABLATIONS } from "../lib/nous/runner.js";
import { cellAddresser } from "../lib/core/mechanism.js";
import { createRng } from "../lib/core/rng.js";

const path = findLocomo(process.argv[2]);
if (!path || !/locomo10\.json$/.test(path)) {
  console.log("locomo10.json not found (pass its path or set LOCOMO_PATH): the LoCoMo results are not computed");
  process.exit(0);
}
const r3 = (x: unknown) => (typeof x === "number" ? Math.round(x * 1000) / 1000 : x);
const round = (rows: Record<string, unknown>[]) => rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, r3(v)])));
const out: Record<string, unknown> = { command: "node --import tsx scripts/nous-locomo.ts ../shared/data/locomo10.json", model: runner.offlineModelLabel };
const answers: Record<string, unknown>[] = [];
const extraction: Record<string, unknown>[] = [];
for (const split of ["dev", "test"] as const) {
  for (const ablation of ABLATIONS) {
    const params = runner.paramsSchema.parse({ data: path, split, systems: ablation === "none" ? ["nous", "bm25", "not-mentioned", "constant-year"] : ["nous"], deltas: false });
    const r = await runner.runCell({ runId: `${split}/${ablation}`, seed: 1, condition: { ablation }, params, model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("nous", `${split}/${ablation}`, 1) });
    answers.push(...r.tables.answers);
    extraction.push(...r.tables.extraction);
    console.log(`${split} ${ablation}: ${r.tables.answers.length} rows`);
  }
  const mine = answers.filter((r) => r.split === split);
  out[split] = {
    conversations: selectSplit(loadLocomo(path), split, "locomo10", path, null).map((c) => c.id),
    f1: round(overallF1(mine)),
    nous_vs_bm25_f1: round(clusteredCategoryTable(mine.filter((r) => r.ablation === "none"), { a: { system: "nous" }, b: { system: "bm25" }, metric: "f1", seed: 1 })),
    nous_vs_bm25_recall: round(clusteredCategoryTable(mine.filter((r) => r.ablation === "none"), { a: { system: "nous" }, b: { system: "bm25" }, metric: "context_recall", seed: 1 })),
    ablations: Object.fromEntries(ABLATIONS.filter((a) => a !== "none").map((a) => [a, round(clusteredCategoryTable(mine.filter((r) => r.system === "nous"), { a: { ablation: "none" }, b: { ablation: a }, metric: "f1", seed: 1 }).filter((x) => x.category === 0))[0]])),
  };
}
out.components = componentChanges(answers);
out.merges = mergesPerConversation(extraction);
const sample = scoreLocomoSample(loadLocomo(path));
out.extractor_dev_sample = { turns: sample.turns, expected: sample.expected, extracted: sample.extracted, correct: sample.correct, precision: r3(sample.precision), recall: r3(sample.recall) };
writeFileSync(new URL("../data/nous/locomo-results.json", import.meta.url), JSON.stringify(out, null, 1) + "\n");
console.log("wrote data/nous/locomo-results.json");
