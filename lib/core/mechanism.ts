/**
 * The contract between a mechanism (tbs, gated, calibration, nous) and the experiment runner.
 *
 * A run is a grid of cells (one combination of factor levels × one seed). The runner calls
 * `runCell` for each cell, concurrently, and writes the returned rows. A cell must be
 * independent and idempotent: its output depends only on (params, condition, seed, model).
 */
import type { ZodType } from "zod";
import type { MechanismClaims } from "./claims.js";
import type { CallAddress, LanguageModel, Usage } from "./model.js";
import type { Rng } from "./rng.js";

export type { Level } from "./level.js";
import type { Level } from "./level.js";

/** The model a cell runs on: the mechanism's offline parametric model, or a language model. */
export type CellModel =
  | { kind: "offline" }
  | { kind: "llm"; llm: LanguageModel };

export interface CellContext<P = unknown> {
  /** Stable id of the cell: `<factor>=<level>,…,seed=<n>` in grid order. */
  runId: string;
  seed: number;
  /** The factor levels of this cell. */
  condition: Record<string, Level>;
  /** The mechanism's parameters, validated by its `paramsSchema`, with the condition merged in by the mechanism. */
  params: P;
  model: CellModel;
  /** Seeded stream for this cell (already forked from the seed; use `rng.fork(...)` for sub-streams). */
  rng: Rng;
  signal?: AbortSignal;
  /**
   * The address of one LLM call of this cell: pass it as `address` in every `generate` request.
   * @example ctx.address("judge", { step: round, agent: "pair-3", sample: 0 })
   */
  address: (role: string, at: { step: number | string; agent?: number | string; sample?: number }) => CallAddress;
  /** Report progress inside a cell (0..1), optional. */
  progress?: (fraction: number) => void;
}

/** Rows of each table the cell produced. Every row should carry run_id, seed, model and the condition values. */
export interface CellResult {
  tables: Record<string, Record<string, unknown>[]>;
  usage?: Usage & { calls: number };
}

export interface MechanismRunner<P = unknown> {
  /** Name used in config files: "tbs", "gated", "calibration", "nous". */
  name: string;
  /** Validates the config's `params`. Defaults should be filled in by the schema. */
  paramsSchema: ZodType<P>;
  /** Names of the tables a cell writes (each becomes `<name>.jsonl` in the run folder). */
  tables: string[];
  /** Label of the offline model, written into rows and manifests (e.g. "offline:tbs-cognitive-v1"). */
  offlineModelLabel: string;
  /**
   * Grid factors the mechanism reads from a cell's condition besides its parameters (a factor named like a
   * parameter, `mode`, or a dotted path into one, `family.agents`, needs no entry). A factor that is neither is
   * refused when the run is planned. Optional; e.g. gated's bare family and sim options (`agents`, `tLow`).
   */
  gridFactors?: readonly string[];
  /** Templates of every prompt the LLM implementation uses, by name; the manifest records their hashes. */
  promptTemplates?: Record<string, string>;
  /**
   * Checks a whole plan before anything runs or a run folder exists; throws a `ConfigError` (naming the config file
   * and the field) for combinations the mechanism refuses: e.g. a grid level that means nothing on an LLM (an
   * ablation of an offline-model parameter), or factor levels that do not combine. Optional.
   */
  checkPlan?(plan: { file: string; params: P; cells: { runId: string; condition: Record<string, Level> }[]; llm: boolean }): void;
  /**
   * Why cells of this plan are not reproducible byte for byte from config and seeds, beyond the language model (which the
   * runner reports itself): e.g. a live game server with its own physics and clock. One sentence per reason; none when
   * the mechanism's own work is deterministic. The manifest records them. Optional.
   */
  nondeterminism?(plan: { params: P; cells: { runId: string; condition: Record<string, Level> }[] }): string[];
  runCell(ctx: CellContext<P>): Promise<CellResult>;
  /** The mechanism's findings, assumptions and offline-model schemas for the claims audit (`lib/claims`). Optional. */
  claims?: MechanismClaims;
}

/**
 * The `address` function of a cell's context, for a mechanism, a cell key (factor levels without the seed) and a seed.
 * The runner builds it; tests that call `runCell` directly build it with this.
 * @example
 * const address = cellAddresser("tbs", "mode=willing", 3);
 * address("reasoner", { step: 1, agent: 0 }); // { mechanism: "tbs", cell: "mode=willing", seed: 3, role: "reasoner", step: 1, agent: 0 }
 */
export function cellAddresser(mechanism: string, cell: string, seed: number): CellContext["address"] {
  return (role, at) => ({ mechanism, cell, seed, role, ...at });
}
