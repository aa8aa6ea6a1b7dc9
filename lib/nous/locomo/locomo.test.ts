import { test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { DataError } from "../../core/errors.js";
import { answerOffline, extractOffline } from "../models/offline.js";
import { cleanEvidence, downloadLocomo, fixturePath, loadLocomo, parseLocomo, projectRoot } from "./data.js";
import { contextRecall, evaluateConversation, offlineWindowExtractor } from "./evaluate.js";
import { reach } from "../query.js";

const REAL = resolve(projectRoot(), "../shared/data/locomo10.json");

test("the fixture loads with LoCoMo's quirks handled (date without session, malformed evidence, integer answers)", () => {
  const convs = loadLocomo(fixturePath());
  assert.deepEqual(convs.map((c) => c.id), ["conv-1", "conv-2"]);
  const c1 = convs[0];
  assert.deepEqual([...new Set(c1.turns.map((t) => t.session))], [1, 2, 3]); // session_4_date_time has no session
  assert.equal(c1.questions.find((q) => q.question.startsWith("What year did Ben"))!.answer, "2020");
  assert.deepEqual(c1.questions.find((q) => q.question.startsWith("Which cities"))!.evidence, ["D2:2", "D3:5"]);
  assert.deepEqual(c1.questions.find((q) => q.question.startsWith("What class"))!.evidence, []);
  assert.equal(c1.questions.find((q) => q.category === 5)!.answer, "a book about bread chemistry");
  assert.ok(c1.turns.some((t) => t.caption?.includes("blue ceramic bowl")));
  assert.ok(c1.turns[1].timestamp > c1.turns[0].timestamp); // turns ordered within a session
});

test("evidence ids are split and repaired as LoCoMo's malformed ones require", () => {
  assert.deepEqual(cleanEvidence(["D8:6; D9:17", "D", "D:11:26", "D9:1 D4:4 D4:6", "D1:3"]), ["D8:6", "D9:17", "D11:26", "D9:1", "D4:4", "D4:6", "D1:3"]);
});

test("clear errors for a missing, non-JSON or malformed file, and for a failed download", async () => {
  const dir = mkdtempSync(join(tmpdir(), "locomo-"));
  assert.throws(() => loadLocomo(join(dir, "nope.json")), (e: unknown) => e instanceof DataError && /not found/.test(e.message) && /--download/.test(e.message));
  writeFileSync(join(dir, "bad.json"), "{ not json");
  assert.throws(() => loadLocomo(join(dir, "bad.json")), /not valid JSON/);
  assert.throws(() => parseLocomo([{ sample_id: "x", conversation: {}, qa: [{ question: "q", category: 9 }] }], "f.json"), /f\.json: 0\.qa\.0\.category/);
  const failing = (async () => { throw new Error("getaddrinfo ENOTFOUND"); }) as unknown as typeof fetch;
  await assert.rejects(downloadLocomo(join(dir, "l.json"), { fetch: failing }), /could not download LoCoMo.*ENOTFOUND/s);
  const notFound = (async () => new Response("nope", { status: 404 })) as unknown as typeof fetch;
  await assert.rejects(downloadLocomo(join(dir, "l.json"), { fetch: notFound }), /HTTP 404/);
  assert.equal(existsSync(join(dir, "l.json")), false);
  rmSync(dir, { recursive: true, force: true });
});

test("offline evaluation on the fixture: one row per system × question, scored, with context recall", async () => {
  const [conv] = loadLocomo(fixturePath());
  const r = await evaluateConversation(conv, {
    systems: ["nous", "bm25", "not-mentioned", "constant-year"], memory: { budgetTokens: 300, hops: 1 },
    extractor: offlineWindowExtractor(extractOffline), answerer: async (c) => answerOffline(c), model: "offline:test",
  });
  assert.equal(r.answers.length, 4 * conv.questions.length);
  // the floors: constant-year answers the first session's year everywhere; not-mentioned abstains
  assert.ok(r.answers.filter((a) => a.system === "constant-year").every((a) => a.prediction === "2022"));
  // token budget parity: each system fills 300 tokens its own way (line counts cached, so a context may pass the
  // budget by a token or two); on average the two contexts are within 10 % of each other
  const tokensOf = (s: string) => r.answers.filter((a) => a.system === s).map((a) => a.context_tokens as number);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  for (const s of ["nous", "bm25"]) assert.ok(tokensOf(s).every((t) => t <= 306 && t >= 200), `${s}: ${tokensOf(s).join(" ")}`);
  assert.ok(Math.abs(mean(tokensOf("nous")) / mean(tokensOf("bm25")) - 1) < 0.1);
  const nm = r.answers.filter((a) => a.system === "not-mentioned");
  assert.ok(nm.filter((a) => a.category === 5).every((a) => a.f1 === 1));
  const nous = r.answers.filter((a) => a.system === "nous");
  assert.ok(nous.every((a) => typeof a.f1 === "number" && (a.context_recall === null || (a.context_recall as number) <= 1)));
  // the job change: the memory's belief moved from the bakery to the library, and the answerer reads it
  const belief = r.memory.belief("Ana", "workplace")!;
  assert.match(belief[0].value, /library/);
  assert.ok(belief.some((b) => b.value === "bakery downtown"));
  const before = nous.find((a) => String(a.question).startsWith("Where did Ana work before"))!;
  assert.equal(before.prediction, "bakery downtown");
  // multi-valued recall lists both cities
  assert.equal(nous.find((a) => String(a.question).startsWith("Which cities has Ana visited"))!.prediction, "Lisbon, Madrid");
  // the speakers are not linked for talking: Ben's deltas are outside a one-hop search from Ana (they meet at hop 2,
  // through Rex, whom both name)
  assert.ok(nous.filter((a) => /\bAna\b/.test(String(a.question))).every((a) => (a.graph_excluded as number) > 0));
  assert.deepEqual(reach(r.memory, ["Ana"], 2).get("Ben"), 2);
  assert.equal(r.extraction.turns, conv.turns.length);
  assert.ok((r.extraction.fallbacks["talked about"] ?? 0) < conv.turns.length / 2);
  const when = nous.find((a) => String(a.question).startsWith("When did Ben make a blue bowl"))!;
  assert.equal(when.prediction, "2 March 2022"); // "yesterday" said on 3 March 2022
  assert.equal(when.f1, 1);
  assert.ok(r.deltas.length >= conv.turns.length);
  assert.ok(nous.every((a) => a.category === 5 ? a.nous_state_recall === null : typeof a.nous_state_recall === "number"));
  r.memory.close();
  assert.equal(contextRecall(["D1:1", "D1:2"], ["D1:2", "D9:9"]), 0.5);
  assert.equal(contextRecall([], ["D1:2"]), null);
});

test("the real LoCoMo file, when present beside the project: 10 conversations, 5,882 turns, 1,986 questions", { skip: !existsSync(REAL) && "../shared/data/locomo10.json absent" }, () => {
  const convs = loadLocomo(REAL);
  assert.equal(convs.length, 10);
  assert.equal(convs.reduce((s, c) => s + c.turns.length, 0), 5882);
  const qs = convs.flatMap((c) => c.questions);
  assert.equal(qs.length, 1986);
  const byCat = [1, 2, 3, 4, 5].map((k) => qs.filter((q) => q.category === k).length);
  assert.deepEqual(byCat, [282, 321, 96, 841, 446]); // MECHANISMS.md §4
  assert.equal(qs.filter((q) => q.answer === "").length, 0);
  assert.ok(JSON.parse(readFileSync(REAL, "utf8"))[0].conversation.session_20_date_time); // the conv-26 quirk is there
  assert.equal(Math.max(...convs[0].turns.map((t) => t.session)), 19);
});

test("time expressions resolve against the date a turn was said (hand-checked calendar dates)", async () => {
  const { resolveTime, parseLocomoTime } = await import("../models/temporal.js");
  const said = parseLocomoTime("1:56 pm on 8 May, 2023");
  assert.equal(said, Date.UTC(2023, 4, 8, 13, 56));
  assert.equal(resolveTime("I went there yesterday", said), "7 May 2023");
  assert.equal(resolveTime("I did it last week", said), "the week before 8 May 2023");
  assert.equal(resolveTime("I painted it last year", said), "2022");
  assert.equal(resolveTime("I adopted him in 2020.", said), "2020");
  assert.equal(resolveTime("We met 3 days ago", said), "5 May 2023");
  assert.equal(resolveTime("Nice!", said), "8 May 2023");
  assert.ok(Number.isNaN(parseLocomoTime("sometime in May")));
});
