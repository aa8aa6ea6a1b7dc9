/**
 * The dry run's output model: how long each role's replies are, in output tokens. Replies feed later prompts (a
 * speaker's words enter every agent's memory), so their length decides the input tokens as much as the prompts do.
 *
 * A reply's length is, in this order: the length declared for its role (`--assume-output-tokens role=n`, the
 * config's `dryRun.outputTokens`, or `--assume-output-tokens-from <run folder>`: each role's mean over a pilot's
 * ledger), at most the request's `maxTokens` (a provider stops there); else the request's `maxTokens`; else the
 * llm layer's stated default for the role (`ROLE_OUTPUT_TOKENS`), else `DEFAULT_OUTPUT_TOKENS`. Undeclared roles
 * therefore get their longest reply: an upper estimate.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { ConfigError } from "../core/errors.js";
import { addressRole } from "../core/model.js";

/** Declared reply lengths by role, in output tokens. */
export type OutputModel = Record<string, number>;

/** Where a reply length came from. */
export type OutputSource = "declared" | "declared (capped at maxTokens)" | "maxTokens" | "role default" | "default";

/** The llm layer's stated defaults (`ROLE_OUTPUT_TOKENS`, `DEFAULT_OUTPUT_TOKENS`), passed in so this file loads none of it. */
export interface OutputDefaults {
  byRole: Record<string, number>;
  fallback: number;
}

/**
 * The reply length of one call and where it came from.
 * @example replyLength("speaker", 200, { speaker: 120 }, defaults) // → { tokens: 120, source: "declared" }
 */
export function replyLength(role: string, maxTokens: number | undefined, declared: OutputModel, defaults: OutputDefaults): { tokens: number; source: OutputSource } {
  const d = declared[role];
  if (d !== undefined) return maxTokens !== undefined && d > maxTokens ? { tokens: maxTokens, source: "declared (capped at maxTokens)" } : { tokens: d, source: "declared" };
  if (maxTokens !== undefined) return { tokens: maxTokens, source: "maxTokens" };
  if (defaults.byRole[role] !== undefined) return { tokens: defaults.byRole[role], source: "role default" };
  return { tokens: defaults.fallback, source: "default" };
}

/**
 * `--assume-output-tokens role=n` flags (repeatable; `a=1,b=2` in one flag too) as an output model.
 * @throws {ConfigError} naming the flag and the expected form.
 * @example parseOutputFlags(["speaker=150", "reasoner=300"]) // → { speaker: 150, reasoner: 300 }
 */
export function parseOutputFlags(flags: string[]): OutputModel {
  const out: OutputModel = {};
  for (const part of flags.flatMap((f) => f.split(","))) {
    const m = /^\s*([A-Za-z][\w.-]*)\s*=\s*(\d+)\s*$/.exec(part);
    if (!m || Number(m[2]) < 1) {
      throw new ConfigError({ path: ["--assume-output-tokens"], message: `expected role=tokens, got "${part}"`, fix: "e.g. --assume-output-tokens speaker=150 --assume-output-tokens reasoner=300" });
    }
    out[m[1]] = Number(m[2]);
  }
  return out;
}

/**
 * Each role's mean output tokens over a pilot run's ledger (`<run folder>/ledger.jsonl`, or the file itself): the
 * replies the provider answered with 2xx. Rounded up.
 * @throws {ConfigError} when the file is missing or holds no answered request.
 * @example outputModelFromLedger("data/runs/pilot-3fa9c2e1") // → { reasoner: 212, speaker: 96 }
 */
export function outputModelFromLedger(path: string): { model: OutputModel; replies: Record<string, number> } {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, "ledger.jsonl") : path;
  if (!existsSync(file)) throw new ConfigError({ path: ["--assume-output-tokens-from"], message: `no ledger at ${file}`, fix: "name a run folder of an LLM run (it holds ledger.jsonl)" });
  const sums: Record<string, { n: number; out: number }> = {};
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line) continue;
    let e: { event?: string; status?: unknown; address?: string | null; output_tokens?: number };
    try {
      e = JSON.parse(line);
    } catch {
      continue; // a torn last line
    }
    if (e.event !== "done" || !/^2\d\d$/.test(String(e.status)) || typeof e.address !== "string") continue;
    const role = addressRole(e.address);
    if (!role) continue;
    sums[role] ??= { n: 0, out: 0 };
    sums[role].n++;
    sums[role].out += Number(e.output_tokens) || 0;
  }
  const roles = Object.keys(sums).sort();
  if (!roles.length) throw new ConfigError({ path: ["--assume-output-tokens-from"], message: `${file} holds no answered request with an address`, fix: "name the folder of a pilot run that made LLM calls" });
  return {
    model: Object.fromEntries(roles.map((r) => [r, Math.ceil(sums[r].out / sums[r].n)])),
    replies: Object.fromEntries(roles.map((r) => [r, sums[r].n])),
  };
}
