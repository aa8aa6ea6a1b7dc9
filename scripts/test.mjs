#!/usr/bin/env node
// Runs the test suite with node's test runner through tsx.
//   npm test             every test: unit tests, then the slow end-to-end ones (*.e2e.test.ts: notebooks, browser;
//                        the browser test after the others, since it reuses the notebooks' run folders)
//   npm run test:unit    unit tests only
// Extra arguments are passed to `node --test` (e.g. --test-name-pattern=lmm).
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { setup } from "./setup.mjs";

const root = new URL("..", import.meta.url).pathname;
const args = process.argv.slice(2);
const unitOnly = args.includes("--unit");
const e2eOnly = args.includes("--e2e");
const passThrough = args.filter((a) => a !== "--unit" && a !== "--e2e");

function walk(dir, out) {
  for (const name of readdirSync(dir)) {
    if (name === "node_modules" || name.startsWith(".")) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else if (name.endsWith(".test.ts")) out.push(relative(root, p));
  }
  return out;
}

try {
  // Unit tests need only the npm packages; the end-to-end ones also need Jupyter and Chromium.
  await setup({ browser: !unitOnly });
} catch (e) {
  console.error(e.message);
  process.exit(1);
}

const all = [...walk(join(root, "lib"), []), ...walk(join(root, "test"), [])].sort();
const e2e = all.filter((f) => f.endsWith(".e2e.test.ts"));
const unit = all.filter((f) => !f.endsWith(".e2e.test.ts"));
const files = unitOnly ? unit : e2eOnly ? e2e : [...unit, ...e2e];
if (files.length === 0) {
  console.error("no test files found");
  process.exit(1);
}
// The browser test runs last, alone: it reuses the run folders the headless notebook tests wrote.
const browserTest = join("test", "browser.e2e.test.ts");
const phases = [files.filter((f) => f !== browserTest), files.filter((f) => f === browserTest)].filter((p) => p.length);
let status = 0;
for (const phase of phases) {
  const res = spawnSync(
    process.execPath,
    ["--import", "tsx", "--test", "--test-reporter=spec", "--test-concurrency=2", ...passThrough, ...phase],
    { cwd: root, stdio: "inherit" },
  );
  if (res.status !== 0) status = res.status ?? 1;
}
process.exit(status);
