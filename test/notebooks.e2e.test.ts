// Executes every notebook in notebooks/ headlessly on the tslab kernel (the quick profile of each
// mechanism's default config), failing with the notebook, the cell index and the error text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
// @ts-expect-error plain ESM script without types
import { runNotebooks, listNotebooks, buildLibrary } from "../scripts/notebooks.mjs";

const notebooks: string[] = listNotebooks();

/** Output lines that look like a run's progress (`name: 3/7 cells (42%) · 0 failed · …`), in any output. */
function progressLines(nb: { cells: { outputs?: { text?: string | string[]; data?: Record<string, unknown> }[] }[] }): string[] {
  const texts = nb.cells.flatMap((c) => (c.outputs ?? []).flatMap((o) => [o.text ?? "", o.data?.["text/plain"] ?? ""]));
  return texts
    .flatMap((t) => (Array.isArray(t) ? t.join("") : String(t)).split("\n"))
    .filter((l) => /\d+\/\d+ cells \(\d+%\) · \d+ failed · /.test(l));
}

test("there are notebooks to execute", () => {
  assert.ok(notebooks.length > 0, "notebooks/*.ipynb is empty");
});

test("the library builds for the notebooks", () => {
  buildLibrary();
  assert.ok(existsSync(new URL("../dist/index.js", import.meta.url)));
});

for (const nb of notebooks) {
  test(`notebook executes cleanly: ${nb.split("/").pop()}`, { timeout: 15 * 60_000 }, async () => {
    const [res] = await runNotebooks([nb], { build: false, profile: "quick", log: () => {} });
    const executed = JSON.parse(readFileSync(res.output, "utf8"));
    const codeCells = executed.cells.filter((c: { cell_type: string }) => c.cell_type === "code");
    const withOutput = codeCells.filter((c: { outputs: unknown[] }) => c.outputs.length > 0);
    // tslab silently skips a cell after an error; a notebook whose cells all ran has outputs throughout.
    assert.ok(withOutput.length > 0, `${nb}: no cell produced output`);
    // A run started inside the notebook (ensureRun on a fresh clone) shows one progress line updated in place and
    // emptied at the end: the saved outputs hold no progress line.
    const progress = progressLines(executed);
    assert.deepEqual(progress, [], `${nb}: progress lines in the saved outputs`);
  });
}
