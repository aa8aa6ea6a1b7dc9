/**
 * `agora locomo`: evaluate Nous and its baselines on a LoCoMo split, or download the data.
 *
 *   agora locomo [--data <path>] [--split dev|test|all] [--conversations conv-26,conv-30] [--model offline|<llm spec>]
 *                [--out <run folder>] [--budget 600] [--ablations none,no-decay,…] [--judge] [--dry-run]
 *   agora locomo --download [--data <dest>]
 *
 * The data file comes from --data, else $LOCOMO_PATH, else ../shared/data/locomo10.json beside the project. Rules
 * are chosen on dev; test is for reporting. Writes a run folder whose `answers.jsonl` has one row per system ×
 * question, and prints the per-category table. The command lives here, in the command-line layer, so the Nous
 * folder never imports the experiment layer.
 */
import { parseArgs } from "node:util";
import { AgoraError } from "../core/errors.js";
import { ABLATIONS, categoryTable, downloadLocomo, findLocomo, loadLocomo, overallF1 } from "../nous/index.js";
import { chooseConversations, NousParamsSchema } from "../nous/runner.js";
import { SPLITS } from "../nous/locomo/splits.js";

const USAGE = `usage: agora locomo [--data <path>] [--split dev|test|all] [--conversations conv-26,conv-30] [--model offline|<llm spec>]
                    [--out <dir>] [--budget 600] [--ablations none,no-decay] [--judge] [--dry-run]
       agora locomo --download [--data <dest>]`;

function fmt(x: unknown): string {
  return typeof x === "number" ? x.toFixed(2) : x === null || x === undefined ? "-" : String(x);
}

/**
 * Runs `agora locomo` with its arguments (without the command name); returns the exit code
 * (0 success, 1 failure, 2 usage error). Errors are printed with their fix.
 *
 * @example
 * await locomo(["--data", "../shared/data/locomo10.json", "--split", "dev"]);
 */
export async function locomo(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        data: { type: "string" }, split: { type: "string" }, conversations: { type: "string" }, model: { type: "string" }, out: { type: "string" },
        budget: { type: "string" }, ablations: { type: "string" }, judge: { type: "boolean" }, "dry-run": { type: "boolean" },
        download: { type: "boolean" }, help: { type: "boolean", short: "h" },
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
    const split = args.split ?? "dev";
    if (!(SPLITS as readonly string[]).includes(split)) {
      console.error(`--split must be one of ${SPLITS.join(", ")}, got ${split}`);
      return 2;
    }
    const ablations = (args.ablations ?? "none").split(",").map((s) => s.trim());
    const bad = ablations.filter((a) => !(ABLATIONS as readonly string[]).includes(a));
    if (bad.length) {
      console.error(`unknown ablation ${bad.join(", ")}; choose among ${ABLATIONS.join(", ")}`);
      return 2;
    }
    const budget = args.budget === undefined ? 600 : Number(args.budget);
    if (!Number.isInteger(budget) || budget < 50) {
      console.error(`--budget must be an integer number of tokens ≥ 50, got ${args.budget}`);
      return 2;
    }
    const params = NousParamsSchema.parse({
      data, split, conversations: args.conversations ? args.conversations.split(",").map((s) => s.trim()) : null,
      memory: { budgetTokens: budget }, judge: args.judge ?? false,
    });
    chooseConversations(params); // unknown ids or a split the file lacks: an error naming the file and the ids, before anything runs
    const experiment = await import("../experiment/index.js");
    const config = { name: `nous-locomo-${split}`, mechanism: "nous", model: args.model ?? "offline", grid: { ablation: ablations }, seeds: [1], params };
    if (args["dry-run"]) {
      const plan = await experiment.planRun(config, { out: args.out });
      console.log(experiment.formatDryRun(plan, await experiment.dryRun(plan)));
      return 0;
    }
    // The same arguments give the same run folder: resume it (completed cells are kept, a different config is refused).
    const result = await experiment.runExperiment(config, { out: args.out, resume: true });
    const run = await experiment.load(result.dir);
    const answers = run.tables.answers ?? [];
    console.log(`run folder: ${result.dir} (answers.jsonl: ${answers.length} rows; split ${split})`);
    console.log(["system", "category", "n", "f1", "set_f1", "context_recall"].join("\t"));
    for (const r of categoryTable(answers)) console.log([r.system, r.category_name, r.n, fmt(r.f1), fmt(r.set_f1), fmt(r.context_recall)].join("\t"));
    for (const r of overallF1(answers)) console.log(`${r.system} [${r.ablation}]: F1 (categories 1–4) ${fmt(r.f1_1_4)}, category 5 ${fmt(r.f1_5)}`);
    return result.failed > 0 ? 1 : 0;
  } catch (e) {
    console.error((e as Error).message);
    return 1;
  }
}
