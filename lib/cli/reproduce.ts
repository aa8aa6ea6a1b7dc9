/**
 * `agora reproduce`: every mechanism's default config (`data/configs/*-default.json`) on the offline
 * models, then every notebook executed in place (the notebooks export the figures).
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { AgoraError } from "../core/errors.js";
import { io } from "./io.js";
import { readManifest } from "../experiment/manifest.js";
import { planRun } from "../experiment/plan.js";
import { libraryRoot } from "../experiment/project.js";
import { runExperiment } from "../experiment/run.js";
import { readConfigFile, type ProfileName } from "../experiment/config.js";
import { parse, profileArg } from "./args.js";
import { cliProgress, summarize } from "./run.js";

const HELP = `agora reproduce [--profile quick|full] [--no-notebooks]

Runs every data/configs/*-default.json on the offline models (completed run folders are kept), then the
claims audit of each (agora claims), then executes every notebook in place, which exports the figures to figures/.
`;

/** The default configs of the project, sorted by file name. */
export function defaultConfigs(root: string): string[] {
  const dir = join(root, "data", "configs");
  if (!existsSync(dir)) return [];
  return readdirSync(dir).filter((f) => f.endsWith("-default.json")).sort().map((f) => join(dir, f));
}

/**
 * The claims audit of each offline default config whose mechanism declares claims (the notebooks show it; a full
 * audit runs longer than a notebook cell may, so it runs here and the notebook reads its completed run folders).
 * Returns the number of audits that failed.
 */
async function auditClaims(configs: string[], profile: ProfileName | undefined): Promise<number> {
  const { audit } = await import("../claims/audit.js");
  let failed = 0;
  for (const file of configs) {
    if (readConfigFile(file).model !== "offline") continue;
    const plan = await planRun(file, { profile });
    if (!plan.runner.claims) continue;
    try {
      const a = await audit(file, { profile, log: (l) => io.out(`${l}\n`) });
      io.out(`${plan.config.name}: claims audit of ${a.claims.length} claims in ${a.dir}\n`);
    } catch (err) {
      io.err(`agora reproduce: the claims audit of ${file} failed: ${(err as Error).message}\n`);
      failed++;
    }
  }
  return failed;
}

/**
 * Runs `agora reproduce` and returns its exit code.
 * @throws {ConfigError} for a bad flag or an invalid default config.
 */
export async function reproduce(argv: string[]): Promise<number> {
  const { values } = parse("reproduce", argv, {
    profile: { type: "string" },
    "no-notebooks": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  return reproduceIn(libraryRoot(), { profile: profileArg(values.profile), notebooks: !values["no-notebooks"] });
}

/**
 * `agora reproduce` for the project at `root`: its default configs, then its notebooks (through
 * `<root>/scripts/notebooks.mjs`'s `runNotebooks`). Returns the exit code.
 * @throws {ConfigError} for an invalid default config.
 */
export async function reproduceIn(root: string, opts: { profile?: ProfileName; notebooks?: boolean } = {}): Promise<number> {
  const { profile } = opts;
  const configs = defaultConfigs(root);
  if (configs.length === 0) io.err(`agora reproduce: no *-default.json in ${join(root, "data", "configs")}\n`);
  let failed = 0;
  for (const file of configs) {
    const model = readConfigFile(file).model;
    if (model !== "offline") {
      io.err(`agora reproduce: ${file} names model ${JSON.stringify(model)}; reproduce runs offline models only, skipped\n`);
      continue;
    }
    const plan = await planRun(file, { profile });
    const previous = readManifest(plan.dir);
    if (previous?.status === "complete" && previous.configHash === plan.hash) {
      io.out(`${plan.config.name}: complete, kept ${plan.dir}\n`);
      continue;
    }
    const res = await runExperiment(file, { profile, resume: true, progress: cliProgress() });
    io.out(summarize(res) + "\n");
    failed += res.failed;
  }
  if (failed === 0) failed += await auditClaims(configs, profile);
  if (failed > 0) {
    io.err(`agora reproduce: ${failed} cells or audits failed; notebooks not executed\n`);
    return 1;
  }
  if (opts.notebooks === false) return 0;
  const script = join(root, "scripts", "notebooks.mjs");
  let mod: { runNotebooks?: (paths?: string[], opts?: { inPlace?: boolean; profile?: string }) => Promise<unknown> };
  try {
    mod = (await import(pathToFileURL(script).href)) as typeof mod;
  } catch (err) {
    throw new AgoraError("unavailable", `cannot load ${script}: ${(err as Error).message.split("\n")[0]}`, "restore scripts/notebooks.mjs");
  }
  if (typeof mod.runNotebooks !== "function") {
    throw new AgoraError("unavailable", `${script} has no runNotebooks export`, "restore scripts/notebooks.mjs");
  }
  try {
    // the notebooks show the profile whose runs were just made
    await mod.runNotebooks(undefined, { inPlace: true, profile: opts.profile ?? "quick" });
  } catch (err) {
    io.err(`agora reproduce: ${(err as Error).message}\n`);
    return 1;
  }
  return 0;
}
