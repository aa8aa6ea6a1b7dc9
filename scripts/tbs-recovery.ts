/**
 * Parameter recovery of the TBS offline model over the grid of generating values (lib/tbs/recovery.ts), at one or more
 * horizons (intervals per run), written as tables the notebook reads: figures/01-tbs/recovery-estimates.jsonl (one
 * estimate per line, with its horizon) and figures/01-tbs/recovery-meta.json (how it was produced, and the slopes).
 * Run: node --import tsx scripts/tbs-recovery.ts [seeds=20] [horizons=40,80,120] [folder=figures/01-tbs]
 * (the 40-interval grid takes a few minutes of CPU; the time grows with the horizon: simulations and two mixed-model
 * fits per replicate). Each horizon's estimates are appended as it finishes, so an interrupted run keeps them.
 */
import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { defaultRecoveryGrid, recoverGrid, recoverySlopes, type RecoveryEstimate } from "../lib/tbs/recovery.js";

const nSeeds = Number(process.argv[2] ?? 20);
const horizons = (process.argv[3] ?? "40,80,120").split(",").map(Number);
if (!Number.isInteger(nSeeds) || nSeeds < 2 || !horizons.every((h) => Number.isInteger(h) && h >= 1))
  throw new Error(`scripts/tbs-recovery.ts: seeds (${nSeeds}) must be an integer ≥ 2 and horizons (${process.argv[3]}) integers ≥ 1, comma-separated; run: node --import tsx scripts/tbs-recovery.ts 20 40,80,120`);
const seeds = Array.from({ length: nSeeds }, (_, i) => i + 1);
const points = defaultRecoveryGrid();
const dir = process.argv[4] ? pathToFileURL(resolve(process.argv[4]) + "/") : new URL("../figures/01-tbs/", import.meta.url);
mkdirSync(dir, { recursive: true });
const estFile = new URL("recovery-estimates.jsonl", dir);
writeFileSync(estFile, "");
const all: RecoveryEstimate[] = [];
const seconds: Record<number, number> = {};
for (const intervals of horizons) {
  const t0 = Date.now();
  const c0 = process.cpuUsage();
  const est = await recoverGrid({
    seeds,
    points,
    params: { intervals },
    onReplicate: (done, total) => {
      if (done % 40 === 0 || done === total) console.error(`${intervals} intervals: ${done}/${total} replicates, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    },
  });
  const cpu = process.cpuUsage(c0);
  seconds[intervals] = Math.round((cpu.user + cpu.system) / 1e6);
  appendFileSync(estFile, est.map((e) => JSON.stringify(e)).join("\n") + "\n");
  all.push(...est);
}
writeFileSync(
  new URL("recovery-meta.json", dir),
  JSON.stringify(
    {
      command: `node --import tsx scripts/tbs-recovery.ts ${nSeeds} ${horizons.join(",")}${process.argv[4] ? ` ${process.argv[4]}` : ""}`,
      model: "offline:tbs-cognitive-v1 (offline parametric model)",
      design: "each replicate: a Willing and a Rotation run with the same seed, 12 agents × the horizon's intervals, other parameters at lib/tbs/params.ts defaults, no cost table",
      seeds,
      horizons,
      cpuSeconds: seconds,
      points,
      fits: {
        latent: "glm: willing ~ x_d + x_s + agent_effect (the rule's linear predictor, u_i known)",
        weights: "glm: willing ~ x_c + x_p + x_s + agent_effect, rows with D < 1",
        "latent-re": "glmm: willing ~ x_d + x_s + m_d + m_s + (1 | agent) (u_i estimated; agents' means of the regressors)",
        items: "glmm: willing ~ diss10 + sil10 + mode + (1 | agent)",
      },
      slopes: recoverySlopes(all),
    },
    null,
    2,
  ) + "\n",
);
console.error(`done: CPU seconds by horizon ${JSON.stringify(seconds)}`);
