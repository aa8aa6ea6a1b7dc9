/**
 * The hand-written state conversations (data/nous/states-check.txt):
 *   node --import tsx scripts/nous-states-check.ts build [--set original|fresh]   → writes data/nous/states-check.json (states-fresh.json)
 *   node --import tsx scripts/nous-states-check.ts run [--set original|fresh] [--part tune|report|all] [--ablations none,last-write-wins] [--show]
 * `run` answers them with the offline pipeline (the LoCoMo protocol's memory options) and prints, per ablation and
 * scenario, how many conversations have every current value right; `--show` lists the answers (tune part only:
 * report conversations are scored, never read for failures).
 * The same data through the command line: node bin/agora.mjs locomo --data data/nous/states-check.json --ablations none,last-write-wins
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { statesCheckText, FRESH_CHECK_JSON, FRESH_CHECK_TEXT, STATES_CHECK_JSON, STATES_CHECK_TEXT } from "../lib/nous/benchmarks/states-check.js";
import { checkSummary, runStatesCheck } from "../lib/nous/benchmarks/states-check-run.js";
import { ABLATIONS, type Ablation } from "../lib/nous/runner.js";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { set: { type: "string", default: "original" }, part: { type: "string", default: "tune" }, ablations: { type: "string", default: "none,last-write-wins,no-decay" }, show: { type: "boolean" } } });
if (values.set !== "original" && values.set !== "fresh") throw new Error(`--set must be original or fresh, not ${values.set}`);
const [TEXT, JSON_PATH] = values.set === "fresh" ? [FRESH_CHECK_TEXT, FRESH_CHECK_JSON] : [STATES_CHECK_TEXT, STATES_CHECK_JSON];
if (positionals[0] === "build") {
  writeFileSync(JSON_PATH, statesCheckText(TEXT));
  console.log(`wrote ${JSON_PATH}`);
} else if (positionals[0] === "run") {
  const ablations = values.ablations!.split(",") as Ablation[];
  for (const a of ablations) if (!(ABLATIONS as readonly string[]).includes(a)) throw new Error(`unknown ablation ${a}`);
  const part = values.part === "all" ? undefined : (values.part as "tune" | "report");
  const { rows, right } = await runStatesCheck(TEXT, ablations, part);
  const summary = checkSummary(right);
  console.log(Object.keys(summary[0]).join("\t"));
  for (const r of summary) console.log(Object.values(r).join("\t"));
  if (values.show && values.part === "tune") for (const r of rows) console.log(`${r.ablation}\t${r.conversation}\t${r.question}\t→ ${r.prediction}\t(${r.answer}, F1 ${Number(r.f1).toFixed(2)})`);
} else {
  console.error("usage: scripts/nous-states-check.ts build | run [--part tune|report|all] [--ablations …] [--show]");
  process.exit(2);
}
