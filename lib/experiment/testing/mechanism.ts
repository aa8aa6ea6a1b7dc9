/**
 * A small mechanism for testing the experiment runner: each cell waits a little (a jittered delay drawn
 * from its own stream, so cells finish out of order), then writes seeded draws. Not in the public registry.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { MechanismRunner } from "../../core/mechanism.js";

export const testParamsSchema = z.strictObject({
  /** Mean wait of a cell in milliseconds (each cell waits 0.5–1.5 times this). */
  delayMs: z.number().nonnegative().default(0),
  /** Rows of the `draws` table per cell. */
  rows: z.number().int().positive().default(3),
  /** Cells whose `mode` factor equals this level throw. */
  failMode: z.string().optional(),
  /** On an LLM: a failed call becomes a row with an `error` instead of failing the cell (the cell is then degraded). */
  keepGoing: z.boolean().default(false),
  /** On an LLM: every row's call is sent at once (a failed call fails the cell while the others are in flight). */
  parallel: z.boolean().default(false),
  /** Nested params, to exercise deep merging. */
  shape: z.object({ scale: z.number().default(1), shift: z.number().default(0) }).default({ scale: 1, shift: 0 }),
});

export const ReplySchema = z.object({ n: z.number(), why: z.string() });

export type TestParams = z.infer<typeof testParamsSchema>;

/** The test mechanism `echo`: tables `draws` (one row per draw) and `summary` (one row per cell). */
export const echoRunner: MechanismRunner<TestParams> = {
  name: "echo",
  paramsSchema: testParamsSchema,
  tables: ["draws", "summary"],
  offlineModelLabel: "offline:echo-v1",
  // `mode` is read (failMode, the prompt); the others are labels the runner's tests vary cells by
  gridFactors: ["mode", "force", "memory", "arm"],
  promptTemplates: { ask: "Say a number between {{lo}} and {{hi}}." },
  async runCell(ctx) {
    const { params, rng, condition } = ctx;
    if (params.delayMs > 0) await sleep(params.delayMs * (0.5 + rng.fork("delay").uniform()));
    if (params.failMode !== undefined && condition.mode === params.failMode) {
      throw new Error(`echo: mode ${params.failMode} fails on purpose`);
    }
    const draws = rng.fork("draws");
    if (params.parallel && ctx.model.kind === "llm") {
      const llm = ctx.model.llm;
      const replies = await Promise.all(Array.from({ length: params.rows }, (_, i) => llm.generate({
        messages: [{ role: "user", content: "Say a number between 0 and 10, and why." }],
        schema: ReplySchema, schemaName: "number", temperature: 0.7, tag: "echo.ask", address: ctx.address("asker", { step: i }),
      })));
      const rows = replies.map((r, i) => ({ i, x: draws.uniform(), z: draws.normal(), reply: r.data!.why, n: r.data!.n }));
      return { tables: { draws: rows, summary: [{ mean: rows.reduce((s, r) => s + r.x, 0) / rows.length }] } };
    }
    const rows: { i: number; x: number; z: number; reply?: string; n?: number; error?: string }[] = [];
    const usage = { calls: 0, inputTokens: 0, outputTokens: 0 };
    for (let i = 0; i < params.rows; i++) {
      const row = { i, x: params.shape.shift + params.shape.scale * draws.uniform(), z: draws.normal() };
      if (ctx.model.kind === "llm") {
        try {
          // every row asks the same question: only the address makes the calls distinct samples
          const r = await ctx.model.llm.generate({
            messages: [{ role: "user", content: `Say a number between 0 and ${condition.mode === undefined ? 1 : 10}, and why.` }],
            schema: ReplySchema, schemaName: "number", temperature: 0.7, tag: "echo.ask",
            address: ctx.address("asker", { step: i }),
          });
          usage.calls++;
          usage.inputTokens += r.usage.inputTokens;
          usage.outputTokens += r.usage.outputTokens;
          rows.push({ ...row, reply: r.data!.why, n: r.data!.n });
        } catch (err) {
          if (!params.keepGoing) throw err;
          rows.push({ ...row, error: (err as Error).message });
        }
      } else rows.push(row);
    }
    const mean = rows.reduce((s, r) => s + r.x, 0) / rows.length;
    return { tables: { draws: rows, summary: [{ mean }] }, usage };
  },
};
