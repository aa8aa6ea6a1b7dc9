/**
 * Where the project is: its root folder (found from a file's location, never from the cwd),
 * its package version and its git commit, for default run folders and manifests.
 */
import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The nearest folder at or above `start` that holds a package.json, or `undefined`. */
export function findPackageRoot(start: string): string | undefined {
  let dir = resolve(start);
  for (;;) {
    if (existsSync(join(dir, "package.json"))) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/** The folder of agora's own package (found from this module's location, in `lib/` or in `dist/`). */
export function libraryRoot(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  return findPackageRoot(here) ?? resolve(here, "..", "..");
}

/**
 * The project root for a config: the package root above the config file, else agora's own root.
 * @example
 * projectRoot("/work/main/data/configs/tbs-default.json"); // "/work/main"
 */
export function projectRoot(configFile?: string): string {
  return (configFile && findPackageRoot(dirname(configFile))) || libraryRoot();
}

/** agora's package version (from its package.json), or "unknown". */
export function packageVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(join(libraryRoot(), "package.json"), "utf8")) as { version?: string };
    return pkg.version ?? "unknown";
  } catch {
    return "unknown";
  }
}

const commits = new Map<string, { at: number; commit: string | undefined }>();

/**
 * The git commit of `dir` (with `-dirty` when the work tree has changes), or `undefined` outside a repository.
 * Asked of git at most once every 10 s per folder (two `git` processes per call cost ~0.1 s; an audit makes hundreds
 * of small runs in a row).
 */
export function gitCommit(dir: string): string | undefined {
  const hit = commits.get(dir);
  if (hit && Date.now() - hit.at < 10_000) return hit.commit;
  const commit = readGitCommit(dir);
  commits.set(dir, { at: Date.now(), commit });
  return commit;
}

function readGitCommit(dir: string): string | undefined {
  try {
    const opts = { cwd: dir, encoding: "utf8" as const, stdio: ["ignore", "pipe", "ignore"] as ["ignore", "pipe", "ignore"] };
    const head = execFileSync("git", ["rev-parse", "HEAD"], opts).trim();
    const dirty = execFileSync("git", ["status", "--porcelain", "--untracked-files=no"], opts).trim().length > 0;
    return dirty ? `${head}-dirty` : head;
  } catch {
    return undefined;
  }
}
