import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import { ensureRun } from "../experiment/load.js";
import { mechanisms } from "../experiment/testing/registry.js";
import { runCli } from "./capture.js";
import { csvCell, tableCSV } from "./export.js";

test("tableCSV: union of columns in order, R's NA and TRUE/FALSE, full precision, quoting, nested values as JSON", () => {
  assert.equal(tableCSV([{ a: 1, b: null }, { a: 0.1 + 0.2, c: true, d: "x, \"y\"" }, { a: NaN, b: { k: [1] } }]),
    'a,b,c,d\n1,NA,NA,NA\n0.30000000000000004,NA,TRUE,"x, ""y"""\nNA,"{""k"":[1]}",NA,NA\n');
  assert.equal(csvCell(""), "");
  assert.equal(csvCell(-Infinity), "-Inf");
});

test("agora export writes every table of a run folder as CSV that reads back to the same rows", async () => {
  const root = mkdtempSync(join(tmpdir(), "agora-export-"));
  writeFileSync(join(root, "package.json"), "{}");
  mkdirSync(join(root, "data", "configs"), { recursive: true });
  const file = join(root, "data", "configs", "echo-default.json");
  writeFileSync(file, JSON.stringify({ mechanism: "echo", model: "offline", grid: { mode: ["a", "b"] }, seeds: [1, 2], params: { rows: 2 } }));
  const run = await ensureRun(file, { registry: mechanisms, profile: "full" });
  const r = await runCli(["export", run.dir, "--format", "csv"]);
  assert.equal(r.code, 0, r.err);
  for (const [name, rows] of Object.entries(run.tables)) {
    const path = join(run.dir, "csv", `${name}.csv`);
    assert.ok(existsSync(path), path);
    assert.match(r.out, new RegExp(`${name}\\.csv  \\(${rows.length} rows\\)`));
    const back = parse(readFileSync(path, "utf8"), { columns: true }) as Record<string, string>[];
    assert.equal(back.length, rows.length);
    back.forEach((row, i) => {
      for (const [k, v] of Object.entries(rows[i]!)) assert.equal(row[k], csvCell(v), `${name}[${i}].${k}`);
    });
  }
  const out = join(root, "elsewhere");
  const only = await runCli(["export", run.dir, "--out", out, "--tables", "draws"]);
  assert.equal(only.code, 0, only.err);
  assert.ok(existsSync(join(out, "draws.csv")) && !existsSync(join(out, "summary.csv")));
  const bad = await runCli(["export", run.dir, "--format", "xlsx"]);
  assert.equal(bad.code, 2);
  assert.match(bad.err, /unknown format "xlsx"/);
  const noTable = await runCli(["export", run.dir, "--tables", "nope"]);
  assert.match(noTable.err, /no table "nope".*\n.*tables: /);
  const notRun = await runCli(["export", root]);
  assert.equal(notRun.code, 1);
  assert.match(notRun.err, /no run folder here/);
});
