/**
 * Fits the offline extractor's reading of names (lib/nous/models/mentions.ts) on the tune conversations of the
 * original check set and every dev set, cross-validates thresholds over five folds of whole sets (the memory and
 * answerer run in full on each held-out fold), chooses the threshold on the validation split
 * (data/nous/validation-sets.txt: every conversation, scored, never read) with the answerer as it runs (its ranker
 * refitted for each of the shortlisted thresholds, as scripts/nous-ranker-fit.ts fits it), and writes data/nous/mentions.json with both
 * tables:
 *   node --import tsx scripts/nous-mentions-fit.ts [--check]
 * `--check` refits and compares with the committed file instead of writing it (exit 1 when they differ).
 * The weights read the tune conversations only; the validation sets give the threshold's score alone, and the never-read
 * pool (notebook 04) nothing. The answerer's ranker reads this model's
 * observations, so refit it after this one (scripts/nous-ranker-fit.ts).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { tuneSetNames, validationSetNames } from "../lib/nous/benchmarks/states-check.js";
import { atThreshold, collectNames, fitMentions, RANKER_SHORTLIST, readTuneSets, thresholdOnValidation } from "../lib/nous/models/mentions-fit.js";
import { MENTION_ROLES, MENTIONS_PATH } from "../lib/nous/models/mentions.js";
import { collectRankerQuestions, fitRanker } from "../lib/nous/models/ranker-fit.js";

const SEED = 20261205;
// (with the words around names a penalty of 3 gave a lower held-out log-loss than 1 in a grouped five-fold
// cross-validation of the candidates of the tune sets, for both attributes)
const LAMBDA = 3;
const THRESHOLDS = [2, 0.8, 0.7, 0.6, 0.5, 0.4, 0.35, 0.3, 0.25, 0.2];
const { values } = parseArgs({ options: { check: { type: "boolean" } } });
const setNames = tuneSetNames();
const sets = readTuneSets(setNames);
const names = await collectNames(sets);
const { model: folded, cv } = await fitMentions(sets, names, { lambda: LAMBDA, thresholds: THRESHOLDS, seed: SEED });
// the threshold: chosen on the validation split (every conversation of its sets), the weights staying the tune sets'
const validationSets = validationSetNames();
// (the ranker refitted for a threshold is the one scripts/nous-ranker-fit.ts writes when that threshold is chosen)
const refitRanker = async (reading: Parameters<typeof collectRankerQuestions>[1]) => fitRanker(await collectRankerQuestions(setNames, reading), { seed: SEED }).model;
const validation = await thresholdOnValidation(folded, readTuneSets(validationSets, "all"), THRESHOLDS, refitRanker);
const model = atThreshold(folded, validation.threshold);
const round = (v: number) => Number(v.toPrecision(10));
const file = {
  label: "offline extractor's reading of names: ridge logistic regression per attribute over generic features of a turn's names, one weight vector per role, and the words around the names that enough sets share (lib/nous/models/mentions.ts), fitted on tune conversations only",
  fittedOn: {
    sets: setNames,
    conversations: sets.reduce((n, s) => n + s.conversations.length, 0),
    candidates: names.length,
    labelled: { home: names.filter((n) => n.home !== undefined).length, workplace: names.filter((n) => n.workplace !== undefined).length },
    foldSeed: SEED,
  },
  roles: [...MENTION_ROLES],
  features: model.features,
  words: model.words,
  weights: Object.fromEntries(Object.entries(model.weights).map(([a, w]) => [a, { ...w, intercept: round(w.intercept), coef: w.coef.map(round) }])),
  cv: cv.map((r) => ({ ...r, threshold: r.threshold > 1 ? "none (rules only)" : r.threshold })),
  // (the folds' own choice, the one-standard-error rule, kept for comparison)
  cvChoice: folded.weights.home.threshold,
  validation: {
    sets: validationSets,
    conversations: readTuneSets(validationSets, "all").reduce((n, s) => n + s.conversations.length, 0),
    rows: validation.rows.map((r) => ({ threshold: r.threshold > 1 ? "none (rules only)" : r.threshold, right: r.right, ...(r.withRanker === undefined ? {} : { withRanker: r.withRanker }) })),
  },
};
const text = JSON.stringify(file, null, 1) + "\n";
for (const r of file.cv) console.log(`threshold ${r.threshold}\tλ ${r.lambda}\t${r.right} of ${r.conversations} held-out conversations right (folds ${r.byFold.join(", ")})`);
console.log(`the folds' choice ${folded.weights.home.threshold} (the highest within one standard error of their best)`);
for (const r of file.validation.rows) console.log(`threshold ${r.threshold}\t${r.right} of ${file.validation.conversations} validation conversations right without the ranker${"withRanker" in r ? `, ${r.withRanker} with its refitted ranker` : ""}`);
console.log(`chosen threshold ${model.weights.home.threshold} (of the ${RANKER_SHORTLIST} best without the ranker, the most validation conversations right with it; ties, the higher)`);
if (values.check) {
  const same = readFileSync(MENTIONS_PATH, "utf8") === text;
  console.log(same ? "data/nous/mentions.json: the refit is identical" : "data/nous/mentions.json differs from the refit");
  process.exit(same ? 0 : 1);
}
writeFileSync(MENTIONS_PATH, text);
console.log(`wrote ${MENTIONS_PATH}`);
