/**
 * End to end on a live flying-squid server: two bots build a 2 × 2 × 1 blueprint (one of them
 * needs a teammate's planks, handed over by drop and pick-up), the structure is scored from the
 * server's blocks, and everything stops with no process left behind. Also: a server that cannot
 * start is one error naming the port and the log file; a block the version does not know is refused
 * before anything starts.
 */
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, test } from "node:test";
import { createRng } from "../../core/rng.js";
import { DataError } from "../../core/errors.js";
import { runEpisode } from "../episode.js";
import { offlineJudge } from "../models/offline.js";
import { compileTask } from "../task.js";
import { SimParamsSchema } from "../types.js";
import { runMinecraftEpisode } from "./episode.js";
import { MinecraftServerError, startServer } from "./server.js";
import type { MinecraftServer } from "./server.js";
import { MinecraftWorld, checkTaskBlocks, levelsOf } from "./world.js";

const dir = mkdtempSync(join(tmpdir(), "agora-mc-"));
const blueprint = (materials: Record<string, number>, row0: string[], row1: string[]) => ({
  materials, levels: [{ level: 0, coordinates: [-10, -60, 7] as [number, number, number], placement: [row0, row1] }],
});
// agent 0 owns x = 0 (stone), agent 1 owns x = 1 (planks) but holds none: a transfer is needed
const task = compileTask("square", {
  type: "construction", agent_count: 2, timeout: 60,
  blueprint: blueprint({ stone: 2, oak_planks: 2 }, ["stone", "oak_planks"], ["stone", "oak_planks"]),
  initial_inventory: { "0": { stone: 2, oak_planks: 2 }, "1": {} },
});

function alive(pid: number): boolean {
  try { process.kill(pid, 0); return true; } catch { return false; }
}
function childrenOf(pid: number): number[] {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).split("\n").map((s) => Number(s.trim())).filter((n) => n > 0);
  } catch { return []; }
}

let server: MinecraftServer;
let world: MinecraftWorld;
before(async () => {
  server = await startServer({ logFile: join(dir, "server.log"), startTimeoutMs: 120_000 }); // generous: a loaded machine is slow to load flying-squid
  world = await MinecraftWorld.open(server, 2);
});
after(async () => {
  world?.close();
  await server?.stop();
});

test("two bots build a 2 × 2 × 1 blueprint on the server; the score is read from its blocks", { timeout: 120_000 }, async () => {
  const params = SimParamsSchema.parse({});
  const rng = createRng(7);
  const judge = offlineJudge(0.85, rng.fork("judge"));
  const r = await runMinecraftEpisode(world, task, "gated", params, rng, async (c) => judge(c), { log: true });
  // the structure stands on the server, block by block
  const c = world.completion();
  assert.equal(c.matches.length, 4);
  assert.equal(c.mismatches.length, 0);
  for (const [x, z, name] of [[0, 0, "stone"], [1, 0, "oak_planks"], [0, 1, "stone"], [1, 1, "oak_planks"]] as const) {
    assert.equal(world.blockAt([-10 + x, -60, 7 + z]), name, `block at ${x},${z}`);
    assert.equal(await server.call("getBlock", { x: x, y: 5, z: z }), name, `the server's own block at ${x},${z}`);
  }
  assert.equal(r.metrics.success, true);
  assert.equal(r.metrics.score, 1);
  assert.equal(r.minecraft.server_score, 1);
  assert.ok(r.minecraft.game_ticks !== null && r.minecraft.game_ticks > 0, "completion time in game ticks");
  // the planks went from agent 0 to agent 1 by drop and pick-up, and agent 1 placed them
  assert.ok(r.events!.some((e) => e.event === "transfer" && e.item === "oak_planks" && e.agent === 1));
  assert.equal(world.inventory(0).oak_planks ?? 0, 0);
  assert.equal(world.inventory(1).oak_planks ?? 0, 0);
  assert.equal(r.minecraft.uer_counterfactual, "blockworld_mirror");
  // the block world plays the same task and seed to the same decisions
  const rb = createRng(7);
  const b = runEpisode(task, "gated", params, rb, offlineJudge(0.85, rb.fork("judge")));
  assert.equal(b.metrics.success, true);
  assert.equal(b.metrics.escalated, r.metrics.escalated);
});

test("the agents observe the server, not the mirror: a stone taken on the server is missing in the mirror, and the two worlds disagree", { timeout: 120_000 }, async () => {
  const params = SimParamsSchema.parse({});
  const rng = createRng(7);
  const judge = offlineJudge(0.85, rng.fork("judge"));
  // after the first tick, a stone disappears from agent 0's inventory on the server (no disruption the mirror knows of)
  let taken = 0;
  const r = await runMinecraftEpisode(world, task, "gated", params, rng, async (c) => judge(c), {
    log: true, interfere: async (t) => { if (t === 1 && taken === 0) taken = await server.call<number>("take", { player: "agent0", item: "stone", count: 1 }); },
  });
  assert.equal(taken, 1);
  assert.ok(r.minecraft.observed_units >= 1, JSON.stringify(r.minecraft));
  // no stone is left anywhere: the structure cannot be finished on the server, and the agents knew it (a problem of a
  // missing stone), while the block world, where nothing was taken, builds it
  assert.equal(r.metrics.success, false);
  assert.equal(r.minecraft.server_score, 0.75);
  assert.ok(r.events!.some((e) => e.event === "detect" && e.kind === "missing_material" && e.item === "stone" && e.agent === 0));
  const rb = createRng(7);
  assert.equal(runEpisode(task, "gated", params, rb, offlineJudge(0.85, rb.fork("judge"))).metrics.success, true);
});

test("scoring reads the world level by level: a wrong block is a mismatch, the same structure scores the same", { timeout: 60_000 }, async () => {
  await world.setup(task);
  assert.equal(world.completion().score, 0);
  await server.call("setBlock", { x: 0, y: 5, z: 0, name: "stone" });
  await server.call("setBlock", { x: 1, y: 5, z: 0, name: "glass" }); // wrong block
  await new Promise((r) => setTimeout(r, 300));
  const c = world.completion();
  assert.equal(c.matches.length, 1);
  assert.equal(c.mismatches.length, 3);
  assert.equal(c.score, 0.25);
  assert.deepEqual(levelsOf(task)[0].placement, [["stone", "oak_planks"], ["stone", "oak_planks"]]);
});

test("a server that cannot start is one error naming the port and the log file", { timeout: 150_000 }, async () => {
  const busy = createServer();
  await new Promise<void>((r) => busy.listen(0, "127.0.0.1", () => r()));
  const port = (busy.address() as { port: number }).port;
  const log = join(dir, "busy.log");
  try {
    // a generous start time: on a loaded machine flying-squid takes a while to load before it meets the busy port
    await assert.rejects(startServer({ port, logFile: log, startTimeoutMs: 120_000 }), (e: Error) => {
      assert.ok(e instanceof MinecraftServerError);
      assert.match(e.message, new RegExp(`port ${port}`));
      assert.ok(e.message.includes(log), e.message);
      return true;
    });
    assert.match(readFileSync(log, "utf8"), /EADDRINUSE|error/i);
  } finally {
    busy.close();
  }
});

test("a block the server's Minecraft version does not know is refused, naming the block and the version", () => {
  const t = { ...task, materials: ["stone", "pale_moss_carpet_v2"] };
  assert.throws(() => checkTaskBlocks(t), (e: Error) => {
    assert.ok(e instanceof DataError);
    assert.match(e.message, /pale_moss_carpet_v2/);
    assert.match(e.message, /1\.21\.4/);
    return true;
  });
});

test("stopping leaves no process behind", { timeout: 30_000 }, async () => {
  const pid = server.pid;
  assert.ok(alive(pid));
  world.close();
  await server.stop();
  await server.stop(); // twice is harmless
  assert.equal(alive(pid), false, "the server process has exited");
  assert.deepEqual(childrenOf(process.pid).filter((p) => p === pid), []);
  await assert.rejects(server.call("tick"), MinecraftServerError);
});
