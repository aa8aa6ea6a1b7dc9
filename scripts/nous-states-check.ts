/**
 * The hand-written state conversations (data/nous/states-check.txt):
 *   node --import tsx scripts/nous-states-check.ts build                  → writes data/nous/states-check.json
 *   node --import tsx scripts/nous-states-check.ts run [--part tune|report|all] [--ablations none,last-write-wins] [--show]
 * `run` answers them with the offline pipeline (the LoCoMo protocol's memory options) and prints, per ablation and
 * scenario, how many conversations have every current value right; `--show` lists the answers (tune part only:
 * report conversations are scored, never read for failures).
 * The same data through the command line: node bin/agora.mjs locomo --data data/nous/states-check.json --ablations none,last-write-wins
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { conversationsRight, buildStatesCheck, statesCheckText, STATES_CHECK_JSON } from "../lib/nous/benchmarks/states-check.js";
import { parseLocomo } from "../lib/nous/locomo/data.js";
import { evaluateConversation, offlineWindowExtractor } from "../lib/nous/locomo/evaluate.js";
import { answerOffline, extractOffline, OFFLINE_LABEL } from "../lib/nous/models/offline.js";
import { ABLATIONS, ablationOptions, LOCOMO_MEMORY, type Ablation } from "../lib/nous/runner.js";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { part: { type: "string", default: "tune" }, ablations: { type: "string", default: "none,last-write-wins,no-decay" }, show: { type: "boolean" } } });
if (positionals[0] === "build") {
  writeFileSync(STATES_CHECK_JSON, statesCheckText());
  console.log(`wrote ${STATES_CHECK_JSON}`);
} else if (positionals[0] === "run") {
  const { data, tags } = buildStatesCheck();
  const convs = parseLocomo(data, "states-check.json").filter((c) => values.part === "all" || tags.find((t) => t.id === c.id)?.part === values.part);
  const ablations = values.ablations!.split(",") as Ablation[];
  for (const a of ablations) if (!(ABLATIONS as readonly string[]).includes(a)) throw new Error(`unknown ablation ${a}`);
  const rows: Record<string, unknown>[] = [];
  for (const ablation of ablations) {
    for (const conv of convs) {
      const r = await evaluateConversation(conv, { systems: ["nous"], memory: ablationOptions(LOCOMO_MEMORY, ablation), extractor: offlineWindowExtractor(extractOffline), answerer: async (c) => answerOffline(c), model: OFFLINE_LABEL, extra: { ablation } });
      r.memory.close();
      rows.push(...r.answers);
    }
  }
  const right = conversationsRight(rows, tags);
  const scenarios = [...new Set(right.map((r) => r.scenario))];
  console.log(["ablation", ...scenarios, "all"].join("\t"));
  for (const a of ablations) {
    const mine = right.filter((r) => r.ablation === a);
    const cell = (xs: typeof mine) => `${xs.filter((x) => x.right).length}/${xs.length}`;
    console.log([a, ...scenarios.map((s) => cell(mine.filter((r) => r.scenario === s))), cell(mine)].join("\t"));
  }
  if (values.show && values.part === "tune") for (const r of rows) console.log(`${r.ablation}\t${r.conversation}\t${r.question}\t→ ${r.prediction}\t(${r.answer}, F1 ${Number(r.f1).toFixed(2)})`);
} else {
  console.error("usage: scripts/nous-states-check.ts build | run [--part tune|report|all] [--ablations …] [--show]");
  process.exit(2);
}
