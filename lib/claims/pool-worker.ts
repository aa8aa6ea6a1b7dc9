/**
 * One worker process of the audit's pool (see pool.ts): runs each experiment config it receives into its folder and
 * answers whether every cell is ok.
 */
import { runExperiment } from "../experiment/run.js";
import type { PoolJob, PoolReply } from "./pool.js";

process.on("message", async (job: PoolJob & { id: number }) => {
  let reply: PoolReply;
  try {
    const res = await runExperiment(job.config, { out: job.out, resume: true });
    const bad = res.manifest.cells.find((c) => c.status !== "ok");
    reply = bad ? { id: job.id, ok: false, message: `${bad.runId}: ${bad.error?.message ?? bad.status}` } : { id: job.id, ok: true };
  } catch (err) {
    reply = { id: job.id, ok: false, message: (err as Error).message };
  }
  process.send!(reply);
});
