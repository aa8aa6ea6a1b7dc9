import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { save } from "./save.js";

test("with AGORA_FIGURES_DIR set, a figure bound for figures/ lands there and the returned path stays as given", async () => {
  const root = mkdtempSync(join(tmpdir(), "agora-fig-"));
  const redirect = join(root, "out");
  const saved = process.env.AGORA_FIGURES_DIR;
  process.env.AGORA_FIGURES_DIR = redirect;
  try {
    const base = join(root, "figures", "01-x", "line");
    const fig = { data: [{ type: "scatter", x: [1, 2], y: [3, 4] }], layout: {} };
    const paths = await save(fig as never, base, { formats: ["csv"] });
    assert.deepEqual(paths, [`${base}.csv`]);
    assert.equal(existsSync(`${base}.csv`), false, "the committed folder is untouched");
    assert.match(readFileSync(join(redirect, "01-x", "line.csv"), "utf8"), /3/);
  } finally {
    if (saved === undefined) delete process.env.AGORA_FIGURES_DIR;
    else process.env.AGORA_FIGURES_DIR = saved;
  }
});
