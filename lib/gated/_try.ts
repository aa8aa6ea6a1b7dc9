import { createRng } from "../core/rng.js";
import { generateTask } from "../gated/generator.js";
import { compileTask } from "../gated/task.js";
import { runEpisode } from "../gated/episode.js";
import { offlineJudge } from "../gated/models/offline.js";
import { SimParamsSchema, POLICIES } from "../gated/types.js";
const params = SimParamsSchema.parse({});
for (const scen of ["standard","scarce"] as const) {
 for (const pol of POLICIES) {
  const agg: Record<string, number> = {};
  const N=40;
  const t0=performance.now();
  for (let i=0;i<N;i++){
   const rng = createRng(i);
   const task = compileTask("t"+i, generateTask({scenario: scen}, rng.fork("task")));
   const r = runEpisode(task, pol, params, rng.fork("ep"), offlineJudge(0.85, rng.fork("judge")));
   for (const [k,v] of Object.entries(r.metrics)) if (typeof v==="number"||typeof v==="boolean") agg[k]=(agg[k]??0)+Number(v??0)/N;
  }
  const dt=performance.now()-t0;
  console.log(scen.padEnd(9), pol.padEnd(20), (N/dt*1000).toFixed(0)+" ep/s", ["success","score","completion_steps","problems","lrr","uer","ecr","messages","escalated"].map(k=>k+"="+(agg[k]??NaN).toFixed(2)).join(" "));
 }
}
