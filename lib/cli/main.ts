/**
 * The `agora` command line: `agora run`, `agora reproduce`, `agora export`, `agora locomo`, `agora --help`.
 * `bin/agora.mjs` loads this file through tsx, so the CLI works without a build.
 */
import { AgoraError } from "../core/errors.js";
import { claims } from "./claims.js";
import { exportRun } from "./export.js";
import { redactText } from "../core/redact.js";
import { io } from "./io.js";
import { locomo } from "./locomo.js";
import { power } from "./power.js";
import { queue } from "./queue.js";
import { reproduce } from "./reproduce.js";
import { run } from "./run.js";
import { worker } from "./worker.js";

export const HELP = `agora: multi-agent LLM experiments, reproducibly

Usage:
  agora run <config> [--out <dir>] [--concurrency N] [--resume] [--profile <p>] [--dry-run] [--replay]
                     [--max-cost <USD>] [--price provider:model=in,out[,cachedIn]]
      Run an experiment config (JSON or YAML) over its grid × seeds into a run folder
      (default data/runs/<name>-<config hash>). Exit code 1 when a cell degraded or failed, 2 for a config
      error, 3 when stopped by --max-cost (see \`agora run --help\`).
      With --queue redis://host:port the cells run on \`agora worker\`s (see below).
  agora worker --queue redis://host:port [--concurrency N]
      Run cells of any queued run, on this machine, until stopped.
  agora queue status --queue redis://host:port
      Pending, active, failed and done cells per queued run.
  agora reproduce [--profile quick|full] [--no-notebooks]
      Run every data/configs/*-default.json on the offline models (complete run folders are kept),
      then execute every notebook in place (the notebooks export the figures).
  agora export <run folder> [--format csv] [--out <dir>] [--tables a,b]
      Write every table of a run folder as CSV (for R and other tools).
  agora power <config> --metric <column> --contrast <a>,<b> [--table t] [--factor f] [--fix k=v,...]
      Pilot-run a paired contrast and report its effect size, power and the seeds for 80 % / 90 % power.
  agora claims <config> [--profile quick|full] [--claim id,...] [--points n] [--seeds n] [--dry-run]
      Audit every claim of the config's mechanism: nulls, a Latin hypercube over the offline model's
      assumptions, Holm, power and a class per claim (see \`agora claims --help\`).
  agora locomo ...
      The Nous LoCoMo evaluation (see \`agora locomo --help\`).
  agora --help

Environment:
  AGORA_REGISTRY   path to a module exporting \`mechanisms\` (replaces lib/registry.ts; for tests)
`;

/** Exit codes: 0 success, 1 some cells degraded or failed, 2 bad usage or config, 3 stopped by --max-cost, 130 interrupted. */
export const EXIT = { ok: 0, failed: 1, usage: 2, budget: 3, interrupted: 130 } as const;

/** Errors that mean "the config, the model spec or the key is wrong": nothing ran, exit 2. */
const CONFIG_CODES = new Set(["config", "llm-config"]);

/**
 * Runs the CLI with `argv` (without node and the script) and returns the exit code.
 * @example
 * process.exitCode = await main(["run", "data/configs/tbs-default.json", "--dry-run"]);
 */
export async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  try {
    switch (command) {
      case undefined:
      case "-h":
      case "--help":
      case "help":
        io.out(HELP);
        return command === undefined ? EXIT.usage : EXIT.ok;
      case "run":
        return await run(rest);
      case "reproduce":
        return await reproduce(rest);
      case "locomo":
        return await locomo(rest);
      case "worker":
        return await worker(rest);
      case "queue":
        return await queue(rest);
      case "export":
        return await exportRun(rest);
      case "power":
        return await power(rest);
      case "claims":
        return await claims(rest);
      default:
        io.err(`agora: unknown command "${command}"\n\n${HELP}`);
        return EXIT.usage;
    }
  } catch (err) {
    if (err instanceof AgoraError) {
      io.err(redactText(`agora ${command}: ${err.message}\n`));
      return CONFIG_CODES.has(err.code) ? EXIT.usage : EXIT.failed;
    }
    throw err;
  }
}
