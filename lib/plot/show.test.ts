import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { lineChart } from "./lines.js";
import { buildBundle, figureTitle, show } from "./show.js";
import { kernelDisplay, type DisplayBundle } from "./kernel.js";

const fig = lineChart([{ name: "a", x: [1, 2], y: [3, 4] }], { title: "A </script> title" });
const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g class="trace"/></svg>';

test("buildBundle: the four mime types, static SVG as an image, script-safe JSON", () => {
  const b = buildBundle(fig, svg, "../node_modules/plotly.js-dist-min/plotly.min.js", 3);
  assert.deepEqual(Object.keys(b.data).sort(), ["application/vnd.plotly.v1+json", "image/svg+xml", "text/html", "text/plain"]);
  const html = b.data["text/html"] as string;
  assert.match(html, /<img class="agora-static"[^>]*src="data:image\/svg\+xml;base64,/);
  assert.ok(html.includes(Buffer.from(svg).toString("base64")));
  assert.equal(html.match(/<\/script>/g)?.length, 1, "the title's </script> must be escaped inside the script");
  assert.match(html, /plotly\.min\.js/);
  assert.deepEqual((b.data["application/vnd.plotly.v1+json"] as { data: unknown }).data, fig.data);
  assert.equal(b.data["text/plain"], "Figure: A </script> title (1 trace)");
  assert.equal(b.data["image/svg+xml"], svg);
});

test("buildBundle: static-only HTML has no script", () => {
  const html = buildBundle(fig, svg, undefined).data["text/html"] as string;
  assert.ok(!html.includes("<script"));
});

test("figureTitle: text of the layout title, or 'figure'", () => {
  assert.equal(figureTitle(fig), "A </script> title");
  assert.equal(figureTitle({ data: [], layout: {} }), "figure");
});

test("kernelDisplay: found through tslab's module in the CommonJS cache; show prints a note outside a kernel", async () => {
  assert.equal(kernelDisplay(), undefined);
  const lines: string[] = [];
  const log = console.log;
  console.log = (s: string) => lines.push(s);
  try {
    await show(fig);
  } finally {
    console.log = log;
  }
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /not in a notebook/);

  const cache = createRequire(import.meta.url).cache;
  const fake = join("/nonexistent", "node_modules", "tslab", "dist", "jupyter.js");
  const sent: DisplayBundle[] = [];
  cache[fake] = { exports: { lastWriteDisplayData: (b: DisplayBundle) => sent.push(b) } } as unknown as NodeJS.Module;
  try {
    kernelDisplay()!({ data: { "text/plain": "x" }, metadata: {} });
    assert.equal(sent.length, 1);
  } finally {
    delete cache[fake];
  }
});
