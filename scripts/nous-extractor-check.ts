/**
 * The offline extractor's precision checks in one place, to compare an extractor change before and after:
 *   node --import tsx scripts/nous-extractor-check.ts [--errors]
 * prints precision and recall on the sentence set (dev, and held-out scored only), on the hand-checked LoCoMo dev
 * sample, and Nous's overall F1 (categories 1–4) on LoCoMo's dev split (full model, offline). The LoCoMo lines need
 * locomo10.json (LOCOMO_PATH or ../shared/data); without it they are skipped. `--errors` lists the sentence dev
 * part's and the LoCoMo sample's errors (ids and triples only).
 */
import { parseArgs } from "node:util";
import { evaluateSentences } from "../lib/nous/models/sentences-eval.js";
import { scoreLocomoSample } from "../lib/nous/models/locomo-sample.js";
import { findLocomo, loadLocomo } from "../lib/nous/locomo/data.js";
import { overallF1 } from "../lib/nous/analysis.js";
import { runner } from "../lib/nous/runner.js";
import { cellAddresser } from "../lib/core/mechanism.js";
import { createRng } from "../lib/core/rng.js";

const { values } = parseArgs({ options: { errors: { type: "boolean" } } });
const pct = (x: number) => (100 * x).toFixed(1);
const { dev, heldOut } = evaluateSentences();
for (const [name, s] of [["sentences dev", dev], ["sentences held-out", heldOut]] as const) {
  console.log(`${name}\texpected ${s.expected}\textracted ${s.extracted}\tprecision ${pct(s.precision)}\trecall ${pct(s.recall)}`);
}
if (values.errors) for (const e of dev.errors) console.log("  ", JSON.stringify(e));
const path = findLocomo();
if (!path || !/locomo10\.json$/.test(path)) {
  console.log("locomo10.json not found: the LoCoMo checks are skipped");
  process.exit(0);
}
const sample = scoreLocomoSample(loadLocomo(path));
console.log(`locomo dev sample\texpected ${sample.expected}\textracted ${sample.extracted}\tprecision ${pct(sample.precision)}\trecall ${pct(sample.recall)}`);
if (values.errors) for (const e of sample.errors) console.log("  ", JSON.stringify(e));
const params = runner.paramsSchema.parse({ data: path, split: "dev", systems: ["nous"], deltas: false });
const r = await runner.runCell({ runId: "dev/none", seed: 1, condition: { ablation: "none" }, params, model: { kind: "offline" }, rng: createRng(1), address: cellAddresser("nous", "dev/none", 1) });
const f1 = overallF1(r.tables.answers)[0];
console.log(`locomo dev F1 (1-4)\tn ${f1.n_1_4}\tF1 ${Number(f1.f1_1_4).toFixed(2)}\tcontext recall ${Number(f1.context_recall_1_4).toFixed(2)}`);
