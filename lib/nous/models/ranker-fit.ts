/**
 * Fitting the offline answerer's ranker (ranker.ts) on the tune conversations of the hand-written check sets, and
 * choosing its penalty and threshold by cross-validation over whole sets (a set is one writer's style, so a fold holds
 * out writers, not conversations). Nothing here reads a set whose conversations are tagged "report".
 *
 * A question is one "Where does X live / work now?" of a set; its candidates are every name the retrieved evidence
 * tells (rankerCandidates), labelled right when the name scores F1 ≥ 0.5 against the expected answer, as the check
 * scores answers. The ranker answers only where the rules find nothing, so the cross-validated score that picks the
 * penalty and threshold counts those questions: right when the ranker's name is right, or, when it abstains (best
 * probability under the threshold), when the rules' own last resort was right.
 */
import { buildStatesCheck, checkSetPaths } from "../benchmarks/states-check.js";
import { parseLocomo } from "../locomo/data.js";
import { evaluateConversation, offlineWindowExtractor } from "../locomo/evaluate.js";
import { ablationOptions, LOCOMO_MEMORY } from "../runner.js";
import { locomoF1 } from "../scoring/locomo-f1.js";
import { createRng } from "../../core/rng.js";
import { ridgeLogistic, ridgeLogisticProbability } from "../../stats/ridge-logistic.js";
import { answerOffline, extractOffline, nameAsked, OFFLINE_LABEL, stateFromMemory } from "./offline.js";
import { admissible, RANKER_FEATURES, rankerCandidates, type RankerModel } from "./ranker.js";
import { listPattern } from "./lexicon.js";
import type { MentionModel } from "./mentions.js";
import type { SessionContext } from "./referents.js";
import type { Turn } from "../types.js";

const TEMPORAL_Q = listPattern("temporalQuestion");
const right = (prediction: string, answer: string): boolean => locomoF1(prediction, answer, 4) >= 0.5;

/** One question about a home or a workplace now, with its candidates. */
export interface RankerQuestion {
  set: string;
  conversation: string;
  attribute: "home" | "workplace";
  /** Whether the rules (a belief, nameFromEvidence, looseNameFromEvidence) gave an answer. */
  ruled: boolean;
  /** Whether the answer without the ranker was right. */
  rulesRight: boolean;
  candidates: { value: string; x: number[]; y: 0 | 1 }[];
}

/**
 * The questions of the tune conversations of `sets` (names as `checkSetPaths` takes them), each answered by the
 * offline pipeline with the full model; `names` replaces the committed reading of names (mentions.ts) when given.
 */
export async function collectRankerQuestions(sets: readonly string[], names?: MentionModel | null): Promise<RankerQuestion[]> {
  const extract = names === undefined ? extractOffline : (t: Turn, caption?: string, ctx?: SessionContext) => extractOffline(t, caption, ctx, { names });
  const out: RankerQuestion[] = [];
  for (const set of sets) {
    const [path] = checkSetPaths(set);
    const { data, tags } = buildStatesCheck(path);
    const convs = parseLocomo(data, path).filter((c) => tags.find((t) => t.id === c.id)?.part === "tune");
    for (const conv of convs) {
      const seen = new Map<string, Omit<RankerQuestion, "rulesRight" | "candidates"> & { answer: string; candidates: { value: string; x: number[] }[] }>();
      const r = await evaluateConversation(conv, {
        systems: ["nous"], memory: ablationOptions(LOCOMO_MEMORY, "none"), extractor: offlineWindowExtractor(extract), model: OFFLINE_LABEL,
        answerer: async (ctx) => {
          const answer = answerOffline(ctx, { ranker: null });
          // (the questions where the answerer would ask the ranker; "when" questions are answered with a date first)
          const asked = TEMPORAL_Q.test(ctx.question) ? undefined : nameAsked(ctx);
          if (asked) seen.set(ctx.question, { set, conversation: conv.id, attribute: asked.attribute, ruled: stateFromMemory(ctx) !== undefined, answer, candidates: rankerCandidates(ctx, asked.attribute, asked.entity) });
          return answer;
        },
      });
      r.memory.close();
      for (const q of conv.questions) {
        const s = seen.get(q.question);
        if (!s || q.category !== 4) continue;
        const gold = String(q.answer);
        out.push({ ...s, rulesRight: right(s.answer, gold), candidates: s.candidates.map((c) => ({ ...c, y: right(c.value, gold) ? 1 : 0 })) });
      }
    }
  }
  return out;
}

/** One cross-validated setting: penalty, threshold and the questions the rules leave that it answers right. */
export interface RankerCvRow {
  lambda: number;
  threshold: number;
  /** Questions the rules leave without an answer, over all folds. */
  unruled: number;
  /** … of them right with the ranker (its name, or the rules' last resort where it abstains). */
  right: number;
  /** … of them right without the ranker. */
  rulesRight: number;
}

/** Fits one attribute's weights on the admissible candidates of questions. */
function fitAttribute(qs: readonly RankerQuestion[], lambda: number): { intercept: number; coef: number[] } {
  const kept = qs.flatMap((q) => q.candidates.filter((c) => admissible(q.attribute, c.x)));
  const x = kept.map((c) => c.x);
  const y = kept.map((c) => c.y);
  const fit = ridgeLogistic(x, y, lambda);
  return { intercept: fit.intercept, coef: fit.coef };
}

/** The best admissible candidate's rightness and probability under weights. */
function best(q: RankerQuestion, w: { intercept: number; coef: number[] }): { y: number; p: number } | undefined {
  let top: { y: number; p: number } | undefined;
  for (const c of q.candidates) {
    if (!admissible(q.attribute, c.x)) continue;
    const p = ridgeLogisticProbability(w, c.x);
    if (!top || p > top.p) top = { y: c.y, p };
  }
  return top;
}

/**
 * Cross-validates penalties × thresholds over `folds` groups of whole sets (a seeded shuffle), per attribute, then
 * fits each attribute on every question with the setting that answers most unruled questions right (ties: the larger
 * penalty, then the higher threshold).
 *
 * @example
 * const { model, cv } = fitRanker(await collectRankerQuestions(["original", "dev-a"]), { seed: 1 });
 */
export function fitRanker(questions: readonly RankerQuestion[], opts: { lambdas?: number[]; thresholds?: number[]; folds?: number; seed: number }): { model: RankerModel; cv: Record<"home" | "workplace", RankerCvRow[]> } {
  const lambdas = opts.lambdas ?? [0.1, 0.3, 1, 3, 10, 30];
  const thresholds = opts.thresholds ?? [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6];
  const k = opts.folds ?? 5;
  const sets = [...new Set(questions.map((q) => q.set))].sort();
  const rng = createRng(opts.seed);
  const shuffled = rng.shuffle(sets);
  const fold = new Map(shuffled.map((s, i) => [s, i % k]));
  const weights = {} as RankerModel["weights"];
  const cv = {} as Record<"home" | "workplace", RankerCvRow[]>;
  for (const attribute of ["home", "workplace"] as const) {
    const qs = questions.filter((q) => q.attribute === attribute);
    const rows: RankerCvRow[] = [];
    for (const lambda of lambdas) {
      const tops: { q: RankerQuestion; top: { y: number; p: number } | undefined }[] = [];
      for (let f = 0; f < k; f++) {
        const w = fitAttribute(qs.filter((q) => fold.get(q.set) !== f), lambda);
        for (const q of qs) if (fold.get(q.set) === f && !q.ruled) tops.push({ q, top: best(q, w) });
      }
      for (const threshold of thresholds) {
        const ok = tops.filter(({ q, top }) => (top && top.p >= threshold ? top.y === 1 : q.rulesRight)).length;
        rows.push({ lambda, threshold, unruled: tops.length, right: ok, rulesRight: tops.filter(({ q }) => q.rulesRight).length });
      }
    }
    const chosen = [...rows].sort((a, b) => b.right - a.right || b.lambda - a.lambda || b.threshold - a.threshold)[0];
    weights[attribute] = { ...fitAttribute(qs, chosen.lambda), threshold: chosen.threshold, lambda: chosen.lambda };
    cv[attribute] = rows;
  }
  return { model: { features: [...RANKER_FEATURES], weights }, cv };
}
