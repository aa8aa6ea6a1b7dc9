/**
 * Prompt snapshots per condition: what each agent is told (mode, its turn in Rotation, the force rule, the
 * protocol, its own summary) is fixed text, reviewed in lib/tbs/fixtures/prompts.snap.json.
 * Regenerate after an intended change with UPDATE_SNAPSHOTS=1.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { reasonPrompt, speakPrompt, summaryPrompt } from "./models/prompts.js";
import { loadEcology, loadTopic } from "./personas.js";
import type { AgentView, InternalState, TurnInfo } from "./types.js";

const SNAP = new URL("./fixtures/prompts.snap.json", import.meta.url);
const topic = loadTopic("solar-pv-mandate");
const persona = loadEcology("six-americas").personas[2];
const state: InternalState = { monologue: "The costs worry me, but the room leans in favour.", perceived_inconsistency: 4, dissonance_tension: 3, tension_reduction_motivation: 4, perceived_opinion_climate: 5, perceived_isolation_risk: 4, strategy: "qualify", willing_to_speak: true, time_cost: 2.5, private_stance: -1 };
const events = [
  { interval: 1, agent: 0, text: "Solar pays for itself within a decade.", stance: 2, strategy: "defend" as const },
  { interval: 2, agent: 1, text: "Builders will pass the cost to buyers.", stance: -2, strategy: "challenge" as const },
];

function view(turn: Partial<TurnInfo>, extra: Partial<AgentView> = {}): AgentView {
  return {
    index: 1,
    persona,
    interval: 3,
    recall: { events },
    monologues: ["I am unsure about the costs."],
    ownStatements: [events[1]],
    previous: state,
    record: events,
    turn: { protocol: "tbs", mode: "willing", force: "noforce", agents: 4, scheduled: null, nextTurn: null, recentIntervals: 2, recentVoluntary: 2, ignoreCompetition: false, ...turn },
    ...extra,
  };
}

const cases: Record<string, () => { system: string; user: string }> = {
  "reason willing noforce": () => reasonPrompt(view({}), topic),
  "reason willing force": () => reasonPrompt(view({ force: "force" }), topic),
  "reason rotation noforce, another's turn": () => reasonPrompt(view({ mode: "rotation", scheduled: 2, nextTurn: 6 }), topic),
  "reason rotation force, own turn": () => reasonPrompt(view({ mode: "rotation", force: "force", scheduled: 1, nextTurn: 3 }), topic),
  "reason no-competition": () => reasonPrompt(view({ ignoreCompetition: true }), topic),
  "reason hierarchical": () => reasonPrompt(view({ protocol: "hierarchical" }), topic),
  "reason sequential": () => reasonPrompt(view({ protocol: "sequential", scheduled: 1, nextTurn: 3 }), topic),
  "reason summary memory": () => reasonPrompt(view({}, { recall: { events: [events[1]] }, summaryText: "Participant 1 defended the mandate; I felt outnumbered." }), topic),
  "reason nous memory": () => reasonPrompt(view({}, { retrieved: ['[interval 1] Participant 1: "Solar pays for itself within a decade."', "The costs worry me."] }), topic),
  "speak volunteer": () => speakPrompt(view({}), topic, state, "volunteer"),
  "speak forced": () => speakPrompt(view({ force: "force" }), topic, { ...state, willing_to_speak: false, strategy: "withhold" }, "forced"),
  "speak protocol turn": () => speakPrompt(view({ protocol: "hierarchical" }), topic, state, "turn"),
  "reason on an agenda item": () => reasonPrompt(view({}, { interval: 25 }), loadTopic("solar-pv-agenda")),
  "speak on an agenda item": () => speakPrompt(view({}, { interval: 12 }), loadTopic("solar-pv-agenda"), state, "volunteer"),
  "summary k+1": () => summaryPrompt(view({}), "Participant 1 defended the mandate.", events, [{ interval: 2, state }], 1, 2),
};

test("prompt snapshots per condition", () => {
  const now = Object.fromEntries(Object.entries(cases).map(([k, f]) => [k, f()]));
  if (process.env.UPDATE_SNAPSHOTS || !existsSync(SNAP)) writeFileSync(SNAP, JSON.stringify(now, null, 2) + "\n");
  const snap = JSON.parse(readFileSync(SNAP, "utf8"));
  assert.deepEqual(Object.keys(now).sort(), Object.keys(snap).sort());
  for (const k of Object.keys(now)) assert.deepEqual(now[k], snap[k], `prompt "${k}" changed; review and regenerate with UPDATE_SNAPSHOTS=1`);
});

test("what each condition tells the agent", () => {
  const u = (k: string) => cases[k]().user;
  assert.match(u("reason willing noforce"), /lowest time_cost[\s\S]*passes in silence/);
  assert.match(u("reason willing force"), /the chair calls on the participant ready soonest/);
  assert.match(u("reason rotation noforce, another's turn"), /it is Participant 3's turn; your next turn is interval 6/);
  assert.match(u("reason rotation force, own turn"), /it is your turn\.[\s\S]*asks them to speak anyway/);
  assert.doesNotMatch(u("reason no-competition"), /How the floor is given/);
  assert.match(u("reason summary memory"), /Your summary of the earlier discussion: Participant 1 defended/);
  assert.ok(u("reason willing noforce").indexOf("- monologue") < u("reason willing noforce").indexOf("- perceived_inconsistency"), "monologue is asked for first");
  assert.match(u("speak forced"), /Choose how to respond now[\s\S]*- strategy:/);
  assert.match(u("speak volunteer"), /Your chosen strategy is qualify/);
  assert.match(u("reason on an agenda item"), /^Interval 25 of the hearing\. The chair has put this item on the agenda: back to what the mandate costs buyers and builders\.\n/);
  assert.match(u("speak on an agenda item"), /\(interval 12\)\. The chair has put this item on the agenda: what the mandate does for the city's emissions/);
  assert.match(u("reason willing noforce"), /^Interval 3 of the hearing\.\n/, "no agenda, no line");
});
