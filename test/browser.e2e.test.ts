// A real browser on a real JupyterLab: starts JupyterLab 4 (from .venv) on 127.0.0.1 with a token and the project's
// kernel registry, and drives every notebook in headless Chromium as a reader does, each on a fresh kernel: Run All
// from the Run menu, then checks that no cell failed, that every plot the notebook emits is drawn as an interactive
// plotly plot and every HTML table is there (both counted from the notebook's own headless run, on the same profile
// and run folders), that nothing was fetched from outside the server, then adds a cell, runs it, edits its parameter,
// reruns that cell alone and checks that its output, its plot and its exported SVG/PNG/PDF changed. The notebooks'
// own `plot.save` exports are checked on disk too. Screenshots land in test-output/browser/. Notebook 7 opens the
// smoke notebook as a second, small check. Where JupyterLab is not installed (no package index configured; see
// scripts/venv.mjs) the same checks drive Debian's Jupyter Notebook 6. AGORA_BROWSER_NOTEBOOKS=03-calibration (a
// comma-separated list of notebook names) limits the run while working on some notebooks.
import { after, before, describe, it, test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/plot/browser.js";
import { classicDriver } from "./browser/classic.js";
import type { NotebookDriver, Seen } from "./browser/driver.js";
import { emitted, readNotebook, sameCode } from "./browser/expected.js";
import { exportedStems, fileKind } from "./browser/files.js";
import { labDriver } from "./browser/lab.js";
import { startJupyter, type JupyterServer } from "./browser/server.js";
// @ts-expect-error plain ESM script without types
import { buildLibrary, listNotebooks, runNotebooks } from "../scripts/notebooks.mjs";
// @ts-expect-error plain ESM script without types
import { assertSystemPackages, ensureKernel } from "../scripts/jupyter.mjs";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const outDir = join(root, "test-output", "browser");
const figuresDir = join(outDir, "figures");
const headlessDir = join(root, "test-output", "notebooks");
const RUN_TIMEOUT_MS = 10 * 60_000;
const CELL_TIMEOUT_MS = 2 * 60_000;
const only = process.env.AGORA_BROWSER_NOTEBOOKS?.split(",").map((s) => s.trim()).filter(Boolean);
const notebooks: string[] = (listNotebooks() as string[]).filter((nb) => !only || only.includes(basename(nb, ".ipynb")));
const hashes = new Map(notebooks.map((nb) => [nb, createHash("sha256").update(readFileSync(nb)).digest("hex")]));

let server: JupyterServer | undefined;
let browser: Browser | undefined;
let driver: NotebookDriver;
let kind: "venv" | "debian" = "venv";
const kernels = new Set<string>();

before(async () => {
  assertSystemPackages({ browser: true });
  const tools = await ensureKernel({ log: () => {} });
  kind = tools.kind;
  // the notebooks import the shared dist/ (the headless notebook test builds it too; same sources, same output)
  buildLibrary();
  rmSync(figuresDir, { recursive: true, force: true });
  mkdirSync(figuresDir, { recursive: true });
  server = await startJupyter({
    kind,
    python: tools.python,
    root,
    // the quick profile, as the headless notebook test: the notebooks load the run folders it wrote
    env: { ...tools.env, AGORA_PROFILE: "quick", AGORA_FIGURES_DIR: figuresDir },
    stateDir: join(outDir, "jupyter"),
  });
  driver = kind === "venv" ? labDriver(server, "lab") : classicDriver(server);
  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
});

after(async () => {
  await browser?.close().catch(() => undefined);
  await server?.stop();
  if (server) writeFileSync(join(outDir, "jupyter-server.log"), server.log());
});

/** A page that records script errors and every request that leaves the server (the notebooks must work offline). */
async function newPage(): Promise<{ page: Page; external: string[]; pageErrors: string[] }> {
  const page = await browser!.newPage({ viewport: { width: 1280, height: 900 } });
  // clicks and waits on a busy machine: a generous limit (every wait for a condition has its own)
  page.setDefaultTimeout(120_000);
  const external: string[] = [];
  const pageErrors: string[] = [];
  page.on("request", (r) => {
    const url = r.url();
    if (!url.startsWith(server!.base) && !/^(data|blob|about):/.test(url)) external.push(url);
  });
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  return { page, external, pageErrors };
}

/** What the notebook emits on the quick profile, from the headless test's executed copy (run again if stale). */
async function expectedFor(nb: string): Promise<ReturnType<typeof emitted>> {
  const source = readNotebook(nb);
  let copy = join(headlessDir, basename(nb));
  const usable = (p: string) => {
    if (!existsSync(p)) return false;
    const executed = readNotebook(p) as ReturnType<typeof readNotebook> & { metadata?: { agora?: { profile?: string } } };
    return executed.metadata?.agora?.profile === "quick" && sameCode(source, executed);
  };
  if (!usable(copy)) {
    const dir = join(outDir, "headless");
    const [res] = await runNotebooks([nb], { build: false, profile: "quick", outDir: dir, log: () => {} });
    copy = res.output;
    assert.ok(usable(copy), `the headless run of ${nb} did not record its profile`);
  }
  return emitted(readNotebook(copy));
}

/** A cell the test adds: one parameter, a figure drawn from it, shown and exported. */
function checkCell(n: number, stem: string): string {
  return [
    "// added by the browser test: one parameter, a figure drawn from it, shown and exported",
    'import { plot as checkPlot } from "../dist/index.js";',
    `const CHECK_N = ${n};`,
    "const checkX = Array.from({ length: CHECK_N }, (_, i) => i + 1);",
    'const checkFig = checkPlot.lineChart([{ name: "n squared", x: checkX, y: checkX.map((i) => i * i) }], { title: `check, n = ${CHECK_N}` });',
    "await checkPlot.show(checkFig);",
    `const checkFiles = await checkPlot.save(checkFig, "../figures/browser-check/${stem}");`,
    'console.log(`n = ${CHECK_N}: ${checkFiles.join(", ")}`);',
  ].join("\n");
}

/** Waits (bounded) for the plotly plots to draw: the renderer draws after the outputs arrive. */
async function seenWithPlots(page: Page, plots: number): Promise<Seen> {
  const deadline = Date.now() + 60_000;
  let seen = await driver.seen(page);
  while (seen.plots < plots && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 500));
    seen = await driver.seen(page);
  }
  return seen;
}

// Two notebooks at a time, each in its own page on its own kernel: the run is mostly the kernels' work, and this test
// runs alone at the end of `npm test`.
describe("the notebooks in the browser", { concurrency: 2 }, () => {
  for (const nb of notebooks) {
    const name = basename(nb, ".ipynb");
    it(`${name} runs in the browser on a fresh kernel: no errors, every plot interactive, every table, a cell edited and rerun, figures exported`, { timeout: 2 * RUN_TIMEOUT_MS }, async () => {
      const expected = await expectedFor(nb);
      const { page, external, pageErrors } = await newPage();
      const rel = relative(root, nb);
      const kernel = await driver.open(page, rel);
      assert.ok(!kernels.has(kernel), "each notebook starts its own kernel");
      kernels.add(kernel);
      const started = Date.now();
      await driver.runAll(page, RUN_TIMEOUT_MS);
      const seen = await seenWithPlots(page, expected.plots);
      await driver.screenshot(page, join(outDir, `${name}.png`));
      if (expected.plots > 0) await driver.screenshotFirstPlot(page, join(outDir, `${name}-first-plot.png`));
      const ranFor = (Date.now() - started) / 1000;
      writeFileSync(join(outDir, `${name}.json`), JSON.stringify({ frontEnd: driver.name, seconds: ranFor, expected, seen: { ...seen, stdout: undefined } }, null, 2));

      assert.deepEqual(seen.errors, [], `${name}: cells wrote errors:\n${seen.errors.join("\n---\n").slice(0, 4000)}`);
      assert.ok(seen.codeCells > 0, `${name}: no code cells`);
      assert.equal(seen.ran, seen.codeCells, `${name}: every code cell ran (tslab skips the cells after a failed one)`);
      assert.equal(seen.plots, expected.plots, `${name}: interactive plots drawn (page errors: ${pageErrors.join("; ").slice(0, 1000)})`);
      // JupyterLab draws with plotly's renderer; Notebook 6 has none and upgrades each figure's HTML output instead
      assert.equal(seen.htmlFigures, kind === "venv" ? 0 : expected.plots, `${name}: figures shown through their HTML fallback`);
      assert.equal(seen.tables, expected.tables, `${name}: HTML tables shown`);
      assert.deepEqual(external, [], `${name}: the page fetched from outside the server`);
      if (expected.saves) {
        // figures/<notebook>/ (redirected here by AGORA_FIGURES_DIR), written during this run
        const stems = exportedStems(join(figuresDir, name), started);
        assert.ok(stems.size > 0, `${name}: its plot.save cells exported nothing to figures/${name}/`);
        for (const [stem, exts] of stems) assert.deepEqual([...exts].filter((e) => e !== "csv").sort(), ["pdf", "png", "svg"], `${stem}: SVG, PNG and PDF`);
      }

      // a reader's loop: add a cell, run it, change its parameter, rerun that cell alone
      const stem = `browser-check/${name}`;
      const first = await driver.appendAndRun(page, checkCell(3, name), CELL_TIMEOUT_MS);
      assert.match(first.text, /^n = 3: /, `${name}: the added cell's output: ${first.text}`);
      assert.deepEqual(first.points, [3], `${name}: the added cell's plot has 3 points`);
      const files = ["svg", "png", "pdf"].map((ext) => join(figuresDir, `${stem}.${ext}`));
      assert.deepEqual(files.map(fileKind), ["svg", "png", "pdf"], "plot.save wrote a real SVG, PNG and PDF");
      const before3 = files.map((f) => readFileSync(f));
      const second = await driver.editAndRun(page, checkCell(5, name), CELL_TIMEOUT_MS);
      assert.match(second.text, /^n = 5: /, `${name}: the edited cell's output: ${second.text}`);
      assert.notEqual(second.prompt, first.prompt, "the cell ran again");
      assert.deepEqual(second.points, [5], `${name}: the edited cell's plot redrawn with 5 points`);
      assert.match(readFileSync(files[0], "utf8"), /n = 5/, "the exported SVG shows the new parameter");
      files.forEach((f, i) => assert.ok(!readFileSync(f).equals(before3[i]), `${basename(f)} rewritten`));
      assert.deepEqual((await driver.seen(page)).errors, []);
      // the window with the edited cell, its new output and plot at the bottom
      await page.evaluate(() => {
        const cells = document.querySelectorAll(".jp-Notebook .jp-CodeCell, #notebook-container .code_cell");
        cells[cells.length - 1]?.scrollIntoView({ block: "end" });
      });
      writeFileSync(join(outDir, `${name}-edited.png`), await page.screenshot({ timeout: 120_000 }));
      await driver.close(page);
    });
  }
});

test("the smoke notebook runs in Notebook 7 with both plots interactive", { timeout: RUN_TIMEOUT_MS }, async (t) => {
  if (kind === "debian") return t.skip("Notebook 7 is not installed (Debian's Notebook 6 path)");
  // a copy under test-output/, importing the shared dist/ (three folders up, as from the fixture's folder)
  const rel = "test-output/browser/smoke/plot-smoke.ipynb";
  mkdirSync(join(root, "test-output/browser/smoke"), { recursive: true });
  writeFileSync(join(root, rel), readFileSync(join(root, "test/fixtures/notebooks/plot-smoke.ipynb")));
  const nb7 = labDriver(server!, "notebook7");
  const { page, external } = await newPage();
  await nb7.open(page, rel);
  await nb7.runAll(page, RUN_TIMEOUT_MS);
  let seen = await nb7.seen(page);
  for (let i = 0; i < 120 && seen.plots < 2; i++) {
    await new Promise((r) => setTimeout(r, 500));
    seen = await nb7.seen(page);
  }
  await nb7.screenshot(page, join(outDir, "plot-smoke-notebook7.png"));
  assert.deepEqual(seen.errors, []);
  assert.equal(seen.ran, seen.codeCells);
  assert.equal(seen.plots, 2, "both figures drawn by the plotly renderer");
  assert.match(seen.stdout, /figures shown: 2/);
  assert.deepEqual(external, []);
  await nb7.close(page);
});

test("running the notebooks in the browser left the notebook files untouched", () => {
  for (const nb of notebooks) {
    assert.equal(createHash("sha256").update(readFileSync(nb)).digest("hex"), hashes.get(nb), `${nb} was modified`);
  }
});
