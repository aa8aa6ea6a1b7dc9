/** The extractor's fitted reading of names: its candidates and features, where it may add a state, the committed fit; on turns written here. */
import { test } from "node:test";
import { tuneSetNames, validationSetNames } from "../benchmarks/states-check.js";
import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { analyse } from "./nlp.js";
import { extract } from "./extractor.js";
import { hedgedSentences } from "./cues.js";
import type { SessionContext } from "./referents.js";
import { byRole, contextWords, MENTION_FEATURES, MENTION_ROLES, MENTIONS_PATH, mentionScore, nameCandidates, namesRead, readMentionModel, type MentionModel, type NameCandidate } from "./mentions.js";
import { fitMentionModel, RANKER_SHORTLIST, readTuneSets, thresholdOnValidation, type LabelledName } from "./mentions-fit.js";
import { readRankerModel } from "./ranker.js";

const turn = (speaker: string, text: string, id = "1") => ({ id, speaker, text, timestamp: 0 });
const candidatesOf = (speaker: string, text: string, ctx: SessionContext) => {
  const s = analyse(text);
  return nameCandidates(turn(speaker, text), s, ctx, hedgedSentences(s));
};
const features = (c: NameCandidate) => Object.fromEntries(MENTION_FEATURES.map((f, i) => [f, c.x[i]]));
const find = (cs: NameCandidate[], owner: string, value: string) => {
  const c = cs.find((x) => x.owner === owner && x.value === value);
  assert.ok(c, `no candidate (${owner}, ${value}) in ${JSON.stringify(cs.map((x) => [x.owner, x.value]))}`);
  return features(c);
};
/** A model that scores one feature for one attribute: p = σ(−5 + 10·feature). */
const oneFeature = (feature: string, attribute: "home" | "workplace", threshold = 0.5): MentionModel => {
  const coef = (on: boolean) => new Array(MENTION_ROLES.length * MENTION_FEATURES.length).fill(0).map((_, i) => (on && i % MENTION_FEATURES.length === MENTION_FEATURES.indexOf(feature) ? 10 : 0));
  return { features: [...MENTION_FEATURES], weights: { home: { intercept: -5, coef: coef(attribute === "home"), threshold }, workplace: { intercept: -5, coef: coef(attribute === "workplace"), threshold } } };
};

test("a name is a candidate for the speaker, the listener and a person the sentence names, each with its own features", () => {
  const ctx: SessionContext = { speakers: ["Ann", "Bob"], folk: ["Ama"] };
  const cs = candidatesOf("Ann", "My sister Ama just moved to Kumasi, and I still work at Halden Foods.", ctx);
  const ama = find(cs, "Ama", "Kumasi");
  assert.equal(ama.o_third, 1);
  assert.equal(ama.th_named, 1);
  assert.equal(ama.th_family, 1);
  assert.equal(ama.sentence_move, 1);
  assert.equal(ama.before_to, 1);
  assert.equal(ama.town, 1);
  const ann = find(cs, "Ann", "Halden Foods");
  assert.equal(ann.o_speaker, 1);
  assert.equal(ann.sp_first, 1);
  assert.equal(ann.before_at, 1);
  assert.equal(find(cs, "Bob", "Halden Foods").o_listener, 1);
  // conditions and wishes state nothing; people, times and countries are no candidates
  assert.deepEqual(candidatesOf("Ann", "If I lived in Kumasi I would never leave.", ctx), []);
  assert.deepEqual(candidatesOf("Ann", "I'm thinking about moving to Austin.", ctx), []);
  assert.ok(!cs.some((c) => c.value === "Ama"));
  assert.ok(!candidatesOf("Ann", "We flew to Canada on Monday.", ctx).some((c) => c.value === "Canada" || c.value === "Monday"));
});

test("a name the listener's question offered is the replier's candidate, with the reply's yes or no", () => {
  const ctx: SessionContext = { speakers: ["Sophie", "Tariq"] };
  // a question states nothing; it offers the listener its names
  assert.deepEqual(candidatesOf("Sophie", "Are you still at Boots?", ctx), []);
  assert.deepEqual(ctx.offered?.map((o) => [o.asker, o.value]), [["Sophie", "Boots"]]);
  const yes = candidatesOf("Tariq", "Head office, yeah. Five minutes from home.", ctx);
  const boots = find(yes, "Tariq", "Boots");
  assert.equal(boots.prev_asked, 1);
  assert.equal(boots.prev_deny, 0);
  assert.equal(boots.question, 1, "the question's sentence's features come with it");
  candidatesOf("Sophie", "Are you still at Boots?", ctx);
  const no = find(candidatesOf("Tariq", "Nah, not for a year now.", ctx), "Tariq", "Boots");
  assert.equal(no.prev_deny, 1);
  assert.equal(no.prev_affirm, 0);
  const again = find(candidatesOf("Sophie", "Yes, still at Boots", { ...ctx, offered: [{ asker: "Tariq", value: "Boots", f: [] }] }), "Sophie", "Boots");
  assert.equal(again.prev_affirm, 1);
  assert.equal(again.prev_repeat, 1);
  // the offer lasts one turn, and is never the asker's own
  assert.equal(ctx.offered, undefined);
  assert.ok(!candidatesOf("Sophie", "Anyway.", { ...ctx, offered: [{ asker: "Sophie", value: "Boots", f: [] }] }).length);
});

test("a reply about the person just asked after gives them the names of its sentences without I or you; a question about someone offers its names to them", () => {
  const ctx: SessionContext = { speakers: ["Yusuf", "Caoimhe"], people: [{ name: "Orla", gender: "f", at: 1, turn: "1" }], replyAbout: "Orla" };
  const cs = candidatesOf("Caoimhe", "Still in Melbourne, living in Fitzroy with an Aussie lad.", ctx);
  assert.equal(find(cs, "Orla", "Fitzroy").o_third, 1);
  assert.ok(!cs.some((c) => c.owner === "Caoimhe"), "the sentence is about Orla, not the one who answers");
  const mine = candidatesOf("Caoimhe", "I was in Fitzroy last week.", { ...ctx, replyAbout: "Orla" });
  assert.ok(!mine.some((c) => c.owner === "Orla"), "a sentence with I in it is the speaker's");
  // "Is Mei still at Maybank?" "Yes, still there.": the offer is Mei's, with the yes
  const q: SessionContext = { speakers: ["Boon", "Jia"] };
  extract(turn("Boon", "Is Mei still at Maybank?"), q, undefined, { names: null, onNames: () => undefined });
  assert.deepEqual(q.offered?.map((o) => [o.value, o.about]), [["Maybank", "Mei"]]);
  const yes = find(candidatesOf("Jia", "Yes, still there, she got promoted.", q), "Mei", "Maybank");
  assert.equal(yes.prev_affirm, 1);
  assert.equal(yes.o_third, 1);
});

test("a name said back to the one who said it is an echo; a dialect's I and you are no names", () => {
  const ctx: SessionContext = { speakers: ["Danny", "Esther"] };
  candidatesOf("Danny", "Got a flat! Fareham, one bed, above a barber's.", ctx);
  assert.equal(find(candidatesOf("Esther", "Fareham! Proper grown-up.", ctx), "Esther", "Fareham").echo, 1);
  assert.equal(find(candidatesOf("Danny", "Fareham is fine.", { speakers: ["Danny", "Esther"] }), "Danny", "Fareham").echo, 0, "a name no one said before is no echo");
  assert.deepEqual(candidatesOf("Andre", "Mi still work a Sandals Ochi.", { speakers: ["Andre", "Latoya"] }).map((c) => c.value).filter((v) => v === "Mi"), []);
});

test("a part of the city read as a home, named in the same turn, is read instead, within the city", () => {
  const ctx: SessionContext = { speakers: ["Priya", "Ravi"] };
  const cs = candidatesOf("Priya", "Melbourne's grey today. At least Oakleigh has the best souvlaki in town.", ctx);
  const city = oneFeature("o_speaker", "home");
  const read = namesRead(cs, city, [], () => 0.5, () => false);
  assert.deepEqual(read.filter((t) => t.entity === "Priya" || t.attribute === "within"), [
    { entity: "Priya", attribute: "home", value: "Oakleigh", kind: "state", confidence: 0.5 },
    { entity: "Oakleigh", attribute: "within", value: "Melbourne" },
  ]);
  // a town of its own is no part of the city
  const towns = namesRead(candidatesOf("Priya", "Melbourne's grey today. At least Sydney is worse.", { speakers: ["Priya", "Ravi"] }), city, [], () => 0.5, () => false);
  assert.ok(!towns.some((t) => t.attribute === "within"));
});

test("the model fills gaps: never a known state, an attribute or a name the rules read in the turn", () => {
  const cs = candidatesOf("Ann", "Honestly Leeds has been good to us.", { speakers: ["Ann", "Bob"] });
  const m = oneFeature("o_speaker", "home");
  const none = (_owner: string, _attribute: "home" | "workplace"): boolean => false;
  const read = (ruled: Parameters<typeof namesRead>[2] = [], known = none) => namesRead(cs, m, ruled, () => 0.5, known);
  assert.deepEqual(read(), [{ entity: "Ann", attribute: "home", value: "Leeds", kind: "state", confidence: 0.5 }]);
  assert.deepEqual(read([], (owner, a) => owner === "Ann" && a === "home"), []);
  assert.deepEqual(read([{ entity: "Ann", attribute: "home", value: "York" }]), []);
  assert.deepEqual(read([{ entity: "Bob", attribute: "workplace", value: "Leeds" }]), []);
  assert.deepEqual(read([{ entity: "Ann", attribute: "travel", value: "Leeds" }]), [], "a name the rules read as a trip is not reread");
  assert.equal(read([{ entity: "Ann", attribute: "talked about", value: "Leeds" }]).length, 1);
  // under the threshold: nothing; the attribute scored higher is the one read
  assert.deepEqual(namesRead(cs, oneFeature("o_speaker", "home", 0.9999), [], () => 0.5, none), []);
  assert.equal(namesRead(cs, oneFeature("o_speaker", "workplace"), [], () => 0.5, none)[0].attribute, "workplace");
  assert.ok(Math.abs(mentionScore(m, "home", cs.find((c) => c.owner === "Ann")!.x) - 1 / (1 + Math.exp(-5))) < 1e-12);
});

test("the extractor adds the model's reading where its rules read nothing, with the indirect or hedge confidence", () => {
  const ctx = (): SessionContext => ({ speakers: ["Ann", "Bob"] });
  const text = "Back from Leeds finally, what a week.";
  const without = extract(turn("Ann", text), ctx(), undefined, { names: null }).triples;
  assert.ok(!without.some((t) => t.attribute === "home"));
  const withModel = extract(turn("Ann", text), ctx(), undefined, { names: oneFeature("o_speaker", "home"), indirectConfidence: 0.4 }).triples;
  assert.deepEqual(withModel.filter((t) => t.attribute === "home"), [{ entity: "Ann", attribute: "home", value: "Leeds", kind: "state", confidence: 0.4 }]);
  const joking = extract(turn("Ann", "Back from Leeds finally haha."), ctx(), undefined, { names: oneFeature("o_speaker", "home"), hedgeConfidence: 0.1 }).triples;
  assert.equal(joking.find((t) => t.attribute === "home")?.confidence, 0.1);
  // where the rules read the speaker's home, the model adds nothing
  const ruled = extract(turn("Ann", "I live in York, near Leeds."), ctx(), undefined, { names: oneFeature("o_speaker", "home") }).triples;
  assert.deepEqual(ruled.filter((t) => t.entity === "Ann" && t.attribute === "home").map((t) => t.value), ["York"]);
});

test("a fit puts each role's weights in its own block", () => {
  // the speaker's names are homes, the listener's never
  const x = (role: string, v: number) => MENTION_FEATURES.map((f) => (f === role ? 1 : f === "town" ? v : 0));
  const names: LabelledName[] = [];
  for (let i = 0; i < 40; i++) names.push({ set: "s", x: x("o_speaker", i % 2), words: [], home: i % 2 ? 1 : 0, workplace: 0 }, { set: "s", x: x("o_listener", i % 2), words: [], home: 0, workplace: i % 2 ? 1 : 0 });
  const m = fitMentionModel(names, 0.1, { home: 0.5, workplace: 0.5 });
  assert.equal(byRole(x("o_listener", 1)).length, MENTION_ROLES.length * MENTION_FEATURES.length);
  assert.ok(mentionScore(m, "home", x("o_speaker", 1)) > 0.9);
  assert.ok(mentionScore(m, "home", x("o_listener", 1)) < 0.1);
  assert.ok(mentionScore(m, "workplace", x("o_listener", 1)) > 0.9);
});

test("the words around a name: the fit weighs those around candidates of enough sets, and the score reads them", () => {
  const toks = (text: string) => text.split(" ").map((w) => ({ lower: w.toLowerCase() })) as unknown as Parameters<typeof contextWords>[0];
  assert.deepEqual(contextWords(toks("I started at Tesco in May"), 3, 1), ["b1:at", "b:at", "b2:started", "b:started", "b3:i", "b:i", "a1:in", "a2:may"]);
  assert.deepEqual(contextWords(toks("Moved to Santa Cruz"), 2, 2), ["b1:to", "b:to", "b2:moved", "b:moved"]);
  // the same features, a workplace after "at" and none after "from", in 16 sets; a word of one set only is not weighed
  const x = MENTION_FEATURES.map((f) => (f === "o_speaker" ? 1 : 0));
  const names: LabelledName[] = [];
  for (let i = 0; i < 64; i++) names.push({ set: `s${i % 16}`, x, words: i % 2 ? ["b1:at"] : ["b1:from", ...(i === 2 ? ["b1:only"] : [])], workplace: i % 2 ? 1 : 0 }, { set: `s${i % 16}`, x, words: [], home: i % 2 ? 1 : 0 });
  const m = fitMentionModel(names, 0.1, { home: 0.5, workplace: 0.5 });
  assert.deepEqual(m.words, ["b1:at", "b1:from"]);
  assert.equal(m.weights.workplace.coef.length, MENTION_ROLES.length * MENTION_FEATURES.length + 2);
  assert.ok(mentionScore(m, "workplace", x, ["b1:at"]) > 0.9);
  assert.ok(mentionScore(m, "workplace", x, ["b1:from", "b1:only"]) < 0.1);
  // the words' weights are the model's: without them the score is the features' alone
  assert.ok(Math.abs(mentionScore({ ...m, words: [] }, "workplace", x, ["b1:at"]) - mentionScore({ ...m, words: [] }, "workplace", x)) < 1e-15);
});

test("the committed fit: its features are the code's, it read tune sets only and every dev set there is", () => {
  const file = JSON.parse(readFileSync(MENTIONS_PATH, "utf8")) as MentionModel & { fittedOn: { sets: string[] } };
  assert.deepEqual(file.features, [...MENTION_FEATURES]);
  assert.deepEqual(file.fittedOn.sets, tuneSetNames(), "refit with: node --import tsx scripts/nous-mentions-fit.ts");
  assert.ok(!file.fittedOn.sets.some((s) => s.startsWith("held-")));
  // the threshold: of the validation split's best rows without the ranker, the best with its refitted ranker (ties, the
  // higher threshold), on every set the split lists
  type Row = { threshold: number | string; right: number; withRanker?: number };
  const { validation } = file as unknown as { validation: { sets: string[]; rows: Row[] } };
  assert.deepEqual(validation.sets, validationSetNames(), "refit with: node --import tsx scripts/nous-mentions-fit.ts");
  const t = (r: Row) => (r.threshold === "none (rules only)" ? 2 : Number(r.threshold));
  const byRight = [...validation.rows].sort((a, b) => b.right - a.right || t(b) - t(a));
  const shortlist = byRight.slice(0, RANKER_SHORTLIST);
  assert.deepEqual(validation.rows.filter((r) => r.withRanker !== undefined), validation.rows.filter((r) => shortlist.includes(r)));
  const best = shortlist.sort((a, b) => b.withRanker! - a.withRanker! || t(b) - t(a))[0];
  assert.equal(file.weights.home.threshold, best.threshold === "none (rules only)" ? 1.01 : best.threshold);
  assert.equal(file.weights.workplace.threshold, file.weights.home.threshold);
  assert.equal(readMentionModel().weights.home.coef.length, MENTION_ROLES.length * MENTION_FEATURES.length + (file.words?.length ?? 0));
  const stale = join(mkdtempSync(join(tmpdir(), "mentions-")), "mentions.json");
  writeFileSync(stale, JSON.stringify({ ...file, features: file.features.slice(1) }));
  assert.throws(() => readMentionModel(stale), (e: Error) => e.message.includes(stale) && e.message.includes("features") && /nous-mentions-fit/.test(`${e.message} ${(e as { fix?: string }).fix ?? ""}`));
  writeFileSync(stale, JSON.stringify({ ...file, weights: { ...file.weights, home: { ...file.weights.home, coef: [1] } } }));
  assert.throws(() => readMentionModel(stale), /weights\.home\.coef/);
});

test("the threshold on the validation split: the best rows without the ranker are scored again, each with its own refitted ranker", async () => {
  const [set] = readTuneSets([validationSetNames()[0]], "all");
  const validation = [{ ...set, conversations: set.conversations.slice(0, 4) }];
  const model = readMentionModel();
  const thresholds = [2, 0.6, 0.4, 0.3];
  const asked: (number | null)[] = [];
  const refit = async (names: MentionModel | null) => {
    asked.push(names === null ? null : names.weights.home.threshold);
    assert.equal(names?.weights.workplace.threshold, names?.weights.home.threshold);
    return readRankerModel();
  };
  const { threshold, rows } = await thresholdOnValidation(model, validation, thresholds, refit);
  assert.deepEqual(rows.map((r) => r.threshold), thresholds);
  const scored = rows.filter((r) => r.withRanker !== undefined);
  assert.equal(scored.length, RANKER_SHORTLIST);
  // the shortlist: the most right without the ranker (ties, the higher threshold), each refitted once at its threshold
  const key = (r: { threshold: number; right: number }) => r.right * 10 + r.threshold;
  const unscored = rows.filter((r) => r.withRanker === undefined);
  assert.ok(unscored.every((u) => scored.every((s) => key(s) > key(u))));
  assert.deepEqual(asked, [...scored].sort((a, b) => key(b) - key(a)).map((r) => (r.threshold > 1 ? null : r.threshold)));
  // the choice: the most right with the ranker among them (ties, the higher threshold)
  const best = [...scored].sort((a, b) => b.withRanker! - a.withRanker! || b.threshold - a.threshold)[0];
  assert.equal(threshold, Math.min(best.threshold, 1.01));
  // without a refit the first score decides
  const plain = await thresholdOnValidation(model, validation, thresholds);
  assert.ok(plain.rows.every((r) => r.withRanker === undefined));
  assert.equal(plain.threshold, Math.min([...plain.rows].sort((a, b) => key(b) - key(a))[0].threshold, 1.01));
});
