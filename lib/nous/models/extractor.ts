/**
 * The offline triple extractor (label `offline:nous-nlp-v2`), built on wink-nlp with its English lite model:
 * sentences, part-of-speech tags, lemmas, negation flags and its date/duration entities. wink has no dependency
 * parse and no PERSON/ORG entities, so clauses are read from the tag sequence (subject, verb group, object) and
 * names are runs of proper-noun tags.
 *
 * - Subjects are resolved: I/we → the speaker; "you" → the other speaker; he/she/they → the last third person
 *   named earlier in the session (per-session context); a name → that person ("Pranav joined Microsoft" is about
 *   Pranav); "my sister Anna" → the relation (speaker, family, "sister Anna") and Anna as the subject of the rest.
 * - Attributes come from a small canonical vocabulary (`ATTRIBUTES`), chosen from the verb's lemma, its particle or
 *   preposition and the object's kind; values are lemmatised (nouns singular), determiners and dates dropped.
 * - Negation is kept: a negated clause's value starts with "not " ("I never went to college" →
 *   (speaker, education, "not college")).
 * - Questions, hypotheticals ("if", "would") and wishes are not facts; plans ("I'm going to / planning to / want
 *   to …") are the `plan` attribute.
 * - "talked about" (the sentence's first content lemmas) only when no sentence yields a clause; counted by the
 *   caller through `fallback`.
 */
import winkNLP, { type WinkMethods } from "wink-nlp";
import model from "wink-eng-lite-web-model";
import type { Triple, Turn } from "../types.js";
import { listPattern, wordSet } from "./lexicon.js";

export const EXTRACTOR_LABEL = "offline:nous-nlp-v2";

/** The canonical attributes the offline extractor writes. */
export const ATTRIBUTES = [
  "job", "workplace", "home", "hobby", "pet", "family", "relationship", "plan", "possession", "event", "travel",
  "preference", "identity", "education", "health", "activity", "photo", "talked about",
] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export interface OfflineExtraction {
  triples: Triple[];
  mentions: string[];
  /** Which last resort produced the triples, if any ("talked about" or "photo"). */
  fallback?: "talked about" | "photo";
}

/** What the extractor remembers within a session: the speakers and the last third person named. */
export interface SessionContext {
  speakers: string[];
  lastPerson?: string;
}

let nlp: WinkMethods | undefined;
const engine = (): WinkMethods => (nlp ??= winkNLP(model, ["sbd", "pos", "negation", "ner"]));

const CONTRACTIONS: [RegExp, string][] = [
  [/[’‘]/g, "'"], [/\bI'm\b/gi, "I am"], [/\bI've\b/gi, "I have"], [/\bI'd\b/gi, "I would"], [/\bI'll\b/gi, "I will"],
  [/\b(we|they|you)'re\b/gi, "$1 are"], [/\b(we|they|you)'ve\b/gi, "$1 have"], [/\b(he|she|it)'s\b/gi, "$1 is"],
  [/\bcan't\b/gi, "can not"], [/\bwon't\b/gi, "will not"], [/\b(\w+)n't\b/gi, "$1 not"],
];

const FAMILY = wordSet("family");
const PARTNER = wordSet("partner");
const ANIMALS = wordSet("animals");
const JOB_WORDS = wordSet("jobWords");
const TRAVEL_VERBS = wordSet("travelVerbs");
const EVENT_VERBS = wordSet("eventVerbs");
const LIKE_VERBS = wordSet("likeVerbs");
const PLAN_VERBS = wordSet("planVerbs");
const HOBBY_START = wordSet("hobbyStart");
const GET_VERBS = wordSet("getVerbs");
const ADOPT_VERBS = wordSet("adoptVerbs");
const NAMING = wordSet("namingWords");
const SKIP_VERBS = wordSet("skipVerbs");
const WORK_VERBS = wordSet("workVerbs");
const JOIN_VERBS = wordSet("joinVerbs");
const LIVE_VERBS = wordSet("liveVerbs");
const MOVE_VERBS = wordSet("moveVerbs");
const EDUCATION_VERBS = wordSet("educationVerbs");
const HEALTH_VERBS = wordSet("healthVerbs");
const RELATIONSHIP_VERBS = wordSet("relationshipVerbs");
const HYPOTHETICAL = wordSet("hypotheticalMarkers");
const COUNT = wordSet("countWords");
const HEALTH = listPattern("healthStems");
const EDUCATION = listPattern("educationStems");
const WORKPLACE_PREP = wordSet("workplacePreps");
const CALENDAR = wordSet("calendar");
const GREETINGS = wordSet("greetings");

export interface Tok {
  text: string;
  lower: string;
  pos: string;
  lemma: string;
  neg: boolean;
  date: boolean;
}

/** The sentences of a text as tagged tokens. */
export function analyse(text: string): Tok[][] {
  let t = text;
  for (const [re, to] of CONTRACTIONS) t = t.replace(re, to);
  const nl = engine();
  const its = nl.its;
  const doc = nl.readDoc(t);
  const words = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemma = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[];
  const neg = doc.tokens().out(its.negationFlag) as unknown as boolean[];
  const dateTok = new Set<number>();
  const spans = doc.entities().out(its.span) as unknown as [number, number][];
  const types = doc.entities().out(its.type) as string[];
  spans.forEach(([a, b], k) => {
    if (types[k] === "DATE" || types[k] === "DURATION" || types[k] === "TIME") for (let i = a; i <= b; i++) dateTok.add(i);
  });
  const out: Tok[][] = [];
  for (const [a, b] of doc.sentences().out(its.span) as unknown as [number, number][]) {
    const sent: Tok[] = [];
    for (let i = a; i <= b; i++) sent.push({ text: words[i], lower: words[i].toLowerCase(), pos: pos[i], lemma: lemma[i].toLowerCase(), neg: neg[i], date: dateTok.has(i) });
    out.push(sent);
  }
  return out;
}

const isName = (t: Tok | undefined): boolean => !!t && t.pos === "PROPN" && /^[A-Z]/.test(t.text) && !CALENDAR.has(t.lower) && !GREETINGS.has(t.lower) && t.lower !== "i";

/**
 * Runs of proper nouns (at most three words) starting at i. A capitalised first word of a sentence is tagged a
 * proper noun by the lite model ("Big news!", "Lovely!"), so there a name needs a verb or auxiliary right after it.
 */
function nameAt(s: Tok[], i: number): { name: string; end: number } | undefined {
  if (!isName(s[i])) return undefined;
  if (i === 0 && !isName(s[1]) && s[1]?.pos !== "VERB" && s[1]?.pos !== "AUX" && !(s[1]?.text === "'s")) return undefined;
  let j = i;
  while (j + 1 < s.length && j - i < 2 && isName(s[j + 1])) j++;
  return { name: s.slice(i, j + 1).map((x) => x.text).join(" "), end: j };
}

/** The object phrase after position i: content lemmas (nouns singular) up to a clause boundary, at most 4 words. */
function objectAfter(s: Tok[], i: number): { words: string[]; names: string[]; prep?: string; kinds: Set<string> } {
  const words: string[] = [];
  const names: string[] = [];
  const kinds = new Set<string>();
  let prep: string | undefined;
  for (let j = i; j < s.length && words.length < 4; j++) {
    const t = s[j];
    if (t.pos === "PUNCT" && t.text !== "-" && t.text !== "'") {
      if (t.text === "," && names.length && isName(s[j + 1])) continue; // a list of names
      break;
    }
    if (t.pos === "SCONJ" || (t.pos === "CCONJ" && !(names.length && isName(s[j + 1]))) || t.pos === "AUX") break;
    if (t.pos === "PRON" && words.length) break;
    if (t.pos === "VERB" && words.length && s[j - 1]?.pos !== "PART") break;
    if (t.date) continue;
    if ((t.lower === "last" || t.lower === "next") && words.length) break;
    if (t.pos === "ADP" && words.length === 0 && prep === undefined) {
      prep = t.lower;
      continue;
    }
    if (t.pos === "ADP" && words.length && t.lower !== "of") break;
    if (t.pos === "PROPN" && isName(t)) {
      const n = nameAt(s, j)!;
      names.push(n.name);
      words.push(n.name);
      kinds.add("name");
      j = n.end;
      continue;
    }
    if (t.pos === "NOUN" || t.pos === "ADJ" || t.pos === "NUM" || (t.pos === "VERB" && words.length === 0)) {
      // a capitalised word inside a sentence is a name whatever its tag: kept as written
      const named = j > 0 && /^[A-Z][a-z]/.test(t.text) && !CALENDAR.has(t.lower);
      if (named) names.push(t.text);
      words.push(named ? t.text : t.pos === "NOUN" || t.pos === "VERB" ? t.lemma : t.lower);
      kinds.add(t.pos);
    }
  }
  return { words, names, prep, kinds };
}

/** One clause: its subject entity, verb lemma (with particle), negation, and what follows. */
interface Clause {
  subject: string;
  verb: string;
  negated: boolean;
  start: number;
  copula: boolean;
  plan: boolean;
}

/**
 * Extracts (entity, attribute, value) triples and the names a turn mentions.
 *
 * @example
 * extract({ id: "D1:1", speaker: "Ann", text: "My sister Anna just moved to Boston.", timestamp: 0 }, { speakers: ["Ann", "Bob"] });
 * // triples: (Ann, family, sister Anna), (Anna, home, Boston); mentions: ["Anna", "Boston"]
 */
export function extract(turn: Turn, ctx: SessionContext, caption?: string): OfflineExtraction {
  const triples: Triple[] = [];
  const mentions: string[] = [];
  const other = ctx.speakers.find((s) => s !== turn.speaker);
  const firsts = ctx.speakers.map((s) => s.split(" ")[0].toLowerCase());
  // a speaker's name, first name, or a nickname that starts it ("Mel" for Melanie)
  const isSpeakerName = (n: string): boolean => {
    const l = n.toLowerCase();
    return ctx.speakers.some((s) => s.toLowerCase() === l) || firsts.some((f) => f === l || (l.length >= 3 && f.startsWith(l)));
  };
  const add = (entity: string, attribute: Attribute, value: string) => {
    const v = value.trim().replace(/\s+/g, " ");
    if (v.length < 2 || v === "not") return;
    if (!triples.some((t) => t.entity === entity && t.attribute === attribute && t.value === v)) triples.push({ entity, attribute, value: v });
  };
  const mention = (n: string) => {
    if (!isSpeakerName(n) && !mentions.includes(n)) mentions.push(n);
  };
  const sentences = analyse(turn.text);
  for (const s of sentences) {
    const last = s[s.length - 1];
    const question = last?.text === "?";
    // names mentioned (never the speakers themselves: calling the other by name is not a fact)
    for (let i = 0; i < s.length; i++) {
      const n = nameAt(s, i);
      if (!n) continue;
      mention(n.name);
      i = n.end;
    }
    if (question) continue;
    if (s.some((t) => HYPOTHETICAL.has(t.lower))) continue;
    // "my <relation> (Name)": a relation of the speaker, and that person as a possible subject
    let localSubject: { name: string; at: number } | undefined;
    for (let i = 0; i + 1 < s.length; i++) {
      if (s[i].lower !== "my") continue;
      const rel = s[i + 1].lemma;
      const fam = FAMILY.has(rel) || rel === "kid";
      const partner = PARTNER.has(rel);
      const animal = ANIMALS.has(rel);
      if (!fam && !partner && !animal) continue;
      const n = nameAt(s, i + 2) ?? (s[i + 2]?.text === "," ? nameAt(s, i + 3) : undefined);
      const label = n ? `${rel} ${n.name}` : rel;
      add(turn.speaker, animal ? "pet" : fam ? "family" : "relationship", label);
      if (n) {
        mention(n.name);
        localSubject = { name: n.name, at: i };
      } else localSubject = { name: `${turn.speaker}'s ${rel}`, at: i };
    }
    // the referent of he/she/they in the rest of the session: the last person this sentence made a subject, named
    // by a relation, or went somewhere "with" (names after other prepositions are mostly places or organisations)
    const cs = clauses(s, turn.speaker, other, ctx, localSubject);
    for (const c of cs) interpret(s, c, add);
    const persons = cs.map((c) => c.subject).filter((x) => !isSpeakerName(x) && x !== turn.speaker && !x.includes("'s "));
    for (let i = 1; i < s.length; i++) if (s[i - 1].lower === "with" && nameAt(s, i)) persons.push(nameAt(s, i)!.name);
    if (localSubject && !localSubject.name.includes("'s ")) persons.push(localSubject.name);
    if (persons.length) ctx.lastPerson = persons[persons.length - 1];
  }
  let fallback: OfflineExtraction["fallback"];
  if (triples.length === 0 && caption) {
    add(turn.speaker, "photo", caption.replace(/^(a )?(photo|picture|image) of /i, "").split(/\s+/).slice(0, 6).join(" "));
    fallback = "photo";
  }
  if (triples.length === 0) {
    const words = sentences.flat().filter((t) => (t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "VERB") && t.lemma.length > 2 && !SKIP_VERBS.has(t.lemma)).map((t) => t.lemma);
    triples.push({ entity: turn.speaker, attribute: "talked about", value: words.slice(0, 3).join(" ") || "small talk" });
    fallback = "talked about";
  }
  return { triples, mentions, fallback };
}

/** Finds subject + verb clauses in a sentence. */
function clauses(s: Tok[], speaker: string, other: string | undefined, ctx: SessionContext, local?: { name: string; at: number }): Clause[] {
  const out: Clause[] = [];
  for (let i = 0; i < s.length; i++) {
    const t = s[i];
    let subject: string | undefined;
    let end = i;
    if (t.lower === "i" || t.lower === "we") subject = speaker;
    else if (t.lower === "you" && other) subject = other;
    else if ((t.lower === "he" || t.lower === "she" || t.lower === "they") && ctx.lastPerson) subject = ctx.lastPerson;
    else if (local && i === local.at) {
      subject = local.name;
      end = i + 1;
      while (end + 1 < s.length && (isName(s[end + 1]) || s[end + 1].text === ",")) end++;
    } else if (isName(t) && nameAt(s, i) && (i === 0 || (s[i - 1].pos !== "ADP" && !GREETINGS.has(s[i - 1].lower))) && s[i + 1]?.text !== "!" && s[i + 1]?.text !== ",") {
      const n = nameAt(s, i)!;
      subject = n.name === speaker.split(" ")[0] ? speaker : n.name;
      end = n.end;
    }
    if (!subject) continue;
    // verb group: auxiliaries, adverbs, particles, then the main verb (or a copula)
    let j = end + 1;
    let negated = false;
    let copula = false;
    let plan = false;
    while (j < s.length && (s[j].pos === "AUX" || s[j].pos === "ADV" || s[j].pos === "PART")) {
      if (s[j].neg || s[j].lower === "not" || s[j].lower === "never") negated = true;
      if (s[j].lemma === "be" || s[j].lower === "am" || s[j].lower === "is" || s[j].lower === "are" || s[j].lower === "was" || s[j].lower === "were") copula = true;
      if (s[j].lower === "will" || s[j].lower === "gonna") plan = true;
      j++;
    }
    if (j < s.length && s[j].pos === "VERB") {
      let verb = s[j].lemma;
      if (verb === "go" && s[j + 1]?.lower === "to" && s[j + 2]?.pos === "VERB") {
        plan = true;
        j += 2;
        verb = s[j].lemma;
      } else if (PLAN_VERBS.has(verb) && s[j + 1]?.lower === "to" && s[j + 2]?.pos === "VERB") {
        plan = true;
        j += 2;
        verb = s[j].lemma;
      }
      if (s[j].neg) negated = negated || s.slice(end + 1, j + 1).some((x) => x.lower === "not" || x.lower === "never");
      out.push({ subject, verb, negated, start: j + 1, copula: false, plan });
      i = j;
    } else if (copula) {
      out.push({ subject, verb: "be", negated, start: j, copula: true, plan });
      i = j - 1;
    }
  }
  return out;
}

/** Maps one clause to a canonical attribute and a value. */
function interpret(s: Tok[], c: Clause, add: (e: string, a: Attribute, v: string) => void): void {
  if (SKIP_VERBS.has(c.verb) && !c.copula) return;
  const obj = objectAfter(s, c.start);
  const not = c.negated ? "not " : "";
  const value = obj.words.join(" ");
  const text = s.slice(c.start).map((t) => t.lower).join(" ");
  if (c.plan) {
    if (value || c.verb) add(c.subject, "plan", `${not}${c.verb}${value ? ` ${value}` : ""}`);
    return;
  }
  if (c.copula) {
    if (!value) return;
    if (obj.prep === "in" || obj.prep === "from") return void add(c.subject, obj.prep === "from" ? "identity" : "home", not + value);
    if (obj.prep !== undefined) return;
    const head = obj.words[obj.words.length - 1];
    if (obj.words[0] === "fan") return void add(c.subject, "preference", not + obj.words.slice(1).join(" "));
    if (JOB_WORDS.has(head) || JOB_WORDS.has(obj.words[0])) return void add(c.subject, "job", not + value);
    if (obj.kinds.has("NOUN") || obj.kinds.has("ADJ")) add(c.subject, HEALTH.test(value) ? "health" : "identity", not + value);
    return;
  }
  const v = c.verb;
  if (WORK_VERBS.has(v) && obj.prep === "as") return void add(c.subject, "job", not + value);
  if ((WORK_VERBS.has(v) && obj.prep && WORKPLACE_PREP.has(obj.prep)) || (JOIN_VERBS.has(v) && obj.names.length && !obj.kinds.has("NOUN"))) return void add(c.subject, "workplace", not + value);
  if ((LIVE_VERBS.has(v) && (obj.prep === "in" || obj.prep === "at")) || (MOVE_VERBS.has(v) && (obj.prep === "to" || obj.prep === "into"))) return void add(c.subject, "home", not + value);
  if (EDUCATION.test(text.split(/[.,!;]/)[0]) && EDUCATION_VERBS.has(v)) {
    return void add(c.subject, "education", not + (value || v));
  }
  if (HEALTH.test(text.split(/[.,!;]/)[0]) && HEALTH_VERBS.has(v)) return void add(c.subject, "health", not + (value || v));
  const animal = obj.words.find((w) => ANIMALS.has(w));
  if ((GET_VERBS.has(v) || ADOPT_VERBS.has(v)) && animal) {
    const named = s.findIndex((t, k) => k >= c.start && NAMING.has(t.lower));
    const names = named < 0 ? [] : objectAfter(s, named + 1).names;
    if (names.length) for (const n of names) add(c.subject, "pet", `${not}${animal} ${n}`);
    else add(c.subject, "pet", not + obj.words.filter((w) => !/^\d+$/.test(w) && !COUNT.has(w)).join(" "));
    return;
  }
  if (v === "go" && !obj.prep && s[c.start]?.lower.endsWith("ing")) return void add(c.subject, "hobby", not + s[c.start].lower);
  if (TRAVEL_VERBS.has(v) || (v === "go" && obj.prep === "to" && obj.names.length && !obj.kinds.has("NOUN"))) {
    if (obj.names.length && !obj.kinds.has("NOUN")) {
      for (const n of obj.names) add(c.subject, "travel", not + n);
      return;
    }
    if (value) return void add(c.subject, "event", not + `${v} ${value}`);
  }
  if (LIKE_VERBS.has(v)) {
    const neg = c.negated || v === "hate" || v === "dislike" ? "not " : "";
    const gerund = s[c.start]?.pos === "VERB" || (s[c.start]?.lower.endsWith("ing") ?? false);
    if (value) return void add(c.subject, gerund ? "hobby" : "preference", neg + value);
    return;
  }
  if (HOBBY_START.has(v) && (s[c.start]?.lower.endsWith("ing") || v === "play" || v === "practice" || v === "learn")) {
    if (value) return void add(c.subject, "hobby", not + value);
  }
  if (RELATIONSHIP_VERBS.has(v)) return void add(c.subject, "relationship", not + `${v}${value ? ` ${value}` : ""}`);
  if (EVENT_VERBS.has(v) || (v === "go" && obj.prep === "to")) {
    if (value) return void add(c.subject, "event", not + `${v === "go" ? "" : `${v} `}${value}`.trim());
  }
  if (GET_VERBS.has(v) && value && obj.kinds.has("NOUN")) return void add(c.subject, "possession", not + value);
  if (value && obj.kinds.has("NOUN")) add(c.subject, "activity", not + `${v} ${value}`);
}
