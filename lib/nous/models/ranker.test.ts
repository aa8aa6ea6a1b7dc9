/** The offline answerer's fitted ranker: its features, the committed fit, where the answerer uses it; on turns written here. */
import { test } from "node:test";
import { tuneSetNames } from "../benchmarks/states-check.js";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { query } from "../query.js";
import { answerOffline, questionStates, stateFromMemory } from "./offline.js";
import { memoryOfTurns } from "./testing.js";
import { RANKER_FEATURES, RANKER_PATH, rankerCandidates, rankedName, rankerModel, readRankerModel, type RankerModel } from "./ranker.js";
import { fitRanker, type RankerQuestion } from "./ranker-fit.js";

const ctxOf = (q: string, turns: [string, string][]) => query(memoryOfTurns(turns), q, { stateAttributes: questionStates(q) });
const storm = (town: string): [string, string][] => [["Bob", "Morning Ann! Did the storm reach you?"], ["Ann", `Yes, half of ${town} lost power last night.`], ["Bob", "Grim. Say hi to Tom for me."]];

test("candidates: every name the evidence tells, with who said it, the word before it and its shape", () => {
  const ctx = ctxOf("Where does Ann live now?", storm("Inverness"));
  const byName = new Map(rankerCandidates(ctx, "home", "Ann").map((c) => [c.value, Object.fromEntries(RANKER_FEATURES.map((f, i) => [f, c.x[i]]))]));
  const k = byName.get("Inverness")!;
  assert.equal(k.spoken, 1);
  assert.equal(k.before_of, 1);
  assert.equal(k.town, 1);
  assert.equal(k.person, 0);
  // a greeting to Ann names a person addressed, no candidate
  assert.ok(!byName.has("Morning Ann"), [...byName.keys()].join(", "));
});

test("the answerer asks the ranker only when the rules find nothing", () => {
  // (Kirkwall is no town of the gazetteer: the rules' last resorts pass it by)
  const ctx = ctxOf("Where does Ann live now?", storm("Kirkwall"));
  assert.equal(stateFromMemory(ctx), undefined);
  assert.equal(answerOffline(ctx), "Kirkwall");
  assert.notEqual(answerOffline(ctx, { ranker: null }), "Kirkwall");
  // a threshold no candidate reaches: the rules' last resort, as without the ranker
  const shy: RankerModel = { ...rankerModel(), weights: { ...rankerModel().weights, home: { ...rankerModel().weights.home, threshold: 1.01 } } };
  assert.equal(rankedName(ctx, "home", "Ann", shy), undefined);
  assert.equal(answerOffline(ctx, { ranker: shy }), answerOffline(ctx, { ranker: null }));
  // a belief answers before any ranker
  const told = ctxOf("Where does Ann work now?", [["Ann", "Another double shift, Greenholm Dairy is short of drivers."]]);
  assert.equal(answerOffline(told), "Greenholm Dairy");
});

test("the committed fit: its features are the code's, it read tune sets only and every dev set there is", () => {
  const file = JSON.parse(readFileSync(RANKER_PATH, "utf8")) as RankerModel & { fittedOn: { sets: string[] } };
  assert.deepEqual(file.features, [...RANKER_FEATURES]);
  for (const a of ["home", "workplace"] as const) {
    assert.equal(file.weights[a].coef.length, RANKER_FEATURES.length);
    assert.ok(file.weights[a].threshold >= 0 && file.weights[a].threshold <= 1);
  }
  assert.deepEqual(file.fittedOn.sets, tuneSetNames(), "refit with: node --import tsx scripts/nous-ranker-fit.ts");
  assert.ok(!file.fittedOn.sets.some((s) => s.startsWith("held-")));
  // a file fitted on other features is refused, naming the file, the field and the fix
  const stale = join(mkdtempSync(join(tmpdir(), "ranker-")), "ranker.json");
  writeFileSync(stale, JSON.stringify({ ...file, features: file.features.slice(1) }));
  assert.throws(() => readRankerModel(stale), (e: Error) => e.message.includes(stale) && e.message.includes("features") && /nous-ranker-fit/.test(`${e.message} ${(e as { fix?: string }).fix ?? ""}`));
  writeFileSync(stale, JSON.stringify({ ...file, weights: { ...file.weights, workplace: { ...file.weights.workplace, coef: [1] } } }));
  assert.throws(() => readRankerModel(stale), /weights\.workplace\.coef/);
});

test("fitRanker: cross-validation over sets picks the setting that answers most, and the fit follows the signal", () => {
  // a signal in feature 0: the right candidate has it; feature 1 is noise; the rules' last resort is never right
  const width = RANKER_FEATURES.length;
  const questions: RankerQuestion[] = [];
  for (let s = 0; s < 10; s++) {
    for (let q = 0; q < 6; q++) {
      const cand = (y: 0 | 1, noise: number) => ({ value: y ? "right" : `wrong${noise}`, x: Array.from({ length: width }, (_, i) => (i === 0 ? y : i === 1 ? noise : 0)), y });
      for (const attribute of ["home", "workplace"] as const) {
        questions.push({ set: `dev-${s}`, conversation: `c${q}`, attribute, ruled: q % 2 === 0, rulesRight: false, candidates: [cand(0, (s + q) % 2), cand(1, (s + q + 1) % 2), cand(0, 1)] });
      }
    }
  }
  const { model, cv } = fitRanker(questions, { seed: 7, lambdas: [0.1, 1], thresholds: [0, 0.5] });
  assert.ok(model.weights.home.coef[0] > 1 && Math.abs(model.weights.home.coef[1]) < model.weights.home.coef[0]);
  const chosen = cv.home.find((r) => r.lambda === model.weights.home.lambda && r.threshold === model.weights.home.threshold)!;
  assert.equal(chosen.unruled, 30);
  assert.equal(chosen.right, Math.max(...cv.home.map((r) => r.right)));
  assert.equal(chosen.right, 30);
  assert.deepEqual(fitRanker(questions, { seed: 7, lambdas: [0.1, 1], thresholds: [0, 0.5] }), { model, cv });
});
