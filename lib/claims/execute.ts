/**
 * Running the audit's design points. A design point is an ordinary run folder (the claim's design grid × seeds, with
 * the point's params), named by the hash of its config under `<audit root>/runs/`, so a rerun or an interrupted audit
 * runs only what is missing. Offline points run in a pool of worker processes (one per core by default); LLM points
 * and points of a mechanism registry passed as an object run in this process.
 */
import { join } from "node:path";
import type { ClaimTables } from "../core/claims.js";
import { AgoraError, ConfigError } from "../core/errors.js";
import { sha256 } from "../core/hash.js";
import type { Level } from "../core/level.js";
import { setPath } from "../core/paths.js";
import { deepMerge, type ExperimentConfig } from "../experiment/config.js";
import { load } from "../experiment/load.js";
import { readManifest } from "../experiment/manifest.js";
import { planRun } from "../experiment/plan.js";
import { runExperiment } from "../experiment/run.js";
import type { AuditPlan, DesignGroup } from "./plan.js";
import { runInPool } from "./pool.js";

/** One run of a design group: at the default, under a null, at a hypercube point or a sweep level. */
export interface Block {
  /** The group's key and what the point is ("default", "null:no-fear", "lhs-07", "sweep:itemNoise=0.4"). */
  group: string;
  point: string;
  overrides: Record<string, unknown>;
  seeds: number[];
  config: ExperimentConfig;
  /** The experiment's config hash (validated params). */
  hash: string;
  dir: string;
}

/**
 * The block of `group` with params overrides (dotted paths) and seeds. Its run folder is named by the experiment's
 * config hash (validated params), so a changed default never meets an old folder.
 * @throws {ConfigError} naming the claims file and the claims of the group when the mechanism refuses the config (a
 *   contrast level it does not know, an override outside its schema).
 * @example (await block(plan, plan.groups[0], "null:no-fear", { ablation: "no-fear" }, [1, 2, 3])).dir // …/runs/<16 hex>
 */
export async function block(plan: AuditPlan, group: DesignGroup, point: string, overrides: Record<string, unknown>, seeds: number[]): Promise<Block> {
  const params = deepMerge(structuredClone(plan.baseParams), structuredClone(group.params));
  for (const [path, value] of Object.entries(overrides)) setPath(params, path, value);
  const config: ExperimentConfig = {
    name: `${plan.config.name}-claims`, mechanism: plan.config.mechanism, model: plan.config.model,
    grid: group.grid as Record<string, Level[]>, seeds, params,
  };
  const key = sha256(config);
  let hash = hashes.get(key);
  if (!hash) {
    try {
      hash = (await planRun(config, { registry: plan.registry, out: plan.root })).hash;
    } catch (err) {
      if (!(err instanceof ConfigError)) throw err;
      throw new ConfigError({ file: plan.decl.file, path: ["claims", group.claims.map((c) => c.id).join("|"), point === "default" ? "design" : point],
        message: `the mechanism refuses this design point: ${err.message.split("\n  fix:")[0]}`, fix: err.fix ?? "check the claim's contrast levels, design and overrides" });
    }
    hashes.set(key, hash);
  }
  return { group: group.key, point, overrides, seeds, config, hash, dir: join(plan.root, "runs", hash.slice(0, 16)) };
}

const hashes = new Map<string, string>();

/** Whether a block's run folder is complete for its config (then nothing runs). */
function complete(b: Block): boolean {
  const m = readManifest(b.dir);
  return m !== undefined && m !== null && m.status === "complete" && m.configHash === b.hash;
}

/**
 * Runs the blocks that are not complete yet and returns every block's tables (rows carry their cell's condition).
 * @throws {AgoraError} when a cell fails (naming the block's folder and the first failure).
 */
export async function runBlocks(plan: AuditPlan, blocks: readonly Block[], opts: { workers?: number; concurrency?: number } = {}): Promise<Map<Block, ClaimTables>> {
  const unique = new Map<string, Block>();
  for (const b of blocks) unique.set(b.dir, b);
  const todo = [...unique.values()].filter((b) => !complete(b));
  const inProcess = plan.llm || plan.customRegistry || (opts.workers ?? 1) <= 1;
  if (todo.length > 0) {
    if (inProcess) {
      for (const b of todo) await runOne(b, plan, opts.concurrency);
    } else {
      await runInPool(todo.map((b) => ({ config: b.config, out: b.dir })), opts.workers);
    }
  }
  const out = new Map<Block, ClaimTables>();
  const cache = new Map<string, ClaimTables>();
  for (const b of blocks) {
    let t = cache.get(b.dir);
    if (!t) cache.set(b.dir, (t = readBlock(b)));
    out.set(b, t);
  }
  return out;
}

async function runOne(b: Block, plan: AuditPlan, concurrency?: number): Promise<void> {
  const res = await runExperiment(b.config, { out: b.dir, resume: true, registry: plan.registry, concurrency });
  if (res.failed > 0 || res.degraded > 0) failure(b, res.manifest.cells);
}

function failure(b: Block, cells: { runId: string; status: string; error?: { message: string } }[]): never {
  const first = cells.find((c) => c.status !== "ok");
  throw new AgoraError("claims-run-failed", `the audit's run ${b.point} (${b.dir}) has ${cells.filter((c) => c.status !== "ok").length} cell(s) not ok; first: ${first?.runId}: ${first?.error?.message ?? first?.status}`,
    "fix the cause and run the audit again (completed design points are kept)");
}

/** A block's tables, each row with its cell's condition values as columns where the row lacks them. */
function readBlock(b: Block): ClaimTables {
  const run = load(b.dir);
  if (run.manifest.status !== "complete") failure(b, run.manifest.cells);
  const conditions = new Map(run.manifest.cells.map((c) => [c.runId, c.condition]));
  const tables: ClaimTables = {};
  for (const [name, rows] of Object.entries(run.tables)) {
    tables[name] = rows.map((r) => {
      const cond = conditions.get(String(r.run_id)) ?? {};
      const extra = Object.fromEntries(Object.entries(cond).filter(([k]) => !(k in r)));
      return Object.keys(extra).length ? { ...r, ...extra } : r;
    });
  }
  return tables;
}
