// Notebook 04: Nous memory on LoCoMo.
// %% [markdown]
// # Nous: memory as a predictive world model, evaluated on LoCoMo
//
// Nous keeps, for every (entity, attribute), a categorical belief held as Dirichlet pseudo-counts. Each observation
// is scored by its surprise S = −log₂ P(obs | D) *before* the update, the belief moves by a closed-form
// noisy-likelihood posterior (reliability r), beliefs left alone decay toward uniform (half-life h), and what is
// stored is the **delta** (prior, posterior, surprise, time, evidence) in an SQLite file. A question is answered from
// the entities it names, a breadth-first search of the entity graph (≤ 2 hops), the dimension states as fact lines,
// and the top deltas by BM25 as dated evidence.
//
// **Data.** LoCoMo (`locomo10.json`, 10 conversations, 1,986 questions) is not part of the project. The run below
// reads it from `$LOCOMO_PATH` or `../shared/data/locomo10.json`; **when it is absent the run uses the bundled
// fixture** (`lib/nous/fixtures/locomo-mini.json`, two invented conversations in LoCoMo's format), and the first
// output line says which. The `quick` profile evaluates the first two conversations; `full` evaluates all ten.
//
// **Model.** Everything here is the **offline parametric pipeline** (`offline:nous-rules-v1`): a rule-based
// extractor (first-person patterns) and an extractive answerer that copies a value or a date from the retrieved
// context. It is not a language model. Its F1 says what retrieval plus copying achieves; its context recall is
// the figure we compare with the recall Nous published. Set `"model"` in `data/configs/nous-default.json` to an
// LLM spec to run the same study with a language model extractor and answerer (and the full-context baseline).

// %%
import { experiment, nous, plot, stats } from "../dist/index.js";
const run = await experiment.ensureRun("../data/configs/nous-default.json");
const answers = run.tables.answers;
const deltas = run.tables.deltas;
const MODEL = String(answers[0].model);
const DATA = String(answers[0].data);
// how every table and figure names the model: offline runs are a parametric pipeline, not a language model
const LABEL = MODEL.startsWith("offline") ? `${MODEL}: offline parametric pipeline, not an LLM` : MODEL;
console.log(DATA === "locomo10"
  ? `data: LoCoMo locomo10.json (${new Set(answers.map((r) => r.conversation)).size} conversations in this profile)`
  : "data: FIXTURE (invented LoCoMo-format conversations; locomo10.json was not found) — numbers below are not LoCoMo results");
console.log(`model: ${LABEL} · ${answers.length} answer rows · ${deltas.length} deltas`);

// %% [markdown]
// ## Per-category results
// Official LoCoMo token F1 (NLTK-mode Porter stemming; category 1 split on commas; category 5 scores an abstention),
// the A-MEM/Mem0 set F1, and context recall: the share of a question's evidence turns among the k = 10 retrieved
// source turns. Baselines in the same run with the same budget: BM25 over raw turns, and the constant
// "not mentioned" answer. Rows are the full model (ablation `none`).

// %%
const table = nous.categoryTable(answers);
console.log(`per-category results (${LABEL}; ${DATA})`);
console.table(table.map((r) => ({ system: r.system, category: r.category_name, n: r.n, f1: Number(r.f1).toFixed(2), set_f1: r.set_f1 === null ? "-" : Number(r.set_f1).toFixed(2), recall: r.context_recall === null ? "-" : Number(r.context_recall).toFixed(2) })));

// %%
const f1Fig = nous.categoryBarsFigure(table, { metric: "f1", model: `${LABEL}; ${DATA}` });
await plot.show(f1Fig);
await plot.save(f1Fig, "../figures/04-nous-locomo/f1-by-category");

// %%
const recallFig = nous.categoryBarsFigure(table.filter((r) => r.context_recall !== null), { metric: "context_recall", model: `${LABEL}; ${DATA}`, categories: [1, 2, 3, 4] });
await plot.show(recallFig);
await plot.save(recallFig, "../figures/04-nous-locomo/context-recall-by-category");

// %% [markdown]
// Overall F1 is the question-weighted mean over categories 1–4; category 5 (adversarial) is reported apart, since a
// system that always abstains scores 100 there and 0 elsewhere.

// %%
console.table(nous.overallF1(answers.filter((r) => r.ablation === "none")).map((r) => ({ system: r.system, f1_1_4: Number(r.f1_1_4).toFixed(2), recall_1_4: r.context_recall_1_4 === null ? "-" : Number(r.context_recall_1_4).toFixed(2), f1_5: Number(r.f1_5).toFixed(2) })));

// %% [markdown]
// ## Nous against BM25 over raw turns, question by question
// A linear mixed model of per-question F1 on the system with a random intercept per question (categories 1–4),
// so each question is its own control: the `systemnous` coefficient is the mean F1 gain of the memory over BM25
// with the same answerer and the same retrieval budget.

// %%
const paired = answers
  .filter((r) => r.ablation === "none" && (r.system === "nous" || r.system === "bm25") && Number(r.category) !== 5)
  .map((r) => ({ f1: Number(r.f1), recall: r.context_recall === null ? 0 : Number(r.context_recall), system: String(r.system), qid: `${r.conversation}#${r.question_index}` }));
// a model is fitted only when the two systems differ on some question (on a small fixture they may not)
function pairedFit(outcome: "f1" | "recall") {
  const byQ = new Map<string, number[]>();
  for (const r of paired) byQ.set(r.qid, [...(byQ.get(r.qid) ?? []), r[outcome]]);
  const differs = [...byQ.values()].some((v) => v.length === 2 && v[0] !== v[1]);
  if (!differs) return { outcome, estimate: 0, se: null, df: null, p: null, note: "equal for every question: nothing to fit" };
  const fit = stats.lmm(`${outcome} ~ system + (1 | qid)`, paired);
  return { outcome, estimate: fit.fixef.systemnous, se: fit.se.systemnous, df: fit.df.systemnous, p: fit.p.systemnous, note: "" };
}
console.table([pairedFit("f1"), pairedFit("recall")]);

// %% [markdown]
// ## Published numbers beside ours
// Each published number is labelled with its scorer and model. The Nous paper's headline 63.50 / 55.32 / 58.57 /
// 62.50 are called token F1 in the paper's summary; the authors' own audit (RESULTS_AUDIT.md) says they are LLM-judge
// scores and gives strict token F1 44.66 / 23.48 / 51.10 / 10.54: both are shown, labelled. A-MEM's and Mem0's
// numbers use a set-based F1 and their own category mappings. None of them is the offline pipeline.

// %%
const ours = table.filter((r) => r.system === "nous" && Number(r.category) <= 4);
const published = nous.publishedResults();
const side = ["single-hop", "multi-hop", "temporal", "open-domain"].map((c) => {
  const o = ours.find((r) => r.category_name === c);
  const pub = (system: string, metric: string) => published.find((p) => p.system === system && p.metric === metric && p.category_name === c)?.value ?? "-";
  return {
    category: c,
    [`ours F1 (${MODEL})`]: o ? Number(o.f1).toFixed(2) : "-",
    [`ours recall (${MODEL})`]: o && o.context_recall !== null ? Number(o.context_recall).toFixed(2) : "-",
    "Nous paper (LLM judge, gpt-4o-mini)": pub("Nous (paper)", "score"),
    "Nous audit token F1 (gpt-4o-mini)": pub("Nous (audit)", "f1"),
    "Nous audit recall": pub("Nous (audit)", "context_recall"),
    "A-MEM set F1 (gpt-4o-mini)": pub("A-MEM (self-reported)", "f1"),
    "Mem0 set F1 (gpt-4o-mini)": pub("Mem0 (self-reported)", "f1"),
  };
});
console.table(side);

// %% [markdown]
// ## Ablations
// The same pipeline with one part of the mechanism removed: last-write-wins instead of the Bayesian update, no decay,
// no multi-valued recall, no graph hops (only the entities the question names). The offline answerer copies the
// observation of the best evidence, so the update rule and decay change only the fact lines (what an LLM answerer
// would read), not its answers: their rows equal the full model's by construction, which is itself the finding —
// on LoCoMo's questions the offline pipeline's numbers come from retrieval, not from the beliefs.

// %%
console.table(nous.ablationTable(answers).map((r) => ({ ablation: r.ablation, f1_1_4: Number(r.f1_1_4).toFixed(2), recall_1_4: r.context_recall_1_4 === null ? "-" : Number(r.context_recall_1_4).toFixed(2), f1_5: Number(r.f1_5).toFixed(2) })));

// %% [markdown]
// ## A belief trajectory
// First the equations alone, on a controlled sequence (no data): a job confirmed five times, then contradicted
// three times (r = 0.8, α₀ = 1, no decay). The first contradiction is surprising (−log₂ 1/6 = 2.58 bits) and lowers
// the belief without flipping it (prior odds 5 : 1 exceed r/(1 − r) = 4); the second flips it. Mass moves toward
// the new value with the evidence, without any explicit conflict rule.

// %%
const demo = nous.open(":memory:", { halfLifeDays: null });
const WEEK = 7 * 86_400_000;
["baker", "baker", "baker", "baker", "baker", "librarian", "librarian", "librarian"].forEach((v, i) =>
  demo.ingest({ id: `S${i + 1}`, speaker: "Ann", text: `Ann works as a ${v}.`, timestamp: Date.UTC(2023, 0, 1) + i * WEEK },
    { triples: [{ entity: "Ann", attribute: "job", value: v }] }));
const demoDeltas = demo.trajectory("Ann", "job").map((d) => ({ ...d }));
console.table(demoDeltas.map((d) => ({ observation: d.observation, surprise_bits: d.surprise.toFixed(3), mode_after: d.posterior[0].value, p_mode: d.posterior[0].p.toFixed(3) })));
const demoFig = nous.beliefTrajectoryFigure(demoDeltas, { entity: "Ann", attribute: "job", model: "equations of the memory on a controlled sequence (r = 0.8, α₀ = 1), no data" });
await plot.show(demoFig);
await plot.save(demoFig, "../figures/04-nous-locomo/belief-trajectory-controlled");
demo.close();

// %% [markdown]
// Then a dimension from the run: the one with the most mode changes among those the extractor filled at least
// three times. The rule-based extractor's values are phrases that rarely repeat, so on LoCoMo most dimensions
// behave as multi-valued attributes (things someone loves, wants, went to): each new value takes the mode, which is
// the limitation of unimodal dimensions the paper names, and the reason multi-valued recall lists every value
// whose delta was surprising.

// %%
const byDim = new Map<string, Record<string, unknown>[]>();
for (const d of deltas) {
  if (d.attribute === "talked about" || d.attribute === "shared photo") continue;
  const k = `${d.conversation}\u0000${d.entity}\u0000${d.attribute}`;
  if (!byDim.has(k)) byDim.set(k, []);
  byDim.get(k)!.push(d);
}
const modeOf = (d: Record<string, unknown>) => (JSON.parse(String(d.posterior)) as { value: string }[])[0].value;
const changes = (ds: Record<string, unknown>[]) => ds.slice(1).filter((d, i) => modeOf(d) !== modeOf(ds[i])).length;
const best = [...byDim.values()].filter((ds) => ds.length >= 3).sort((a, b) => changes(b) - changes(a) || b.length - a.length)[0];
console.log(`${best[0].conversation}: ${best[0].entity} · ${best[0].attribute}, ${best.length} deltas, ${changes(best)} mode changes`);
const trajFig = nous.beliefTrajectoryFigure(best, { entity: String(best[0].entity), attribute: String(best[0].attribute), model: `${LABEL}; ${DATA}` });
await plot.show(trajFig);
await plot.save(trajFig, "../figures/04-nous-locomo/belief-trajectory");

// %% [markdown]
// ## Surprise and decay
// The surprise of every stored delta (0 bits: the first value of a new dimension or a confirmation of a certain
// belief; high: a value never seen in a dimension with much evidence), and the decay curves of the memory's
// equation p ← w·p + (1 − w)/|V|, w = 2^(−Δt/h), for three half-lives.

// %%
const surpriseFig = nous.surpriseHistogram(deltas, { model: LABEL });
await plot.show(surpriseFig);
await plot.save(surpriseFig, "../figures/04-nous-locomo/surprise-distribution");

// %%
const decayFig = nous.decayCurvesFigure([30, 90, 365]);
await plot.show(decayFig);
await plot.save(decayFig, "../figures/04-nous-locomo/decay-curves");

// %% [markdown]
// ## Failure analysis
// For Nous per category: the share of questions none of whose evidence turns was retrieved (retrieval failure),
// retrieved but answered with F1 = 0 (answer failure), and answered with some credit. With an extractive answerer,
// answer failures dominate wherever the answer must be composed or inferred (multi-hop, open-domain).

// %%
console.table(nous.failureTable(answers).map((r) => ({ category: r.category_name, n: r.n, retrieval_failure: Number(r.retrieval_failure).toFixed(1), answer_failure: Number(r.answer_failure).toFixed(1), some_credit: Number(r.some_credit).toFixed(1) })));

// %%
const examples = answers
  .filter((r) => r.system === "nous" && r.ablation === "none" && Number(r.category) <= 4 && Number(r.f1) === 0 && Number(r.context_recall) > 0)
  .slice(0, 6)
  .map((r) => ({ category: r.category_name, question: r.question, prediction: r.prediction, answer: r.answer }));
console.table(examples);

// %% [markdown]
// ## Reading these numbers
// The offline pipeline's F1 is low by construction: it copies a value or resolves a date, and cannot compose an
// answer. What it measures honestly is retrieval: the memory's evidence (k = 10 turns) against BM25 over raw turns
// with the same budget, per category, beside the context recall Nous published (single-hop 86.07, multi-hop 75.35,
// temporal 61.82, open-domain 47.50 %). Those published numbers come from an LLM extractor, whose triples
// index far more of each turn than first-person patterns do.
