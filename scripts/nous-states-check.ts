/**
 * The hand-written state conversations (data/nous/states-check.txt, and any data/nous/states-<name>.txt: fresh,
 * dev-a, dev-b, …; `--set original` is states-check.txt):
 *   node --import tsx scripts/nous-states-check.ts build [--set original|<name>]   → writes data/nous/states-check.json (states-<name>.json)
 *   node --import tsx scripts/nous-states-check.ts run [--set original|<name>] [--part tune|report|all] [--ablations none,last-write-wins] [--show]
 *   node --import tsx scripts/nous-states-check.ts trace [--set …] [--only fr01,fr05]   → each tune turn and the state triples extracted from it
 * `run` answers them with the offline pipeline (the LoCoMo protocol's memory options) and prints, per ablation and
 * scenario, how many conversations have every current value right; `--show` lists the answers (tune part only:
 * report conversations are scored, never read for failures).
 * The same data through the command line: node bin/agora.mjs locomo --data data/nous/states-check.json --ablations none,last-write-wins
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { buildStatesCheck, checkSetPaths, statesCheckText } from "../lib/nous/benchmarks/states-check.js";
import { checkSummary, runStatesCheck } from "../lib/nous/benchmarks/states-check-run.js";
import { ABLATIONS, type Ablation } from "../lib/nous/runner.js";
import { parseLocomo } from "../lib/nous/locomo/data.js";
import { extract, type SessionContext } from "../lib/nous/models/extractor.js";
import { nextSession } from "../lib/nous/models/referents.js";

const { positionals, values } = parseArgs({ allowPositionals: true, options: { set: { type: "string", default: "original" }, part: { type: "string", default: "tune" }, ablations: { type: "string", default: "none,last-write-wins,no-decay" }, show: { type: "boolean" }, only: { type: "string" } } });
const [TEXT, JSON_PATH] = checkSetPaths(values.set!);
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
} else if (positionals[0] === "trace") {
  // tune conversations only: report ones are scored, never read
  const { data, tags } = buildStatesCheck(TEXT);
  const only = values.only?.split(",");
  for (const conv of parseLocomo(data, TEXT)) {
    const tag = tags.find((t) => t.id === conv.id)!;
    if (tag.part !== "tune" || (only && !only.includes(conv.id))) continue;
    console.log(`=== ${conv.id} ${tag.scenario}`);
    let ctx: SessionContext = { speakers: [...conv.speakers] };
    let session = -1;
    for (const t of conv.turns) {
      if (t.session !== session) [session, ctx] = [t.session, session < 0 ? ctx : nextSession(ctx, conv.speakers)];
      const ex = extract({ id: t.id, speaker: t.speaker, text: t.text, timestamp: t.timestamp }, ctx);
      const st = ex.triples.filter((x) => x.attribute === "home" || x.attribute === "workplace" || x.attribute === "job");
      console.log(`${t.id} ${t.speaker}: ${t.text}`);
      for (const x of st) console.log(`      → ${x.entity}|${x.attribute}|${x.value}|${x.kind ?? "state"}${x.confidence !== undefined ? `|c=${x.confidence}` : ""}`);
    }
    for (const q of conv.questions) console.log(`  ? ${q.question} | ${q.answer}`);
  }
} else {
  console.error("usage: scripts/nous-states-check.ts build | run [--set <name>] [--part tune|report|all] [--ablations …] [--show] | trace [--set <name>] [--only ids]");
  process.exit(2);
}
