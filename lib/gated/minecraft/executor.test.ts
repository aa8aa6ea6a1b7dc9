/**
 * The Executor without a server: a recording stand-in for the Minecraft world shows that every
 * change of the mirror is carried out once (each placement, each hand-over the protocol decided,
 * each collection), and that failures flow back (a placement the world refuses is undone, so the
 * structure is never complete; a failed hand-over lands empty).
 */
import assert from "node:assert/strict";
import { test } from "node:test";
import { createRng } from "../../core/rng.js";
import { runEpisodeAsync } from "../episode.js";
import { generateTask } from "../generator.js";
import { offlineJudge } from "../models/offline.js";
import { compileTask } from "../task.js";
import { SimParamsSchema } from "../types.js";
import type { ActionResult, Vec3 } from "./interface.js";
import { Executor } from "./episode.js";
import type { MinecraftWorld } from "./world.js";

class Recorder {
  calls: string[] = [];
  blocks = new Map<string, string>();
  constructor(readonly refuse: Set<string> = new Set()) {}
  private act(kind: string, detail: string): ActionResult {
    this.calls.push(`${kind} ${detail}`);
    return this.refuse.has(kind) ? { ok: false, reason: `refused ${kind}` } : { ok: true, ticks: 1 };
  }
  blockAt(p: Vec3) { return this.blocks.get(p.join(",")) ?? "air"; }
  inventory() { return {}; }
  async move(a: number, to: Vec3) { return this.act("move", `${a} ${to}`); }
  async collect(a: number, block: string, n: number) { return this.act("collect", `${a} ${block} ${n}`); }
  async place(a: number, p: Vec3, block: string) {
    const r = this.act("place", `${a} ${p} ${block}`);
    if (r.ok) this.blocks.set(p.join(","), block);
    return r;
  }
  async give(from: number, to: number, item: string, n: number) { return this.act("give", `${from}>${to} ${item} ${n}`); }
  async clearObstacle(a: number) { return this.act("dig", `${a}`); }
  async blockPath() { this.calls.push("obstacle"); return [0, 0, 0]; }
  async destroyItems() { this.calls.push("destroy"); return 1; }
  async craftPickaxe() { this.calls.push("craft"); }
  async readClock() { return 0; }
  completion() { return { complete: true, score: 1 }; }
}

const sim = SimParamsSchema.parse({});
const task = compileTask("t", generateTask({ agents: 3, width: 4, depth: 2, levels: 2, materials: 3, scenario: "scarce" }, createRng(11)));

async function play(rec: Recorder, policy = "gated") {
  const exec = new Executor(rec as unknown as MinecraftWorld, task);
  const rng = createRng(3);
  const judge = offlineJudge(0.85, rng.fork("judge"));
  const r = await runEpisodeAsync(task, policy, sim, rng, async (c) => judge(c), { log: true, observe: (w) => exec.sync(w) });
  return { r, exec };
}

test("every placement, hand-over and collection of the mirror is carried out once", async () => {
  const rec = new Recorder();
  const { r, exec } = await play(rec);
  const count = (k: string) => rec.calls.filter((c) => c.startsWith(k + " ")).length;
  assert.equal(r.metrics.success, true);
  assert.equal(count("place"), task.cells.length, "each cell placed once");
  assert.equal(rec.blocks.size, task.cells.length);
  const transfers = r.events!.filter((e) => e.event === "transfer").length;
  assert.ok(count("give") >= transfers && transfers > 0, `${count("give")} gives for ${transfers} transfers`);
  const collected = r.events!.filter((e) => e.event === "local_recovery" && (e.kind === "missing_material" || e.kind === "conflict")).length;
  assert.ok(count("collect") <= collected + 1);
  assert.equal(exec.failed, 0);
  assert.equal(exec.undone, 0);
});

test("the null: a world that refuses placements never gets its structure, and the mirror undoes each one", async () => {
  const rec = new Recorder(new Set(["place"]));
  const { r, exec } = await play(rec);
  assert.equal(rec.blocks.size, 0);
  assert.equal(r.metrics.success, false);
  assert.ok(exec.undone > 0 && exec.failed >= exec.undone);
});

test("a hand-over the world refuses lands empty in the mirror", async () => {
  const rec = new Recorder(new Set(["give"]));
  const { r, exec } = await play(rec, "rigid");
  assert.ok(exec.undoneGives > 0);
  const landed = r.events!.filter((e) => e.event === "transfer");
  assert.ok(landed.length > 0 && landed.every((e) => e.count === 0), JSON.stringify(landed.map((e) => e.count)));
});
