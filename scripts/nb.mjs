#!/usr/bin/env node
// Builds a notebook (.ipynb, tslab kernel) from its percent-format source in notebooks/src/.
//   node scripts/nb.mjs notebooks/src/01-tbs.ts [more…]     writes notebooks/01-tbs.ipynb
//   node scripts/nb.mjs --all
// Source format: a line `// %% [markdown]` starts a markdown cell (its lines are written `// text`);
// a line `// %%` starts a code cell. Lines before the first marker are ignored (a file header).
import { readFileSync, readdirSync, writeFileSync, renameSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

const root = new URL("..", import.meta.url).pathname;

export function parsePercent(text) {
  const cells = [];
  let cur = null;
  for (const line of text.split("\n")) {
    const m = /^\/\/ %%(.*)$/.exec(line);
    if (m) {
      if (cur) cells.push(cur);
      cur = { type: /\[markdown\]/.test(m[1]) ? "markdown" : "code", lines: [] };
      continue;
    }
    if (!cur) continue;
    if (cur.type === "markdown") cur.lines.push(line.replace(/^\/\/ ?/, ""));
    else cur.lines.push(line);
  }
  if (cur) cells.push(cur);
  return cells.map((c) => {
    while (c.lines.length && c.lines[c.lines.length - 1].trim() === "") c.lines.pop();
    while (c.lines.length && c.lines[0].trim() === "") c.lines.shift();
    const source = c.lines.map((l, i) => (i < c.lines.length - 1 ? l + "\n" : l));
    return c.type === "markdown"
      ? { cell_type: "markdown", metadata: {}, source }
      : { cell_type: "code", execution_count: null, metadata: {}, outputs: [], source };
  });
}

export function toNotebook(cells) {
  return {
    cells,
    metadata: {
      kernelspec: { display_name: "TypeScript", language: "typescript", name: "tslab" },
      language_info: {
        codemirror_mode: { mode: "typescript", name: "javascript", typescript: true },
        file_extension: ".ts",
        mimetype: "text/typescript",
        name: "typescript",
        version: "5.0.4",
      },
    },
    nbformat: 4,
    nbformat_minor: 5,
  };
}

export function buildNotebook(src) {
  const abs = resolve(src);
  const cells = parsePercent(readFileSync(abs, "utf8"));
  cells.forEach((c, i) => (c.id = `${basename(abs, ".ts")}-${i}`.replace(/[^A-Za-z0-9-_]/g, "-")));
  const out = join(dirname(dirname(abs)), basename(abs, ".ts") + ".ipynb");
  writeFileSync(out + ".tmp", JSON.stringify(toNotebook(cells), null, 1) + "\n");
  renameSync(out + ".tmp", out);
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  let args = process.argv.slice(2);
  if (args.includes("--all")) {
    const dir = join(root, "notebooks", "src");
    args = readdirSync(dir).filter((f) => f.endsWith(".ts")).map((f) => join(dir, f));
  }
  if (!args.length) {
    console.error("usage: node scripts/nb.mjs notebooks/src/NN-name.ts … | --all");
    process.exit(2);
  }
  for (const a of args) console.log("wrote " + buildNotebook(a));
}
