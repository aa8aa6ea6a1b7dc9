/**
 * Fitting the extractor's reading of names (mentions.ts) on the tune conversations of the hand-written check sets,
 * and choosing its penalty and thresholds by cross-validation over whole sets (a set is one writer's style, so a
 * fold holds out writers). Nothing here reads a set's "report" conversations.
 *
 * A candidate (person, name) of a turn is labelled for an attribute only where the model may add it (`namesOpen`)
 * and the set asks about that person's attribute (a current or a history question): 1 when the name is an expected
 * answer (F1 ≥ 0.5, as the check scores answers), else 0. Pairs nobody asks about carry no label. The thresholds are chosen by what the check counts: the
 * conversations of the held-out folds with every current value right, the memory and the answerer run in full with
 * the fold's model.
 */
import { buildStatesCheck, checkSetPaths, conversationsRight } from "../benchmarks/states-check.js";
import { parseLocomo, type LocomoConversation } from "../locomo/data.js";
import { evaluateConversation, ingestConversation, offlineWindowExtractor } from "../locomo/evaluate.js";
import { Memory } from "../engine.js";
import { ablationOptions, LOCOMO_MEMORY } from "../runner.js";
import { locomoF1 } from "../scoring/locomo-f1.js";
import { createRng } from "../../core/rng.js";
import { ridgeLogistic } from "../../stats/ridge-logistic.js";
import type { CheckConversation } from "../benchmarks/states-check.js";
import { answerOffline, extractOffline, OFFLINE_LABEL } from "./offline.js";
import type { RankerModel } from "./ranker.js";
import { byRole, MENTION_FEATURES, namesOpen, type MentionModel } from "./mentions.js";

const right = (prediction: string, answer: string): boolean => locomoF1(prediction, answer, 4) >= 0.5;
const ASKED = /^Where (?:does|did) (.+?) (live|work)\b/;

/** The tune conversations of a set, with their tags. */
export interface TuneSet {
  set: string;
  conversations: LocomoConversation[];
  tags: CheckConversation[];
}

/** Reads the tune conversations of `sets` (names as `checkSetPaths` takes them), or all of them (a validation set's). */
export function readTuneSets(sets: readonly string[], part: "tune" | "all" = "tune"): TuneSet[] {
  return sets.map((set) => {
    const [path] = checkSetPaths(set);
    const { data, tags } = buildStatesCheck(path);
    return { set, tags, conversations: parseLocomo(data, path).filter((c) => part === "all" || tags.find((t) => t.id === c.id)?.part === "tune") };
  });
}

/** One labelled candidate: its set, its features and its label per attribute (undefined: nobody asks). */
export interface LabelledName {
  set: string;
  x: number[];
  /** The words around the name (`contextWords`). */
  words: string[];
  home?: 0 | 1;
  workplace?: 0 | 1;
}

/** The candidates of every turn of the tune conversations, read with the rules alone, labelled by the sets' questions. */
export async function collectNames(sets: readonly TuneSet[]): Promise<LabelledName[]> {
  const out: LabelledName[] = [];
  for (const { set, conversations } of sets) {
    for (const conv of conversations) {
      const expected = new Map<string, string[]>();
      for (const q of conv.questions) {
        const m = ASKED.exec(q.question);
        if (!m) continue;
        const key = `${m[1]}\u0000${m[2] === "live" ? "home" : "workplace"}`;
        expected.set(key, [...(expected.get(key) ?? []), String(q.answer)]);
      }
      const label = (owner: string, attribute: string, value: string): 0 | 1 | undefined => {
        const gold = expected.get(`${owner}\u0000${attribute}`);
        return gold ? (gold.some((g) => right(value, g)) ? 1 : 0) : undefined;
      };
      const mem = Memory.open(":memory:", ablationOptions(LOCOMO_MEMORY, "none"));
      try {
        await ingestConversation(mem, conv, offlineWindowExtractor((t, caption, ctx) => extractOffline(t, caption, ctx, {
          names: null,
          onNames: (_turn, candidates, ruled, known) => {
            // (only what the model may add: namesOpen)
            const open = namesOpen(ruled, known);
            for (const c of candidates) {
              if (!open.value(c.value)) continue;
              const home = open.slot(c.owner, "home") ? label(c.owner, "home", c.value) : undefined;
              const workplace = open.slot(c.owner, "workplace") ? label(c.owner, "workplace", c.value) : undefined;
              if (home !== undefined || workplace !== undefined) out.push({ set, x: c.x, words: c.words, home, workplace });
            }
          },
        })));
      } finally {
        mem.close();
      }
    }
  }
  return out;
}

/**
 * The share of the sets a word must appear around candidates in. In a grouped cross-validation of the tune sets'
 * candidates, one set in twenty gave about twice the words and a held-out average precision higher by 0.005 (home) and
 * 0.006 (workplace); one in eight was kept, the smaller model.
 */
export const WORD_SHARE = 1 / 8;

/**
 * The words around names (`contextWords`) the model weighs: those around candidates of at least `share` of the sets
 * (a word one writer uses says nothing of the next), in code-point order. Chosen from the candidates the fit reads, so
 * a cross-validation fold chooses its own.
 */
export function contextLexicon(names: readonly LabelledName[], share = WORD_SHARE): string[] {
  const sets = new Map<string, Set<string>>();
  for (const n of names) {
    for (const w of n.words) {
      let s = sets.get(w);
      if (!s) sets.set(w, (s = new Set()));
      s.add(n.set);
    }
  }
  const need = Math.max(2, Math.ceil(share * new Set(names.map((n) => n.set)).size));
  return [...sets].filter(([, s]) => s.size >= need).map(([w]) => w).sort();
}

/** Fits one attribute's weights on the candidates labelled for it: the roles' blocks (`byRole`), then one per word. */
function fitAttribute(names: readonly LabelledName[], attribute: "home" | "workplace", lambda: number, words: readonly string[]): { intercept: number; coef: number[] } {
  const kept = names.filter((n) => n[attribute] !== undefined);
  const index = new Map(words.map((w, i) => [w, i]));
  const row = (n: LabelledName) => {
    const r = byRole(n.x).concat(new Array<number>(words.length).fill(0));
    const base = r.length - words.length;
    for (const w of n.words) if (index.has(w)) r[base + index.get(w)!] = 1;
    return r;
  };
  const fit = ridgeLogistic(kept.map(row), kept.map((n) => n[attribute]!), lambda);
  return { intercept: fit.intercept, coef: fit.coef };
}

/** A model of both attributes fitted on `names` with one penalty and the given thresholds. */
export function fitMentionModel(names: readonly LabelledName[], lambda: number, thresholds: { home: number; workplace: number }): MentionModel {
  const words = contextLexicon(names);
  return {
    features: [...MENTION_FEATURES],
    words,
    weights: {
      home: { ...fitAttribute(names, "home", lambda, words), threshold: thresholds.home, lambda },
      workplace: { ...fitAttribute(names, "workplace", lambda, words), threshold: thresholds.workplace, lambda },
    },
  };
}

/** `m` with both thresholds set to `t` (the weights shared). */

/**
 * Conversations of `sets` with every current value right, the extractor reading names with `model` (null: not at
 * all), the answerer with `ranker` (null, the default: without its ranker, whose fit reads this model's observations).
 */
export async function conversationsRightWith(sets: readonly TuneSet[], model: MentionModel | null, ranker: RankerModel | null = null): Promise<number> {
  let n = 0;
  for (const { conversations, tags } of sets) {
    for (const conv of conversations) {
      const r = await evaluateConversation(conv, {
        systems: ["nous"], memory: ablationOptions(LOCOMO_MEMORY, "none"), model: OFFLINE_LABEL, extra: { ablation: "none" },
        extractor: offlineWindowExtractor((t, caption, ctx) => extractOffline(t, caption, ctx, { names: model })),
        answerer: async (ctx) => answerOffline(ctx, { ranker }),
      });
      r.memory.close();
      n += conversationsRight(r.answers, tags).filter((c) => c.right).length;
    }
  }
  return n;
}

/** One cross-validated setting and the held-out conversations it gets right. */
export interface MentionCvRow {
  lambda: number;
  threshold: number;
  right: number;
  conversations: number;
  /** The held-out conversations right in each fold. */
  byFold: number[];
}

/**
 * Cross-validates thresholds (one for both attributes) over `folds` groups of whole sets (a seeded shuffle) at one
 * penalty, the memory and answerer run in full on each held-out fold; then fits on every set with the highest threshold
 * (the fewest readings by the model) within one standard error of the threshold that gets most conversations right
 * (`oneStandardError`). A threshold above 1 is the extractor without the model.
 */
export async function fitMentions(sets: readonly TuneSet[], names: readonly LabelledName[], opts: { lambda: number; thresholds: number[]; folds?: number; seed: number }): Promise<{ model: MentionModel; cv: MentionCvRow[] }> {
  const k = opts.folds ?? 5;
  const order = createRng(opts.seed).shuffle(sets.map((s) => s.set).sort());
  const fold = new Map(order.map((s, i) => [s, i % k]));
  const total = sets.reduce((a, s) => a + s.conversations.length, 0);
  const cv: MentionCvRow[] = opts.thresholds.map((threshold) => ({ lambda: opts.lambda, threshold, right: 0, conversations: total, byFold: [] }));
  for (let f = 0; f < k; f++) {
    const held = sets.filter((s) => fold.get(s.set) === f);
    const train = names.filter((n) => fold.get(n.set) !== f);
    // (one fit per fold: the thresholds share its weights)
    const fitted = fitMentionModel(train, opts.lambda, { home: 1, workplace: 1 });
    for (const row of cv) {
      const right = await conversationsRightWith(held, row.threshold > 1 ? null : atThreshold(fitted, row.threshold));
      row.right += right;
      row.byFold.push(right);
    }
  }
  const t = Math.min(oneStandardError(cv).threshold, 1.01);
  return { model: fitMentionModel(names, opts.lambda, { home: t, workplace: t }), cv };
}

/** One threshold scored on the validation split: its conversations with every current value right. */
export interface MentionValidationRow {
  threshold: number;
  /** Right with the answerer without its ranker. */
  right: number;
  /** Right with the answerer as it runs, its ranker refitted on the tune sets read at this threshold (the shortlist only). */
  withRanker?: number;
}

/** How many thresholds, the best without the ranker, are scored again with a ranker refitted for each. */
export const RANKER_SHORTLIST = 3;

/**
 * The threshold chosen on the validation split (`validationSetNames`): the model fitted on every tune set, scored at
 * each threshold on every conversation of the validation sets, first with the answerer without its ranker; then the
 * `RANKER_SHORTLIST` best of those (ties: the higher threshold) again with the answerer as it runs, its ranker refitted
 * on the tune sets (`refitRanker`) as the extractor reads them at that threshold. The choice is the most conversations
 * right with the ranker (ties: the higher threshold, the fewer readings). Without `refitRanker` the first score
 * decides. The cross-validation over tune sets chose lower thresholds than new writers' sets bear (the rules were
 * written on those folds), so the one parameter left is chosen on sets no rule was written on; and the ranker answers
 * where the rules and this model leave a question, so a choice made without it misorders thresholds.
 *
 * @example
 * (await thresholdOnValidation(model, readTuneSets(validationSetNames(), "all"), [0.4, 0.3])).threshold; // 0.4
 */
export async function thresholdOnValidation(model: MentionModel, validation: readonly TuneSet[], thresholds: readonly number[], refitRanker?: (names: MentionModel | null) => Promise<RankerModel>): Promise<{ threshold: number; rows: MentionValidationRow[] }> {
  const at = (t: number) => (t > 1 ? null : atThreshold(model, t));
  const rows: MentionValidationRow[] = [];
  for (const threshold of thresholds) rows.push({ threshold, right: await conversationsRightWith(validation, at(threshold)) });
  const order = (key: (r: MentionValidationRow) => number) => (a: MentionValidationRow, b: MentionValidationRow) => key(b) - key(a) || b.threshold - a.threshold;
  let best = [...rows].sort(order((r) => r.right))[0];
  if (refitRanker) {
    const shortlist = [...rows].sort(order((r) => r.right)).slice(0, RANKER_SHORTLIST);
    for (const row of shortlist) row.withRanker = await conversationsRightWith(validation, at(row.threshold), await refitRanker(at(row.threshold)));
    best = shortlist.sort(order((r) => r.withRanker!))[0];
  }
  return { threshold: Math.min(best.threshold, 1.01), rows };
}

/** The model with one threshold for both attributes. */
export const atThreshold = (m: MentionModel, t: number): MentionModel => ({ ...m, weights: { home: { ...m.weights.home, threshold: t }, workplace: { ...m.weights.workplace, threshold: t } } });

/**
 * The one-standard-error rule over paired folds: the highest threshold whose shortfall against the best row (most
 * conversations right; ties, the higher threshold), summed over the folds, is at most the standard error of that sum
 * (√k times the folds' standard deviation). Differences within the folds' noise do not buy more readings by the model.
 *
 * @example
 * oneStandardError([{ threshold: 0.3, right: 30, byFold: [10, 12, 8], … }, { threshold: 0.4, right: 29, byFold: [10, 11, 8], … }]).threshold; // 0.4
 */
export function oneStandardError(cv: readonly MentionCvRow[]): MentionCvRow {
  const best = [...cv].sort((a, b) => b.right - a.right || b.threshold - a.threshold)[0];
  const k = best.byFold.length;
  const within = cv.filter((r) => {
    const d = best.byFold.map((b, f) => b - r.byFold[f]);
    const mean = d.reduce((a, x) => a + x, 0) / k;
    const sd = k > 1 ? Math.sqrt(d.reduce((a, x) => a + (x - mean) ** 2, 0) / (k - 1)) : 0;
    return d.reduce((a, x) => a + x, 0) <= Math.sqrt(k) * sd;
  });
  return within.sort((a, b) => b.threshold - a.threshold)[0] ?? best;
}
