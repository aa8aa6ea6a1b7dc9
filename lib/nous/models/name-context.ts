/**
 * What a reader sees around a name in a sentence, as numbers: the classes of the sentence's words (a word of living,
 * of work, of moving …), the word before the name by kind, the name's shape (a town of the gazetteer, an
 * organisation, initials, an English word). The fitted models read these features, never a phrase: the ranker of the
 * answerer's last resort (ranker.ts) and the extractor's reading of names (mentions.ts).
 */
import type { Tok } from "./nlp.js";
import { fold, isCountry, isRegion, isRegionCode, placesNamed } from "./gazetteer.js";
import { wordSet, type LexiconName } from "./lexicon.js";
import { inLexicon, isName, upper } from "./nlp.js";
import { organisationName, placeAt, STREETS } from "./states-common.js";

/** Last words of a street, a road or a bridge: a landmark, never a workplace. */
export const LANDMARKS = new Set(["bridge", "road", "rd", "street", "st", "avenue", "ave", "lane", "motorway", "highway", "expressway", "roundabout", "tunnel", "square", "beach", "promenade", "prom"]);

/** The name that starts at k: its value without a lower-case tail or a possessive ("the Okafor Power vans", "Delta Comfort's"), and the tail. */
export function nameFrom(s: Tok[], k: number): { value: string; tail: string[]; end: number } | undefined {
  const p = placeAt(s, k);
  if (!p) return undefined;
  const words = p.value.split(" ");
  const tail: string[] = [];
  while (words.length > 1 && !upper(words[words.length - 1])) tail.unshift(words.pop()!.toLowerCase());
  return { value: words.join(" ").replace(/'s$/, ""), tail, end: p.end };
}

/**
 * Every name of a sentence from word `from` on, in order: where it starts (`at`), its value ("in Da Nang": with the word
 * before it when the two name a town, unless `townWord` is false), the name alone (`name`) and its lower-case tail.
 *
 * @example
 * [...namesIn(analyse("We moved to Da Nang in May.")[0])].map((n) => n.value); // ["Da Nang"]
 */
export function* namesIn(s: Tok[], from = 0, opts: { townWord?: boolean } = {}): Generator<{ value: string; name: string; at: number; tail: string[] }> {
  for (let k = from; k < s.length; k++) {
    if (!isName(s[k])) continue;
    const n = nameFrom(s, k);
    if (!n) continue;
    const at = k;
    k = n.end;
    // ("The robot at Voortrekker and Durban Road": one street of a crossing names no place of one's own)
    const crossed = s[n.end + 1]?.lower === "and" && isName(s[n.end + 2]) ? nameFrom(s, n.end + 2) : undefined;
    if (crossed && STREETS.has(s[crossed.end].lower)) continue;
    const value = opts.townWord !== false && at > 0 && placesNamed(`${s[at - 1].text} ${n.value}`).length > 0 ? `${s[at - 1].text} ${n.value}` : n.value;
    yield { value, name: n.value, at, tail: n.tail };
  }
}

const words = (...names: LexiconName[]): Set<string> => new Set(names.flatMap((n) => [...wordSet(n)]));
/** Classes of the sentence's words (lemmas or tokens), each one feature. */
export const SENTENCE_CLASSES: [string, Set<string>][] = [
  ["live", words("resideVerbs", "liveVerbs", "settleVerbs", "dwellingNouns", "homeContextNouns")],
  ["move", words("moveVerbs")],
  ["work", words("workVerbs", "jobNouns", "workContextNouns", "workplaceNouns", "colleagueNouns", "workplaceKinds")],
  ["hire", words("employVerbs", "startVerbs", "joinVerbs")],
  ["quit", words("quitVerbs", "leaveDwellingVerbs")],
  ["joke", words("hedgeCues", "hyperboleModifiers")],
  ["trip", words("tripWords", "travelVerbs")],
  ["family", words("family", "partner")],
  ["local", words("localNouns", "commuteWords")],
];
export const NEGATION = new Set(["not", "never", "no", "n't", "nothing", "anymore"]);
export const THIRD = new Set(["he", "she", "they", "him", "her", "his", "their", "them"]);
export const SECOND = new Set(["you", "your", "yours", "u", "ur", "yuh"]);
export const FIRST = new Set(["i", "my", "me", "mine", "we", "our", "us", "mi"]);
export const PAST = new Set(["used", "before", "previously", "former", "old", "anymore", "longer", "ago"]);
/** The word before a name, by kind. */
export const BEFORE: [string, Set<string>][] = [
  ["in", new Set(["in", "inna"])],
  ["at", new Set(["at"])],
  ["for", new Set(["for", "with", "by"])],
  ["from", new Set(["from"])],
  ["to", new Set(["to", "into"])],
  ["near", new Set(["near", "around", "outside", "by"])],
  ["the", new Set(["the"])],
  ["poss", new Set(["my", "our", "your", "his", "her", "their"])],
  ["of", new Set(["of"])],
];
const WORK_KINDS = new Set([...wordSet("workplaceKinds"), ...wordSet("workContextNouns"), "office", "site", "depot", "branch", "warehouse", "plant", "yard", "store", "ward"]);
const LOCAL = words("localNouns", "commuteWords");
export const HONORIFICS = wordSet("honorifics");
export const KIN = wordSet("kinAddress");
/** Words that open a greeting before the one greeted ("Morning Gogo!", "Môre Ouma!", "Hi Aunt Marg"). */
/** Kin words used as a title before a name ("Uncle Walt"; not "Gran" of "Gran Canaria" or "Papa" of "Papa John's"). */
const KIN_TITLES = new Set(["uncle", "aunt", "auntie", "aunty", "cousin", "granny", "grandma", "grandpa", "ouma", "oupa", "tannie", "oom", "tita", "tito"]);
const GREETING_OPENERS = new Set([...wordSet("greetings"), "morning", "evening", "afternoon", "night", "môre", "dear"]);

/**
 * Whether a name is a person addressed or named by kin, never a place or an organisation: a greeting then the one
 * greeted ("Morning Gogo", "Môre Ouma"), or a kin word then a name ("Uncle Walt", "Aunt Marg").
 */
export function addressedPerson(value: string): boolean {
  const ws = value.split(" ");
  return ws.length > 1 && (GREETING_OPENERS.has(ws[0].toLowerCase()) || (KIN_TITLES.has(ws[0].toLowerCase()) && placesNamed(value).length === 0 && !organisationName(value)));
}
const TIMES = new Set([...wordSet("calendar"), ...wordSet("occasions"), ...wordSet("seasons")]);

/**
 * Whether a name is a time: a day, a month, a holiday or a season, in the singular or plural ("Christmas", "Tuesdays");
 * never a name in capitals ("SATS" is a company, not Saturdays).
 */
export function isTimeName(value: string): boolean {
  if (/^\p{Lu}{2,}$/u.test(value)) return false;
  const v = value.toLowerCase();
  // ("Boxing Day", "Australia Day", "Christmas Eve", "Bonfire Night", "New Year's": a day named as a holiday)
  if (/^\p{Lu}[\p{L}'’]* (?:Day|Eve|Night)$/u.test(value) || /^(?:chinese |lunar )?new year(?:'s|’s)?(?: day| eve)?$/.test(v)) return true;
  return TIMES.has(v) || (v.endsWith("s") && TIMES.has(v.slice(0, -1)));
}

const COUNTS = new Set(["two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "twelve", "both", "all"]);

/**
 * Values no home or workplace takes: a time ("Tuesdays and Thursdays, yes", "til Christmas"); for a home, a name with
 * an ampersand, which is an organisation's or a department's ("still in A&E"); for a workplace, people counted in
 * lower case ("this job with two kids").
 */
export function noPlaceValue(attribute: "home" | "workplace", value: string): boolean {
  if (isTimeName(value)) return true;
  return attribute === "home" ? value.includes("&") : COUNTS.has(value.split(" ")[0]);
}

/** The sentence's lemmas and lower-cased tokens, and a test of whether any is in a set. */
export function sentenceWords(body: readonly Tok[]): { has: (set: Set<string>) => boolean } {
  const lemmas = new Set(body.flatMap((t) => [t.lemma, t.lower]));
  return {
    has: (set) => {
      for (const w of lemmas) if (set.has(w)) return true;
      return false;
    },
  };
}

/** One feature per class of SENTENCE_CLASSES: whether the sentence has a word of it. */
export function sentenceClasses(has: (set: Set<string>) => boolean): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [k, set] of SENTENCE_CLASSES) out[`sentence_${k}`] = has(set) ? 1 : 0;
  return out;
}

/** Chat shorthand in capitals ("I'm still WFH") and a hospital's units ("ED in Sligo University Hospital"): no place or employer. */
export const NO_PLACE: ReadonlySet<string> = new Set([...wordSet("chatWords"), ...wordSet("wardUnits")]);

/** The names of `nameShape`'s features, in order. */
export const NAME_SHAPE_FEATURES: readonly string[] = [
  ...BEFORE.map(([k]) => `before_${k}`), "opening", "tail_work", "tail_local", "tail_other",
  "town", "bigTown", "organisation", "landmark", "multiWord", "capitals", "commonWord", "time", "country", "region",
];

/**
 * The features of a name at `at` in sentence `s` (value `value`, the lower-case words after it `tail`), its first
 * word `from` (after a speaker's prefix).
 *
 * @example
 * nameShape(analyse("We live in Leeds.")[0], 3, 0, "Leeds", []).before_in; // 1
 */
export function nameShape(s: readonly Tok[], at: number, from: number, value: string, tail: readonly string[]): Record<string, number> {
  const f: Record<string, number> = {};
  const before = s[at - 1]?.lower ?? "";
  for (const [key, set] of BEFORE) f[`before_${key}`] = set.has(before) ? 1 : 0;
  f.opening = at === from || s[at - 1]?.pos === "PUNCT" ? 1 : 0;
  f.tail_work = tail.some((t) => WORK_KINDS.has(t)) ? 1 : 0;
  f.tail_local = tail.length > 0 && tail.every((t) => LOCAL.has(t)) ? 1 : 0;
  f.tail_other = tail.length > 0 && !f.tail_work && !f.tail_local ? 1 : 0;
  return Object.assign(f, valueShape(value));
}

/** The features of a name's value alone (gazetteer and lexicon lookups), kept for the values seen last. */
const shapes = new Map<string, Record<string, number>>();
function valueShape(value: string): Record<string, number> {
  let f = shapes.get(value);
  if (f) return f;
  const ws = value.split(" ");
  const places = placesNamed(value);
  const country = isCountry(value) ? 1 : 0;
  f = {
    country,
    town: places.length > 0 && !country ? 1 : 0,
    bigTown: places.some((p) => p.population >= 100_000) ? 1 : 0,
    organisation: organisationName(value) ? 1 : 0,
    landmark: LANDMARKS.has(ws[ws.length - 1].toLowerCase()) ? 1 : 0,
    multiWord: ws.length > 1 ? 1 : 0,
    capitals: /^\p{Lu}{1,4}$/u.test(value) ? 1 : 0,
    commonWord: ws.length === 1 && inLexicon(value.toLowerCase()) ? 1 : 0,
    time: isTimeName(value) ? 1 : 0,
    // a state or province, by its name or its postal code ("Texas", "how's CO"): no town
    region: !places.length && (isRegion(value) || isRegionCode(value)) ? 1 : 0,
  };
  if (shapes.size >= 20_000) shapes.clear();
  shapes.set(value, f);
  return f;
}

/** Whether a name is written as a person's: an honorific at or before it, a kin word, or a known person's name. */
export function personLike(s: readonly Tok[], at: number, value: string, people: ReadonlySet<string>): boolean {
  const ws = value.split(" ");
  return HONORIFICS.has(fold(s[at].text).replace(/\.$/, "")) || HONORIFICS.has(fold(s[at - 1]?.text ?? "").replace(/\.$/, "")) || ws.some((w) => people.has(fold(w)) || KIN.has(w.toLowerCase()));
}
