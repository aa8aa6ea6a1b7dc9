// Notebook 02: gated escalation for multi-agent construction.
// %% [markdown]
// # Gated coordination in a block world: when should a builder talk?
//
// Teams of 3 agents build 10 × 10 × 2 blueprints (200 blocks, four materials split by type across agents) in a
// deterministic block world, one action per tick. Problems arise from the world state only: a missing material,
// a block whose support a teammate has not placed yet, a blocked path, a broken pickaxe. Each policy decides what to
// do with them:
//
// - **free chat** (communication first): every anomaly is broadcast; readers lose action windows and some turn the
//   message into a coordination event (they replan);
// - **rigid** planning: all transfers are fixed at t0, no message after;
// - **gated**: a private execution state, a closed typed public channel, and the gate
//   S = w_C·C + w_R·R + w_I·I − w_L·L − w_H·H with S ≤ T_low → local, S ≥ T_high → escalate, a bounded adjudicator in
//   between, and a fallback to local recovery after CANNOT_SUPPLY or a timeout;
// - four **ablations** of the gate: no partition, rules only, score only (no adjudicator), no fallback.
//
// Two scenarios: **standard** (generous resources on site, x-stripe assignment) and **scarce** (almost nothing to
// collect on site, stripes rotated per level so upper blocks rest on teammates' blocks).
//
// The data come from `data/configs/gated-default.json` run on the **offline parametric model**
// `offline:gated-cost-v1`: a cost model of messages and recovery plus a noisy judge (accuracy 0.85) as the
// adjudicator. It is not a language model, and it was not tuned to the paper's numbers.

// %%
import { experiment, gated, plot, stats } from "../dist/index.js";
const run = await experiment.ensureRun("../data/configs/gated-default.json");
const episodes = run.tables.episodes;
const events = run.tables.events;
const MODEL = String(episodes[0].model);
const LABEL = `${MODEL} (offline parametric model)`;
console.log(`model: ${LABEL} · ${episodes.length} episodes · seeds ${[...new Set(episodes.map((r) => r.seed))].join(", ")}`);

// %% [markdown]
// ## Main comparison
// TSR (task success rate) with Wilson 95 % intervals; CS (completion steps, the timeout for failed episodes), LRR
// (problems resolved locally / problems), UER (escalations the simulator's counterfactual rollout judged unnecessary /
// escalations) and ECR (messages that changed the system's state / messages) as episode means with seeded bootstrap
// 95 % intervals. Every policy meets the same tasks (tasks depend on seed, scenario and episode only).

// %%
const summary = gated.summarize(episodes);
const main = summary.filter((r) => ["free_chat", "rigid", "gated"].includes(r.policy));
console.log(`Main comparison — ${LABEL}`);
console.table(gated.formatTable(main));

// %%
const tsrFig = gated.metricBars(summary, "tsr", "Task success rate", LABEL);
await plot.show(tsrFig);
await plot.save(tsrFig, "../figures/02-gated/tsr");

// %%
const uerFig = gated.metricBars(summary, "uer", "Unnecessary escalation rate", LABEL);
await plot.show(uerFig);
await plot.save(uerFig, "../figures/02-gated/uer");

// %% [markdown]
// ## A paired analysis of completion steps
// Every policy meets the same tasks, so a linear mixed model with a random intercept per task separates the policies'
// effects from task difficulty: `completion_steps ~ policy * scenario + (1 | task)` (REML, Satterthwaite df; reference
// levels free_chat and scarce). The interaction terms say how many steps a policy saves in the standard scenario beyond
// what free chat saves there: a large negative value marks a policy that suffers under scarcity.

// %%
const mainRows = episodes.filter((r) => ["free_chat", "rigid", "gated"].includes(String(r.policy)));
const csFit = stats.lmm("completion_steps ~ policy * scenario + (1 | task)", mainRows);
const csRows = stats.summaryTable(csFit);
const csHolm = stats.pAdjust(csRows.map((r) => r["Pr(>|t|)"] as number), "holm");
plot.table(csRows.map((r, i) => ({ ...r, "Holm p": csHolm[i] })),
  { title: `lmm of completion steps, ${mainRows.length} episodes — ${LABEL}`, digits: 3 });

// %% [markdown]
// ## Ablations
// The full gate against each ablation, in both scenarios; differences are in percentage points (TSR, UER) and steps (CS).

// %%
for (const scenario of ["standard", "scarce"]) {
  console.log(`Ablations, ${scenario} — ${LABEL}`);
  console.table(gated.ablationTable(summary, scenario));
}

// %%
const ablFig = gated.metricBars(summary.filter((r) => r.policy.startsWith("gated")), "tsr", "Task success rate (gate and ablations)", LABEL);
await plot.show(ablFig);
await plot.save(ablFig, "../figures/02-gated/ablations-tsr");

// %% [markdown]
// ## The gate at work
// Distribution of the escalation score S over every problem the full gate scored, by the gate's decision, with the
// thresholds T_low and T_high; then what the adjudicator decided for the gray-zone cases.

// %%
const params = run.manifest.config.resolved.params ?? {};
const sim = gated.SimParamsSchema.parse((params as { sim?: unknown }).sim ?? {});
const gatedEvents = events.filter((e) => e.policy === "gated");
const scoreFig = gated.scoreDistribution(gatedEvents, sim.tLow, sim.tHigh, LABEL);
await plot.show(scoreFig);
await plot.save(scoreFig, "../figures/02-gated/scores");

// %%
const adj = gatedEvents.filter((e) => e.event === "adjudicate");
const count = (kind: string, d: string) => adj.filter((e) => e.kind === kind && e.decision === d).length;
console.log(`Adjudicator decisions in the gray zone (${sim.tLow} < S < ${sim.tHigh}) — ${LABEL}`);
console.table(gated.PROBLEM_KINDS.map((k) => ({ problem: k, local: count(k, "local"), escalate: count(k, "escalate") })));

// %% [markdown]
// ## One episode
// The first logged episode of the full gate in the scarce scenario: disruptions, detections, the gate's decisions,
// messages, transfers and fallbacks, by tick and agent.

// %%
const first = gatedEvents.find((e) => e.scenario === "scarce");
const one = gatedEvents.filter((e) => first && e.run_id === first.run_id && e.episode === first.episode);
const tl = gated.timeline(one, `${first?.run_id ?? ""}, episode ${first?.episode ?? ""}`, LABEL);
await plot.show(tl);
await plot.save(tl, "../figures/02-gated/timeline");

// %% [markdown]
// ## How much rests on the cost of reading a chat message?
// The free-chat baseline's level is set by costs the offline model had to assume. A sweep of `chatReadTicks` (ticks a
// reader loses per chat message; 1 in the default config) on 40 tasks per scenario, in-process, shows how far the
// baseline's TSR moves and whether the ordering of the policies depends on it.

// %%
const sweep = gated.sweepParam("chatReadTicks", [0, 1, 2, 3], { policies: ["free_chat", "rigid", "gated"], episodes: 40 });
const sensFig = gated.sensitivityFigure(sweep, "ticks a reader loses per chat message", LABEL);
await plot.show(sensFig);
await plot.save(sensFig, "../figures/02-gated/sensitivity-chat-read");

// %% [markdown]
// ## Directions compared with the paper
// The paper reports, in custom scarce scenarios: baselines falling from 36 % to 22 % TSR while gated held ≈ 34–35 %;
// fewer completion steps (145 → 92 in VillagerAgent's custom scenario); LRR up from ≈ 40 % to 70–89 %; UER down from
// ≈ 70 % to 11–17 %; ECR up by 40–50 %. Below, only the *directions* are compared (TSR and CS against both baselines,
// LRR/UER/ECR against free chat, since rigid plans never escalate). The simulator's levels are its own: the offline
// model was not fitted to these numbers.

// %%
console.log(`Directions: paper vs ${LABEL}`);
console.table(gated.directions(summary));

// %% [markdown]
// Reading the table: a claim "agrees" only when the simulator shows the paper's direction against every baseline
// named. In this cost model the free-chat baseline sits near its floor in both scenarios (its message-reading costs
// exceed the timeout's slack), so a *drop* under scarcity cannot show for it; rigid planning, perfect when nothing
// goes wrong, collapses once the site cannot replace lost materials and blocks rest on teammates' blocks, while the
// gate loses less. The ablations show which parts carry the effect here: removing the partition or the fallback costs
// the most; the rules-only gate does as well as the full gate on this world (its rule matches the cost structure),
// which the paper did not find. These are properties of the offline model, to be checked on language models by
// setting `"model"` in the config to an LLM spec.
