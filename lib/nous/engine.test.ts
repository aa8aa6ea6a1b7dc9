import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Memory } from "./engine.js";
import { query, renderContext } from "./query.js";

const DAY = 86_400_000;
const T0 = Date.UTC(2023, 0, 1);
const turn = (id: string, speaker: string, text: string, day: number) => ({ id, speaker, text, timestamp: T0 + day * DAY });
const job = (entity: string, value: string) => ({ triples: [{ entity, attribute: "job", value }] });

function tmp(): { dir: string; done: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "nous-"));
  return { dir, done: () => rmSync(dir, { recursive: true, force: true }) };
}

test("contradicting evidence moves the mass; surprise is computed before the update (hand-computed)", () => {
  const mem = Memory.open(":memory:", { halfLifeDays: null });
  const a = mem.ingest(turn("D1:1", "Ann", "I am a baker.", 0), job("Ann", "baker"));
  assert.equal(a[0].surprise, 0); // empty dimension: P(new) = α0/α0
  mem.ingest(turn("D1:2", "Ann", "Still a baker.", 1), job("Ann", "baker"));
  const c = mem.ingest(turn("D2:1", "Ann", "Now I am a librarian.", 2), job("Ann", "librarian"));
  assert.ok(Math.abs(c[0].surprise - 1.584962500721156) < 1e-12); // −log2(1/3): α baker 2, α0 1
  // prior baker 2/3, librarian 1/3; L 0.2, 0.8 → posterior 0.4/3 vs 0.8/3 → librarian 2/3
  const b1 = mem.belief("Ann", "job")!;
  assert.equal(b1[0].value, "librarian");
  assert.ok(Math.abs(b1[0].p - 2 / 3) < 1e-12);
  mem.ingest(turn("D2:2", "Ann", "I love the library job.", 3), job("Ann", "librarian"));
  assert.ok(mem.belief("Ann", "job")![0].p > 2 / 3);
  const traj = mem.trajectory("Ann", "job");
  assert.equal(traj.length, 4);
  assert.deepEqual(traj[2].prior.map((x) => x.value), ["baker"]);
  assert.deepEqual(traj[2].posterior.map((x) => x.value), ["librarian", "baker"]);
  mem.close();
});

test("the memory file survives the process: another process reads the same state (WAL, reader beside a writer)", () => {
  const { dir, done } = tmp();
  const path = join(dir, "m.db");
  const mem = Memory.open(path, { halfLifeDays: 30 });
  mem.ingest(turn("D1:1", "Ann", "I work at a bakery.", 0), { triples: [{ entity: "Ann", attribute: "work", value: "bakery" }], mentions: ["Ben"] });
  mem.ingest(turn("D1:2", "Ben", "I play violin.", 0), { triples: [{ entity: "Ben", attribute: "play", value: "violin" }] });
  // a reader opened while the writer still holds the file
  const reader = Memory.open(path, {}, { readonly: true });
  assert.equal(reader.deltas.length, 2);
  mem.ingest(turn("D2:1", "Ann", "I work at a library now.", 10), { triples: [{ entity: "Ann", attribute: "work", value: "library" }] });
  assert.equal(reader.refresh(), 1);
  assert.equal(reader.belief("Ann", "work")![0].value, "library");
  assert.equal(reader.options.halfLifeDays, 30); // options saved in the file
  reader.close();
  assert.throws(() => Memory.open(path, { halfLifeDays: 10 }), /options\.halfLifeDays: this memory was written with halfLifeDays = 30/);
  const script = `import { Memory } from ${JSON.stringify(new URL("./engine.ts", import.meta.url).pathname)};
const m = Memory.open(${JSON.stringify(path)});
console.log(JSON.stringify({ n: m.deltas.length, belief: m.belief("Ann", "work"), adj: [...m.adjacency.get("Ann")] }));`;
  const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { encoding: "utf8" });
  assert.equal(child.status, 0, child.stderr);
  const got = JSON.parse(child.stdout);
  assert.equal(got.n, 3);
  assert.deepEqual(got.belief, mem.belief("Ann", "work"));
  assert.deepEqual(got.adj, ["Ben"]);
  mem.close();
  done();
});

test("opening errors name the file and the fix", () => {
  assert.throws(() => Memory.open("/nonexistent-dir/x.db"), /nonexistent-dir\/x\.db: cannot open the memory file.*writable/s);
  assert.throws(() => Memory.open("/nonexistent-dir/y.db", {}, { readonly: true }), /open it once for writing first/);
  assert.throws(() => Memory.open(":memory:", { reliability: 2 }), /nous\.reliability/);
});

test("one transaction per turn: a turn that fails half-way leaves nothing behind", () => {
  const mem = Memory.open(":memory:");
  mem.ingest(turn("D1:1", "Ann", "x", 0), job("Ann", "baker"));
  const bad = { triples: [{ entity: "Ann", attribute: "job", value: "cook" }, { entity: "Ann", attribute: "job", value: null as unknown as string }] };
  assert.throws(() => mem.ingest(turn("D1:2", "Ann", "y", 1), bad));
  assert.equal((mem.store.db.prepare("SELECT COUNT(*) AS n FROM deltas").get() as { n: number }).n, 1);
  assert.deepEqual(mem.belief("Ann", "job"), [{ value: "baker", p: 1 }]); // the belief rolled back too
  mem.close();
});

test("ablations: last-write-wins keeps only the newest value; no decay keeps beliefs sharp", () => {
  const lww = Memory.open(":memory:", { updateRule: "last-write-wins" });
  for (const [i, v] of ["baker", "baker", "baker", "librarian"].entries()) lww.ingest(turn(`D1:${i}`, "Ann", v, i), job("Ann", v));
  assert.deepEqual(lww.belief("Ann", "job"), [{ value: "librarian", p: 1 }]);
  // Bayes with r = 0.8: a contradiction flips the mode only when the prior odds are below r/(1−r) = 4
  const run = (values: string[], opts = {}) => {
    const m = Memory.open(":memory:", { halfLifeDays: null, ...opts });
    values.forEach((v, i) => m.ingest(turn(`D1:${i}`, "Ann", v, i), job("Ann", v)));
    return m;
  };
  const three = run(["baker", "baker", "baker", "librarian"]).belief("Ann", "job")!;
  assert.equal(three[0].value, "librarian");
  assert.ok(Math.abs(three[0].p - 0.2 / 0.35) < 1e-12); // 1/4·0.8 vs 3/4·0.2
  const five = run(["baker", "baker", "baker", "baker", "baker", "librarian"]).belief("Ann", "job")!;
  assert.equal(five[0].value, "baker");
  assert.ok(Math.abs(five[0].p - (5 / 6 * 0.2) / (5 / 6 * 0.2 + 1 / 6 * 0.8)) < 1e-12);
  // decay: a year later the belief is flatter with a 90-day half-life, unchanged without decay
  const decaying = run(["baker", "baker", "librarian"], { halfLifeDays: 90 });
  const frozen = run(["baker", "baker", "librarian"]);
  const later = T0 + 365 * DAY;
  assert.ok(decaying.belief("Ann", "job", later)![0].p < frozen.belief("Ann", "job", later)![0].p);
  assert.ok(Math.abs(frozen.belief("Ann", "job", later)![0].p - 2 / 3) < 1e-12);
});

test("query: entity linking, BFS hops, BM25 evidence with k distinct turns, multi-valued recall", () => {
  const mem = Memory.open(":memory:", { k: 2, thetaMin: 0.5 });
  mem.ingest(turn("D1:1", "Ann", "I visited Lisbon with my sister Clara.", 0), { triples: [{ entity: "Ann", attribute: "visit", value: "Lisbon" }, { entity: "Ann", attribute: "sister", value: "Clara" }], mentions: ["Clara"] });
  mem.ingest(turn("D1:2", "Clara", "I visited Madrid for work.", 1), { triples: [{ entity: "Clara", attribute: "visit", value: "Madrid" }], mentions: ["Dora"] });
  mem.ingest(turn("D1:3", "Ann", "I visited Rome last spring.", 2), { triples: [{ entity: "Ann", attribute: "visit", value: "Rome" }] });
  mem.ingest(turn("D1:4", "Dora", "I visited Oslo once.", 3), { triples: [{ entity: "Dora", attribute: "visit", value: "Oslo" }] });
  const ctx = query(mem, "Which cities has Ann visited?");
  assert.deepEqual(ctx.linked, ["Ann"]);
  assert.deepEqual(ctx.reached, { Ann: 0, Clara: 1, Dora: 2 });
  assert.equal(ctx.evidence.length, 2);
  const visit = ctx.facts.find((f) => f.entity === "Ann" && f.attribute === "visit")!;
  assert.deepEqual(visit.recalled, ["Rome"]); // Lisbon came at surprise 0 (first value); Rome at −log2(1/2) = 1 bit
  assert.match(renderContext(ctx), /Ann · visit: Rome/);
  // no hops: only Ann's deltas
  const local = query(mem, "Which cities has Ann visited?", { hops: 0, k: 10 });
  assert.ok(local.evidence.every((e) => e.entity === "Ann"));
  const wide = query(mem, "Which cities has Ann visited?", { hops: 2, k: 10 });
  assert.ok(wide.evidence.some((e) => e.entity === "Dora"));
});

test("identity resolution merges entities whose shared dimensions agree (symmetrised KL below the threshold)", () => {
  const mem = Memory.open(":memory:", { identityMinShared: 2, identityThreshold: 0.1 });
  const facts = (e: string) => ({ triples: [{ entity: e, attribute: "job", value: "nurse" }, { entity: e, attribute: "city", value: "York" }] });
  mem.ingest(turn("D1:1", "Chen", "x", 0), facts("Chen"));
  mem.ingest(turn("D1:2", "Chen", "y", 1), facts("Chen"));
  mem.ingest(turn("D1:3", "Dilys", "z", 2), facts("C."));
  mem.ingest(turn("D1:4", "Dilys", "w", 3), { triples: [{ entity: "Dilys", attribute: "job", value: "teacher" }, { entity: "Dilys", attribute: "city", value: "Leeds" }] });
  const merges = mem.resolveIdentities();
  assert.deepEqual(merges.map((m) => [m.alias, m.canonical]), [["C.", "Chen"]]);
  assert.equal(mem.resolve("C."), "Chen");
});

test("a reader in this process keeps reading while another process ingests (WAL, no busy errors)", async () => {
  const { spawn } = await import("node:child_process");
  const { dir, done } = tmp();
  const path = join(dir, "w.db");
  Memory.open(path).close(); // create the file first
  const script = `import { Memory } from ${JSON.stringify(new URL("./engine.ts", import.meta.url).pathname)};
const m = Memory.open(${JSON.stringify(path)});
for (let i = 0; i < 300; i++) m.ingest({ id: "D1:" + i, speaker: "Ann", text: "turn " + i, timestamp: ${T0} + i * 1000 },
  { triples: [{ entity: "Ann", attribute: "count", value: "v" + (i % 7) }] });
m.close();`;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { stdio: ["ignore", "ignore", "pipe"] });
  let stderr = "";
  child.stderr.on("data", (b) => (stderr += b));
  const exited = new Promise<number | null>((res) => child.on("exit", (code) => res(code)));
  const reader = Memory.open(path, {}, { readonly: true });
  let reads = 0;
  let finished = false;
  void exited.then(() => (finished = true));
  while (!finished) {
    reader.refresh();
    reads++;
    await new Promise((r) => setTimeout(r, 5));
  }
  assert.equal(await exited, 0, stderr);
  reader.refresh();
  assert.equal(reader.deltas.length, 300);
  assert.ok(reads > 1);
  assert.equal(reader.belief("Ann", "count")!.length, 7);
  reader.close();
  done();
});
