import { test } from "node:test";
import assert from "node:assert/strict";
import { runInNewContext } from "node:vm";
import { figureHtml } from "./html.js";
import { lineChart } from "./lines.js";

const fig = lineChart([{ name: "a", x: [1, 2], y: [3, 4] }], { title: "t" });
const REL = "../node_modules/plotly.js-dist-min/plotly.min.js";

/** Runs the upgrade script of a figure's HTML against a minimal fake page; returns the URLs it asked to load. */
function runScript(body: Record<string, string>, rel: string, withRequire = true): { required: string[]; scripts: string[] } {
  const html = figureHtml(fig, "<svg/>", "fig-1", rel, "t");
  const code = /<script type="text\/javascript">([\s\S]*)<\/script>/.exec(html)![1]!;
  const required: string[] = [];
  const scripts: string[] = [];
  const root = { getAttribute: () => null, setAttribute() {}, appendChild() {}, querySelector: () => null };
  const document = {
    getElementById: (id: string) => (id === "fig-1" ? root : null),
    body: { getAttribute: (k: string) => body[k] ?? null },
    createElement: () => ({}),
    head: { appendChild: (s: { src: string }) => scripts.push(s.src) },
  };
  const window: Record<string, unknown> = withRequire ? { requirejs: (urls: string[]) => required.push(...urls) } : {};
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
