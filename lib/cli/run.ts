/** `agora run <config>`: one sweep into a run folder. */
import { relative } from "node:path";
import { ConfigError } from "../core/errors.js";
import { dryRun, formatDryRun, planRun } from "../experiment/plan.js";
import { lineReporter, type ProgressOption } from "../experiment/progress.js";
import { runExperiment, type RunResult } from "../experiment/run.js";
import { queueRunner } from "./queue.js";
import { parse, positiveInt, profileArg } from "./args.js";
import { io } from "./io.js";

const HELP = `agora run <config> [options]

Runs an experiment config over its grid × seeds and writes a run folder.

Options:
  --out <dir>          run folder (default data/runs/<name>-<config hash 8>, under the project root)
  --concurrency <N>    cells in flight at once (default 4)
  --resume             keep the completed cells of an existing run folder; run the rest
  --profile <p>        quick (default) or full
  --dry-run            print the cell count and the expected LLM calls, tokens and cost; run nothing
  --queue <url>        run the cells on \`agora worker\`s through Redis (redis://host:port); results are
                       collected into the run folder here
  -h, --help
`;

/** The progress display of the CLI: a bar on a terminal, else a line every 10 % on stderr. */
export function cliProgress(): ProgressOption {
  if (process.stderr.isTTY) return "bar";
  return lineReporter((line) => io.err(line + "\n")).update;
}

/** One-paragraph summary of a finished run. */
export function summarize(res: RunResult): string {
  const m = res.manifest;
  const ok = m.cells.filter((c) => c.status === "ok").length;
  const rel = relative(process.cwd(), res.dir);
  const where = rel && !rel.startsWith("..") ? rel : res.dir;
  const lines = [`${m.name}: ${ok}/${m.cells.length} cells ok, ${res.failed} failed → ${where}`];
  for (const info of Object.values(m.tables)) lines.push(`  ${info.file}: ${info.rows} rows`);
  for (const c of m.cells.filter((c) => c.status === "failed").slice(0, 5)) lines.push(`  failed ${c.runId}: ${c.error?.message}`);
  if (res.failed > 5) lines.push(`  … ${res.failed - 5} more failed cells in manifest.json`);
  if (m.status === "stopped") lines.push("  stopped before every cell ran; continue with --resume");
  return lines.join("\n");
}

/**
 * Runs `agora run` and returns its exit code (1 when any cell failed).
 * @throws {ConfigError} for bad flags or an invalid config (the caller prints it).
 */
export async function run(argv: string[]): Promise<number> {
  const { values, positionals } = parse("run", argv, {
    out: { type: "string" },
    concurrency: { type: "string" },
    resume: { type: "boolean" },
    profile: { type: "string" },
    "dry-run": { type: "boolean" },
    queue: { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`agora run: expected one config file, got ${positionals.length}\n\n${HELP}`);
    return 2;
  }
  const config = positionals[0];
  const profile = profileArg(values.profile);
  const concurrency = positiveInt("--concurrency", values.concurrency);
  if (values["dry-run"]) {
    const plan = await planRun(config, { out: values.out, profile });
    io.out(formatDryRun(plan, await dryRun(plan)) + "\n");
    return 0;
  }
  const controller = new AbortController();
  let interrupts = 0;
  const onSignal = () => {
    interrupts++;
    if (interrupts > 1) process.exit(130);
    io.err("\nstopping after the cells in flight (Ctrl-C again to quit now; completed cells are kept)\n");
    controller.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  if (values.queue && concurrency !== undefined) {
    throw new ConfigError({ path: ["--concurrency"], message: "with --queue, cells run on the workers", fix: "set each worker's --concurrency instead" });
  }
  const cellRunner = values.queue ? queueRunner(values.queue) : undefined;
  try {
    const res = await runExperiment(config, {
      out: values.out, concurrency, profile, resume: values.resume ?? false, signal: controller.signal, progress: cliProgress(), cellRunner,
    });
    io.out(summarize(res) + "\n");
    if (cellRunner?.lost) throw cellRunner.lost;
    if (res.failed > 0) return 1;
    return res.manifest.status === "stopped" ? 130 : 0;
  } finally {
    await cellRunner?.close();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
