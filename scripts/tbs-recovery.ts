/**
 * Parameter recovery of the TBS offline model over the grid of generating values (lib/tbs/recovery.ts), written as
 * a table the notebook reads: figures/01-tbs/recovery-estimates.jsonl (one estimate per line) and
 * figures/01-tbs/recovery-meta.json (how it was produced).
 * Run: node --import tsx scripts/tbs-recovery.ts [seeds=20] [intervals=40] [folder=figures/01-tbs]
 * (about 3 minutes for 20 seeds × 40 intervals on the shared 2-core machine; the time goes into the simulations
 * and the two mixed-model fits of each replicate).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { defaultRecoveryGrid, recoverGrid, recoverySlopes } from "../lib/tbs/recovery.js";

const nSeeds = Number(process.argv[2] ?? 20);
const intervals = Number(process.argv[3] ?? 40);
if (!Number.isInteger(nSeeds) || nSeeds < 2 || !Number.isInteger(intervals) || intervals < 1)
  throw new Error(`scripts/tbs-recovery.ts: seeds (${nSeeds}) must be an integer ≥ 2 and intervals (${intervals}) an integer ≥ 1; run: node --import tsx scripts/tbs-recovery.ts 20 40`);
const seeds = Array.from({ length: nSeeds }, (_, i) => i + 1);
const points = defaultRecoveryGrid();
const t0 = Date.now();
const est = await recoverGrid({
  seeds,
  points,
  params: { intervals },
  onReplicate: (done, total) => {
    if (done % 20 === 0 || done === total) console.error(`${done}/${total} replicates, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  },
});
const dir = process.argv[4] ? pathToFileURL(resolve(process.argv[4]) + "/") : new URL("../figures/01-tbs/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("recovery-estimates.jsonl", dir), est.map((e) => JSON.stringify(e)).join("\n") + "\n");
writeFileSync(
  new URL("recovery-meta.json", dir),
  JSON.stringify(
    {
      command: `node --import tsx scripts/tbs-recovery.ts ${nSeeds} ${intervals}${process.argv[4] ? ` ${process.argv[4]}` : ""}`,
      model: "offline:tbs-cognitive-v1 (offline parametric model)",
      design: `each replicate: a Willing and a Rotation run with the same seed, 12 agents × ${intervals} intervals, other parameters at lib/tbs/params.ts defaults, no cost table`,
      seeds,
      points,
      fits: {
        latent: "glm: willing ~ x_d + x_s + agent_effect (the rule's linear predictor, u_i known)",
        weights: "glm: willing ~ x_c + x_p + x_s + agent_effect, rows with D < 1",
        "latent-re": "glmm: willing ~ x_d + x_s + m_d + m_s + (1 | agent) (u_i estimated; agents' means of the regressors)",
        items: "glmm: willing ~ diss10 + sil10 + mode + (1 | agent)",
      },
      slopes: recoverySlopes(est),
    },
    null,
    2,
  ) + "\n",
);
console.error(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
