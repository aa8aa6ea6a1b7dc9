import { createRng } from "../core/rng.js";
import { generateTask } from "./generator.js";
import { compileTask } from "./task.js";
import { runEpisode } from "./episode.js";
import { offlineJudge } from "./models/offline.js";
import { SimParamsSchema } from "./types.js";
const params = SimParamsSchema.parse({});
const pol = process.argv[2] ?? "gated";
const task = compileTask("b", generateTask({ scenario: (process.argv[3] ?? "standard") as "standard" }, createRng(5)));
console.log("blocks", task.cells.length);
const t0 = performance.now(); let N = 0;
while (performance.now() - t0 < 3000) { const rng = createRng(N); runEpisode(task, pol, params, rng.fork("ep"), offlineJudge(0.85, rng.fork("j"))); N++; }
console.log(pol, (N / (performance.now() - t0) * 1000).toFixed(0), "ep/s");
import { ROLLOUT_STATS } from "./uer.js";
console.log(ROLLOUT_STATS, ROLLOUT_STATS.steps / N, ROLLOUT_STATS.calls / N);
