/**
 * Fits the offline answerer's ranker (lib/nous/models/ranker.ts) on the tune conversations of the original check set
 * and every dev set, chooses its penalty and threshold by five-fold cross-validation over whole sets, and writes
 * data/nous/ranker.json with the cross-validation table:
 *   node --import tsx scripts/nous-ranker-fit.ts [--check]
 * `--check` refits and compares with the committed file instead of writing it (exit 1 when they differ).
 * Never-read (held-*) sets and conversations tagged "report" are not read.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { tuneSetNames } from "../lib/nous/benchmarks/states-check.js";
import { collectRankerQuestions, fitRanker } from "../lib/nous/models/ranker-fit.js";
import { RANKER_PATH } from "../lib/nous/models/ranker.js";

const SEED = 20261205;
const { values } = parseArgs({ options: { check: { type: "boolean" } } });
const sets = tuneSetNames();
const questions = await collectRankerQuestions(sets);
const { model, cv } = fitRanker(questions, { seed: SEED });
const round = (v: number) => Number(v.toPrecision(10));
const file = {
  label: "offline ranker: ridge logistic regression over generic features of the names in the retrieved evidence (lib/nous/models/ranker.ts), fitted on tune conversations only",
  fittedOn: { sets, questions: questions.length, candidates: questions.reduce((n, q) => n + q.candidates.length, 0), unruled: questions.filter((q) => !q.ruled).length, foldSeed: SEED },
  features: model.features,
  weights: Object.fromEntries(Object.entries(model.weights).map(([a, w]) => [a, { ...w, intercept: round(w.intercept), coef: w.coef.map(round) }])),
  cv,
};
const text = JSON.stringify(file, null, 1) + "\n";
for (const a of ["home", "workplace"] as const) {
  const w = model.weights[a];
  const row = cv[a].find((r) => r.lambda === w.lambda && r.threshold === w.threshold)!;
  console.log(`${a}\tλ ${w.lambda}\tthreshold ${w.threshold}\tunruled ${row.unruled}\tright with the ranker ${row.right}\twithout ${row.rulesRight} (cross-validated over sets)`);
}
if (values.check) {
  const same = readFileSync(RANKER_PATH, "utf8") === text;
  console.log(same ? "data/nous/ranker.json: the refit is identical" : "data/nous/ranker.json differs from the refit");
  process.exit(same ? 0 : 1);
}
writeFileSync(RANKER_PATH, text);
console.log(`wrote ${RANKER_PATH}`);
