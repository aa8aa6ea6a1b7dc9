/**
 * What each part of the mechanism changes on real data: for every ablation, per split, how many questions get a
 * different answer, a different F1 and different retrieved turns than the full model, and the conversations behind
 * the changed answers. Identity merges are counted per conversation from the `extraction` table.
 */
type Row = Record<string, unknown>;

/** The part of the mechanism each ablation removes. */
export const COMPONENTS: Record<string, string> = {
  "no-merges": "identity merges",
  "last-write-wins": "update rule (Bayes → last-write-wins)",
  "no-decay": "decay",
  "no-kinds": "observation kinds (change, ended, planned)",
  "no-confidence": "observation confidence (hedges, plans)",
  "no-multi-valued": "multi-valued recall",
  "no-hops": "graph search depth (hops 1 → 0)",
  "two-hops": "graph search depth (hops 1 → 2)",
  "no-graph": "graph boost",
};

/**
 * One row per ablation × split: questions, and how many of them change (answer, F1, retrieved turns) against the
 * full model, with the conversations whose answers changed ("conv-44 ×3").
 *
 * @example
 * componentChanges(run.tables.answers); // [{ component: "decay", split: "test", questions: 987, answer_changed: 2, … }]
 */
export function componentChanges(rows: readonly Row[]): Row[] {
  const nous = rows.filter((r) => r.system === "nous");
  const key = (r: Row) => `${r.split}\u0000${r.conversation}\u0000${r.question_index}`;
  const full = new Map(nous.filter((r) => (r.ablation ?? "none") === "none").map((r) => [key(r), r]));
  const out: Row[] = [];
  const ablations = [...new Set(nous.map((r) => String(r.ablation ?? "none")))].filter((a) => a !== "none");
  const splits = [...new Set(nous.map((r) => String(r.split)))].sort();
  for (const ablation of ablations) {
    for (const split of splits) {
      const mine = nous.filter((r) => r.ablation === ablation && String(r.split) === split);
      if (!mine.length) continue;
      let answer = 0, f1 = 0, retrieved = 0;
      const convs = new Map<string, number>();
      for (const r of mine) {
        const f = full.get(key(r));
        if (!f) continue;
        if (f.prediction !== r.prediction) {
          answer++;
          convs.set(String(r.conversation), (convs.get(String(r.conversation)) ?? 0) + 1);
        }
        if (f.f1 !== r.f1) f1++;
        if (f.retrieved !== r.retrieved) retrieved++;
      }
      out.push({ component: COMPONENTS[ablation] ?? ablation, ablation, split, questions: mine.length, answer_changed: answer, f1_changed: f1, retrieved_changed: retrieved, conversations: [...convs].map(([c, n]) => `${c} ×${n}`).join(", ") || "none" });
    }
  }
  return out;
}

/** Identity merges per conversation (full model) from the `extraction` table. */
export function mergesPerConversation(extraction: readonly Row[]): Row[] {
  return extraction.filter((r) => (r.ablation ?? "none") === "none").map((r) => ({ split: r.split, conversation: r.conversation, merges: Number(r.merges ?? 0) }));
}
