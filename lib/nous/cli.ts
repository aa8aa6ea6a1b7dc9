/**
 * `agora locomo`: evaluate Nous and its baselines on LoCoMo, or download the data.
 *
 *   agora locomo [--data <path>] [--conversations conv-26,conv-30] [--model offline|<llm spec>] [--out <run folder>]
 *                [--k 10] [--ablations none,no-decay,…]
 *   agora locomo --download [--data <dest>]
 *
 * The data file comes from --data, else $LOCOMO_PATH, else ../shared/data/locomo10.json beside the project.
 * Writes a run folder whose `answers.jsonl` has one row per system × question, and prints the per-category table.
 */
import { parseArgs } from "node:util";
import { AgoraError } from "../core/errors.js";
import { categoryTable, overallF1 } from "./analysis.js";
import { downloadLocomo, findLocomo, loadLocomo } from "./locomo/data.js";
import { ABLATIONS } from "./runner.js";

const USAGE = `usage: agora locomo [--data <path>] [--conversations conv-26,conv-30] [--model offline|<llm spec>] [--out <dir>] [--k 10] [--ablations none,no-decay]
       agora locomo --download [--data <dest>]`;

function fmt(x: unknown): string {
  return typeof x === "number" ? x.toFixed(2) : x === null || x === undefined ? "-" : String(x);
}

/**
 * Runs `agora locomo` with its arguments (without the command name); returns the exit code
 * (0 success, 1 failure, 2 usage error). Errors are printed with their fix.
 *
 * @example
 * await locomoCommand(["--data", "../shared/data/locomo10.json", "--conversations", "conv-26"]);
 */
export async function locomoCommand(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        data: { type: "string" }, conversations: { type: "string" }, model: { type: "string" }, out: { type: "string" },
        k: { type: "string" }, ablations: { type: "string" }, download: { type: "boolean" }, help: { type: "boolean", short: "h" },
      },
      strict: true,
    }).values;
  } catch (e) {
    console.error(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    console.log(USAGE);
    return 0;
  }
  try {
    if (args.download) {
      const dest = args.data ?? process.env.LOCOMO_PATH ?? "locomo10.json";
      const path = await downloadLocomo(dest);
      console.log(`LoCoMo saved to ${path} (CC BY-NC 4.0; do not redistribute)`);
      return 0;
    }
    const data = findLocomo(args.data);
    if (!data) {
      throw new AgoraError("data", `LoCoMo data not found${args.data ? ` at ${args.data}` : " (--data, $LOCOMO_PATH, ../shared/data/locomo10.json)"}`,
        "run `agora locomo --download --data <path>` once, then pass --data <path> or set LOCOMO_PATH");
    }
    loadLocomo(data); // fail early, with the file named, on a malformed file
    const ablations = (args.ablations ?? "none").split(",").map((s) => s.trim());
    const bad = ablations.filter((a) => !(ABLATIONS as readonly string[]).includes(a));
    if (bad.length) {
      console.error(`unknown ablation ${bad.join(", ")}; choose among ${ABLATIONS.join(", ")}`);
      return 2;
    }
    const k = args.k === undefined ? 10 : Number(args.k);
    if (!Number.isInteger(k) || k < 1) {
      console.error(`--k must be a positive integer, got ${args.k}`);
      return 2;
    }
    const experiment = await import("../experiment/index.js");
    const config = {
      name: "nous-locomo",
      mechanism: "nous",
      model: args.model ?? "offline",
      grid: { ablation: ablations },
      seeds: [1],
      params: { data, conversations: args.conversations ? args.conversations.split(",").map((s) => s.trim()) : null, memory: { k } },
    };
    // The same arguments give the same run folder: resume it (completed cells are kept, a different config is refused).
    const result = await experiment.runExperiment(config, { out: args.out, resume: true });
    const run = await experiment.load(result.dir);
    const answers = run.tables.answers ?? [];
    console.log(`run folder: ${result.dir} (answers.jsonl: ${answers.length} rows)`);
    console.log(["system", "category", "n", "f1", "set_f1", "context_recall"].join("\t"));
    for (const r of categoryTable(answers)) console.log([r.system, r.category_name, r.n, fmt(r.f1), fmt(r.set_f1), fmt(r.context_recall)].join("\t"));
    for (const r of overallF1(answers)) console.log(`${r.system} [${r.ablation}]: F1 (categories 1–4) ${fmt(r.f1_1_4)}, category 5 ${fmt(r.f1_5)}`);
    return result.failed > 0 ? 1 : 0;
  } catch (e) {
    console.error((e as Error).message);
    return 1;
  }
}
