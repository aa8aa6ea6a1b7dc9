/**
 * Parameter recovery of the TBS offline model over the grid of generating values (lib/tbs/recovery.ts), written as
 * a table the notebook reads: figures/01-tbs/recovery-estimates.jsonl (one estimate per line) and
 * figures/01-tbs/recovery-meta.json (how it was produced).
 * Run: npx tsx scripts/tbs-recovery.ts [seeds=20]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { defaultRecoveryGrid, recoverGrid, recoverySlopes } from "../lib/tbs/recovery.js";

const nSeeds = Number(process.argv[2] ?? 20);
const seeds = Array.from({ length: nSeeds }, (_, i) => i + 1);
const points = defaultRecoveryGrid();
const t0 = Date.now();
const est = await recoverGrid({
  seeds,
  points,
  onReplicate: (done, total) => {
    if (done % 20 === 0 || done === total) console.error(`${done}/${total} replicates, ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  },
});
const dir = new URL("../figures/01-tbs/", import.meta.url);
mkdirSync(dir, { recursive: true });
writeFileSync(new URL("recovery-estimates.jsonl", dir), est.map((e) => JSON.stringify(e)).join("\n") + "\n");
writeFileSync(
  new URL("recovery-meta.json", dir),
  JSON.stringify(
    {
      command: `npx tsx scripts/tbs-recovery.ts ${nSeeds}`,
      model: "offline:tbs-cognitive-v1 (offline parametric model)",
      design: "each replicate: a Willing and a Rotation run with the same seed, 12 agents × 40 intervals, other parameters at lib/tbs/params.ts defaults",
      seeds,
      points,
      fits: {
        latent: "willing ~ x_d + x_s + m_d + m_s + (1 | agent)",
        weights: "willing ~ x_c + x_p + x_s + m_c + m_p + m_s + (1 | agent), rows with D < 1",
        items: "willing ~ diss10 + sil10 + mode + (1 | agent)",
      },
      slopes: recoverySlopes(est),
    },
    null,
    2,
  ) + "\n",
);
console.error(`done in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
