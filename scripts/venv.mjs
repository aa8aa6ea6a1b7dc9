// The project's Python environment for Jupyter: `.venv/` (git-ignored) with JupyterLab 4, Notebook 7, plotly (whose
// wheel brings the jupyterlab-plotly renderer) and nbconvert/nbclient, at the versions pinned in
// jupyter/requirements.txt. Uses only Node's built-ins (it runs before `npm ci`).
//
// Where the packages come from: the index pip is configured with (`pip config get global.extra-index-url`; the first
// URL becomes --index-url and the others --extra-index-url, so pip never waits on an index it cannot reach). Where
// no index is configured, the project uses Debian's Jupyter (Notebook 6, no JupyterLab) instead, and says so.
// AGORA_JUPYTER=venv installs from pip's default index (PyPI) even then; AGORA_JUPYTER=debian skips the venv.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const venvDir = join(root, ".venv");
export const venvPython = join(venvDir, "bin", "python");
export const requirementsFile = join(root, "jupyter", "requirements.txt");
/** Debian's Python (python3-venv gives it `venv` and `ensurepip`); a python3 earlier on PATH may be another one. */
export const systemPython = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
const marker = join(venvDir, "agora-requirements.sha256");

/**
 * pip's configured extra index URLs, in order; [] when none is configured or pip is missing.
 * @example
 * configuredIndexes(); // ["file:///opt/pypi/simple", "file:///opt/pypi-more/simple"] on a machine with local wheels
 */
export function configuredIndexes(python = systemPython) {
  const res = spawnSync(python, ["-m", "pip", "config", "get", "global.extra-index-url"], { encoding: "utf8" });
  if (res.status !== 0) return [];
  return res.stdout.split(/\s+/).filter((u) => u !== "");
}

/** pip's index arguments for the configured URLs: the first as --index-url, the others as --extra-index-url. */
export function indexArgs(urls) {
  if (!urls.length) return [];
  return ["--index-url", urls[0], ...urls.slice(1).flatMap((u) => ["--extra-index-url", u])];
}

function requirementsHash() {
  return createHash("sha256").update(readFileSync(requirementsFile)).digest("hex");
}

/** True when .venv holds exactly what jupyter/requirements.txt pins (as installed by ensureVenv). */
export function venvCurrent() {
  return existsSync(venvPython) && existsSync(join(venvDir, "package.json")) && existsSync(marker) &&
    readFileSync(marker, "utf8").trim() === requirementsHash();
}

/**
 * Which Jupyter the project runs on, and why.
 * - `venv`: JupyterLab 4 in .venv (installed, or installable from a configured index, or AGORA_JUPYTER=venv);
 * - `debian`: Debian's packages (Jupyter Notebook 6; Debian has no JupyterLab).
 * @returns {{ kind: "venv" | "debian", indexes: string[], reason: string }}
 */
export function jupyterChoice(env = process.env) {
  const forced = env.AGORA_JUPYTER;
  if (forced !== undefined && forced !== "venv" && forced !== "debian") {
    throw new Error(`AGORA_JUPYTER=${forced} is not a choice.\n  fix: AGORA_JUPYTER=venv (JupyterLab in .venv), =debian (Debian's Jupyter Notebook 6), or unset`);
  }
  if (forced === "debian") return { kind: "debian", indexes: [], reason: "AGORA_JUPYTER=debian" };
  const indexes = configuredIndexes();
  if (forced === "venv") {
    return { kind: "venv", indexes, reason: indexes.length ? "AGORA_JUPYTER=venv, configured index" : "AGORA_JUPYTER=venv, pip's default index" };
  }
  if (indexes.length) return { kind: "venv", indexes, reason: `pip's configured index ${indexes.join(" ")}` };
  if (venvCurrent()) return { kind: "venv", indexes, reason: ".venv already installed" };
  return {
    kind: "debian",
    indexes,
    reason:
      "no package index configured for pip (pip config get global.extra-index-url is empty), so JupyterLab is not " +
      "installed; using Debian's Jupyter Notebook 6 (set AGORA_JUPYTER=venv to install JupyterLab from PyPI)",
  };
}

/**
 * Creates `.venv` and installs jupyter/requirements.txt into it when it is missing or the pins changed.
 * @param {{ indexes?: string[], log?: (s: string) => void }} [opts]
 * @returns {string} the environment's python
 * @throws {Error} naming the failed step and pip's last output lines.
 */
export function ensureVenv({ indexes = configuredIndexes(), log = console.log } = {}) {
  if (venvCurrent()) return venvPython;
  const t0 = Date.now();
  if (!existsSync(venvPython)) {
    const res = spawnSync(systemPython, ["-m", "venv", venvDir], { encoding: "utf8" });
    if (res.status !== 0) {
      throw new Error(
        `Creating the Python environment ${venvDir} failed:\n${res.stdout}${res.stderr}\n` +
          "  fix: sudo apt-get install -y python3-venv (Debian), then run the command again",
      );
    }
  }
  // .venv lies inside this ESM package ("type": "module"): without a package.json of its own, Node would load the
  // CommonJS scripts JupyterLab runs from it (jupyter_builder's yarn.js) as ES modules, and they fail.
  writeFileSync(join(venvDir, "package.json"), JSON.stringify({ private: true, type: "commonjs" }) + "\n");
  const from = indexes.length ? indexes.join(" + ") : "pip's default index";
  log(`installing JupyterLab 4, plotly and nbconvert into .venv from ${from} (jupyter/requirements.txt) …`);
  const args = ["-m", "pip", "install", "--disable-pip-version-check", "--no-input", "--progress-bar", "off",
    ...indexArgs(indexes), "-r", requirementsFile];
  const res = spawnSync(venvPython, args, { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 });
  if (res.status !== 0) {
    const tail = `${res.stdout}${res.stderr}`.split("\n").filter((l) => !/^WARNING: Location .* is ignored/.test(l)).slice(-30).join("\n");
    throw new Error(
      `Installing jupyter/requirements.txt into ${venvDir} failed (exit ${res.status}):\n${tail}\n` +
        "  fix: check the index pip is configured with (pip config get global.extra-index-url), or run with " +
        "AGORA_JUPYTER=debian to use Debian's Jupyter Notebook 6",
    );
  }
  writeFileSync(marker, requirementsHash() + "\n");
  log(`  .venv ready in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  return venvPython;
}
