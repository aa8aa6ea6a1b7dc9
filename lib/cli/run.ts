/** `agora run <config>`: one sweep into a run folder. */
import { relative } from "node:path";
import { dryRun, formatDryRun, planRun } from "../experiment/plan.js";
import { outputModelFromLedger, parseOutputFlags } from "../experiment/output-model.js";
import { lineReporter, type ProgressOption } from "../experiment/progress.js";
import { runExperiment, type RunResult } from "../experiment/run.js";
import { queueRunner } from "./queue.js";
import { ConfigError } from "../core/errors.js";
import { parse, positiveInt, profileArg } from "./args.js";
import { io } from "./io.js";

const HELP = `agora run <config> [options]

Runs an experiment config over its grid × seeds and writes a run folder.

Options:
  --out <dir>          run folder (default data/runs/<name>-<config hash 8>, under the project root)
  --concurrency <N>    cells in flight at once (default 4)
  --resume             keep the completed cells of an existing run folder; run the rest
  --profile <p>        quick (default), full, or a profile the config defines
  --dry-run            run a sample of cells against a recording stand-in model and print the expected
                       LLM calls, input tokens (text, images, schemas) and cost of the whole run, with the
                       range from short to long replies; spends nothing
  --assume-output-tokens <role=n>   with --dry-run: the replies of a role are n output tokens long (repeatable;
                       default: the request's maxTokens, else the role's stated default)
  --assume-output-tokens-from <run folder>   with --dry-run: each role's mean reply length in a pilot run's ledger
  --replay             every LLM reply from the run folder's replay cache: no connection, no preflight;
                       a missing reply is an error naming the call's address
  --max-cost <USD>     stop before a call would take the run's spend (its whole ledger) past this; exit 3,
                       and --resume continues
  --price <p:m=in,out[,cachedIn]>   USD per million tokens for provider:model (repeatable), over the built-in table
  --queue <url>        run the cells on \`agora worker\`s through Redis (redis://host:port); results are
                       collected into the run folder here (not with --concurrency, --replay, --max-cost, --price)
  -h, --help

Exit codes: 0 every cell ok; 1 a cell degraded (some LLM calls failed after retries) or failed;
2 a config or usage error (nothing was run); 3 stopped by --max-cost; 130 interrupted.
`;

/**
 * A positive number flag value.
 * @throws {ConfigError} otherwise.
 */
function positiveNumber(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isFinite(n) || n <= 0) throw new ConfigError({ path: [flag], message: `expected a positive number of US dollars, got "${value}"`, fix: `e.g. ${flag} 5` });
  return n;
}

/**
 * `--price provider:model=in,out[,cachedIn]` flags as a price table (USD per million tokens).
 * @throws {ConfigError} naming the flag and the expected form.
 */
export async function priceFlags(flags: string[]): Promise<Record<string, { input: number; output: number; cachedInput?: number }> | undefined> {
  if (!flags.length) return undefined;
  const { parsePriceFlag } = await import("../llm/prices.js");
  const out: Record<string, { input: number; output: number; cachedInput?: number }> = {};
  for (const f of flags) {
    try {
      Object.assign(out, parsePriceFlag(f));
    } catch (err) {
      const e = err as { message: string; fix?: string };
      throw new ConfigError({ path: ["--price"], message: e.message.split("\n  fix:")[0], fix: e.fix ?? "e.g. --price openai:gpt-4o-mini=0.15,0.60,0.075 (USD per million tokens)" });
    }
  }
  return out;
}

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
  const lines = [`${m.name}: ${ok}/${m.cells.length} cells ok, ${res.degraded} degraded, ${res.failed} failed → ${where}`];
  for (const info of Object.values(m.tables)) lines.push(`  ${info.file}: ${info.rows} rows`);
  for (const c of m.cells.filter((c) => c.status === "failed").slice(0, 5)) lines.push(`  failed ${c.runId}: ${c.error?.message}`);
  if (res.failed > 5) lines.push(`  … ${res.failed - 5} more failed cells in manifest.json`);
  for (const c of m.cells.filter((c) => c.status === "degraded").slice(0, 5)) {
    lines.push(`  degraded ${c.runId}: ${c.calls?.failed} of ${c.calls?.calls} LLM calls failed (${c.calls?.failures[0]?.error ?? ""})`);
  }
  if (res.failed + res.degraded > 0) lines.push("  --resume runs the degraded and failed cells again");
  const ledger = m.ledger as { requests?: number; costUsd?: number; replayHits?: number } | undefined;
  if (ledger) lines.push(`  ledger: ${ledger.requests ?? 0} requests, ${ledger.replayHits ?? 0} replayed, $${(ledger.costUsd ?? 0).toFixed(4)} (whole run)`);
  if (m.stopReason === "max-cost") lines.push("  stopped by --max-cost before every cell ran; raise it and continue with --resume");
  else if (m.status === "stopped") lines.push("  stopped before every cell ran; continue with --resume");
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
    replay: { type: "boolean" },
    "max-cost": { type: "string" },
    price: { type: "string", multiple: true },
    "assume-output-tokens": { type: "string", multiple: true },
    "assume-output-tokens-from": { type: "string" },
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
  const maxCostUsd = positiveNumber("--max-cost", values["max-cost"]);
  const prices = await priceFlags(values.price ?? []);
  const assumed = values["assume-output-tokens"] ?? [];
  const assumedFrom = values["assume-output-tokens-from"];
  if ((assumed.length || assumedFrom) && !values["dry-run"]) {
    throw new ConfigError({ path: [assumed.length ? "--assume-output-tokens" : "--assume-output-tokens-from"], message: "only means something with --dry-run", fix: "add --dry-run, or leave the flag out" });
  }
  if (values["dry-run"]) {
    const plan = await planRun(config, { out: values.out, profile });
    const pilot = assumedFrom ? outputModelFromLedger(assumedFrom) : undefined;
    if (pilot) io.out(`reply lengths from ${assumedFrom}: ${Object.entries(pilot.model).map(([r, n]) => `${r} ${n} (mean of ${pilot.replies[r]})`).join(", ")}\n`);
    const outputTokens = { ...(pilot?.model ?? {}), ...parseOutputFlags(assumed) };
    const report = await dryRun(plan, { prices, outputTokens, outputTokensFrom: assumed.length ? "--assume-output-tokens" : "--assume-output-tokens-from" });
    io.out(formatDryRun(plan, report) + "\n");
    return 0;
  }
  if (values.queue) {
    const clash = values.concurrency !== undefined ? ["--concurrency", "set each worker's --concurrency instead"]
      : values.replay ? ["--replay", "replay a queued run's folder locally, without --queue"]
        : maxCostUsd !== undefined ? ["--max-cost", "run without --queue to keep a budget; workers keep the spec's rpm and tpm"]
          : prices ? ["--price", "put the prices in the config's model.prices, which the workers read"] : undefined;
    if (clash) throw new ConfigError({ path: [clash[0]], message: "not available with --queue", fix: clash[1] });
  }
  const cellRunner = values.queue ? queueRunner(values.queue) : undefined;
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
  try {
    const res = await runExperiment(config, {
      out: values.out, concurrency, profile, resume: values.resume ?? false, signal: controller.signal, progress: cliProgress(),
      replay: values.replay ?? false, maxCostUsd, prices, cellRunner,
    });
    io.out(summarize(res) + "\n");
    if (cellRunner?.lost) throw cellRunner.lost;
    if (res.manifest.stopReason === "max-cost") return 3;
    if (res.failed + res.degraded > 0) return 1;
    return res.manifest.status === "stopped" ? 130 : 0;
  } finally {
    await cellRunner?.close();
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
  }
}
