// Notebook 04: Nous memory on LoCoMo (test split) and on the belief-dynamics benchmark.
// %% [markdown]
// # Nous: memory as a predictive world model, on LoCoMo's test split
//
// **What this notebook shows: the `full` profile (`AGORA_PROFILE=full`) on LoCoMo's test split, all five test
// conversations (conv-44, conv-47, conv-48, conv-49, conv-50).** Every rule and parameter of the pipeline was chosen on the dev split
// (conv-26, conv-30, conv-41, conv-42, conv-43; see lib/nous/README.md), with one exception that cannot be undone:
// the extractor's word lists had been checked on turns sampled from all ten conversations (turns only, never questions
// or scores), so these test turns were seen. The lexicon audit (`scripts/nous-lexicon-audit.ts`, output
// `lib/nous/models/lexicon-audit.json`) bounds the damage: every entry is counted in dev turns and questions, in the
// project's hand-written sentences and in test turns and questions, and the 28 entries that only test data supported
// were removed (the weekday names Tuesday–Thursday stay, as part of the closed calendar list, with sentences of their
// own). The notebook tests run the `quick` profile (one test conversation); when `locomo10.json` is absent the run
// uses the bundled fixture's own test split, and the first output line says which.
//
// Nous keeps, for every (entity, attribute), a categorical belief held as Dirichlet pseudo-counts. Each observation
// is scored by its surprise S = −log₂ P(obs | D) *before* the update, the belief moves by a closed-form
// noisy-likelihood posterior (reliability r), beliefs left alone decay toward uniform (half-life h), and what is
// stored is the **delta**. A question is answered from BM25 over the deltas, boosted for the entities the question
// names and their graph neighbours, with the beliefs of the retrieved dimensions as fact lines.
//
// **Model.** Everything here except the published numbers at the end is the **offline parametric pipeline** (`offline:nous-nlp-v2`): an extractor built on
// wink-nlp (sentences, part of speech, lemmas, negation, dates) that writes (entity, attribute, value) triples with a
// canonical attribute vocabulary, and an extractive answerer that copies a value, a belief's mode or a date. It is
// not a language model. Its parameters (r = 0.8, α₀ = 1, h = 90 days, θ_min = 1 bit, hops 1, a 600-token context)
// are inputs; the answers, recalls and the differences between ablations are outputs.

// %%
import { experiment, nous, plot, stats } from "../dist/index.js";
// the committed outputs: AGORA_PROFILE=full npm run notebooks -- --in-place notebooks/04-nous-locomo.ipynb
const PROFILE = (process.env.AGORA_PROFILE ?? "quick") as "quick" | "full";
const run = await experiment.ensureRun("../data/configs/nous-default.json", { profile: PROFILE });
const answers = run.tables.answers;
const deltas = run.tables.deltas;
const extraction = run.tables.extraction;
const MODEL = String(answers[0].model);
const DATA = String(answers[0].data);
const CONVS = [...new Set(answers.map((r) => String(r.conversation)))];
const LABEL = MODEL.startsWith("offline") ? `${MODEL}: offline parametric pipeline, not an LLM` : MODEL;
console.log(DATA === "locomo10"
  ? `data: LoCoMo locomo10.json, split ${answers[0].split}, profile ${PROFILE}: ${CONVS.length} conversations (${CONVS.join(", ")})`
  : `data: FIXTURE (invented LoCoMo-format conversations; locomo10.json was not found), split ${answers[0].split}: numbers below are not LoCoMo results`);
console.log(`model: ${LABEL} · ${answers.length} answer rows · ${deltas.length} deltas`);
const base = answers.filter((r) => r.ablation === "none");

// %% [markdown]
// ## What the extractor wrote
// Per conversation: turns, and how many fell back to a last resort (`talked about`: no clause with a subject and a
// verb; `photo`: only a shared photo's caption). Then the canonical attributes of the deltas.

// %%
plot.table(extraction.filter((r) => r.ablation === "none").map((r) => ({ conversation: String(r.conversation), turns: Number(r.turns), talked_about: Number(r.talked_about), photo: Number(r.photo), "last resort %": (100 * (Number(r.talked_about) + Number(r.photo))) / Number(r.turns) })), { title: `Extraction per conversation (${LABEL})`, digits: 3 });
const attrCount = new Map<string, number>();
for (const d of deltas) attrCount.set(String(d.attribute), (attrCount.get(String(d.attribute)) ?? 0) + 1);
plot.table([...attrCount].sort((a, b) => b[1] - a[1]).map(([attribute, n]) => ({ attribute, deltas: n, share: (100 * n) / deltas.length })), { title: "Deltas by attribute (%)", digits: 3 });

// %% [markdown]
// ## Per-category results, with the floors
// Official LoCoMo token F1, the A-MEM/Mem0 set F1, context recall (the share of a question's evidence turns in the
// context) and nous-state's own "context recall" (answer words found in the context text; a different metric, kept
// for comparison with what Nous published). Floors: `not-mentioned` (always abstains) and `constant-year` (the year
// of the first session, whatever the question). Same answerer for `nous` and `bm25`, same 600-token budget.

// %%
const table = nous.categoryTable(base);
const nsr = (system: string, category: number) => {
  const xs = base.filter((r) => r.system === system && Number(r.category) === category && r.nous_state_recall !== null);
  return xs.length ? (100 * xs.reduce((s, r) => s + Number(r.nous_state_recall), 0)) / xs.length : null;
};
plot.table(table.map((r) => ({ system: String(r.system), category: String(r.category_name), n: Number(r.n), f1: Number(r.f1), set_f1: r.set_f1 as number | null, context_recall: r.context_recall as number | null, nous_state_recall: nsr(String(r.system), Number(r.category)) })), { title: `Per-category results, ${DATA} ${answers[0].split} split (${LABEL})`, digits: 4 });

// %%
const f1Fig = nous.categoryBarsFigure(table, { metric: "f1", model: `${LABEL}; ${DATA} test split` });
await plot.show(f1Fig);
await plot.save(f1Fig, "../figures/04-nous-locomo/f1-by-category");

// %% [markdown]
// ## The budget is tokens
// Each system fills a 600-token context its own way (Nous: evidence turns with the beliefs of their dimensions; BM25:
// turns). Mean tokens of the contexts handed to the answerer (o200k_base):

// %%
const tok = (s: string) => base.filter((r) => r.system === s && r.context_tokens !== null).map((r) => Number(r.context_tokens));
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
plot.table(["nous", "bm25"].map((s) => ({ system: s, mean_tokens: mean(tok(s)), min: Math.min(...tok(s)), max: Math.max(...tok(s)) })), { title: "Context tokens per question", digits: 4 });
console.log(`Nous / BM25 mean context tokens: ${(mean(tok("nous")) / mean(tok("bm25"))).toFixed(3)}`);

// %% [markdown]
// ## Nous against BM25, question by question
// Paired differences (Nous − BM25) per category, for F1 and for evidence recall, with a paired bootstrap 95 % CI
// (2,000 resamples, seed 1). "Significant" means the CI excludes 0; the Holm-adjusted p of a paired t-test over the
// eight category × metric comparisons is beside it.

// %%
const pairedRows = ["f1", "context_recall"].flatMap((metric) => nous.pairedCategoryTable(base, { a: { system: "nous" }, b: { system: "bm25" }, metric, seed: 1, categories: [1, 2, 3, 4] }));
const tP = pairedRows.map((r) => {
  const key = (x: Record<string, unknown>) => `${x.conversation}#${x.question_index}`;
  const bm = new Map(base.filter((x) => x.system === "bm25").map((x) => [key(x), x]));
  const d = base.filter((x) => x.system === "nous" && Number(x.category) === r.category && x[String(r.metric)] !== null).map((x) => Number(x[String(r.metric)]) - Number(bm.get(key(x))?.[String(r.metric)] ?? NaN)).filter(Number.isFinite);
  const m = mean(d);
  const sd = Math.sqrt(d.reduce((s, x) => s + (x - m) ** 2, 0) / (d.length - 1));
  return sd === 0 ? 1 : stats.tTestP(m / (sd / Math.sqrt(d.length)), d.length - 1);
});
const holm = stats.pAdjust(tP, "holm");
plot.table(pairedRows.map((r, i) => ({ metric: String(r.metric), category: String(r.category_name), n: Number(r.n), nous: Number(r.a), bm25: Number(r.b), difference: Number(r.difference), lower: Number(r.lower), upper: Number(r.upper), significant: r.significant ? "yes" : "no", p_holm: holm[i] })), { title: `Nous − BM25, paired (${LABEL})`, digits: 3 });

// %% [markdown]
// ## What the graph does
// The graph holds only what was extracted: relations ("my sister Anna"), names mentioned, facts about named people.
// The two speakers are never linked to each other (what they say to and about each other is the conversation, not a
// relation), so a question naming one speaker reaches the other at two hops, through names both mentioned. With
// hops = 1 (chosen on dev), the share of questions for which the search left some deltas out, and how the retrieved
// turns change with the hops (0, 1, 2) and with the boost off:

// %%
const nousRows = (ablation: string) => answers.filter((r) => r.system === "nous" && r.ablation === ablation);
const excludedShare = (100 * nousRows("none").filter((r) => Number(r.graph_excluded) > 0).length) / nousRows("none").length;
const differ = (a: string, b: string) => {
  const other = new Map(nousRows(b).map((r) => [`${r.conversation}#${r.question_index}`, r.retrieved]));
  const rows = nousRows(a);
  return (100 * rows.filter((r) => other.get(`${r.conversation}#${r.question_index}`) !== r.retrieved).length) / rows.length;
};
plot.table([
  { measure: "questions with deltas outside the graph search (%)", value: excludedShare },
  { measure: "questions with deltas outside a two-hop search (%)", value: (100 * nousRows("two-hops").filter((r) => Number(r.graph_excluded) > 0).length) / nousRows("two-hops").length },
  { measure: "questions whose retrieved turns differ: hops 1 vs hops 0 (%)", value: differ("none", "no-hops") },
  { measure: "questions whose retrieved turns differ: hops 1 vs hops 2 (%)", value: differ("none", "two-hops") },
  { measure: "questions whose retrieved turns differ: hops 0 vs hops 2 (%)", value: differ("no-hops", "two-hops") },
  { measure: "questions whose retrieved turns differ: boost on vs off (%)", value: differ("none", "no-graph") },
], { title: "Graph search on the test split", digits: 3 });

// %% [markdown]
// ## Ablations: which parts of the mechanism move the numbers
// Each ablation removes one part: last-write-wins instead of the Bayesian update, no decay, no multi-valued recall,
// no hops (only the named entities are boosted), no graph (no boost); `two-hops` is not an ablation but the search
// one hop wider than the protocol's. Differences to the full model are paired by
// question (bootstrap 95 % CI, all categories 1–4 pooled); "significant" means the CI excludes 0.

// %%
const ABL = ["last-write-wins", "no-decay", "no-multi-valued", "no-hops", "two-hops", "no-graph"];
const ablRows = ABL.flatMap((ablation) => ["f1", "context_recall"].map((metric) => {
  const r = nous.pairedCategoryTable(answers.filter((x) => x.system === "nous"), { a: { ablation: "none" }, b: { ablation }, metric, seed: 1, categories: [1, 2, 3, 4], pooled: true }).find((x) => x.category === 0)!;
  const changed = differ("none", ablation);
  return { ablation, metric, n: Number(r.n), full: Number(r.a), ablated: Number(r.b), "full − ablated": Number(r.difference), lower: Number(r.lower), upper: Number(r.upper), significant: r.significant ? "yes" : "no", "% questions retrieved differently": changed };
}));
plot.table(ablRows, { title: `Ablations on the test split (${LABEL})`, digits: 3 });

// %% [markdown]
// ## The mechanism and the answer heuristics
// Three layers, measured apart on the same questions. The **answer heuristics** (temporal resolution of "yesterday",
// question-word cues for attributes, copying) are shared by Nous and BM25: BM25 minus the floors measures them. The
// **retrieval and beliefs** are what Nous adds over BM25 with the same answerer and budget. The **belief dynamics**
// (update rule, decay) are what the ablations isolate.

// %%
const f1Of = (system: string, cats: number[]) => {
  const xs = base.filter((r) => r.system === system && cats.includes(Number(r.category)));
  return (100 * xs.reduce((s, r) => s + Number(r.f1), 0)) / xs.length;
};
const lines = [
  { layer: "floor: constant year (temporal questions)", f1: f1Of("constant-year", [2]) },
  { layer: "answer heuristics over BM25 (temporal questions)", f1: f1Of("bm25", [2]) },
  { layer: "Nous (temporal questions)", f1: f1Of("nous", [2]) },
  { layer: "floor: constant year (categories 1–4)", f1: f1Of("constant-year", [1, 2, 3, 4]) },
  { layer: "answer heuristics over BM25 (categories 1–4)", f1: f1Of("bm25", [1, 2, 3, 4]) },
  { layer: "Nous: retrieval + beliefs (categories 1–4)", f1: f1Of("nous", [1, 2, 3, 4]) },
];
plot.table(lines, { title: "F1 by layer (offline pipeline)", digits: 4 });

// %% [markdown]
// ## Where the beliefs matter: the belief-dynamics benchmark, pre-registered
// On LoCoMo the update rule and decay barely move the answers (ablation table above). The project's own benchmark has
// true changes confirmed more than once, one-off jokes that contradict an established value, long silences, others'
// facts and hypotheticals, in LoCoMo's format; questions ask for the current value and for the value before a change.
// The benchmark's scenarios are inputs (its parameters); which variant answers them is the output.
//
// Its first instance (`belief-dynamics.json`, 24 conversations) was scored while the model was developed, and its
// test's pass condition was chosen after its per-category numbers had been seen. So a second, held-out instance was
// **pre-registered**: `data/benchmarks/belief-dynamics-prereg.md`, committed on its own (commit 71b06d30) before that
// instance was generated or scored, fixes its seed (20261215) and size (96 conversations), the model, the hypotheses —
// on current-state questions, bayes > last-write-wins (H1) and decay > no-decay (H2) —, the statistic (paired
// bootstrap 95 % interval of the mean per-question F1 difference, 2,000 resamples, seed 7) and α (one-sided 0.025
// each, Bonferroni over the two: a hypothesis holds when the interval's lower end is above 0). Below is that
// instance; the verdicts are computed from the intervals.

// %%
const bd = await nous.runBeliefDynamics(["none", "last-write-wins", "no-decay"], ["nous"], "prereg");
const bdCompare = (b: string) => nous.pairedCategoryTable(bd.rows, { a: { ablation: "none" }, b: { ablation: b }, metric: "f1", seed: 7, categories: [4, 1], pooled: true });
const primary = [["H1", "last-write-wins"], ["H2", "no-decay"]].map(([h, b]) => {
  const r = bdCompare(b).find((x) => x.category === 4)!;
  return { hypothesis: `${h}: full > ${b} (current states)`, n: Number(r.n), full: Number(r.a), ablated: Number(r.b), difference: Number(r.difference), lower: Number(r.lower), upper: Number(r.upper), verdict: Number(r.lower) > 0 ? "holds" : "fails" };
});
plot.table(primary, { title: "Pre-registered hypotheses on the held-out instance (seed 20261215; offline pipeline)", digits: 3 });
console.log(`pre-registered condition (H1 and H2): ${primary.every((r) => r.verdict === "holds") ? "PASS" : "FAIL"}`);

// %% [markdown]
// Secondary, as pre-registered (reported, not part of the pass condition): the same differences on history questions
// and on all questions pooled, and F1 per scenario. On `stable` values, which nothing contradicts, the theory predicts
// no difference.

// %%
const acc = (ablation: string, scenario: string, kind: string) => {
  const xs = bd.rows.filter((r) => r.ablation === ablation && r.scenario === scenario && r.kind === kind);
  return xs.length ? (100 * xs.reduce((s, r) => s + Number(r.f1), 0)) / xs.length : null;
};
const scen = ["stable", "noise-after-stable", "change", "change-after-gap"];
plot.table(scen.flatMap((s) => ["current", "history"].map((k) => ({ scenario: s, question: k, n: bd.rows.filter((r) => r.ablation === "none" && r.scenario === s && r.kind === k).length, bayes_decay: acc("none", s, k), last_write_wins: acc("last-write-wins", s, k), no_decay: acc("no-decay", s, k) }))).filter((r) => r.n > 0), { title: "Held-out instance: F1 by scenario (offline pipeline)", digits: 4 });
const bdPaired = ["last-write-wins", "no-decay"].flatMap((b) => bdCompare(b).map((r) => ({ against: b, questions: r.category === 4 ? "current" : r.category === 1 ? "history" : "all", n: Number(r.n), full: Number(r.a), ablated: Number(r.b), difference: Number(r.difference), lower: Number(r.lower), upper: Number(r.upper), significant: r.significant ? "yes" : "no" })));
plot.table(bdPaired, { title: "Full model − variant on the held-out instance, paired bootstrap 95 % CI", digits: 3 });

// %% [markdown]
// ## Belief trajectories
// First the equations alone on a controlled sequence (no data): a job confirmed five times, then contradicted three
// times (r = 0.8, α₀ = 1, no decay). Then a job change in the benchmark's generated conversations, and every
// workplace, job or home dimension of the LoCoMo test run that holds two values or more, with the one with the most
// deltas drawn. Read its turns before calling it a job change: the offline extractor writes what the words say.

// %%
const demo = nous.open(":memory:", { halfLifeDays: null });
const WEEK = 7 * 86_400_000;
["baker", "baker", "baker", "baker", "baker", "librarian", "librarian", "librarian"].forEach((v, i) =>
  demo.ingest({ id: `S${i + 1}`, speaker: "Ann", text: `Ann works as a ${v}.`, timestamp: Date.UTC(2023, 0, 1) + i * WEEK },
    { triples: [{ entity: "Ann", attribute: "job", value: v }] }));
const demoDeltas = demo.trajectory("Ann", "job").map((d) => ({ ...d }));
plot.table(demoDeltas.map((d) => ({ observation: d.observation, surprise_bits: d.surprise, mode_after: d.posterior[0].value, p_mode: d.posterior[0].p })), { title: "Controlled sequence (equations only)", digits: 4 });
const demoFig = nous.beliefTrajectoryFigure(demoDeltas, { entity: "Ann", attribute: "job", model: "equations of the memory on a controlled sequence (r = 0.8, α₀ = 1), no data" });
await plot.show(demoFig);
await plot.save(demoFig, "../figures/04-nous-locomo/belief-trajectory-controlled");
demo.close();

// %%
const bdMem = nous.open(":memory:", { hops: 1 });
const bdConv = nous.loadLocomo("../data/benchmarks/belief-dynamics-prereg.json").find((c) => bd.truth.some((t) => t.conversation === c.id && t.scenario === "change" && t.attribute === "workplace"))!;
const changed = bd.truth.find((t) => t.conversation === bdConv.id && t.scenario === "change" && t.attribute === "workplace")!;
let bdCtx: nous.SessionContext = { speakers: [...bdConv.speakers] };
let bdSession = -1;
for (const t of bdConv.turns) {
  if (t.session !== bdSession) [bdSession, bdCtx] = [t.session, { speakers: [...bdConv.speakers] }];
  bdMem.ingest({ id: t.id, speaker: t.speaker, text: t.text, timestamp: t.timestamp }, nous.extractOffline({ id: t.id, speaker: t.speaker, text: t.text, timestamp: t.timestamp }, undefined, bdCtx));
}
const bdTraj = bdMem.trajectory(changed.person, "workplace").map((d) => ({ ...d }));
plot.table(bdTraj.map((d) => ({ turn: d.evidenceId, observation: d.observation, surprise_bits: d.surprise, mode_after: d.posterior[0].value, p_mode: d.posterior[0].p })), { title: `Benchmark ${bdConv.id}: ${changed.person} · workplace (${changed.before} → ${changed.current}; offline pipeline)`, digits: 4 });
const bdFig = nous.beliefTrajectoryFigure(bdTraj, { entity: changed.person, attribute: "workplace", model: `${MODEL}; belief-dynamics benchmark ${bdConv.id} (generated data)` });
await plot.show(bdFig);
await plot.save(bdFig, "../figures/04-nous-locomo/belief-trajectory-benchmark-job-change");
bdMem.close();

// %%
const byDim = new Map<string, Record<string, unknown>[]>();
for (const d of deltas) {
  if (d.attribute !== "workplace" && d.attribute !== "job" && d.attribute !== "home") continue;
  const k = `${d.conversation}\u0000${d.entity}\u0000${d.attribute}`;
  byDim.set(k, [...(byDim.get(k) ?? []), d]);
}
const modeOf = (d: Record<string, unknown>) => (JSON.parse(String(d.posterior)) as { value: string }[])[0].value;
const changes = (ds: Record<string, unknown>[]) => ds.slice(1).filter((d, i) => modeOf(d) !== modeOf(ds[i])).length;
const candidates = [...byDim.values()].filter((ds) => new Set(ds.map((d) => d.observation)).size >= 2).sort((a, b) => b.length - a.length || changes(b) - changes(a));
plot.table(candidates.map((ds) => ({ conversation: String(ds[0].conversation), dimension: `${ds[0].entity} · ${ds[0].attribute}`, deltas: ds.length, values: [...new Set(ds.map((d) => String(d.observation)))].join(" | ") })), { title: "Workplace, job and home dimensions with two values or more (LoCoMo test split)" });
const best = candidates[0];
if (best) {
  console.log(`${best[0].conversation}: ${best[0].entity} · ${best[0].attribute}, ${best.length} deltas, ${changes(best)} mode changes`);
  plot.table(best.map((d) => ({ turn: String(d.evidence_id), observation: String(d.observation), surprise_bits: Number(d.surprise), mode_after: modeOf(d) })), { title: "Deltas of that dimension", digits: 4 });
  const trajFig = nous.beliefTrajectoryFigure(best, { entity: String(best[0].entity), attribute: String(best[0].attribute), model: `${LABEL}; ${DATA}` });
  await plot.show(trajFig);
  await plot.save(trajFig, "../figures/04-nous-locomo/belief-trajectory");
} else console.log("no workplace or job dimension with two values in this run");

// %% [markdown]
// ## Failures, for both systems
// Per category: questions none of whose evidence turns reached the context (retrieval failure), reached but answered
// with F1 = 0 (answer failure), and answered with some credit.

// %%
plot.table(["nous", "bm25"].flatMap((s) => nous.failureTable(base, s).map((r) => ({ system: s, category: String(r.category_name), n: Number(r.n), retrieval_failure: Number(r.retrieval_failure), answer_failure: Number(r.answer_failure), some_credit: Number(r.some_credit) }))), { title: `Failure analysis (${LABEL})`, digits: 3 });

// %% [markdown]
// ## Published numbers, labelled
// Each published number carries its model, retriever and scorer. The Nous paper's headline numbers are LLM-judge
// scores (its audit says so) from gemini-2.5-flash with dense embeddings and an LLM query rewriter; its "context
// recall" is nous-state's answer-words-in-context score, comparable with our `nous_state_recall` column, not with
// evidence recall. None of them is the offline pipeline.

// %%
plot.table(nous.publishedResults().map((p) => ({ system: String(p.system), model: String(p.model), retriever: String(p.retriever), scorer: String(p.scorer), category: String(p.category_name), value: Number(p.value) })), { title: "Published LoCoMo numbers (as reported)", digits: 4 });
