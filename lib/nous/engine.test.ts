import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Memory } from "./engine.js";
import { factLine, query, renderContext } from "./query.js";

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

test("ingestAll: a window of turns is one transaction; a failing turn leaves none of the window behind", () => {
  const mem = Memory.open(":memory:");
  mem.ingest(turn("D1:1", "Ann", "x", 0), job("Ann", "baker"));
  const bad = { triples: [{ entity: "Ann", attribute: "job", value: null as unknown as string }] };
  assert.throws(() => mem.ingestAll([{ turn: turn("D1:2", "Ann", "y", 1), extraction: job("Ann", "cook") }, { turn: turn("D1:3", "Bob", "z", 2), extraction: job("Bob", "tiler") }, { turn: turn("D1:4", "Ann", "w", 3), extraction: bad }]));
  assert.equal((mem.store.db.prepare("SELECT COUNT(*) AS n FROM deltas").get() as { n: number }).n, 1);
  assert.deepEqual(mem.belief("Ann", "job"), [{ value: "baker", p: 1 }]);
  assert.equal(mem.belief("Bob", "job"), undefined);
  assert.equal(mem.deltas.length, 1);
  // the same turns one by one and as one window give the same file and beliefs
  const one = Memory.open(":memory:");
  const all = Memory.open(":memory:");
  const turns = [["Ann", "baker"], ["Bob", "tiler"], ["Ann", "cook"], ["Ann", "cook"]].map(([who, v], i) => ({ turn: turn(`D1:${i}`, who, v, i * 30), extraction: job(who, v) }));
  for (const t of turns) one.ingest(t.turn, t.extraction);
  const written = all.ingestAll(turns);
  assert.equal(written.length, 4);
  assert.deepEqual(all.store.allDeltas(), one.store.allDeltas());
  assert.deepEqual(all.belief("Ann", "job"), one.belief("Ann", "job"));
  for (const m of [mem, one, all]) m.close();
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

test("query: entity linking, BFS hops as a boost (not a filter), k distinct turns, what the graph leaves out", () => {
  const mem = Memory.open(":memory:", { k: 2, halfLifeDays: null });
  mem.ingest(turn("D1:1", "Ann", "I visited Lisbon with my sister Clara.", 0), { triples: [{ entity: "Ann", attribute: "travel", value: "Lisbon" }, { entity: "Ann", attribute: "family", value: "sister Clara" }], mentions: ["Clara"] });
  mem.ingest(turn("D1:2", "Clara", "I visited Madrid for work.", 1), { triples: [{ entity: "Clara", attribute: "travel", value: "Madrid" }], mentions: ["Dora"] });
  mem.ingest(turn("D1:3", "Ann", "I visited Rome last spring.", 2), { triples: [{ entity: "Ann", attribute: "travel", value: "Rome" }] });
  mem.ingest(turn("D1:4", "Dora", "I visited Oslo once.", 3), { triples: [{ entity: "Dora", attribute: "travel", value: "Oslo" }] });
  mem.ingest(turn("D1:5", "Eve", "I visited Oslo.", 4), { triples: [{ entity: "Eve", attribute: "travel", value: "Oslo" }] });
  mem.ingest(turn("D1:6", "Fay", "I visited Madrid.", 5), { triples: [{ entity: "Fay", attribute: "travel", value: "Madrid" }] });
  const ctx = query(mem, "Which cities has Ann visited?");
  assert.deepEqual(ctx.linked, ["Ann"]);
  assert.deepEqual(ctx.reached, { Ann: 0, Clara: 1, Dora: 2 });
  assert.equal(ctx.excluded, 2); // Eve's and Fay's deltas: no edge reaches them
  assert.equal(ctx.evidence.length, 2);
  assert.ok(ctx.evidence.every((e) => e.entity === "Ann"), "the named entity's deltas are boosted to the top");
  const travel = ctx.facts.find((f) => f.entity === "Ann" && f.attribute === "travel")!;
  assert.deepEqual(travel.recalled, ["Lisbon", "Rome"]); // the first value counts; Rome at −log2(1/2) = 1 bit ≥ θ_min
  assert.match(renderContext(ctx), /Ann · travel: (Lisbon|Rome)/);
  // not a filter: Eve's turn is still retrievable, and hops change the order of the rest
  const all = query(mem, "Which cities has Ann visited?", { k: 10 });
  assert.ok(all.evidence.some((e) => e.entity === "Eve"));
  // on BM25 alone Fay's shorter turn beats Clara's and Dora's ties Eve's; hop 1 lifts Clara (×1.5), hop 2 Dora (×1.25)
  const score = (hops: number) => Object.fromEntries(query(mem, "Who visited Oslo or Madrid? Ann?", { hops, k: 10 }).evidence.map((e) => [e.evidenceId, e.score]));
  const [s0, s1, s2] = [score(0), score(1), score(2)];
  assert.ok(s0["D1:6"] > s0["D1:2"] && s0["D1:4"] === s0["D1:5"]);
  assert.ok(s1["D1:2"] > s1["D1:6"] && s1["D1:4"] === s1["D1:5"]);
  assert.ok(s2["D1:2"] > s2["D1:6"] && Math.abs(s2["D1:4"] / s2["D1:5"] - 1.25) < 1e-12);
  // graphBoost 0 switches the graph off: hops no longer matter
  const flat = (hops: number) => query(mem, "Who visited Oslo or Madrid? Ann?", { hops, k: 10, graphBoost: 0 }).evidence.map((e) => e.evidenceId).join(" ");
  assert.equal(flat(0), flat(2));
});

test("multi-valued recall: five cities give five values (first value counts, threshold inclusive); off with thetaMin null", () => {
  const cities = ["Lisbon", "Rome", "Oslo", "Kyoto", "Lima"];
  const build = (thetaMin: number | null) => {
    const mem = Memory.open(":memory:", { thetaMin });
    cities.forEach((c, i) => mem.ingest(turn(`D1:${i}`, "Ann", `I visited ${c}.`, i), { triples: [{ entity: "Ann", attribute: "travel", value: c }] }));
    return factLine(mem, "Ann", "travel", T0 + 5 * DAY)!.recalled;
  };
  assert.deepEqual(build(1), cities);
  assert.deepEqual(build(null), []);
  // a repeated value is surprising the first time only: it is listed once
  const mem = Memory.open(":memory:");
  for (const [i, c] of ["Lisbon", "Lisbon", "Lisbon", "Rome"].entries()) mem.ingest(turn(`D1:${i}`, "Ann", c, i), { triples: [{ entity: "Ann", attribute: "travel", value: c }] });
  assert.deepEqual(factLine(mem, "Ann", "travel", T0 + 4 * DAY)!.recalled, ["Lisbon", "Rome"]);
});

test("identity resolution merges entities whose shared dimensions agree, and the merged beliefs answer for the alias", () => {
  const mem = Memory.open(":memory:", { identityMinShared: 2, identityThreshold: 0.1, halfLifeDays: null });
  const facts = (e: string) => ({ triples: [{ entity: e, attribute: "job", value: "nurse" }, { entity: e, attribute: "city", value: "York" }] });
  mem.ingest(turn("D1:1", "Chen", "x", 0), facts("Chen"));
  mem.ingest(turn("D1:2", "Chen", "y", 1), facts("Chen"));
  mem.ingest(turn("D1:3", "Dilys", "z", 2), { triples: [...facts("C.").triples, { entity: "C.", attribute: "hobby", value: "chess" }] });
  mem.ingest(turn("D1:4", "Dilys", "w", 3), { triples: [{ entity: "Dilys", attribute: "job", value: "teacher" }, { entity: "Dilys", attribute: "city", value: "Leeds" }] });
  assert.equal(mem.belief("Chen", "hobby"), undefined);
  const merges = mem.resolveIdentities();
  assert.deepEqual(merges.map((m) => [m.alias, m.canonical]), [["C.", "Chen"]]);
  assert.equal(mem.resolve("C."), "Chen");
  assert.equal(mem.belief("C.", "hobby")![0].value, "chess");
  assert.equal(mem.belief("Chen", "hobby")![0].value, "chess");
  // the job belief now counts three observations of nurse (two of Chen, one of C.)
  assert.equal(mem.dimensionState("C.", "job")!.total, 3);
  assert.equal(mem.trajectory("C.", "job").length, 3);
});

test("the offline answerer reads the belief: bakery, bakery, library now → library; decay and the update rule change it", async () => {
  const { answerOffline } = await import("./models/offline.js");
  const ask = (opts: Parameters<typeof Memory.open>[1], q = "Where does Ann work?") => {
    const mem = Memory.open(":memory:", opts);
    const w = (id: string, v: string, day: number) => mem.ingest(turn(id, "Ann", `I work at the ${v}.`, day), { triples: [{ entity: "Ann", attribute: "workplace", value: v }] });
    w("D1:1", "bakery", 0);
    w("D1:2", "bakery", 1);
    w("D2:1", "library", 2);
    mem.ingest(turn("D3:1", "Ann", "The bakery had a sale on bread.", 3), { triples: [{ entity: "Ann", attribute: "activity", value: "see sale" }] });
    return answerOffline(query(mem, q, { k: 3 }));
  };
  assert.equal(ask({ halfLifeDays: null }), "library");
  assert.equal(ask({ halfLifeDays: null }, "Where did Ann work before?"), "bakery");
  // a single contradiction of two confirmations flips the mode under Bayes only when r/(1−r) exceeds the prior odds
  assert.equal(ask({ halfLifeDays: null, reliability: 0.6 }), "bakery");
  assert.equal(ask({ halfLifeDays: null, reliability: 0.6, updateRule: "last-write-wins" }), "library");
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
