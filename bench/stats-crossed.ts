// `npm run bench` runs this beside bench/stats.ts: the crossed and sparse designs of issue-sized mixed models against
// lmer in the same run, each in its own process (`bench/stats.ts --crossed`, then `--sparse`), so `npm run bench`
// covers them without making `bench/stats.ts`'s 100,000-row run longer. Results: bench/results/stats-crossed.json and
// bench/results/stats-sparse.json.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";

const script = fileURLToPath(new URL("./stats.ts", import.meta.url));
let failed = 0;
for (const flag of ["--crossed", "--sparse"]) {
  const r = spawnSync(process.execPath, ["--import", "tsx", script, flag], { stdio: "inherit" });
  if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
