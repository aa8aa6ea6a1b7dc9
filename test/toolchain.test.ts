import { test } from "node:test";
import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
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

test("every committed notebook has the cells of its percent-format source (edit the source, then rebuild or execute)", () => {
  const dir = new URL("../notebooks/", import.meta.url);
  const sources = readdirSync(new URL("src/", dir)).filter((f) => f.endsWith(".ts"));
  assert.ok(sources.length >= 4);
  for (const f of sources) {
    const cells = parsePercent(readFileSync(new URL(`src/${f}`, dir), "utf8")) as { cell_type: string; source: string[] }[];
    const nb = JSON.parse(readFileSync(new URL(f.replace(/\.ts$/, ".ipynb"), dir), "utf8")) as { cells: { cell_type: string; source: string[] }[] };
    assert.equal(nb.cells.length, cells.length, `${f}: cell count`);
    cells.forEach((c, i) => {
      assert.equal(nb.cells[i].cell_type, c.cell_type, `${f}: cell ${i}'s type`);
      assert.equal(nb.cells[i].source.join(""), c.source.join(""), `${f}: cell ${i} differs from its source`);
    });
  }
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

test("the npm install matches the lock by package versions, not by file times; optional packages may be absent", async () => {
  // @ts-expect-error plain ESM script without types
  const { installMatchesLock } = await import("../scripts/setup.mjs");
  const { mkdtempSync, mkdirSync, writeFileSync } = await import("node:fs");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = mkdtempSync(join(tmpdir(), "agora-lock-"));
  const lock = (packages: Record<string, unknown>) =>
    writeFileSync(join(dir, "package-lock.json"), JSON.stringify({ lockfileVersion: 3, packages: { "": { name: "x" }, ...packages } }));
  assert.equal(installMatchesLock(dir), false, "nothing installed");
  mkdirSync(join(dir, "node_modules"));
  writeFileSync(join(dir, "node_modules", ".package-lock.json"), JSON.stringify({ packages: { "node_modules/a": { version: "1.0.0" } } }));
  lock({ "node_modules/a": { version: "1.0.0" }, "node_modules/b-linux": { version: "2.0.0", optional: true } });
  assert.equal(installMatchesLock(dir), true);
  lock({ "node_modules/a": { version: "1.0.1" } });
  assert.equal(installMatchesLock(dir), false, "another version locked");
  lock({ "node_modules/a": { version: "1.0.0" }, "node_modules/c": { version: "3.0.0" } });
  assert.equal(installMatchesLock(dir), false, "a locked package missing");
});

test("pip's configured indexes become --index-url and --extra-index-url, in order", async () => {
  // @ts-expect-error plain ESM script without types
  const { indexArgs } = await import("../scripts/venv.mjs");
  assert.deepEqual(indexArgs([]), []);
  assert.deepEqual(indexArgs(["file:///a/simple", "file:///b/simple", "http://c/simple"]), [
    "--index-url", "file:///a/simple", "--extra-index-url", "file:///b/simple", "--extra-index-url", "http://c/simple",
  ]);
});

test("every package in jupyter/requirements.txt is pinned to one version", () => {
  const lines = readFileSync(new URL("../jupyter/requirements.txt", import.meta.url), "utf8")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l !== "" && !l.startsWith("#"));
  assert.ok(lines.length > 0);
  for (const l of lines) assert.match(l, /^[A-Za-z0-9_.-]+==[A-Za-z0-9_.+-]+$/, `not pinned: ${l}`);
  const names = lines.map((l) => l.split("==")[0].toLowerCase().replace(/[-_.]+/g, "-"));
  for (const want of ["jupyterlab", "plotly", "nbconvert", "nbclient", "ipykernel", "notebook"]) assert.ok(names.includes(want), `${want} is pinned`);
});

test("AGORA_JUPYTER chooses the Jupyter; an unknown value is refused with the choices", async () => {
  // @ts-expect-error plain ESM script without types
  const { jupyterChoice } = await import("../scripts/venv.mjs");
  assert.equal(jupyterChoice({ AGORA_JUPYTER: "debian" }).kind, "debian");
  assert.equal(jupyterChoice({ AGORA_JUPYTER: "venv" }).kind, "venv");
  assert.throws(() => jupyterChoice({ AGORA_JUPYTER: "lab" }), /AGORA_JUPYTER=lab is not a choice[\s\S]*fix: AGORA_JUPYTER=venv/);
});

test("npm run lab starts JupyterLab on the project root with its token, or Notebook 6 where JupyterLab is missing", async () => {
  // @ts-expect-error plain ESM script without types
  const { serverCommand } = await import("../scripts/lab.mjs");
  const o = { python: "/p/python", root: "/r", port: 8890, token: "t0k", extra: ["--foo"], isRoot: true };
  const [cmd, lab] = serverCommand({ ...o, kind: "venv" });
  assert.equal(cmd, "/p/python");
  assert.deepEqual(lab.slice(0, 2), ["-m", "jupyterlab"]);
  for (const a of ["--port=8890", "--no-browser", "--allow-root", "--IdentityProvider.token=t0k", "--ServerApp.root_dir=/r", "--foo"]) assert.ok(lab.includes(a), a);
  const [, classic] = serverCommand({ ...o, kind: "debian", isRoot: false });
  assert.deepEqual(classic.slice(0, 2), ["-m", "notebook"]);
  assert.ok(classic.includes("--NotebookApp.token=t0k") && classic.includes("--notebook-dir=/r") && !classic.includes("--allow-root"));
});
