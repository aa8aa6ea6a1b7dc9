import { after, test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { barWithCI, close, forestPlot, lineChart, paperSize, renderSVG, save } from "./index.js";

// Needs Chromium (Debian package `chromium`) and the DejaVu fonts (`fonts-dejavu-core`).
const dir = mkdtempSync(join(tmpdir(), "agora-plot-"));
after(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const fig = lineChart(
  [
    { name: "cognitive", x: [1, 2, 3, 4], y: [0.52, 0.61, 0.66, 0.7], lower: [0.45, 0.55, 0.6, 0.64], upper: [0.59, 0.67, 0.72, 0.76] },
    { name: "baseline", x: [1, 2, 3, 4], y: [0.5, 0.5, 0.51, 0.5], dash: true },
  ],
  { title: "Recall by session (offline:test-v1)", xTitle: "session", yTitle: "recall" },
);

/** Width and height from a PNG's IHDR chunk (bytes 16–23, big-endian). */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

test("save writes SVG with traces, a PNG of width × scale pixels and a vector PDF with embedded fonts", async () => {
  const size = paperSize({ widthIn: 3.5, aspect: 0.75, dpi: 300 }); // 336 × 252 CSS px, scale 3.125
  const files = await save(fig, join(dir, "nested", "folder", "recall.pdf"), size);
  assert.deepEqual(files.map((f) => f.slice(dir.length)), ["/nested/folder/recall.svg", "/nested/folder/recall.png", "/nested/folder/recall.pdf", "/nested/folder/recall.csv"]);

  const svg = readFileSync(files[0]!, "utf8");
  // (attributes in name order: see sortedAttributes)
  assert.match(svg, /^<svg[^>]* height="252"[^>]* width="336"/);
  // 3 traces: the CI ribbon and two lines, each a <g class="trace scatter …">
  assert.equal(svg.match(/class="trace scatter/g)?.length, 3);
  assert.match(svg, /Recall by session \(offline:test-v1\)/);
  assert.match(svg, /DejaVu Sans/);

  const png = readFileSync(files[1]!);
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  // 336 × 3.125 = 1050, 252 × 3.125 = 787.5 → plotly rounds the canvas to 788
  const { width, height } = pngSize(png);
  assert.equal(width, 1050);
  assert.ok(Math.abs(height - 787.5) <= 0.5, `PNG height ${height}`);

  const pdf = readFileSync(files[2]!);
  assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-");
  const text = pdf.toString("latin1");
  assert.match(text, /\/BaseFont\s*\/[A-Z]{6}\+DejaVuSans/, "DejaVu Sans subset embedded");
  assert.match(text, /\/FontFile2/, "TrueType font program embedded");
  const pdffonts = spawnSync("pdffonts", [files[2]!], { encoding: "utf8" });
  if (pdffonts.status === 0) {
    const rows = pdffonts.stdout.split("\n").slice(2).filter((l) => l.trim());
    assert.ok(rows.length > 0);
    for (const row of rows) assert.match(row, /\byes\s+yes\b/, `font not embedded as subset: ${row}`);
  }
});

test("rendering is deterministic and the browser is reused across figures", async () => {
  const a = await renderSVG(fig);
  const t0 = Date.now();
  const b = await renderSVG(fig);
  const ms = Date.now() - t0;
  assert.equal(a, b, "same figure ⇒ byte-identical SVG");
  assert.ok(ms < 5000, `second render took ${ms} ms; the browser should be reused`);
  // A relative base gives relative paths back (notebook outputs must not depend on where the project lives).
  const cwd = process.cwd();
  process.chdir(dir);
  let other: string[];
  try {
    other = await save(
      barWithCI(["a", "b"], [{ name: "g", values: [1, 2], lower: [0.5, 1.5], upper: [1.5, 2.5] }], { title: "Bars" }),
      "rel/bars",
      { formats: ["svg"] },
    );
  } finally {
    process.chdir(cwd);
  }
  assert.deepEqual(other, ["rel/bars.svg"]);
  assert.match(readFileSync(join(dir, "rel", "bars.svg"), "utf8"), /class="trace bars"/);
  const forest = await renderSVG(forestPlot([{ label: "x", estimate: 2, lower: 1.1, upper: 3.5 }], { log: true }));
  assert.match(forest, /class="trace scatter/);
});
