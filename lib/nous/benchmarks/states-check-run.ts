/**
 * The hand-written state conversations (states-check.ts) answered by the offline pipeline under some ablations,
 * through the path of `agora locomo --data` (evaluateConversation with the LoCoMo protocol's memory options), and
 * their summary: conversations with every current value right, overall and per scenario group, per part.
 */
import { parseLocomo } from "../locomo/data.js";
import { evaluateConversation, offlineWindowExtractor } from "../locomo/evaluate.js";
import { answerOffline, extractOffline, OFFLINE_LABEL } from "../models/offline.js";
import { ablationOptions, LOCOMO_MEMORY, type Ablation } from "../runner.js";
import { buildStatesCheck, conversationsRight, STATES_CHECK_TEXT } from "./states-check.js";

export type CheckRight = ReturnType<typeof conversationsRight>[number];

/**
 * Answers every conversation of a set (or of one part) under each ablation; returns the answer rows and, per
 * ablation and conversation, whether all its current values are right.
 *
 * @example
 * const { right } = await runStatesCheck(FRESH_CHECK_TEXT, ["none", "last-write-wins"], "report");
 */
export async function runStatesCheck(path = STATES_CHECK_TEXT, ablations: readonly Ablation[] = ["none"], part?: "tune" | "report"): Promise<{ rows: Record<string, unknown>[]; right: CheckRight[] }> {
  const { data, tags } = buildStatesCheck(path);
  const convs = parseLocomo(data, path).filter((c) => part === undefined || tags.find((t) => t.id === c.id)?.part === part);
  const rows: Record<string, unknown>[] = [];
  for (const ablation of ablations) {
    for (const conv of convs) {
      const r = await evaluateConversation(conv, { systems: ["nous"], memory: ablationOptions(LOCOMO_MEMORY, ablation), extractor: offlineWindowExtractor(extractOffline), answerer: async (c) => answerOffline(c), model: OFFLINE_LABEL, extra: { ablation } });
      r.memory.close();
      rows.push(...r.answers);
    }
  }
  return { rows, right: conversationsRight(rows, tags) };
}

/** Scenario groups of the summary: stable values (told and never changed: stable and both joke scenarios) and the rest. */
export const CHECK_GROUPS: [string, (scenario: string) => boolean][] = [
  ["stable", (s) => s === "stable"],
  ["jokes", (s) => s.startsWith("joke")],
  ["stable values (stable + jokes)", (s) => s === "stable" || s.startsWith("joke")],
  ["changes", (s) => s.startsWith("change")],
  ["others' states", (s) => s === "others"],
  ["not anymore", (s) => s === "not-anymore"],
  ["all", () => true],
];

/**
 * One row per ablation and part: "right/total" per scenario group.
 *
 * @example
 * checkSummary(right); // [{ variant: "none", part: "report", stable: "3/3", …, all: "15/21" }, …]
 */
export function checkSummary(right: readonly CheckRight[]): Record<string, string>[] {
  const out: Record<string, string>[] = [];
  for (const a of [...new Set(right.map((r) => r.ablation))]) {
    for (const part of [...new Set(right.map((r) => r.part))]) {
      const mine = right.filter((r) => r.ablation === a && r.part === part);
      const row: Record<string, string> = { variant: a, part };
      for (const [name, f] of CHECK_GROUPS) {
        const xs = mine.filter((r) => f(r.scenario));
        row[name] = `${xs.filter((x) => x.right).length}/${xs.length}`;
      }
      out.push(row);
    }
  }
  return out;
}
