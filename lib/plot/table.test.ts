import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { join } from "node:path";
import { formatCell, table, tableHtml, tableText } from "./table.js";
import type { DisplayBundle } from "./kernel.js";
import { figureCSV, figureRows } from "./data.js";
import { lineChart, scatter } from "./lines.js";
import { forestPlot } from "./forest.js";
import { heatmap } from "./heatmap.js";

const rows = [
  { term: "(Intercept)", Estimate: 251.405104848485, "Pr(>|t|)": 1.17155811120826e-17, n: 180 },
  { term: "Days <x>", Estimate: -10.467285959596, "Pr(>|t|)": null, n: 18 },
];

test("formatCell: significant digits, scientific for tiny and huge values, NA for missing", () => {
  assert.equal(formatCell(251.405104848485, 4), "251.4");
  assert.equal(formatCell(1.17155811120826e-17, 3), "1.17e-17");
  assert.equal(formatCell(2e6, 3), "2000000");
  assert.equal(formatCell(2500000.1, 3), "2.5e6");
  assert.equal(formatCell(0.5, 4), "0.5000");
  assert.equal(formatCell(NaN), "NA");
  assert.equal(formatCell(null), "NA");
  assert.equal(formatCell(-Infinity), "-Inf");
  assert.equal(formatCell(180), "180");
  assert.equal(formatCell("x"), "x");
});

test("tableHtml: caption, escaped header and cells, numeric columns right-aligned, no scripts", () => {
  const html = tableHtml(rows, { title: "Fixed <effects>", digits: 3 });
  assert.match(html, /^<table class="agora-table"/);
  assert.match(html, /<caption[^>]*>Fixed &lt;effects&gt;<\/caption>/);
  assert.match(html, /<th[^>]*>Pr\(&gt;\|t\|\)<\/th>/);
  assert.match(html, /<td style="padding:2px 8px;text-align:left">Days &lt;x&gt;<\/td>/);
  assert.match(html, /text-align:right[^>]*>-10.5<\/td>/);
  assert.match(html, />NA<\/td>/);
  assert.equal(html.match(/<tr>/g)?.length, 3);
  assert.ok(!html.includes("<script"));
});

test("tableText: aligned plain text with the title", () => {
  assert.equal(tableText(rows, { title: "T", digits: 3, columns: ["term", "Estimate"] }),
    "T\nterm         Estimate\n(Intercept)       251\nDays <x>        -10.5");
  assert.throws(() => tableText(rows, { digits: 0 }), /digits must be an integer from 1 to 15/);
  assert.throws(() => tableText(rows, { digts: 3 } as never), /unknown option "digts"/);
  assert.throws(() => tableText({} as never), /expects an array/);
});

test("table: one display output (text/html + text/plain) in a kernel, the text table elsewhere", () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (s: string) => lines.push(s);
  try { table(rows, { title: "T" }); } finally { console.log = log; }
  assert.equal(lines.length, 1);
  assert.match(lines[0]!, /^T\nterm/);

  const cache = createRequire(import.meta.url).cache;
  const fake = join("/nonexistent", "node_modules", "tslab", "dist", "jupyter.js");
  const sent: DisplayBundle[] = [];
  cache[fake] = { exports: { lastWriteDisplayData: (b: DisplayBundle) => sent.push(b) } } as unknown as NodeJS.Module;
  try { table(rows, { title: "T" }); } finally { delete cache[fake]; }
  assert.equal(sent.length, 1);
  assert.deepEqual(Object.keys(sent[0]!.data).sort(), ["text/html", "text/plain"]);
  assert.match(sent[0]!.data["text/plain"] as string, /^T\n/);
});

test("figureRows/figureCSV: one row per point, CI ribbons folded into lower/upper, error bars as bounds, heatmap cells", () => {
  const line = lineChart([{ name: "a", x: [1, 2], y: [3, 4], lower: [2, 3], upper: [4, 5] }, { name: "b, c", x: [1, 2], y: [5, NaN] }]);
  assert.deepEqual(figureRows(line), [
    { trace: 1, name: "a", type: "scatter", x: 1, y: 3, lower: 2, upper: 4 },
    { trace: 1, name: "a", type: "scatter", x: 2, y: 4, lower: 3, upper: 5 },
    { trace: 2, name: "b, c", type: "scatter", x: 1, y: 5 },
    { trace: 2, name: "b, c", type: "scatter", x: 2, y: null },
  ]);
  assert.equal(figureCSV(line), 'trace,name,type,x,y,lower,upper\n1,a,scatter,1,3,2,4\n1,a,scatter,2,4,3,5\n2,"b, c",scatter,1,5,,\n2,"b, c",scatter,2,,,\n');
  const forest = forestPlot([{ label: "x", estimate: 1.5, lower: 1.2, upper: 2 }], { log: true });
  const fr = figureRows(forest)[0]!;
  assert.equal(fr.y, "x");
  assert.ok(Math.abs((fr.x_lower as number) - 1.2) < 1e-12 && Math.abs((fr.x_upper as number) - 2) < 1e-12);
  const hm = figureRows(heatmap([[1, 2], [3, 4]], { x: ["c1", "c2"], y: ["r1", "r2"] }));
  assert.deepEqual(hm.map((r) => [r.x, r.y, r.z]), [["c1", "r1", 1], ["c2", "r1", 2], ["c1", "r2", 3], ["c2", "r2", 4]]);
  assert.equal(figureCSV(scatter([{ name: "s", x: [0.1], y: [0.2] }])).split("\n")[0], "trace,name,type,x,y");
});
