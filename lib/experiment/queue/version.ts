/**
 * The code version of a process: its git commit and a hash of its npm lockfile. A queued run records the
 * producer's in its manifest and in Redis; a worker whose version differs refuses the run's jobs, because the
 * same cell address could give other rows.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { sha256 } from "../../core/hash.js";
import { gitCommit, libraryRoot } from "../project.js";

export interface CodeVersion {
  /** `git rev-parse HEAD` of agora's checkout (`-dirty` when tracked files changed), or "none" outside git. */
  gitCommit: string;
  /** SHA-256 of package-lock.json (first 16 hex), or "none" without a lockfile. */
  lockfileHash: string;
}

/**
 * The running code's version.
 * @example
 * codeVersion(); // { gitCommit: "be26586…", lockfileHash: "3f2a…" }
 */
export function codeVersion(root: string = libraryRoot()): CodeVersion {
  const lock = join(root, "package-lock.json");
  return {
    gitCommit: gitCommit(root) ?? "none",
    lockfileHash: existsSync(lock) ? sha256(readFileSync(lock, "utf8")).slice(0, 16) : "none",
  };
}

/** Why two versions differ, or `undefined` when they are the same. */
export function versionMismatch(run: CodeVersion, worker: CodeVersion): string | undefined {
  const diffs: string[] = [];
  if (run.gitCommit !== worker.gitCommit) diffs.push(`git commit ${worker.gitCommit} (the run's is ${run.gitCommit})`);
  if (run.lockfileHash !== worker.lockfileHash) diffs.push(`lockfile ${worker.lockfileHash} (the run's is ${run.lockfileHash})`);
  return diffs.length ? diffs.join(", ") : undefined;
}

/** `abc1234/lock 3f2a…`: a short form for messages. */
export function formatVersion(v: CodeVersion): string {
  return `${v.gitCommit.slice(0, 12)}${v.gitCommit.endsWith("-dirty") ? "-dirty" : ""} / lock ${v.lockfileHash}`;
}
