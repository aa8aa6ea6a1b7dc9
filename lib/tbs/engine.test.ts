import { test } from "node:test";
import assert from "node:assert/strict";
import { createRng } from "../core/rng.js";
import { cellAddresser } from "../core/mechanism.js";
import { recallCounts } from "./memory.js";
import { runTbs } from "./run.js";
import { runner } from "./runner.js";
import { internalStateSchema } from "./types.js";

test("same params and seed give byte-identical tables; another seed differs", async () => {
  const a = await runTbs({ agents: 6, intervals: 15, memory: "sampling" }, { rng: createRng(3) });
  const b = await runTbs({ agents: 6, intervals: 15, memory: "sampling" }, { rng: createRng(3) });
  const c = await runTbs({ agents: 6, intervals: 15, memory: "sampling" }, { rng: createRng(4) });
  assert.equal(JSON.stringify(a), JSON.stringify(b));
  assert.notEqual(JSON.stringify(a.states), JSON.stringify(c.states));
});

test("Force Speak: exactly one speaker per interval, and an interval is forced exactly when no agent was willing", async () => {
  let forcedSeen = 0;
  for (const mode of ["willing", "rotation"] as const) {
    const r = await runTbs({ agents: 5, intervals: 20, force: "force", mode }, { rng: createRng(1), meta: { run_id: "r1", seed: 1 } });
    assert.equal(r.states.length, 100);
    for (const row of r.states) internalStateSchema.parse(row);
    for (let v = 1; v <= 20; v++) {
      const iv = r.states.filter((x) => x.interval === v);
      const speaker = iv.filter((x) => x.spoke);
      assert.equal(speaker.length, 1, "Force Speak: exactly one speaker");
      // Willing: forced iff nobody was willing; Rotation: forced iff the scheduled agent was unwilling.
      const wouldSpeak = mode === "willing" ? iv.some((x) => x.willing_to_speak) : iv.find((x) => x.scheduled)!.willing_to_speak;
      assert.equal(speaker[0].forced, !wouldSpeak, `interval ${v} (${mode})`);
      if (speaker[0].forced) forcedSeen++;
    }
  }
  assert.ok(forcedSeen > 0, "the configuration produces forced turns, so the rule above was exercised");
});

test("No Force Speak allows silent intervals; Rotation gives the floor only to the scheduled agent", async () => {
  const r = await runTbs({ agents: 6, intervals: 24, mode: "rotation", force: "noforce" }, { rng: createRng(2) });
  for (const u of r.utterances) assert.equal(u.agent_id, ((u.interval as number) - 1) % 6);
  assert.ok(r.utterances.length < 24, "some scheduled agents were unwilling");
});

test("protocols: hierarchical has every agent speak every round (from the previous rounds only); sequential has one agent reason and speak per interval", async () => {
  const h = await runTbs({ agents: 4, intervals: 6, protocol: "hierarchical" }, { rng: createRng(1) });
  assert.equal(h.utterances.length, 24);
  assert.equal(h.states.length, 24);
  const s = await runTbs({ agents: 4, intervals: 6, protocol: "sequential" }, { rng: createRng(1) });
  assert.deepEqual(s.states.map((r) => r.agent_id), [0, 1, 2, 3, 0, 1]);
  assert.deepEqual(s.utterances.map((r) => r.agent_id), [0, 1, 2, 3, 0, 1]);
  const t = await runTbs({ agents: 4, intervals: 6 }, { rng: createRng(1) });
  // Mode and force are rules of the TBS protocol: a baseline's rows carry none.
  for (const r of [...h.states, ...s.states]) assert.ok(r.mode === null && r.force === null);
  assert.ok(t.states.every((r) => r.mode === "willing" && r.force === "noforce"));
  // The efficiency claim, in calls: TBS makes N reasoning calls and at most one speech per interval.
  const calls = (r: { costs: Record<string, unknown>[] }) => r.costs.reduce((a, c) => a + (c.calls as number), 0);
  assert.equal(calls(h), 48);
  assert.equal(calls(s), 12);
  assert.equal(calls(t), 24 + t.utterances.length);
  for (const c of [...h.costs, ...s.costs, ...t.costs]) assert.ok((c.input_tokens as number) > 0 && (c.output_tokens as number) > 0);
});

test("Summary memory, offline cost rows: the sequential protocol makes at most one summary call per interval (its reasoner's), TBS one per agent", async () => {
  const seq = await runTbs({ agents: 5, intervals: 12, protocol: "sequential", memory: "summary" }, { rng: createRng(2) });
  assert.ok(seq.costs.every((c) => (c.summarizer_calls as number) <= 1));
  assert.ok(seq.costs.some((c) => c.summarizer_calls === 1));
  const tbs = await runTbs({ agents: 5, intervals: 12, memory: "summary", force: "force" }, { rng: createRng(2) });
  assert.ok(tbs.costs.filter((c) => (c.interval as number) >= 4).every((c) => c.summarizer_calls === 5));
});

test("the costs table: offline token counts come from rendered prompts; more speakers cost more output tokens per interval", async () => {
  const h = await runTbs({ agents: 6, intervals: 8, protocol: "hierarchical" }, { rng: createRng(2) });
  const t = await runTbs({ agents: 6, intervals: 8 }, { rng: createRng(2) });
  const out = (r: { costs: Record<string, unknown>[] }) => r.costs.reduce((a, c) => a + (c.output_tokens as number), 0);
  assert.ok(out(h) > out(t), `hierarchical ${out(h)} > tbs ${out(t)} output tokens`);
  assert.ok(t.costs.every((c) => c.token_source === "offline-rendered-sample"));
  const none = await runTbs({ agents: 6, intervals: 3, costSamplePerInterval: 0 }, { rng: createRng(2) });
  assert.ok(none.costs.every((c) => c.input_tokens === null && (c.calls as number) >= 6));
});

test("runner merges the condition into params, labels rows and writes the three tables", async () => {
  const cell = (condition: Record<string, string>) => runner.runCell({
    runId: "mode=rotation,seed=1", seed: 1, condition, params: runner.paramsSchema.parse({ agents: 4, intervals: 5 }),
    model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("tbs", "mode=rotation", 1),
  });
  // a factor that is not a parameter is refused, not written as a column
  await assert.rejects(cell({ mode: "rotation", extra: "x" }), /grid\.extra: "extra" is not a parameter of tbs/);
  const res = await runner.runCell({
    runId: "mode=rotation,seed=1",
    seed: 1,
    condition: { mode: "rotation" },
    params: runner.paramsSchema.parse({ agents: 4, intervals: 5 }),
    model: { kind: "offline" },
    rng: createRng(1),
    address: cellAddresser("tbs", "mode=rotation", 1),
  });
  assert.equal(res.tables.states.length, 20);
  assert.equal(res.tables.states[0].mode, "rotation");
  assert.equal(res.tables.states[0].run_id, "mode=rotation,seed=1");
  assert.equal(res.tables.costs.length, 5);
});

test("runner with seedStreams: the conditions of a seed share their random numbers (the same participants and draws), so only their parameters make them differ; another seed has others; without it they share nothing", async () => {
  const cell = (condition: Record<string, string>, seed: number, seedStreams = true) =>
    runner.runCell({ runId: `${JSON.stringify(condition)},seed=${seed}`, seed, condition, params: runner.paramsSchema.parse({ agents: 6, intervals: 8, seedStreams }), model: { kind: "offline" }, rng: createRng(seed).fork("tbs", JSON.stringify(condition)), address: cellAddresser("tbs", "c", seed) });
  const traits = (r: Awaited<ReturnType<typeof cell>>) => r.tables.states.filter((x) => x.interval === 1).map((x) => [x.persona, x.fear, x.agent_effect]);
  const a = await cell({ memory: "latest" }, 1), b = await cell({ memory: "summary" }, 1), c = await cell({ memory: "latest" }, 2);
  assert.deepEqual(traits(a), traits(b));
  // Another condition (another run id and fork) that leaves every parameter where it was: the same discussion.
  const label = await cell({ memory: "latest", ablation: "none" }, 1);
  assert.deepEqual(label.tables.states.map((x) => x.willing_to_speak), a.tables.states.map((x) => x.willing_to_speak), "a condition that changes no parameter changes nothing");
  const own = await cell({ memory: "latest" }, 1, false), ownB = await cell({ memory: "summary" }, 1, false);
  assert.notDeepEqual(traits(own), traits(ownB), "by default each cell has its own stream");
  assert.notDeepEqual(traits(a), traits(c));
  assert.notDeepEqual(a.tables.states.map((x) => x.latent_silence), b.tables.states.map((x) => x.latent_silence), "the memory mode changes what is recalled");
});

test("invalid parameters are a ConfigError naming the field and the fix; unknown keys are errors at every level", async () => {
  const { parseParams } = await import("./run.js");
  assert.throws(() => parseParams({ agents: 1 }), /params\.agents[\s\S]*fix:/);
  assert.throws(() => parseParams({ mode: "chaos" }), /params\.mode/);
  assert.throws(() => parseParams({ offline: { itemNoise: -1 } }), /params\.offline\.itemNoise/);
  assert.throws(() => parseParams({ agnets: 6 }), /agnets/);
  assert.throws(() => parseParams({ offline: { willingness: { willingModeShift: -0.3 } } }), /willingModeShift/);
  assert.throws(() => parseParams({ memoryOptions: { latestn: 3 } }), /latestn/);
  assert.throws(() => parseParams({ memory: "vector" }), /params\.memory/);
  assert.throws(() => parseParams({ protocol: "roundrobin" }), /params\.protocol/);
});

test("nous memory: each agent recalls by content what it heard (offline climate from retrieved statements, never from its own)", async () => {
  const r = await runTbs({ agents: 6, intervals: 12, memory: "nous", force: "force" }, { rng: createRng(1) });
  const late = r.states.filter((x) => (x.interval as number) > 3);
  assert.ok(late.some((x) => (x.climate_gap as number) > 0), "retrieved statements move the perceived climate");
  const nf = await runTbs({ agents: 6, intervals: 12, memory: "nous", force: "force", ablation: "no-group-memory" }, { rng: createRng(1) });
  assert.ok(nf.states.every((x) => x.climate_gap === 0), "with nothing heard from others, nothing is retrieved about them");
  assert.ok(nf.states.every((x) => x.perceived_climate === x.latent_stance && x.recalled === 0), "the perceived climate is one's own view then");
});

test("recallCounts: the others' statements recalled, those on the current item's theme, and those brought back from an earlier item of it", () => {
  const items = [{ id: "cost", theme: "cost", from: 1, to: 3 }, { id: "climate", theme: "climate", from: 4, to: 6 }, { id: "cost-again", theme: "cost", from: 7, to: 9 }];
  const itemAt = (v: number) => items.find((a) => a.from <= v && v <= a.to);
  const ev = (interval: number, agent: number) => ({ interval, agent, text: "", stance: 0, strategy: "defend" as const });
  const events = [ev(1, 1), ev(2, 0), ev(5, 2), ev(7, 1), ev(8, 3)];
  assert.deepEqual(recallCounts(events, 0, itemAt, 9), { recalled: 4, onTheme: 3, returning: 1 });
  assert.deepEqual(recallCounts(events, 0, itemAt, 5), { recalled: 4, onTheme: 1, returning: 0 });
  assert.deepEqual(recallCounts(events, 0, () => undefined, 9), { recalled: 4, onTheme: 0, returning: 0 });
});

test("nous on an agenda whose item returns: retrieval by content brings back statements said on it before the gap; its recency null brings back none", async () => {
  // Seeds 101–102: the seeds on which the Nous query and what it stores were chosen (the notebook reports 1–20).
  const run = (memory: "nous" | "nous-recency", seed: number) => runTbs({ agents: 6, intervals: 28, memory, force: "force", topic: "solar-pv-agenda", seedStreams: true }, { rng: createRng(seed) });
  for (const seed of [101, 102]) {
    const back = (await run("nous", seed)).states.filter((x) => x.agenda === "cost-again");
    const rec = (await run("nous-recency", seed)).states.filter((x) => x.agenda === "cost-again");
    const mean = (rs: Record<string, unknown>[], k: string) => rs.reduce((a, r) => a + (r[k] as number), 0) / rs.length;
    assert.ok(mean(back, "recalled_returning") > 0.5, `seed ${seed}: ${mean(back, "recalled_returning")} statements per agent-interval from before the gap`);
    assert.equal(mean(rec, "recalled_returning"), 0);
    assert.ok(mean(back, "recalled") > 2, "statements, not only belief lines, fill the budget");
  }
});

test("an agenda: rows carry the item; the offline speaker argues from the item's theme, its stance shifted by the theme's lean (× offline.themeLean)", async () => {
  const { loadTopic } = await import("./personas.js");
  const topic = loadTopic("solar-pv-agenda");
  const run = (themeLean: number) => runTbs({ agents: 6, intervals: 30, force: "force", topic: "solar-pv-agenda", offline: { themeLean } }, { rng: createRng(5) });
  const r = await run(1);
  assert.deepEqual([...new Set(r.states.map((x) => x.agenda))], ["cost", "climate", "cost-again"]);
  const bank = (theme: string) => new Set(Object.values(topic.themes![theme].arguments).flatMap((side) => Object.values(side).flat()));
  for (const u of r.utterances) assert.ok(bank(u.agenda === "climate" ? "climate" : "cost").has(u.text as string), `${u.agenda}: ${u.text}`);
  // The lean: on cost (−1) statements are lower than with no lean, on climate (+1) higher, for the same draws.
  const flat = await run(0);
  const mean = (us: Record<string, unknown>[], ag: string) => { const xs = us.filter((u) => u.agenda === ag).map((u) => u.expressed_stance as number); return xs.reduce((a, b) => a + b, 0) / xs.length; };
  assert.ok(mean(r.utterances, "cost") < mean(flat.utterances, "cost") && mean(r.utterances, "climate") > mean(flat.utterances, "climate"));
  const plain = await runTbs({ agents: 6, intervals: 3 }, { rng: createRng(5) });
  assert.ok(plain.states.every((x) => x.agenda === null));
});

test("nous-recency, the null of content retrieval: as many statements as content retrieval returns, the most recent the agent heard", async () => {
  const { NousGroupMemory } = await import("./nous-memory.js");
  const seen: { content: number[]; recency: number[] } = { content: [], recency: [] };
  const orig = NousGroupMemory.prototype.recall;
  NousGroupMemory.prototype.recall = function (this: InstanceType<typeof NousGroupMemory>, i: number, q: string) {
    const got = orig.call(this, i, q);
    (this as unknown as { opts: { recall: "content" | "recency" } }).opts.recall === "content" ? seen.content.push(got.statements) : seen.recency.push(got.statements);
    assert.equal(got.events.length, got.statements, "as many statements as were retrieved");
    return got;
  };
  try {
    const a = await runTbs({ agents: 4, intervals: 10, memory: "nous", force: "force" }, { rng: createRng(3) });
    const b = await runTbs({ agents: 4, intervals: 10, memory: "nous-recency", force: "force" }, { rng: createRng(3) });
    assert.ok(a.states.length === 40 && b.states.length === 40);
    assert.ok(seen.content.reduce((x, y) => x + y, 0) > 0, "content retrieval returns statements");
  } finally {
    NousGroupMemory.prototype.recall = orig;
  }
  // Recency: the statements recalled are the latest heard.
  const m = new NousGroupMemory(2, { halfLifeTurns: 8, maxTokens: 300, recall: "recency" });
  try {
    const ev = (v: number, text: string) => ({ interval: v, agent: 1, text, stance: 1, strategy: "defend" as const });
    m.observe(0, 1, [ev(1, "Builders will pass the cost of the panels to buyers.")]);
    m.observe(0, 2, [ev(2, "The climate case is strong for the city.")]);
    m.observe(0, 3, [ev(3, "Emissions fall with every roof.")]);
    const got = m.recall(0, "the cost of panels for buyers and builders");
    assert.equal(got.events.length, got.statements);
    assert.deepEqual(got.events.map((e) => e.interval), [3, 2, 1].slice(0, got.statements).reverse());
  } finally {
    m.close();
  }
});
