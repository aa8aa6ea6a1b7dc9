// The notebook toolchain: which Jupyter runs the notebooks (JupyterLab 4 in .venv, or Debian's Notebook 6 where no
// package index is configured; see venv.mjs), the Debian packages it needs, and the tslab kernel registered inside
// the project (`.jupyter/`), so nothing is written to the home folder.
//
//   import { ensureKernel } from "./jupyter.mjs";
//   const { env, python, kind } = await ensureKernel();   // env has JUPYTER_PATH pointing at the project's kernel
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { ensureVenv, jupyterChoice, systemPython, venvCurrent, venvPython } from "./venv.mjs";

export const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const jupyterDir = join(root, ".jupyter");
/** The project's Jupyter settings (committed): server and JupyterLab options that keep it off the network. */
export const settingsDir = join(root, "jupyter");

/** Debian's packages for the Notebook 6 path (Debian has no JupyterLab). */
export const debianPackages = [
  "jupyter-nbconvert",
  "python3-nbclient",
  "jupyter-notebook",
  "jupyter-client",
  "python3-ipykernel",
  "chromium",
  "fonts-dejavu-core",
];

function pythonHas(python, mod) {
  return spawnSync(python, ["-c", `import ${mod}`], { stdio: "ignore" }).status === 0;
}

let choice;
/** The Jupyter in use, decided once per process (jupyterChoice in venv.mjs). */
export function jupyterKind() {
  choice ??= jupyterChoice();
  return choice;
}

/** The Python that runs Jupyter: .venv's, or Debian's for the Notebook 6 path. */
export function jupyterPython() {
  return jupyterKind().kind === "venv" ? venvPython : systemPython;
}

/**
 * Missing pieces of the toolchain, as Debian package names (empty when all is there). On the JupyterLab path the
 * Jupyter packages come from the venv; Debian gives python3-venv (venv and ensurepip) and the browser.
 */
export function missingSystemPackages({ browser = true, jupyter = true } = {}) {
  const missing = [];
  if (!jupyter) {
    // only the browser below
  } else if (jupyterKind().kind === "venv") {
    if (!venvCurrent() && !pythonHas(systemPython, "ensurepip")) missing.push("python3-venv");
  } else {
    if (!pythonHas(systemPython, "nbconvert")) missing.push("jupyter-nbconvert");
    if (!pythonHas(systemPython, "nbclient")) missing.push("python3-nbclient");
    if (!pythonHas(systemPython, "notebook")) missing.push("jupyter-notebook");
    if (!pythonHas(systemPython, "jupyter_client")) missing.push("jupyter-client");
    if (!pythonHas(systemPython, "ipykernel")) missing.push("python3-ipykernel");
  }
  if (browser && !existsSync("/usr/bin/chromium")) missing.push("chromium");
  if (browser && !existsSync("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")) missing.push("fonts-dejavu-core");
  return missing;
}

/** Throws one clear message naming what to install. */
export function assertSystemPackages(opts) {
  const missing = missingSystemPackages(opts);
  if (missing.length) {
    throw new Error(
      `The notebook toolchain is incomplete: missing Debian packages ${missing.join(", ")}.\n` +
        `  fix: sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(" ")}`,
    );
  }
}

/**
 * The Jupyter Python, installing .venv first on the JupyterLab path.
 * @returns {string}
 */
export function ensureJupyter({ log = console.log } = {}) {
  const c = jupyterKind();
  if (c.kind === "venv") return ensureVenv({ indexes: c.indexes, log });
  return systemPython;
}

/** The environment for running Jupyter with the project's kernel registry and settings. */
export function jupyterEnv(base = process.env) {
  const env = {
    ...base,
    JUPYTER_PATH: join(jupyterDir, "share", "jupyter"),
    JUPYTER_CONFIG_PATH: settingsDir,
    JUPYTER_RUNTIME_DIR: join(jupyterDir, "runtime"),
    JUPYTER_CONFIG_DIR: join(jupyterDir, "config"),
    JUPYTER_DATA_DIR: join(jupyterDir, "data"),
    IPYTHONDIR: join(jupyterDir, "ipython"),
    PYDEVD_DISABLE_FILE_VALIDATION: "1",
  };
  // `jupyter …` subcommands resolve from the environment that runs them.
  if (jupyterKind().kind === "venv") env.PATH = `${join(root, ".venv", "bin")}:${base.PATH ?? ""}`;
  return env;
}

/**
 * Registers tslab (the project's pinned copy) as the kernel `tslab` under `.jupyter/`, once.
 * @returns {Promise<{ env: NodeJS.ProcessEnv, python: string, kind: "venv" | "debian" }>}
 * @throws {Error} naming what is missing and how to install it.
 */
export async function ensureKernel({ log = console.log } = {}) {
  assertSystemPackages({ browser: false });
  const python = ensureJupyter({ log });
  const binary = join(root, "node_modules", ".bin", "tslab");
  if (!existsSync(binary)) {
    throw new Error("tslab is not installed in node_modules.\n  fix: npm ci (or npm install) in " + root);
  }
  const spec = join(jupyterDir, "share", "jupyter", "kernels", "tslab", "kernel.json");
  let ok = false;
  if (existsSync(spec)) {
    try {
      ok = JSON.parse(readFileSync(spec, "utf8")).argv?.[0] === binary;
    } catch {
      ok = false;
    }
  }
  if (!ok) {
    mkdirSync(jupyterDir, { recursive: true });
    const res = spawnSync(binary, ["install", `--python=${python}`, `--binary=${binary}`, `--prefix=${jupyterDir}`], {
      encoding: "utf8",
      env: jupyterEnv(),
    });
    if (res.status !== 0 || !existsSync(spec)) {
      throw new Error(`Registering the tslab kernel failed:\n${res.stdout}\n${res.stderr}`);
    }
  }
  for (const d of ["runtime", "config", "data", "ipython"]) mkdirSync(join(jupyterDir, d), { recursive: true });
  return { env: jupyterEnv(), python, kind: jupyterKind().kind };
}
