import { test } from "node:test";
import assert from "node:assert/strict";
// @ts-expect-error plain ESM script without types
import { parsePercent, toNotebook } from "../scripts/nb.mjs";
// @ts-expect-error plain ESM script without types
import { notebookProblems } from "../scripts/notebooks.mjs";

test("percent-format sources become markdown and code cells", () => {
  const cells = parsePercent("// header\n// %% [markdown]\n// # Title\n// text\n// %%\nconst x = 1;\n\nx\n");
  assert.equal(cells.length, 2);
  assert.equal(cells[0].cell_type, "markdown");
  assert.deepEqual(cells[0].source, ["# Title\n", "text"]);
  assert.deepEqual(cells[1].source, ["const x = 1;\n", "\n", "x"]);
  const nb = toNotebook(cells);
  assert.equal(nb.metadata.kernelspec.name, "tslab");
});

test("stderr streams and error outputs are reported with their cell index", () => {
  const nb = {
    cells: [
      { cell_type: "markdown", source: [] },
      { cell_type: "code", outputs: [{ output_type: "stream", name: "stdout", text: ["ok"] }] },
      { cell_type: "code", outputs: [{ output_type: "stream", name: "stderr", text: ["1:7 - Type error"] }] },
      { cell_type: "code", outputs: [{ output_type: "error", ename: "Error", evalue: "boom", traceback: [] }] },
    ],
  };
  const problems = notebookProblems(nb);
  assert.deepEqual(problems.map((p: { index: number }) => p.index), [2, 3]);
  assert.match(problems[0].text, /Type error/);
  assert.match(problems[1].text, /boom/);
});
