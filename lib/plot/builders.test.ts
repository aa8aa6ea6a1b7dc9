import { test } from "node:test";
import assert from "node:assert/strict";
import { DataError } from "../core/errors.js";
import { barWithCI, forestPlot, heatmap, histogram, lineChart, reliabilityDiagram, scatter, FONT_FAMILY } from "./index.js";
import type { Figure } from "./types.js";

/** Every figure is plain JSON with the paper theme and a config. */
function assertSpec(fig: Figure): void {
  assert.deepEqual(JSON.parse(JSON.stringify(fig)), fig, "figure must be plain JSON");
  assert.ok(Array.isArray(fig.data) && fig.data.length > 0);
  for (const t of fig.data) assert.equal(typeof t.type, "string");
  assert.equal((fig.layout.font as { family: string }).family, FONT_FAMILY);
  assert.equal(fig.config?.displaylogo, false);
}

test("lineChart: one line per series, a closed ribbon for CIs, title and axis titles", () => {
  const fig = lineChart(
    [
      { name: "a", x: [1, 2, 3], y: [0.5, 0.6, 0.7], lower: [0.4, 0.5, 0.6], upper: [0.6, 0.7, 0.8] },
      { name: "b", x: [1, 2, 3], y: [0.3, 0.4, 0.5] },
    ],
    { title: "Recall (offline:test)", xTitle: "session", yTitle: "recall", fontSize: 10 },
  );
  assertSpec(fig);
  assert.equal(fig.data.length, 3);
  const ribbon = fig.data[0]!;
  assert.equal(ribbon.fill, "toself");
  assert.deepEqual(ribbon.x, [1, 2, 3, 3, 2, 1]);
  assert.deepEqual(ribbon.y, [0.6, 0.7, 0.8, 0.6, 0.5, 0.4]);
  assert.deepEqual((fig.layout.title as { text: string }).text, "Recall (offline:test)");
  assert.equal((fig.layout.xaxis as { title: { text: string } }).title.text, "session");
  assert.equal((fig.layout.font as { size: number }).size, 10);
});

test("lineChart: mismatched lengths name the series and field", () => {
  assert.throws(() => lineChart([{ name: "a", x: [1, 2], y: [1] }]), (e: unknown) => e instanceof DataError && /a\.y/.test(e.message));
});

test("scatter: markers and an identity line over the data range", () => {
  const fig = scatter([{ name: "items", x: [0.1, 0.9], y: [0.2, 0.5] }], { identity: true });
  assertSpec(fig);
  assert.equal(fig.data[0]!.mode, "markers");
  assert.deepEqual(fig.data[1]!.x, [0.1, 0.9]);
});

test("barWithCI: asymmetric error bars equal the distance to the bounds", () => {
  const fig = barWithCI(["x", "y"], [{ name: "g", values: [0.5, 0.2], lower: [0.4, 0.1], upper: [0.7, 0.25] }]);
  assertSpec(fig);
  const err = fig.data[0]!.error_y as { array: number[]; arrayminus: number[] };
  // hand computation: upper - value, value - lower; tolerance 1e-12 for floating point
  [0.2, 0.05].forEach((v, i) => assert.ok(Math.abs(err.array[i]! - v) < 1e-12));
  [0.1, 0.1].forEach((v, i) => assert.ok(Math.abs(err.arrayminus[i]! - v) < 1e-12));
  assert.equal(fig.layout.barmode, "group");
  assert.throws(() => barWithCI(["x"], [{ name: "g", values: [1, 2] }]), DataError);
});

test("forestPlot: log axis, reference line at 1, first row on top, bad CIs refused", () => {
  const fig = forestPlot(
    [
      { label: "modewilling", estimate: 2, lower: 1.5, upper: 2.6 },
      { label: "diss10", estimate: 0.8, lower: 0.6, upper: 1.1 },
    ],
    { log: true, title: "Odds ratios" },
  );
  assertSpec(fig);
  assert.equal((fig.layout.xaxis as { type: string }).type, "log");
  assert.equal((fig.layout.yaxis as { autorange: string }).autorange, "reversed");
  assert.equal((fig.layout.shapes as { x0: number }[])[0]!.x0, 1);
  assert.equal(forestPlot([{ label: "b", estimate: 0.1, lower: -0.2, upper: 0.4 }]).layout.shapes instanceof Array, true);
  assert.equal((forestPlot([{ label: "b", estimate: 0.1, lower: -0.2, upper: 0.4 }]).layout.shapes as { x0: number }[])[0]!.x0, 0);
  assert.throws(() => forestPlot([{ label: "bad", estimate: 3, lower: 1, upper: 2 }]), DataError);
  assert.throws(() => forestPlot([{ label: "neg", estimate: 1, lower: -1, upper: 2 }], { log: true }), DataError);
});

test("heatmap: labels must match the matrix, values written with the format", () => {
  const fig = heatmap([[0, 0.2], [0.2, 0]], { x: ["A", "B"], y: ["A", "B"], valueFormat: ".2f", zmin: 0, zmax: 1 });
  assertSpec(fig);
  assert.equal(fig.data[0]!.texttemplate, "%{z:.2f}");
  assert.throws(() => heatmap([[1, 2], [3]]), DataError);
  assert.throws(() => heatmap([[1, 2]], { x: ["a"] }), DataError);
});

test("histogram: overlaid and translucent when there are several series", () => {
  const fig = histogram([{ name: "a", values: [1, 2, 2] }, { name: "b", values: [2, 3] }], { bins: 5, normalize: "probability" });
  assertSpec(fig);
  assert.equal(fig.layout.barmode, "overlay");
  assert.equal(fig.data[0]!.histnorm, "probability");
  assert.equal(fig.data[0]!.nbinsx, 5);
});

test("reliabilityDiagram: counts on a right axis, the diagonal, one curve per model", () => {
  const fig = reliabilityDiagram([
    { name: "verbal", bins: [{ confidence: 0.15, accuracy: 0.3, count: 12 }, { confidence: 0.85, accuracy: 0.7, count: 40 }] },
  ]);
  assertSpec(fig);
  assert.deepEqual(fig.data.map((t) => t.type), ["bar", "scatter", "scatter"]);
  assert.equal(fig.data[0]!.yaxis, "y2");
  assert.deepEqual(fig.data[1]!.y, [0, 1]);
  assert.deepEqual(fig.data[2]!.y, [0.3, 0.7]);
  assert.equal((fig.layout.yaxis2 as { side: string }).side, "right");
  assert.equal(reliabilityDiagram([{ name: "v", bins: [] }], { counts: false }).data.length, 2);
});
