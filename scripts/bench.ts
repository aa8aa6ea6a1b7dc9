// `npm run bench`: runs every benchmark in bench/*.ts in its own process (one after another, so they
// do not compete for the two cores), then prints the results each wrote to bench/results/<name>.json.
//   npm run bench                 all
//   npm run bench -- stats llm    some
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const dir = join(root, "bench");
const wanted = process.argv.slice(2);
const all = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && !f.startsWith("_"))
  .map((f) => f.replace(/\.ts$/, ""))
  .sort();
const names = wanted.length ? all.filter((n) => wanted.includes(n)) : all;
let failed = 0;
for (const name of names) {
  console.log(`\n=== bench/${name}.ts`);
  const res = spawnSync(process.execPath, ["--import", "tsx", join(dir, `${name}.ts`)], { cwd: root, stdio: "inherit" });
  if (res.status !== 0) {
    failed++;
    console.error(`bench/${name}.ts exited ${res.status}`);
  }
}
console.log("\n=== summary (bench/results/*.json)");
for (const name of names) {
  const f = join(dir, "results", `${name}.json`);
  if (existsSync(f)) console.log(`${name}: ${readFileSync(f, "utf8").trim().slice(0, 2000)}`);
}
process.exit(failed ? 1 : 0);
