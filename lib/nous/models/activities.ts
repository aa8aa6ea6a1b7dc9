/**
 * The attributes other than states (hobby, pet, travel, event, preference, identity, education, health, plan,
 * relationship, possession, activity): one clause's verb class and object phrase → a canonical attribute and a
 * lemmatised value. Negation is kept in the value ("not college"). Where people live and work, and what their job
 * is, are read by `states.ts` with tense and aspect; this file never writes them.
 */
import type { Clause } from "./clause.js";
import { listPattern, wordSet } from "./lexicon.js";
import { isName, nameAt, type Tok } from "./nlp.js";

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
const STATE_VERBS = new Set([...wordSet("workVerbs"), ...wordSet("liveVerbs"), ...wordSet("moveVerbs"), ...wordSet("resideVerbs")]);
const EDUCATION_VERBS = wordSet("educationVerbs");
const HEALTH_VERBS = wordSet("healthVerbs");
const RELATIONSHIP_VERBS = wordSet("relationshipVerbs");
const COUNT = wordSet("countWords");
const HEALTH = listPattern("healthStems");
const EDUCATION = listPattern("educationStems");
const CALENDAR = wordSet("calendar");

/** The object phrase after position i: content lemmas (nouns singular) up to a clause boundary, at most 4 words. */
export function objectAfter(s: Tok[], i: number): { words: string[]; names: string[]; prep?: string; kinds: Set<string> } {
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
      const n = nameAt(s, j) ?? { name: t.text, end: j };
      names.push(n.name);
      words.push(n.name);
      kinds.add("name");
      j = n.end;
      continue;
    }
    if (t.pos === "NOUN" || t.pos === "ADJ" || t.pos === "NUM" || (t.pos === "VERB" && words.length === 0)) {
      // a capitalised word inside a sentence is a name whatever its tag: kept as written
      const named = j > 0 && /^\p{Lu}\p{Ll}/u.test(t.text) && !CALENDAR.has(t.lower);
      if (named) names.push(t.text);
      words.push(named ? t.text : t.pos === "NOUN" || t.pos === "VERB" ? t.lemma : t.lower);
      kinds.add(t.pos);
    }
  }
  return { words, names, prep, kinds };
}

/** Adds one triple; `kind` "ended" is evidence against the value ("I don't have a car anymore"). */
export type AddTriple = (entity: string, attribute: string, value: string, kind?: "ended") => void;

/**
 * What one has (the verb "have", or a verb of getting) with an animal → pet, else possession. Said without negation,
 * "have" writes a pet only ("I have a question" is no possession). "No longer", "anymore" and "used to" end the
 * thing ("I no longer have a car" → (possession, car, ended)); an animal is also ended by plain negation, "no" and a
 * past "had" ("I don't have any pets" → (pet, pet, ended); "we had a dog when I was little"). Other negated
 * possession writes nothing (a negated "have" is returned as handled).
 */
function possessionOf(s: Tok[], c: Clause, subject: string, add: AddTriple, start: number, words: string[]): boolean {
  const things = words.filter((w) => !/^\d+$/.test(w) && !COUNT.has(w) && !NEGATIVE_DETERMINERS.has(w));
  const animal = things.find((w) => ANIMALS.has(w));
  // of an animal, any negation ends it; of a thing, only "no longer", "anymore" or "used to" do ("I don't have a
  // recipe", "I have no idea" and "we had a great time" say nothing about what one owns)
  const ended = c.noLonger || c.usedTo || (!!animal && (c.negated || s[start]?.lower === "no" || (c.verb === "have" && c.past && !c.perfect)));
  if (!ended && (c.negated || s[start]?.lower === "no")) return c.verb === "have";
  if (c.verb === "have" && !animal && !ended) return false;
  if (!things.length) return false;
  if (animal) {
    const named = s.findIndex((t, k) => k >= start && NAMING.has(t.lower));
    const names = named < 0 ? [] : objectAfter(s, named + 1).names;
    if (names.length) {
      for (const n of names) add(subject, "pet", `${animal} ${n}`, ended ? "ended" : undefined);
      return true;
    }
  }
  add(subject, animal ? "pet" : "possession", animal && c.verb === "have" ? animal : things.join(" "), ended ? "ended" : undefined);
  return true;
}
const NEGATIVE_DETERMINERS = new Set(["no", "any"]);

/** Maps one clause (for one of its subjects) to a canonical attribute and a value. */
export function readActivity(s: Tok[], c: Clause, subject: string, add: AddTriple, speaker?: string): void {
  // a gerund opening a sentence is a topic, not a deed ("Having a team is great")
  if (c.gerundLead) return;
  // a plan is the speaker's own ("I'm going to", "I want to"); "you'll succeed" is a wish for the other
  const plan = (c.future || (c.intent && PLAN_VERBS.has(c.intentVerb ?? ""))) && (speaker === undefined || subject === speaker);
  if ((c.intent || c.future) && !plan) return;
  if (SKIP_VERBS.has(c.verb) && !c.copula) return;
  const start = c.head + 1;
  const obj = objectAfter(s, start);
  const not = c.negated || c.noLonger ? "not " : "";
  const value = obj.words.join(" ");
  const text = s.slice(start).map((t) => t.lower).join(" ");
  if (plan) {
    if (!c.copula && (value || c.verb)) add(subject, "plan", `${not}${c.verb}${value ? ` ${value}` : ""}`);
    return;
  }
  if (c.copula) {
    if (!value) return;
    // "I'm (originally) from Sweden": where one comes from, not where one lives
    if (obj.prep === "from") return void add(subject, "origin", value, c.negated ? "ended" : undefined);
    if (obj.prep !== undefined) return;
    const head = obj.words[obj.words.length - 1];
    if (obj.words[0] === "fan") return void add(subject, "preference", not + obj.words.slice(1).join(" "));
    if (JOB_WORDS.has(head) || JOB_WORDS.has(obj.words[0])) return; // a job: states.ts
    const article = s[start]?.lower === "a" || s[start]?.lower === "an";
    if (HEALTH.test(value)) return void add(subject, "health", not + value);
    if (article && obj.kinds.has("NOUN")) add(subject, "identity", not + value);
    return;
  }
  const v = c.verb;
  if (STATE_VERBS.has(v)) return; // states.ts
  if (EDUCATION.test(text.split(/[.,!;]/)[0]) && EDUCATION_VERBS.has(v)) return void add(subject, "education", not + (value || v));
  if (HEALTH.test(text.split(/[.,!;]/)[0]) && HEALTH_VERBS.has(v)) return void add(subject, "health", not + (value || v));
  const animal = obj.words.find((w) => ANIMALS.has(w));
  if (v === "have" && !obj.prep) return void possessionOf(s, c, subject, add, start, obj.words);
  if ((GET_VERBS.has(v) || ADOPT_VERBS.has(v)) && animal) return void possessionOf(s, c, subject, add, start, obj.words);
  if (v === "go" && !obj.prep && s[start]?.lower.endsWith("ing")) return void add(subject, "hobby", not + s[start].lower);
  if (TRAVEL_VERBS.has(v) || (v === "go" && obj.prep === "to" && obj.names.length && !obj.kinds.has("NOUN"))) {
    if (obj.names.length && !obj.kinds.has("NOUN")) {
      for (const n of obj.names) add(subject, "travel", not + n);
      return;
    }
    if (value) return void add(subject, "event", not + `${v} ${value}`);
  }
  if (LIKE_VERBS.has(v)) {
    const neg = c.negated || v === "hate" || v === "dislike" ? "not " : "";
    const gerund = s[start]?.pos === "VERB" || (s[start]?.lower.endsWith("ing") ?? false);
    if (value) return void add(subject, gerund ? "hobby" : "preference", neg + value);
    return;
  }
  if (HOBBY_START.has(v) && (s[start]?.lower.endsWith("ing") || v === "play" || v === "practice" || v === "learn")) {
    if (value) return void add(subject, "hobby", not + value);
  }
  if (RELATIONSHIP_VERBS.has(v)) return void add(subject, "relationship", not + `${v}${value ? ` ${value}` : ""}`);
  if (EVENT_VERBS.has(v) || (v === "go" && obj.prep === "to")) {
    if (value) return void add(subject, "event", not + `${v === "go" ? "" : `${v} `}${value}`.trim());
  }
  if (GET_VERBS.has(v) && value && obj.kinds.has("NOUN") && possessionOf(s, c, subject, add, start, obj.words)) return;
  if (value && obj.kinds.has("NOUN")) add(subject, "activity", not + `${v} ${value}`);
}
