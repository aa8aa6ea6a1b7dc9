import { test } from "node:test";
import assert from "node:assert/strict";
import { expressionGivenIntention, meanBy, prepare, speakingShare } from "./analysis.js";

function rows(mode: string, willingSpoke: number, willingSilent: number) {
  const out: Record<string, unknown>[] = [];
  for (let i = 0; i < willingSpoke + willingSilent; i++) out.push({ run_id: mode, agent_id: i % 5, mode, willing_to_speak: true, spoke: i < willingSpoke, dissonance_index: 0.5, silence_index: 0.2, persona: "p", interval: 1 + (i % 3) });
  return out;
}

test("expression given intention: odds ratio from the 2×2 table with the 0.5 correction and Woolf's interval", () => {
  const { rows: r } = prepare([...rows("willing", 40, 60), ...rows("rotation", 16, 84)]);
  const ex = expressionGivenIntention(r);
  // (40.5·84.5)/(60.5·16.5) = 3.42825 (python math); log-se = sqrt(1/40.5 + 1/60.5 + 1/16.5 + 1/84.5) = 0.3371 (python math).
  assert.ok(Math.abs(ex.oddsRatio.estimate - 3.4284) < 1e-3);
  assert.ok(Math.abs(Math.log(ex.oddsRatio.upper / ex.oddsRatio.estimate) - 1.959964 * 0.33714) < 1e-4);
  assert.equal(ex.byMode[1].p, 0.4);
});

test("prepare leaves out failed rows and counts them; speaking share and means by group add up", () => {
  const base = rows("willing", 2, 2);
  const { rows: r, dropped } = prepare([...base, { ...base[0], error: "llm call failed" }]);
  assert.equal(dropped, 1);
  assert.equal(r[0].agent, "willing:0");
  assert.equal(r[0].diss10, 5);
  assert.deepEqual(speakingShare(r).map((s) => [s.persona, s.spoke, s.rate]), [["p", 2, 0.5]]);
  const m = meanBy(r, "dissonance_index", "mode");
  assert.deepEqual(m[0].interval, [1, 2, 3]);
  assert.ok(m[0].mean.every((x) => Math.abs(x - 0.5) < 1e-12));
});

test("comparing modes without willing rows in one of them is a DataError with a fix", () => {
  const { rows: r } = prepare(rows("willing", 1, 1));
  assert.throws(() => expressionGivenIntention(r), /no willing rows in mode rotation[\s\S]*fix:/);
});
