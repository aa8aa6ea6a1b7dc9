// Notebook 01: Think-Before-Speak, from internal evaluation to public expression.
// %% [markdown]
// # Think-Before-Speak: from internal evaluation to public expression
//
// Agents in a simulated public hearing on a **municipal mandate for rooftop solar PV on new buildings** reason
// privately in every interval and only the speaker talks (MECHANISMS.md §1). Conditions: turn allocation
// (**Willing** mode: the willing agent with the lowest time_cost takes the floor; **Rotation**: a fixed cyclic order),
// **Force Speak** vs **No Force Speak**, memory (**Latest**, **Sampling**, **Summary**, and **Nous**: retrieval by
// content from each agent's own Nous memory, the paper's future work), and persona ecology (**Six Americas**,
// **Balanced Stakeholders**). Each condition also runs under four ablations that switch one channel of the mechanism
// off. A second config compares the protocol with the paper's baselines (hierarchical aggregation, sequential
// turn-taking) on token costs.
//
// The data come from `data/configs/tbs-default.json` run on the **offline parametric model**
// `offline:tbs-cognitive-v1`, a documented agent-based cognitive model (lib/tbs/README.md), not a language model. Its
// decision rule: an agent seeks the floor from the expected expressive gain of speaking (dissonance) against its
// expected social cost (silence pressure), both weighed by its belief π that seeking the floor gets it; the mode enters
// only through π (Rotation: its turn comes, π = 1; Willing: it must be the fastest of the willing). The same analyses
// run unchanged on an LLM run (set `"model"` in the config).
//
// The first cell names the profile whose outputs are shown (`quick`: 3 seeds × 30 intervals; `full`: 5 seeds × 40
// intervals, 800 runs with every ablation; set `AGORA_PROFILE`).

// %%
import { experiment, plot, stats, tbs } from "../dist/index.js";
const PROFILE: "quick" | "full" = process.env.AGORA_PROFILE === "full" ? "full" : "quick";
const run = await experiment.ensureRun("../data/configs/tbs-default.json", { profile: PROFILE });
const all = tbs.prepare(run.tables.states).rows;
const rows = all.filter((r) => r.ablation === "none");
const utterances = run.tables.utterances;
const MODEL = String(rows[0].model);
const LABEL = `${MODEL} (offline parametric model)`;
const SEEDS = [...new Set(rows.map((r) => r.seed))];
console.log(`profile: ${PROFILE} · model: ${LABEL} · ${rows.length} agent-intervals without ablation, ${all.length} in all · seeds ${SEEDS.join(", ")} · ${Math.max(...rows.map((r) => r.interval as number))} intervals`);

// %% [markdown]
// ## What the offline model is given and what it produces
// An effect is an **input** when a parameter of the model sets it, and an **output** when it follows from the
// decision rule, the turn allocation and the memory without a parameter that names it. Only outputs can reproduce
// or contradict the paper; inputs can only be recovered (see *Parameter recovery*).

// %%
plot.table([
  { effect: "dissonance raises willingness (b_D, per 0.1 of latent D)", status: "input", where: "offline.willingness.dissonance (weighed by π)" },
  { effect: "silence pressure lowers willingness (b_S)", status: "input", where: "offline.willingness.silence (weighed by π)" },
  { effect: "α of the item scales", status: "output", where: "latent variation vs item reading error (offline.itemNoise)" },
  { effect: "effects of mode, force, memory, ecology and time on the indices", status: "output", where: "who speaks, what each agent recalls, stance dynamics" },
  { effect: "Willing vs Rotation differences in willingness (level and slopes)", status: "output", where: "π, the belief of winning the floor; no parameter names the mode" },
  { effect: "weaker appraisal slopes in Willing mode", status: "output", where: "π < 1 in Willing mode" },
  { effect: "P(spoke | willing), Willing vs Rotation", status: "output", where: "turn allocation × how many agents are willing at once" },
  { effect: "item-index slopes on willingness (what the paper's analysis estimates)", status: "output", where: "errors in variables, rounding and clipping of the items" },
  { effect: "token savings of TBS vs the baselines", status: "output", where: "calls and rendered prompts of each protocol" },
], { title: `Inputs and outputs of ${LABEL}` });

// %% [markdown]
// ## The paper's findings against this run
// One row per finding; *ours* is our estimate with its 95 % interval; the verdict is computed: **reproduced** when the
// interval excludes 0 (odds ratios: 1) in the paper's direction, **opposite** when it excludes 0 the other way, **not
// reproduced** otherwise (for the paper's null finding, reproduced when the interval includes 0). Index models:
// `<index> ~ interval + mode + force + memory + ecology + memory:interval + (1 | agent)`; willingness:
// `willing ~ (diss10 + sil10) * mode + (1 | agent)` (the main effects are the Rotation slopes). The α rows are
// reproduced when the lower bound is at least .70. Memory levels are compared with Latest.

// %%
const findings = tbs.paperComparison(rows);
plot.table(findings, { title: `Paper vs reproduction — ${LABEL}, profile ${PROFILE}` });
const count = (v: string) => findings.filter((f) => f.verdict === v).length;
console.log(`reproduced ${count("reproduced")}, not reproduced ${count("not reproduced")}, opposite ${count("opposite")} of ${findings.length}`);

// %% [markdown]
// ## RQ1: internal states over time, non-linear
// The paper fits a linear time term. Here time is centred, per 10 intervals, with a quadratic term, and each memory
// level has its own linear slope (memory × time); the other conditions enter as main effects.

// %%
const tm = tbs.timeModels(rows);
console.log(tm.formula);
plot.table(stats.summaryTable(tm.dissonance), { title: `Dissonance index, quadratic time and memory × time (REML, Satterthwaite df) — ${LABEL}`, digits: 3 });
plot.table(stats.summaryTable(tm.silence), { title: `Silence-pressure index, quadratic time and memory × time (REML, Satterthwaite df) — ${LABEL}`, digits: 3 });

// %%
for (const [index, factor, name] of [["dissonance_index", "mode", "dissonance-by-mode"], ["silence_index", "memory", "silence-by-memory"], ["dissonance_index", "force", "dissonance-by-force"]] as const) {
  const fig = tbs.indexTrajectories(rows, index, factor, LABEL);
  await plot.show(fig);
  await plot.save(fig, `../figures/01-tbs/${name}`);
}

// %% [markdown]
// A negative quadratic term is a hump: the index rises while agents start to speak and then levels or falls as
// stances move toward what they said and what they hear. The trajectories show the shape the linear term of the
// paper's model averages over; which way that average points depends on how long the run is.

// %% [markdown]
// ## RQ2: from appraisal to intention
// Odds ratios per 0.1 of the observed indices, with Wald 95 % intervals.

// %%
const wm = tbs.willingnessModel(rows);
plot.table(wm.fixefNames.map((n) => ({ term: n, OR: wm.oddsRatio[n].estimate, lower: wm.oddsRatio[n].lower, upper: wm.oddsRatio[n].upper, p: wm.p[n] })), { title: `Willingness GLMM (Laplace): willing ~ (diss10 + sil10) * mode + (1 | agent) — ${LABEL}`, digits: 3 });
const forest = tbs.oddsRatioForest(wm, LABEL);
await plot.show(forest);
await plot.save(forest, "../figures/01-tbs/willingness-odds-ratios");

// %% [markdown]
// ## The competition for the floor, switched on and off
// On the latent appraisals, `willing ~ (lat_d10 + lat_s10) * mode + (1 | agent)`: the interaction terms are the
// Willing − Rotation differences in the slopes, the mode term the difference at D = S = 0. Under `no-competition`
// agents ignore the competition (π = 1 in both modes), so the slope differences must vanish (interval includes 0).
// The level term has no such guarantee: talkative agents speak more and so carry more dissonance, by how much depends
// on the mode, and that correlation with the agent intercept can leave a level difference (see *Parameter recovery*).

// %%
const contrastRows: Record<string, string | number | boolean>[] = [];
for (const ab of ["none", "no-competition"]) {
  const c = tbs.competitionContrast(all.filter((r) => r.ablation === ab));
  for (const k of ["dissonance", "silence", "level"] as const) {
    contrastRows.push({ ablation: ab, difference: k === "level" ? "level at D = S = 0" : `${k} slope`, estimate: c[k].estimate, lower: c[k].lower, upper: c[k].upper, "includes 0": c[k].lower < 0 && c[k].upper > 0 });
  }
}
plot.table(contrastRows, { title: `Willing − Rotation, logit scale, latent appraisals — ${LABEL}`, digits: 3 });

// %% [markdown]
// ## Ablations: each channel switched off
// Each ablation beside the effect that flows through the channel it removes, with the channel open and removed.

// %%
plot.table(tbs.ablationEffects(all), { title: `Effects with and without their channel — ${LABEL}` });

// %% [markdown]
// ### Does speaking raise dissonance, and does Self memory carry it?
// Where agents choose to speak, "has spoken" marks agents whose dissonance was high when they chose, and over a whole
// run it also marks time (after the first intervals everyone has spoken). The `no-self-memory` row above therefore
// measures the effect where speaking is assigned: in Rotation with Force Speak the scheduled agent always speaks, so in
// intervals 2..N who has spoken is set by the turn order alone, and agents whose turn has come are compared with those
// whose turn has not at the same interval (`dissonance_index ~ has_spoken + interval_f + (1 | agent)`). Below, that
// comparison beside the whole-run one it replaces (`dissonance_index ~ has_spoken + interval + (1 | agent)`, Latest memory).

// %%
const selfRows: Record<string, string | number>[] = [];
for (const ab of ["none", "no-self-memory"]) {
  const rs = all.filter((r) => r.ablation === ab);
  const put = (design: string, e: { estimate: number; lower: number; upper: number; rows: number }) => selfRows.push({ ablation: ab, design, rows: e.rows, estimate: e.estimate, lower: e.lower, upper: e.upper });
  put("assigned: Rotation × Force, intervals 2..N", tbs.speakingEffect(rs));
  put("whole run: Willing × No Force (chosen)", tbs.speakingEffectWholeRun(rs.filter((r) => r.memory === "latest" && r.mode === "willing" && r.force === "noforce")));
  put("whole run: Rotation × Force (assigned)", tbs.speakingEffectWholeRun(rs.filter((r) => r.memory === "latest" && r.mode === "rotation" && r.force === "force")));
}
plot.table(selfRows, { title: `Rise of the dissonance index once an agent has spoken, by design — ${LABEL}`, digits: 4 });

// %% [markdown]
// Where the turn order assigns speaking, having spoken raises the dissonance index with Self memory: the agent now
// remembers a statement, and the gap between it and its private stance is part of D. Under `no-self-memory` that rise
// is gone; what remains is a fall. It comes through the climate, not through Self memory: an agent's own statements
// are not voices of the room it perceives, so once it has spoken it hears one voice fewer, its own view (the
// false-consensus prior) weighs more in the climate it perceives, and the private–climate gap is smaller. The same
// fall is there with Self memory, where the rise more than offsets it (`mechanism.test.ts` runs this design with 12
// agents drawn by share, so the turn order is random with respect to persona, and checks both sides; here the six
// agents take the cards in order, so the comparison also carries the differences between the cards that speak first).
//
// The whole-run comparison keeps a rise under the ablation even where speaking is assigned (Rotation × Force): it is
// not only a selection of agents who chose to speak, it is also time, since `has_spoken` is 0 only in the first
// intervals, while the index is still rising, a rise a linear interval term does not fit.
//
// `no-fear` changes a parameter of the offline model only; it is a check that the analysis finds no silence effect
// where there is none, and the plan refuses it for LLM runs.

// %% [markdown]
// ## From intention to expression
// Among agent-intervals where the agent wanted to speak, how often it got the floor, by mode (Wilson 95 % intervals),
// and the odds ratio Willing vs Rotation (Woolf interval). It is not a parameter of the model; it follows from the
// allocation rule and how many agents are willing at once, so it moves with what the model assumes about both.

// %%
const ex = tbs.expressionGivenIntention(rows);
plot.table(ex.byMode.map((m) => ({ mode: m.mode, willing: m.willingRows, spoke: m.spoke, p: m.p, lower: m.lower, upper: m.upper })), { title: `P(spoke | willing) — ${LABEL}; OR ${ex.oddsRatio.estimate.toFixed(2)} [${ex.oddsRatio.lower.toFixed(2)}, ${ex.oddsRatio.upper.toFixed(2)}]`, digits: 3 });

// %% [markdown]
// ### Sensitivity of the odds ratio to the willingness intercept and the number of agents
// Willing and Rotation runs (No Force, Latest memory, 30 intervals) over assumed intercepts b0 and group sizes; every
// other parameter at its default. A match with the paper's 3.34 at one point of this map is a calibration, not a
// reproduction.

// %%
const sens = await tbs.orSensitivity({ intercepts: [-1.5, -1, -0.5, 0, 0.5], agents: [4, 6, 10], seeds: PROFILE === "full" ? [1, 2, 3, 4, 5] : [1, 2], intervals: 30 });
plot.table(sens.map((c) => ({ agents: c.agents, intercept: c.intercept, "P(willing) Rotation": c.pWillingRotation, "P(willing) Willing": c.pWillingWilling, OR: c.or, lower: c.lower, upper: c.upper })), { title: `P(spoke | willing) odds ratio by assumed intercept and group size — ${LABEL}`, digits: 3 });
const sensFig = tbs.orSensitivityFigure(sens, LABEL);
await plot.show(sensFig);
await plot.save(sensFig, "../figures/01-tbs/or-sensitivity");

// %% [markdown]
// ## The paper's baselines and its efficiency claim
// `data/configs/tbs-protocols.json` runs TBS (Willing, No Force) beside **hierarchical** aggregation (every agent
// reasons and speaks every round, ignoring the same round's contributions) and **sequential** turn-taking (only the
// agent whose turn it is reasons, and it speaks). Token counts of offline runs come from the prompts each protocol
// would send an LLM, rendered and tokenized (o200k_base) for two sampled calls per role and interval; replies are
// the offline replies as JSON. On an LLM run the same table comes from each call's reported usage.

// %%
const protoRun = await experiment.ensureRun("../data/configs/tbs-protocols.json", { profile: PROFILE as "quick" | "full" });
plot.table(tbs.costSummary(protoRun.tables.costs), { title: `Per-interval calls, tokens and utterances by protocol (means over intervals and seeds) — ${LABEL}, tokens from rendered prompts`, digits: 4 });

// %% [markdown]
// TBS makes one reasoning call per agent per interval and one speech call per utterance; hierarchical aggregation
// makes a speech call for every agent every round; sequential turn-taking makes one of each per interval but lets
// only one agent think. The savings column compares total tokens with hierarchical aggregation at the same memory.

// %% [markdown]
// ## Parameter recovery over a grid of generating values
// The decision rule is linear in x_D = π·10D, x_S = π·10S and the agent's talkativeness u_i, so the generating b_D
// and b_S can be recovered on the latent scale; D = w_C·d_C + w_P·d_P makes the appraisal weights recoverable as
// b_D·w_C and b_D·w_P. Fits of each replicate (a Willing and a Rotation run, 12 agents × 40 intervals):
// **latent**, the rule's own linear predictor with every latent known, `willing ~ x_D + x_S + u` (logistic GLM);
// **weights**, the same on x_C = π·10d_C and x_P = π·10d_P (rows with D < 1); **latent-re**, with u_i unknown and
// estimated as a random intercept beside each agent's means of the regressors (correlated random effects),
// `willing ~ x_D + x_S + m_D + m_S + (1 | agent)`; **items**, on the observed indices. The grid (b_D ∈ {0, .2, .5, .8}
// × b_S ∈ {0, −.1, −.45}, and w_C ∈ {.6, 1.2} × w_P ∈ {0, .75, 1.5}) × 20 seeds takes minutes, so it was run by the
// command printed below and its table is read here (figures/01-tbs/recovery-*.json*). Passing: the slope of recovered
// on true has a 95 % CI containing 1 and |slope − 1| < 0.1.

// %%
const { readFileSync } = await import("node:fs");
const recMeta = JSON.parse(readFileSync("../figures/01-tbs/recovery-meta.json", "utf8"));
const recEst = readFileSync("../figures/01-tbs/recovery-estimates.jsonl", "utf8").trim().split("\n").map((l) => JSON.parse(l));
console.log(`${recMeta.command}: ${recEst.length} estimates, ${recMeta.points.length} grid points × ${recMeta.seeds.length} seeds`);
plot.table(tbs.recoverySlopes(recEst).map((s) => ({ fit: s.scale, parameter: s.term, n: s.n, slope: s.slope, lower: s.lower, upper: s.upper, intercept: s.intercept, pass: s.pass })), { title: `Recovered vs generating value: OLS slope with 95 % CI — ${LABEL}`, digits: 3 });
const recFig = tbs.recoveryFigure(recEst, LABEL);
await plot.show(recFig);
await plot.save(recFig, "../figures/01-tbs/parameter-recovery");

// %% [markdown]
// With every latent known, the rule's parameters are recovered: b_D, b_S and both weights pass. With u_i estimated
// (latent-re), b_S does not: its slope is too steep. The rule is not misspecified in that fit (the same replicates pass
// with u_i known); the agents' means cannot fully stand in for u_i, because the appraisals are not strictly exogenous:
// today's decision moves tomorrow's D (the remembered statement) and S (one voice fewer heard changes the perceived minority), so an agent's mean
// over its 40 rows carries its own earlier decisions. The errors differ by grid point, and the points at
// b_S = −.45 carry most of the weight (below, *latent-re mean*). They shrink with longer runs (lib/tbs/README.md,
// "Parameter recovery": at b_D = .5, b_S = −.45, −0.405 with 40 intervals and −0.458 with 160; over the whole grid
// with 120 intervals the latent-re b_S slope is 1.035 [0.982, 1.089] and passes).

// %%
{
  const byPoint = new Map<string, { truth: number; lat: number[]; re: number[] }>();
  for (const e of recEst.filter((x: { term: string }) => x.term === "bS")) {
    const g = byPoint.get(e.point) ?? { truth: e.truth, lat: [], re: [] };
    if (e.scale === "latent") g.lat.push(e.estimate);
    if (e.scale === "latent-re") g.re.push(e.estimate);
    byPoint.set(e.point, g);
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  plot.table([...byPoint].map(([point, g]) => ({ "grid point": point, "b_S": g.truth, "latent mean": mean(g.lat), "latent-re mean": mean(g.re), "latent-re − latent": mean(g.re) - mean(g.lat) })), { title: `b_S by grid point: u_i known vs estimated — ${LABEL}`, digits: 3 });
}

// %% [markdown]
// ### The item indices are biased, and can flip signs
// The same replicates fitted the way an analysis of the observed indices would: `willing ~ diss10 + sil10 + mode +
// (1 | agent)`. Items are noisy, rounded and clipped readings of correlated appraisals, so the index slopes are not
// the latent ones shrunk toward zero: a slope can take the other sign. *flips*: seeds whose item estimate has the
// opposite sign of a non-zero generating value; *significant*: of those, how many exclude 0.

// %%
plot.table(tbs.itemBias(recEst).map((b) => ({ "grid point": b.point, parameter: b.term, generating: b.truth, "latent mean": b.latentMean, "item-index mean": b.itemsMean, seeds: b.seeds, flips: b.flips, significant: b.significantFlips })), { title: `Latent vs item-index estimates by grid point — ${LABEL}`, digits: 3 });

// %% [markdown]
// ## A transcript excerpt
// What was said, beside each speaker's private state in that interval (the offline model writes template
// monologues; an LLM writes its own).

// %%
const excerptRun = rows.find((r) => r.mode === "willing" && r.force === "force" && r.memory === "summary" && r.ecology === "six-americas")!.run_id as string;
const excerpt = tbs.transcriptTable(run.tables.states, utterances, excerptRun, 10, 17, LABEL);
await plot.show(excerpt);
await plot.save(excerpt, "../figures/01-tbs/transcript-excerpt");

// %%
const share = tbs.speakingShareFigure(rows.filter((r) => r.ecology === "six-americas"), `${LABEL}, Six Americas`);
await plot.show(share);
await plot.save(share, "../figures/01-tbs/speaking-share-by-persona");
