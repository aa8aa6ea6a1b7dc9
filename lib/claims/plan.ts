/**
 * Planning an audit: the config and its mechanism's claims, checked before anything runs (an unknown claim id,
 * metric, factor level, assumption path or an out-of-bounds range is a ConfigError naming the claims file and the
 * field), the audit's sizes for the profile, and the claims grouped by design (claims with the same cells share runs).
 */
import { join } from "node:path";
import type { AssumptionDecl, AuditSize, ClaimDecl, MechanismClaims } from "../core/claims.js";
import { ConfigError } from "../core/errors.js";
import { stableStringify, sha256 } from "../core/hash.js";
import type { Level } from "../core/level.js";
import type { MechanismRunner } from "../core/mechanism.js";
import { deepMerge, parseConfig, readConfigFile, resolveConfig, type ExperimentConfig, type ResolvedConfig } from "../experiment/config.js";
import { isOffline } from "../experiment/model.js";
import { projectRoot } from "../experiment/project.js";
import { findRunner, loadRegistry, type Registry } from "../experiment/registry.js";
import { hasPath, setPath } from "../core/paths.js";

export interface AuditOptions {
  /** Profile of the config (default quick): the audit's sizes and the config's params and seeds under it. */
  profile?: string;
  /** Audit only these claims (ids). */
  claims?: string[];
  /** Latin hypercube points (default: the audit size of the profile). */
  points?: number;
  /** Seeds at the default point and under each null (default: the audit size's, else the config's). */
  seeds?: number;
  /** The audit's folder (default data/runs/<config name>-claims under the project root). */
  out?: string;
  registry?: Registry;
  /** Cells in flight at once inside one run (LLM runs; offline cells are CPU-bound). */
  concurrency?: number;
  /** Worker processes running design points at once (offline; default: 1 in tests, the CPU count on the CLI). */
  workers?: number;
  /** One line per phase. */
  log?: (line: string) => void;
}

/** Claims with the same cells: one design (grid and params), shared runs. */
export interface DesignGroup {
  key: string;
  grid: Record<string, Level[]>;
  params: Record<string, unknown>;
  claims: ClaimDecl[];
}

export interface AuditPlan {
  file?: string;
  config: ResolvedConfig;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  runner: MechanismRunner<any>;
  decl: MechanismClaims;
  registry: Registry;
  /** The registry came as an object (tests): its mechanisms exist only in this process, so points run here. */
  customRegistry: boolean;
  llm: boolean;
  profile: string;
  /** Final classes only in the full profile. */
  provisional: boolean;
  size: AuditSize;
  claims: ClaimDecl[];
  /** The assumptions the space varies: the mechanism's, or its `llmAssumptions` on an LLM run. */
  assumptions: AssumptionDecl[];
  /** Params every cell starts from: the config's (profile applied) with the audit size's `params` merged over. */
  baseParams: Record<string, unknown>;
  /** `baseParams` after the mechanism's schema (defaults filled in): the default value of every assumption. */
  defaults: unknown;
  defaultSeeds: number[];
  groups: DesignGroup[];
  /** The audit folder: `runs/` (one run folder per design point) and one folder of outputs per profile. */
  root: string;
  outDir: string;
}

/**
 * Loads the config and its mechanism's claims and checks every declaration against the mechanism's schema.
 * @throws {ConfigError} naming the claims file (or the config) and the field.
 */
export async function planAudit(config: string | ExperimentConfig, opts: AuditOptions = {}): Promise<AuditPlan> {
  const file = typeof config === "string" ? config : undefined;
  const profile = opts.profile ?? "quick";
  const resolved = resolveConfig(file ? readConfigFile(file) : parseConfig(config), profile, file);
  const registry = opts.registry ?? (await loadRegistry());
  const runner = findRunner(registry, resolved.mechanism, file);
  const decl = runner.claims;
  if (!decl) {
    throw new ConfigError({ file, path: ["mechanism"], message: `mechanism "${resolved.mechanism}" declares no claims`,
      fix: `declare them in lib/${resolved.mechanism}/claims.ts and attach them as runner.claims` });
  }
  const size = { ...(decl.audit[profile] ?? (profile === "quick" ? decl.audit.quick : decl.audit.full)) };
  if (opts.points !== undefined) size.points = opts.points;
  if (opts.seeds !== undefined) size.seeds = opts.seeds;
  const llm = !isOffline(resolved.model);
  const baseParams = deepMerge(resolved.params, size.params ?? {});
  const validated = parseParams(runner, baseParams, decl.file, ["audit", profile, "params"]);
  const assumptions = llm ? decl.llmAssumptions ?? [] : decl.assumptions;
  checkAssumptions(runner, decl, assumptions, baseParams, validated);
  const claims = selectClaims(decl, opts.claims);
  claims.forEach((c) => checkClaim(runner, decl, c, assumptions, validated, llm));
  const n = size.seeds ?? resolved.seeds.length;
  const defaultSeeds = size.seeds === undefined ? resolved.seeds : Array.from({ length: n }, (_, i) => resolved.seeds[0] + i);
  const root = opts.out ?? join(projectRoot(file), "data", "runs", `${resolved.name}-claims`);
  const tag = sha256({ config: resolved.params, grid: resolved.grid, model: resolved.model, size, claims: claims.map((c) => c.id) }).slice(0, 8);
  return {
    file, config: resolved, runner, decl, registry, customRegistry: opts.registry !== undefined, llm, profile, provisional: profile !== "full", size, claims, assumptions, baseParams, defaults: validated,
    defaultSeeds, groups: groupByDesign(claims), root, outDir: join(root, `${profile}-${tag}`),
  };
}

function selectClaims(decl: MechanismClaims, ids: string[] | undefined): ClaimDecl[] {
  const seen = new Set<string>();
  decl.claims.forEach((c, i) => {
    if (seen.has(c.id)) throw new ConfigError({ file: decl.file, path: ["claims", i, "id"], message: `two claims have the id "${c.id}"`, fix: "give each claim its own id" });
    seen.add(c.id);
  });
  if (!ids || ids.length === 0) return decl.claims;
  return ids.map((id) => {
    const c = decl.claims.find((x) => x.id === id);
    if (!c) throw new ConfigError({ file: decl.file, path: ["--claim"], message: `no claim "${id}"; claims: ${decl.claims.map((x) => x.id).join(", ")}` });
    return c;
  });
}

/** The assumptions a claim's space varies (its own list, else all), minus the factors its design sets. */
export function claimAssumptions(claim: ClaimDecl, all: readonly AssumptionDecl[]): AssumptionDecl[] {
  const picked = claim.assumptions ? all.filter((a) => claim.assumptions!.includes(a.name)) : [...all];
  const fixed = new Set([...Object.keys(claim.design?.grid ?? {}), ...("factor" in claim.contrast ? [claim.contrast.factor] : [])]);
  return picked.filter((a) => !fixed.has(a.path));
}

function groupByDesign(claims: readonly ClaimDecl[]): DesignGroup[] {
  const groups = new Map<string, DesignGroup>();
  for (const c of claims) {
    const grid: Record<string, Level[]> = { ...(c.design?.grid ?? {}) };
    if ("factor" in c.contrast) grid[c.contrast.factor] = [...c.contrast.levels];
    const params = c.design?.params ?? {};
    const key = sha256(stableStringify({ grid, params })).slice(0, 12);
    const g = groups.get(key) ?? { key, grid, params, claims: [] };
    g.claims.push(c);
    groups.set(key, g);
  }
  return [...groups.values()];
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function parseParams(runner: MechanismRunner<any>, params: unknown, file: string, path: (string | number)[]): unknown {
  const r = runner.paramsSchema.safeParse(params);
  if (!r.success) {
    const i = r.error.issues[0];
    throw new ConfigError({ file, path: [...path, ...i.path.map(String)], message: i.message, fix: "use a value the mechanism's params schema accepts" });
  }
  return r.data;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function checkAssumptions(runner: MechanismRunner<any>, decl: MechanismClaims, assumptions: readonly AssumptionDecl[], raw: Record<string, unknown>, validated: unknown): void {
  const names = new Set<string>();
  assumptions.forEach((a, i) => {
    const at = ["assumptions", a.name ?? i];
    if (names.has(a.name)) throw new ConfigError({ file: decl.file, path: at, message: `two assumptions are named "${a.name}"` });
    names.add(a.name);
    if (!hasPath(validated, a.path)) {
      throw new ConfigError({ file: decl.file, path: [...at, "path"], message: `"${a.path}" is not a parameter of ${runner.name}`, fix: "use a dotted params path (lib/<mechanism>/params)" });
    }
    const values: Level[] = a.kind === "discrete" ? a.levels : [a.range[0], a.range[1]];
    if (a.kind !== "discrete" && !(a.range[0] <= a.range[1])) {
      throw new ConfigError({ file: decl.file, path: [...at, "range"], message: `range [${a.range.join(", ")}] is empty` });
    }
    if (a.kind === "discrete" && a.levels.length < 2) throw new ConfigError({ file: decl.file, path: [...at, "levels"], message: "a discrete assumption needs two levels or more" });
    for (const v of values) {
      const r = runner.paramsSchema.safeParse(setPath(structuredClone(raw), a.path, v));
      if (!r.success) {
        throw new ConfigError({ file: decl.file, path: [...at, a.kind === "discrete" ? "levels" : "range"],
          message: `${JSON.stringify(v)} is outside ${a.path}'s bounds: ${r.error.issues[0].message}`, fix: "keep the range inside the params schema's bounds" });
      }
    }
  });
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
function checkClaim(runner: MechanismRunner<any>, decl: MechanismClaims, c: ClaimDecl, assumptions: readonly AssumptionDecl[], validated: unknown, llm: boolean): void {
  const at = (...p: (string | number)[]) => ["claims", c.id, ...p];
  const fail = (path: (string | number)[], message: string, fix?: string): never => {
    throw new ConfigError({ file: decl.file, path, message, fix });
  };
  if ("table" in c.metric) {
    if (!runner.tables.includes(c.metric.table)) fail(at("metric", "table"), `no table "${c.metric.table}"; tables: ${runner.tables.join(", ")}`);
    if (!("factor" in c.contrast)) fail(at("contrast"), "a table metric needs a factor contrast ({ factor, levels })");
  } else if (!decl.analyses?.[c.metric.analysis]) {
    fail(at("metric", "analysis"), `no analysis "${c.metric.analysis}"; registered: ${Object.keys(decl.analyses ?? {}).join(", ") || "(none)"}`);
  }
  if ("factor" in c.contrast && String(c.contrast.levels[0]) === String(c.contrast.levels[1])) fail(at("contrast", "levels"), "the two levels are the same");
  if (!(c.margin >= 0)) fail(at("margin"), "the equivalence margin must be ≥ 0");
  if (c.nulls.length === 0 && c.direction !== "0" && !c.input) fail(at("nulls"), "a claim needs at least one null (overrides under which it must vanish)");
  c.nulls.forEach((n, i) => Object.keys(n.overrides).forEach((p) => {
    if (!hasPath(validated, p)) fail(at("nulls", i, "overrides", p), `"${p}" is not a parameter of ${runner.name}`);
  }));
  if (c.input && !hasPath(validated, c.input)) fail(at("input"), `"${c.input}" is not a parameter of ${runner.name}`);
  for (const name of c.assumptions ?? []) {
    if (!llm && !assumptions.some((a) => a.name === name)) fail(at("assumptions"), `no assumption named "${name}"; declared: ${assumptions.map((a) => a.name).join(", ")}`);
  }
}
