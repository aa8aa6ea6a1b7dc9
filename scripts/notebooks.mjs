#!/usr/bin/env node
// Executes notebooks headlessly on the tslab kernel and fails loudly on any cell error.
//   npm run notebooks                          every notebooks/*.ipynb, outputs to test-output/notebooks/
//   npm run notebooks -- notebooks/01-tbs.ipynb
//   npm run notebooks -- --in-place            write the outputs back into notebooks/ (what `agora reproduce` does)
//   npm run notebooks -- --profile quick       run the notebooks on a profile (AGORA_PROFILE); default: the one each names
//
// tslab reports type errors and exceptions as stderr streams rather than `error` outputs, and it
// silently skips the request that follows an error; so after nbconvert we read every cell's outputs:
// an `error` output or a stderr stream fails the run with the notebook, the cell index and the text.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, existsSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { ensureKernel, root } from "./jupyter.mjs";

export class NotebookError extends Error {}

/** Builds lib/ into dist/ with the project's own TypeScript (tslab ships an older `tsc` that shadows it). */
export function buildLibrary() {
  const res = spawnSync(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"], {
    cwd: root,
    encoding: "utf8",
  });
  if (res.status !== 0) throw new NotebookError(`Building lib/ failed:\n${res.stdout}${res.stderr}`);
}

/** Returns the problems found in an executed notebook's outputs (empty when clean). */
export function notebookProblems(nb) {
  const problems = [];
  nb.cells.forEach((cell, index) => {
    if (cell.cell_type !== "code") return;
    for (const out of cell.outputs ?? []) {
      if (out.output_type === "error") {
        problems.push({ index, text: `${out.ename}: ${out.evalue}\n${(out.traceback ?? []).join("\n")}` });
      } else if (out.output_type === "stream" && out.name === "stderr") {
        problems.push({ index, text: [].concat(out.text).join("") });
      }
    }
  });
  return problems;
}

export function listNotebooks() {
  const dir = join(root, "notebooks");
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ipynb"))
    .sort()
    .map((f) => join(dir, f));
}

/**
 * Executes notebooks and checks their outputs.
 * @param {string[]} [paths] notebooks to run (default: every notebooks/*.ipynb)
 * @param {{ inPlace?: boolean, outDir?: string, build?: boolean, timeoutSec?: number, log?: (s: string) => void }} [opts]
 * @returns {Promise<Array<{ notebook: string, seconds: number, output: string }>>}
 */
export async function runNotebooks(paths, opts = {}) {
  const log = opts.log ?? ((s) => console.log(s));
  const list = (paths && paths.length ? paths.map((p) => resolve(p)) : listNotebooks());
  for (const p of list) if (!existsSync(p)) throw new NotebookError(`No such notebook: ${p}`);
  if (opts.build !== false) buildLibrary();
  const { env, python } = await ensureKernel();
  const outDir = opts.outDir ?? join(root, "test-output", "notebooks");
  mkdirSync(outDir, { recursive: true });
  const results = [];
  for (const nb of list) {
    const t0 = Date.now();
    const args = ["-m", "nbconvert", "--to", "notebook", "--execute", "--allow-errors",
      `--ExecutePreprocessor.timeout=${opts.timeoutSec ?? 900}`, "--ExecutePreprocessor.kernel_name=tslab"];
    if (opts.inPlace) args.push("--inplace");
    else args.push("--output-dir", outDir, "--output", basename(nb));
    args.push(nb);
    log(`executing ${relative(root, nb)} …`);
    // Outside --in-place, figures go to the output folder: a test run never overwrites the committed figures/.
    const runEnv = opts.inPlace ? { ...env } : { ...env, AGORA_FIGURES_DIR: join(outDir, "figures") };
    // The notebooks read their profile from AGORA_PROFILE (the tests run them on `quick`).
    if (opts.profile) runEnv.AGORA_PROFILE = opts.profile;
    const res = spawnSync(python, args, { cwd: join(root, "notebooks"), env: runEnv, encoding: "utf8", maxBuffer: 64 << 20 });
    const output = opts.inPlace ? nb : join(outDir, basename(nb));
    if (!existsSync(output) || res.status !== 0 && !opts.inPlace && !existsSync(output)) {
      throw new NotebookError(`${relative(root, nb)}: nbconvert failed (exit ${res.status}):\n${res.stderr.slice(-4000)}`);
    }
    const executed = JSON.parse(readFileSync(output, "utf8"));
    const problems = notebookProblems(executed);
    if (res.status !== 0 && problems.length === 0) {
      throw new NotebookError(`${relative(root, nb)}: nbconvert exited ${res.status}:\n${res.stderr.slice(-4000)}`);
    }
    if (problems.length) {
      const first = problems[0];
      throw new NotebookError(
        `${relative(root, nb)}: cell ${first.index} failed:\n${first.text.slice(0, 4000)}` +
          (problems.length > 1 ? `\n(${problems.length - 1} more cell(s) with errors; executed copy: ${output})` : ""),
      );
    }
    if (!opts.inPlace) {
      // The copy records the profile it ran on (the browser test compares JupyterLab's run with it).
      executed.metadata = { ...executed.metadata, agora: { profile: opts.profile ?? null } };
      writeFileSync(output, JSON.stringify(executed, null, 1) + "\n");
    }
    const seconds = (Date.now() - t0) / 1000;
    log(`  ok in ${seconds.toFixed(1)} s → ${relative(root, output)}`);
    results.push({ notebook: nb, seconds, output });
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const inPlace = args.includes("--in-place");
  const p = args.indexOf("--profile");
  const profile = p >= 0 ? args[p + 1] : undefined;
  const paths = args.filter((a, i) => !a.startsWith("--") && !(p >= 0 && i === p + 1));
  try {
    await runNotebooks(paths, { inPlace, profile });
  } catch (e) {
    console.error(e instanceof NotebookError ? e.message : e);
    process.exit(1);
  }
}
