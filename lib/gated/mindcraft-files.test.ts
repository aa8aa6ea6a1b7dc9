import { test } from "node:test";
import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createRng } from "../core/rng.js";
import { runEpisode } from "./episode.js";
import { offlineJudge } from "./models/offline.js";
import { compileTask, loadTaskFile } from "./task.js";
import { SimParamsSchema } from "./types.js";

const dir = fileURLToPath(new URL("../../data/tasks/mindcraft/", import.meta.url));

/**
 * Every construction task file of MindCraft's repository (kolbytn/mindcraft @ 00127506,
 * tasks/construction_tasks/), with the git blob id it has there: a copy is unmodified when its blob id is the same.
 */
const FILES: Record<string, string> = {
  "custom/church_one_agent.json": "235fb573931988d820dcff11e535acb6eb3b1d31",
  "custom/church_three_agents.json": "e6c6cc9a0be0db905bdf1b1c700cdf115a5baf6c",
  "custom/church_two_agents.json": "28317581c3d1f4a62fa0280540fac9247493cb0c",
  "custom/flower_three_agents.json": "7d1a11a27a6ddf3741c97520bdb8321c871efd5c",
  "custom/pyramid.json": "ed183c8418a53e1478ec80b5c1e3b41331e4d705",
  "custom/pyramid_three_agents.json": "a3dacd3b369ceccdc3fe5ad14295890be2913196",
  "custom/tasks.json": "f8a5574625e3163118819bf8e26422129535a9ea",
  "human_ai/1_agent_1_human.json": "23171dab549ce6b6961ff9846a3d48dd704f4d34",
  "human_ai/2_agent_1_human.json": "29d5253b3ee9eead9970bf78f33808f14ccfb144",
};

const blobId = (bytes: Buffer) => createHash("sha1").update(`blob ${bytes.length}\0`).update(bytes).digest("hex");

test("all nine construction files of MindCraft's repository are here unmodified and load", () => {
  for (const [f, id] of Object.entries(FILES)) {
    assert.equal(blobId(readFileSync(dir + f)), id, `${f} differs from MindCraft's`);
    const tasks = loadTaskFile(dir + f);
    assert.ok(tasks.length >= 1 && tasks.every((t) => t.cells.length > 0), f);
  }
});

test("human_count: humans are scripted participants with the inventory after the agents', or absent with a warning naming what is dropped", () => {
  const [one] = loadTaskFile(`${dir}human_ai/1_agent_1_human.json`);
  assert.equal(one.nAgents, 2);
  assert.deepEqual(Array.from(one.scripted), [0, 1]);
  assert.equal(one.names[1], "erringnine", "the file's username");
  assert.equal(one.inv0[1 * one.materials.length + one.materials.indexOf("stone_bricks")], 142, "the human holds inventory \"1\"");
  assert.match(one.warnings.join("\n"), /human_count 1: erringnine \(inventory "1": .*142 stone_bricks.*\) is a scripted participant/);
  const [absent] = loadTaskFile(`${dir}human_ai/1_agent_1_human.json`, { humans: "absent" });
  assert.equal(absent.nAgents, 1);
  assert.match(absent.warnings.join("\n"), /erringnine is absent; dropped with it: inventory "1" \(1 diamond_pickaxe, .*142 stone_bricks, 1 quartz_block, 4 oak_fence, 15 glass_pane\)/);
  assert.match(absent.warnings.join("\n"), /hold 0 stone_bricks, the blueprint needs 142: this task cannot be completed/);
  // two agents and one human: the human gets inventory "agent_count + 0" = "2" (MindCraft's starting_idx); no usernames
  const [two] = loadTaskFile(`${dir}human_ai/2_agent_1_human.json`);
  assert.equal(two.nAgents, 3);
  assert.deepEqual(Array.from(two.scripted), [0, 0, 1]);
  assert.equal(two.names[2], "human 0");
  assert.match(two.warnings.join("\n"), /human 0 \(inventory "2": /);
});

test("inventories that do not match agent_count are read as MindCraft reads them: by agent index, the rest never handed out", () => {
  // church_two_agents.json says agent_count 1 but has inventories "0" and "1": MindCraft gives agent 0 inventory "0" only
  const [t] = loadTaskFile(`${dir}custom/church_two_agents.json`);
  assert.equal(t.id, "church_two_agent");
  assert.equal(t.nAgents, 1);
  assert.equal(t.inv0[t.materials.indexOf("oak_planks")], 153);
  assert.equal(t.inv0[t.materials.indexOf("stone_bricks")], 0);
  const w = t.warnings.join("\n");
  assert.match(w, /initial_inventory "1" \(.*142 stone_bricks.*\) belongs to no participant \(agent_count 1, human_count 0\): MindCraft never hands it out; dropped/);
  assert.match(w, /hold 0 stone_bricks, the blueprint needs 142/);
  // a missing inventory: that agent starts with nothing
  const spec = JSON.parse(readFileSync(`${dir}custom/pyramid.json`, "utf8")).pyramid;
  spec.agent_count = 3;
  const p = compileTask("pyramid3", spec);
  assert.equal(p.nAgents, 3);
  assert.match(p.warnings.join("\n"), /initial_inventory has no "2": agent 2 starts with nothing \(as in MindCraft\)/);
});

test("the real church with three agents runs to the end under free chat, rigid planning and the gate", () => {
  const [t] = loadTaskFile(`${dir}custom/church_three_agents.json`);
  assert.equal(t.cells.length, 337);
  const params = SimParamsSchema.parse({});
  for (const policy of ["free_chat", "rigid", "gated"]) {
    const rng = createRng(1);
    const r = runEpisode(t, policy, params, rng, offlineJudge(0.85, rng.fork("judge")));
    assert.ok(r.metrics.completion_steps <= t.timeout && r.metrics.score > 0.5, `${policy}: ${JSON.stringify(r.metrics)}`);
  }
});
