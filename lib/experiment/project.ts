/**
 * Where the project is: its root folder (found from a file's location, never from the cwd),
 * its package version, its git commit and the fingerprint of its code, for default run folders, manifests and resumes.
 */
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
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

let fingerprint: string | undefined;

/**
 * The fingerprint of the toolkit's own code: sha256 over the path and bytes of every source file under `lib/` (tests
 * left out) and `package-lock.json`, first 16 hex digits. Read once per process: it stands for the code this process
 * loaded. A cell stored under another fingerprint was computed by other code, and a resumed run computes it again.
 *
 * @example
 * codeFingerprint(); // "3f9a0c2e71b4d5a8"
 */
export function codeFingerprint(): string {
  if (fingerprint) return fingerprint;
  const lib = fileURLToPath(new URL("../", import.meta.url));
  const h = createHash("sha256");
  const files = (readdirSync(lib, { recursive: true }) as string[])
    .filter((f) => /\.(?:ts|mjs|js|json)$/.test(f) && !/\.test\.ts$/.test(f) && !f.split(sep).includes("node_modules"))
    .sort();
  for (const f of files) h.update(f).update("\0").update(readFileSync(join(lib, f))).update("\0");
  const lock = join(lib, "..", "package-lock.json");
  if (existsSync(lock)) h.update(readFileSync(lock));
  fingerprint = h.digest("hex").slice(0, 16);
  return fingerprint;
}
