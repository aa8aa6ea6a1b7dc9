// The notebook toolchain: checks for Jupyter and Chromium, and registers the tslab kernel inside
// the project (`.jupyter/`), so nothing is written to the home folder.
//
//   import { ensureKernel } from "./jupyter.mjs";
//   const { env, python } = await ensureKernel();   // env has JUPYTER_PATH pointing at the project's kernel
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
export const jupyterDir = join(root, ".jupyter");
/** Debian's Jupyter runs on the system Python; a python3 earlier on PATH may lack it. */
export const python = existsSync("/usr/bin/python3") ? "/usr/bin/python3" : "python3";

/** The Debian packages the notebook toolchain needs. */
export const debianPackages = [
  "jupyter-nbconvert",
  "python3-nbclient",
  "jupyter-notebook",
  "jupyter-client",
  "python3-ipykernel",
  "chromium",
  "fonts-dejavu-core",
];

function pythonHas(mod) {
  return spawnSync(python, ["-c", `import ${mod}`], { stdio: "ignore" }).status === 0;
}

/** Missing pieces of the toolchain, as Debian package names (empty when all is there). */
export function missingSystemPackages({ browser = true } = {}) {
  const missing = [];
  if (!pythonHas("nbconvert")) missing.push("jupyter-nbconvert");
  if (!pythonHas("nbclient")) missing.push("python3-nbclient");
  if (!pythonHas("notebook")) missing.push("jupyter-notebook");
  if (!pythonHas("jupyter_client")) missing.push("jupyter-client");
  if (!pythonHas("ipykernel")) missing.push("python3-ipykernel");
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

/** The environment for running Jupyter with the project's kernel registry. */
export function jupyterEnv(base = process.env) {
  return {
    ...base,
    JUPYTER_PATH: join(jupyterDir, "share", "jupyter"),
    JUPYTER_RUNTIME_DIR: join(jupyterDir, "runtime"),
    JUPYTER_CONFIG_DIR: join(jupyterDir, "config"),
    JUPYTER_DATA_DIR: join(jupyterDir, "data"),
    IPYTHONDIR: join(jupyterDir, "ipython"),
    PYDEVD_DISABLE_FILE_VALIDATION: "1",
  };
}

/**
 * Registers tslab (the project's pinned copy) as the kernel `tslab` under `.jupyter/`, once.
 * @returns {{ env: NodeJS.ProcessEnv, python: string }}
 */
export async function ensureKernel() {
  assertSystemPackages({ browser: false });
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
  return { env: jupyterEnv(), python };
}
