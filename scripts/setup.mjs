// Installs what the project needs before the test suite or the main job runs, using only Node's
// built-ins (so it works on a fresh clone before `npm ci`):
//   - npm packages: `npm ci` when node_modules does not hold what package-lock.json names (never through a
//     node_modules that links to an install shared with other checkouts);
//   - Debian packages (python3-venv, Chromium, fonts, redis-server; Debian's Jupyter where no package index is
//     configured): `apt-get install` when run as root, otherwise it prints the exact command and stops;
//   - the Python environment .venv/ with JupyterLab 4 (jupyter/requirements.txt), from pip's configured index
//     (scripts/venv.mjs); where none is configured, it says that Debian's Jupyter Notebook 6 is used instead.
import { spawnSync } from "node:child_process";
import { existsSync, lstatSync, readFileSync, realpathSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");

function run(cmd, args, opts = {}) {
  const res = spawnSync(cmd, args, { cwd: root, stdio: "inherit", ...opts });
  if (res.status !== 0) throw new Error(`\`${cmd} ${args.join(" ")}\` failed (exit ${res.status})`);
}

/**
 * True when node_modules holds what package-lock.json names: every locked package installed at its version
 * (npm's own record of the install, node_modules/.package-lock.json; optional packages may be absent). File times
 * are not used: a fresh checkout of the same lock is newer than the install and still matches it.
 */
export function installMatchesLock(dir = root) {
  const hidden = join(dir, "node_modules", ".package-lock.json");
  if (!existsSync(hidden)) return false;
  let locked, installed;
  try {
    locked = JSON.parse(readFileSync(join(dir, "package-lock.json"), "utf8")).packages ?? {};
    installed = JSON.parse(readFileSync(hidden, "utf8")).packages ?? {};
  } catch {
    return false;
  }
  return Object.entries(locked).every(([key, pkg]) => {
    if (key === "") return true;
    const got = installed[key];
    return got ? got.version === pkg.version : Boolean(pkg.optional);
  });
}

export function ensureNodeModules({ log = console.log } = {}) {
  if (installMatchesLock()) return;
  const modules = join(root, "node_modules");
  // A node_modules that is a link to an install shared with other checkouts is never reinstalled from here:
  // `npm ci` would delete the shared install through the link.
  if (existsSync(modules) && lstatSync(modules).isSymbolicLink()) {
    throw new Error(
      `node_modules links to ${realpathSync(modules)}, whose packages do not match this checkout's package-lock.json.\n` +
        "  fix: update that shared install where it lives (npm ci there), or replace the link with this checkout's own install (rm node_modules && npm ci)",
    );
  }
  log("installing npm packages (npm ci) …");
  run("npm", ["ci", "--no-audit", "--no-fund"]);
}

export async function ensureSystemPackages({ browser = true, redis = browser, jupyter = true, log = console.log } = {}) {
  const { missingSystemPackages } = await import("./jupyter.mjs");
  const missing = missingSystemPackages({ browser, jupyter });
  // the queued-run tests start their own redis-server (never the system service)
  if (redis && !existsSync("/usr/bin/redis-server")) missing.push("redis-server");
  if (!missing.length) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const cmd = `apt-get install -y --no-install-recommends ${missing.join(" ")}`;
  if (!isRoot) {
    throw new Error(`Missing Debian packages: ${missing.join(", ")}.\n  fix: sudo apt-get update && sudo ${cmd}`);
  }
  log(`installing Debian packages: ${missing.join(" ")} …`);
  run("apt-get", ["update", "-qq"], { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
  run("apt-get", cmd.split(" ").slice(1), { env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" } });
}

/** Installs .venv (JupyterLab path) or says that Debian's Notebook 6 is used, and why. */
export async function ensurePythonEnv({ log = console.log } = {}) {
  const { jupyterKind, ensureJupyter } = await import("./jupyter.mjs");
  const choice = jupyterKind();
  if (choice.kind === "debian") log(`Jupyter: Debian's Notebook 6, not JupyterLab: ${choice.reason}`);
  ensureJupyter({ log });
}

/**
 * Everything the tests and the main job need.
 * @param {{ browser?: boolean, redis?: boolean, jupyter?: boolean, log?: (s: string) => void }} [opts]
 *   browser: Chromium and fonts (figures, the browser test); redis: redis-server (queued-run tests);
 *   jupyter: the Python environment (default: with browser)
 */
export async function setup(opts = {}) {
  const jupyter = opts.jupyter ?? opts.browser ?? true;
  ensureNodeModules(opts);
  await ensureSystemPackages({ ...opts, jupyter });
  if (jupyter) await ensurePythonEnv(opts);
}
