import { test } from "node:test";
import assert from "node:assert/strict";
import { runInNewContext } from "node:vm";
import { figureHtml, plotlyCDN } from "./html.js";
import { lineChart } from "./lines.js";

const fig = lineChart([{ name: "a", x: [1, 2], y: [3, 4] }], { title: "t" });
const REL = "../node_modules/plotly.js-dist-min/plotly.min.js";

/**
 * Runs the upgrade script of a figure's HTML against a minimal fake page; returns the URLs it asked to load, in
 * order. Loads fail (the error callback runs) for URLs in `failing`.
 */
function runScript(
  body: Record<string, string>,
  rel: string,
  withRequire = true,
  cdn: string[] = [],
  failing: string[] = [],
): { required: string[]; scripts: string[] } {
  const html = figureHtml(fig, "<svg/>", "fig-1", rel, "t", cdn);
  const code = /<script type="text\/javascript">([\s\S]*)<\/script>/.exec(html)![1]!;
  const required: string[] = [];
  const scripts: string[] = [];
  const root = { getAttribute: () => null, setAttribute() {}, appendChild() {}, querySelector: () => null };
  const document = {
    getElementById: (id: string) => (id === "fig-1" ? root : null),
    body: { getAttribute: (k: string) => body[k] ?? null },
    createElement: () => ({}),
    head: {
      appendChild: (s: { src: string; onerror?: () => void }) => {
        scripts.push(s.src);
        if (failing.includes(s.src)) s.onerror?.();
      },
    },
  };
  const requirejs = (urls: string[], _ok: unknown, fail: () => void) => {
    required.push(...urls);
    if (failing.includes(urls[0]!)) fail();
  };
  const window: Record<string, unknown> = withRequire ? { requirejs } : {};
  runInNewContext(code, { document, window, Promise });
  return { required, scripts };
}

test("upgrade script: loads plotly.js from the server's /files/ route, relative to the notebook's folder", () => {
  const r = runScript({ "data-base-url": "/", "data-notebook-path": "notebooks/01-tbs.ipynb" }, REL);
  assert.deepEqual(r.required, ["/files/node_modules/plotly.js-dist-min/plotly.min.js"]);
  const deep = runScript({ "data-base-url": "/jupyter/", "data-notebook-path": "test-output/browser/smoke/x%20y.ipynb" }, "../../../node_modules/p/plotly.min.js");
  assert.deepEqual(deep.required, ["/jupyter/files/node_modules/p/plotly.min.js"]);
});

test("upgrade script: without requirejs it adds a script element", () => {
  const r = runScript({ "data-base-url": "/", "data-notebook-path": "notebooks/a.ipynb" }, REL, false);
  assert.deepEqual(r.scripts, ["/files/node_modules/plotly.js-dist-min/plotly.min.js"]);
});

test("upgrade script: keeps the static figure outside Jupyter Notebook or when plotly.js lies above the server root", () => {
  assert.deepEqual(runScript({}, REL), { required: [], scripts: [] });
  assert.deepEqual(runScript({ "data-base-url": "/", "data-notebook-path": "a.ipynb" }, REL), { required: [], scripts: [] });
});

test("upgrade script: falls back to the CDN copies in turn, and tries them where the page names no notebook", () => {
  const cdn = plotlyCDN("9.9.9");
  assert.deepEqual(cdn, ["https://cdn.jsdelivr.net/npm/plotly.js-dist-min@9.9.9/plotly.min.js", "https://cdn.plot.ly/plotly-9.9.9.min.js"]);
  const local = "/files/node_modules/plotly.js-dist-min/plotly.min.js";
  const nb = { "data-base-url": "/", "data-notebook-path": "notebooks/01-tbs.ipynb" };
  assert.deepEqual(runScript(nb, REL, true, cdn).required, [local], "the project's copy first, nothing more when it loads");
  assert.deepEqual(runScript(nb, REL, true, cdn, [local]).required, [local, cdn[0]]);
  assert.deepEqual(runScript(nb, REL, true, cdn, [local, cdn[0]!]).required, [local, ...cdn]);
  assert.deepEqual(runScript(nb, REL, false, cdn, [local]).scripts, [local, cdn[0]]);
  // JupyterLab and other front ends: no notebook path on the page, so the CDN copies only.
  assert.deepEqual(runScript({}, REL, false, cdn).scripts, [cdn[0]]);
  assert.deepEqual(runScript({}, REL, false, cdn, cdn).scripts, cdn, "all fail: the static figure stays");
  // plotly.js above the server root: straight to the CDN.
  assert.deepEqual(runScript({ "data-base-url": "/", "data-notebook-path": "a.ipynb" }, REL, true, cdn).required, [cdn[0]]);
});
