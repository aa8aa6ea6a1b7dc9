// A real browser on a real Jupyter: starts Jupyter Notebook 6 on 127.0.0.1 with a token, opens the smoke notebook
// in headless Chromium, runs all cells from the Cell menu, and checks that the plotly traces are drawn (live SVG
// trace elements, not only a container) and that no cell wrote to stderr. Leaves a screenshot in
// test-output/browser/. Needs the Debian packages jupyter-notebook, chromium and fonts-dejavu-core.
import { after, before, test } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { freePort } from "../lib/core/net.js";
import { randomBytes } from "node:crypto";
import { join } from "node:path";
import { chromium, type Browser, type Page } from "playwright-core";
import { CHROMIUM_FLAGS, chromiumPath } from "../lib/plot/browser.js";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const outDir = join(root, "test-output", "browser");
// The notebook runs from a copy under test-output/ (gitignored), importing the test's own build of lib/.
const nbRel = "test-output/browser/smoke/plot-smoke.ipynb";
const fixture = join(root, "test", "fixtures", "notebooks", "plot-smoke.ipynb");
const RUN_TIMEOUT_MS = 8 * 60_000;

type JupyterTools = {
  ensureKernel(): Promise<{ env: NodeJS.ProcessEnv; python: string }>;
  assertSystemPackages(opts?: { browser?: boolean }): void;
};

let server: ChildProcess | undefined;
let serverLog = "";
let browser: Browser | undefined;
let page: Page | undefined;
let base = "";
const token = randomBytes(16).toString("hex");


async function waitForServer(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (server?.exitCode !== null && server?.exitCode !== undefined) {
      throw new Error(`jupyter-notebook exited with ${server.exitCode}:\n${serverLog}`);
    }
    try {
      const res = await fetch(`${base}/api/status?token=${token}`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`jupyter-notebook did not answer within the timeout:\n${serverLog}`);
}

async function stopServer(): Promise<void> {
  const s = server;
  server = undefined;
  if (!s || s.exitCode !== null) return;
  const exited = new Promise<void>((r) => s.once("exit", () => r()));
  try {
    await fetch(`${base}/api/shutdown?token=${token}`, { method: "POST" });
  } catch {
    // fall through to the signals
  }
  const timeout = (ms: number) => new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms).unref());
  if ((await Promise.race([exited, timeout(10_000)])) === "timeout") {
    // The server runs in its own process group with its kernels: end the group.
    try {
      process.kill(-s.pid!, "SIGTERM");
    } catch {
      // already gone
    }
    if ((await Promise.race([exited, timeout(5_000)])) === "timeout") {
      try {
        process.kill(-s.pid!, "SIGKILL");
      } catch {
        // already gone
      }
    }
  }
}

before(async () => {
  const tools = (await import(join(root, "scripts", "jupyter.mjs"))) as JupyterTools;
  tools.assertSystemPackages({ browser: true });
  const { env, python } = await tools.ensureKernel();

  // Cells import the built library. The test builds its own copy (test-output/browser/dist) with the project's
  // compiler (tslab's `tsc` shadows it on PATH), so it neither reads nor rewrites the shared dist/ that other
  // tests may be executing notebooks from; the notebook copy imports that build.
  const dist = join(outDir, "dist");
  rmSync(dist, { recursive: true, force: true });
  const build = spawnSync(
    process.execPath,
    [join(root, "node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json", "--outDir", dist],
    { cwd: root, encoding: "utf8" },
  );
  assert.ok(existsSync(join(dist, "plot", "index.js")), `building lib/ failed:\n${build.stdout}${build.stderr}`);

  mkdirSync(join(outDir, "smoke"), { recursive: true });
  const nb = JSON.parse(readFileSync(fixture, "utf8")) as { cells: { source: string[] }[] };
  const from = '"../../../dist/index.js"';
  assert.ok(nb.cells.some((c) => c.source.some((l) => l.includes(from))), `the fixture imports ${from}`);
  for (const c of nb.cells) c.source = c.source.map((l) => l.split(from).join('"../dist/index.js"'));
  writeFileSync(join(root, nbRel), JSON.stringify(nb, null, 1) + "\n");

  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(
    python,
    [
      "-m",
      "notebook",
      "--no-browser",
      "--ip=127.0.0.1",
      `--port=${port}`,
      "--port-retries=0",
      `--NotebookApp.token=${token}`,
      "--NotebookApp.password=",
      `--notebook-dir=${root}`,
      ...(process.getuid?.() === 0 ? ["--allow-root"] : []),
    ],
    { cwd: root, env, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  server.stdout!.on("data", (d: Buffer) => (serverLog += d.toString()));
  server.stderr!.on("data", (d: Buffer) => (serverLog += d.toString()));
  await waitForServer(Date.now() + 90_000);

  browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_FLAGS });
  page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
});

after(async () => {
  await browser?.close().catch(() => undefined);
  await stopServer();
  writeFileSync(join(outDir, "jupyter-server.log"), serverLog);
});

/** What the page shows after Run All. */
interface RunResult {
  stderr: string[];
  pageErrors: string[];
  figures: number;
  live: number;
  lineTraces: number;
  linePaths: number;
  barTraces: number;
  barPaths: number;
  traces: number;
  stdout: string;
}

/**
 * Opens a notebook (autosave off, so the file on disk is left alone), runs Cell → Run All as a reader would,
 * waits until every code cell has run and the kernel is idle, lets the plotly.js upgrades draw, and takes a screenshot.
 */
async function openAndRunAll(p: Page, rel: string, screenshot: string): Promise<RunResult> {
  const pageErrors: string[] = [];
  p.on("pageerror", (e) => pageErrors.push(String(e)));
  await p.goto(`${base}/notebooks/${rel}?token=${token}`, { waitUntil: "load" });
  // The kernel is ready when Notebook 6's front end reports a connected kernel that is idle.
  await p.waitForFunction(
    () => {
      const J = (window as unknown as { Jupyter?: any }).Jupyter;
      return Boolean(J?.notebook?.kernel?.is_connected?.() && document.querySelector("#kernel_indicator_icon.kernel_idle_icon"));
    },
    undefined,
    { timeout: 120_000, polling: 250 },
  );
  await p.evaluate(() => (window as unknown as { Jupyter: any }).Jupyter.notebook.set_autosave_interval(0));

  await p.click("#celllink");
  await p.click("#run_all_cells > a");

  // Done when every code cell has an execution number and the kernel is idle again.
  await p.waitForFunction(
    () => {
      const J = (window as unknown as { Jupyter: any }).Jupyter;
      const code = J.notebook.get_cells().filter((c: any) => c.cell_type === "code");
      const done = code.every((c: any) => typeof c.input_prompt_number === "number");
      return done && document.querySelector("#kernel_indicator_icon.kernel_idle_icon") !== null;
    },
    undefined,
    { timeout: RUN_TIMEOUT_MS, polling: 500 },
  );
  // Give the plotly.js upgrades (plotly.min.js loaded from the server's /files/ route) time to draw.
  await p
    .waitForFunction(
      () => document.querySelectorAll(".agora-figure[data-live]").length === document.querySelectorAll(".agora-figure").length,
      undefined,
      { timeout: 60_000, polling: 250 },
    )
    .catch(() => undefined);
  // Notebook 6 scrolls inside #site; let the page itself grow so the screenshot holds the whole notebook.
  await p.addStyleTag({ content: "#site { height: auto !important; overflow: visible !important; }" });
  await p.screenshot({ path: join(outDir, screenshot), fullPage: true });

  const seen = await p.evaluate(() => ({
    stderr: Array.from(document.querySelectorAll(".output_stderr")).map((e) => e.textContent ?? ""),
    figures: document.querySelectorAll(".output_area .agora-figure").length,
    live: document.querySelectorAll(".output_area .agora-figure[data-live] .js-plotly-plot").length,
    lineTraces: document.querySelectorAll(".js-plotly-plot .scatterlayer .trace").length,
    linePaths: document.querySelectorAll(".js-plotly-plot .scatterlayer path.js-line").length,
    barTraces: document.querySelectorAll(".js-plotly-plot .barlayer .trace").length,
    barPaths: document.querySelectorAll(".js-plotly-plot .barlayer .point path").length,
    traces: document.querySelectorAll(".js-plotly-plot .trace, .js-plotly-plot .hm").length,
    stdout: Array.from(document.querySelectorAll(".output_stdout")).map((e) => e.textContent ?? "").join(""),
  }));
  return { ...seen, pageErrors };
}

test("the smoke notebook runs in Jupyter Notebook and draws live plotly traces without stderr", { timeout: RUN_TIMEOUT_MS + 120_000 }, async () => {
  const r = await openAndRunAll(page!, nbRel, "plot-smoke.png");
  assert.deepEqual(r.stderr, [], `cells wrote to stderr:\n${r.stderr.join("\n---\n")}`);
  assert.equal(r.figures, 2, "two figure outputs");
  assert.equal(r.live, 2, `both figures upgraded to live plotly.js plots (page errors: ${r.pageErrors.join("; ")})`);
  // line chart: a CI ribbon and two lines; bar chart: 2 groups × 2 categories
  assert.equal(r.lineTraces, 3);
  assert.ok(r.linePaths >= 3, `line paths drawn: ${r.linePaths}`);
  assert.equal(r.barTraces, 2);
  assert.equal(r.barPaths, 4);
  assert.match(r.stdout, /figures shown: 2/);
});

test("the saved notebook, reopened untrusted, shows the static figures without scripts", { timeout: 300_000 }, async () => {
  const p = page!;
  // Save the executed smoke notebook, then change its metadata so its signature no longer matches: untrusted.
  await p.evaluate(() => (window as unknown as { Jupyter: any }).Jupyter.notebook.save_notebook());
  const saved = JSON.parse(readFileSync(join(root, nbRel), "utf8")) as { metadata: Record<string, unknown>; cells: unknown[] };
  saved.metadata.agora_untrusted_copy = true;
  const untrustedRel = nbRel.replace(/\.ipynb$/, "-untrusted.ipynb");
  writeFileSync(join(root, untrustedRel), JSON.stringify(saved, null, 1) + "\n");

  await p.goto(`${base}/notebooks/${untrustedRel}?token=${token}`, { waitUntil: "load" });
  await p.waitForFunction(() => document.querySelectorAll(".output_area img.agora-static").length >= 2, undefined, {
    timeout: 120_000,
  });
  const seen = await p.evaluate(async () => {
    const imgs = Array.from(document.querySelectorAll<HTMLImageElement>(".output_area img.agora-static"));
    await Promise.all(imgs.map((i) => (i.complete ? undefined : new Promise((r) => (i.onload = r)))));
    return {
      trusted: (window as unknown as { Jupyter: any }).Jupyter.notebook.trusted as boolean,
      widths: imgs.map((i) => i.naturalWidth),
      live: document.querySelectorAll(".js-plotly-plot").length,
    };
  });
  await p.addStyleTag({ content: "#site { height: auto !important; overflow: visible !important; }" });
  await p.screenshot({ path: join(outDir, "plot-smoke-untrusted.png"), fullPage: true });
  assert.equal(seen.trusted, false);
  assert.equal(seen.live, 0, "no scripts run in an untrusted notebook");
  assert.deepEqual(seen.widths, [640, 640], "both static SVG images decoded at the figures' width");
});

// Also open one of the project's notebooks (default notebooks/03-calibration.ipynb, the quickest; another with
// AGORA_BROWSER_NOTEBOOK=notebooks/01-tbs.ipynb, none with AGORA_BROWSER_NOTEBOOK=none). It runs the notebook's
// experiment; the file is not modified (autosave is off and nothing is saved).
const realNotebook = process.env.AGORA_BROWSER_NOTEBOOK ?? "notebooks/03-calibration.ipynb";
test(
  "a project notebook runs in Jupyter Notebook without stderr, its figures drawn live",
  { skip: realNotebook === "none" ? "AGORA_BROWSER_NOTEBOOK=none" : false, timeout: RUN_TIMEOUT_MS + 120_000 },
  async () => {
    const rel = realNotebook.replace(/^\.\//, "");
    assert.ok(existsSync(join(root, rel)), `no such notebook: ${rel}`);
    const r = await openAndRunAll(page!, rel, rel.replace(/[\\/]/g, "_").replace(/\.ipynb$/, ".png"));
    assert.deepEqual(r.stderr, [], `cells wrote to stderr:\n${r.stderr.join("\n---\n")}`);
    assert.ok(r.figures > 0, "the notebook shows at least one figure");
    assert.equal(r.live, r.figures, `every figure upgraded to a live plotly.js plot (page errors: ${r.pageErrors.join("; ")})`);
    assert.ok(r.traces > 0, "trace elements drawn");
  },
);
