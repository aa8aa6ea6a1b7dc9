/**
 * Reading run folders in notebooks: the manifest, each table as plain rows, and each table as a
 * danfojs DataFrame (danfojs loads TensorFlow.js, which takes about a second, so it is required only
 * when `frame()` is first called).
 */
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { AgoraError, DataError } from "../core/errors.js";
import type { ProfileName } from "./config.js";
import { readManifest, type Manifest } from "./manifest.js";
import { planRun } from "./plan.js";
import { inNotebook } from "./progress.js";
import type { Registry } from "./registry.js";
import { runExperiment } from "./run.js";
import { readTable, type Row } from "./store.js";

/** A danfojs DataFrame. Typed loosely so that danfojs's types stay out of the library's public API. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type DataFrame = any;

export interface LoadedRun {
  dir: string;
  manifest: Manifest;
  /** Every table as plain rows, in grid order. */
  tables: Record<string, Row[]>;
  /** A table as a danfojs DataFrame (built on first call, then cached). */
  frame(name: string): DataFrame;
}

let danfo: { DataFrame: new (data: unknown) => DataFrame } | undefined;

function loadDanfo(): { DataFrame: new (data: unknown) => DataFrame } {
  if (!danfo) {
    const require = createRequire(import.meta.url);
    danfo = require("danfojs") as { DataFrame: new (data: unknown) => DataFrame };
  }
  return danfo;
}

/**
 * Loads a run folder.
 * @throws {DataError} when the folder has no manifest, or a table file is missing or malformed.
 * @example
 * const run = load("../data/runs/tbs-default-3fa9c2e1");
 * run.tables.turns.length; run.frame("turns").groupby(["mode"]).mean();
 */
export function load(dir: string): LoadedRun {
  const abs = resolve(dir);
  const manifest = readManifest(abs);
  if (!manifest) {
    throw new DataError({ file: join(abs, "manifest.json"), message: "no run folder here (manifest.json is missing)",
      fix: "run the config first (agora run <config>), or call experiment.ensureRun(configPath)" });
  }
  const tables: Record<string, Row[]> = {};
  for (const [name, t] of Object.entries(manifest.tables)) {
    const path = join(abs, t.file);
    if (!existsSync(path)) {
      throw new DataError({ file: path, message: "table file missing", fix: "run the config again with --resume" });
    }
    try {
      tables[name] = readTable(path);
    } catch (err) {
      throw new DataError({ file: path, message: `malformed JSON Lines (${(err as Error).message})`,
        fix: "run the config again with --resume" });
    }
  }
  const frames = new Map<string, DataFrame>();
  return {
    dir: abs,
    manifest,
    tables,
    frame(name: string): DataFrame {
      const rows = tables[name];
      if (!rows) {
        throw new DataError({ file: abs, field: name, message: `no table "${name}"; tables: ${Object.keys(tables).join(", ") || "(none)"}`,
          fix: "use one of the listed table names" });
      }
      if (!frames.has(name)) {
        if (rows.length === 0) throw new DataError({ file: abs, field: name, message: "the table is empty", fix: "check the run's failed cells in manifest.json" });
        frames.set(name, new (loadDanfo().DataFrame)(rows));
      }
      return frames.get(name);
    },
  };
}

export interface EnsureOptions {
  profile?: ProfileName;
  out?: string;
  concurrency?: number;
  registry?: Registry;
}

/**
 * Loads the run folder of a config, running the config first (resuming what is there) when the folder does not
 * exist or is incomplete. Prints a compact progress line in notebooks; quiet elsewhere.
 * @throws {ConfigError} for an invalid config. @throws {AgoraError} code `run-failed` when cells failed.
 * @example
 * const run = await ensureRun("../data/configs/tbs-default.json");
 */
export async function ensureRun(configPath: string, opts: EnsureOptions = {}): Promise<LoadedRun> {
  const plan = await planRun(configPath, opts);
  const existing = readManifest(plan.dir);
  if (!existing || existing.status !== "complete" || existing.configHash !== plan.hash) {
    const res = await runExperiment(configPath, { ...opts, resume: true, progress: inNotebook() ? "line" : "none" });
    if (res.failed > 0) {
      const first = res.manifest.cells.find((c) => c.status === "failed");
      throw new AgoraError("run-failed", `${res.failed} of ${res.manifest.cells.length} cells of ${plan.config.name} failed; first: ${first?.runId}: ${first?.error?.message}`,
        `see ${join(res.dir, "manifest.json")}; fix the cause and call ensureRun again (completed cells are kept)`);
    }
  }
  return load(plan.dir);
}
