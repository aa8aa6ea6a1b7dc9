/**
 * What states.ts and states-nominal.ts share: the place or organisation a noun phrase names, the kind a clause gives
 * a state, an occupation phrase, and the emitter's type.
 */
import type { ObservationKind } from "../types.js";
import type { Clause } from "./clause.js";
import { fold, isCountry, mayLieWithin, placesNamed, regionHolds } from "./gazetteer.js";
import { wordSet } from "./lexicon.js";
import { inLexicon, isName, nameAt, type Tok, upper } from "./nlp.js";
import type { SessionContext } from "./referents.js";

export type StateAttribute = "home" | "workplace" | "job";
export type Emit = (entities: string[], attribute: StateAttribute, value: string | undefined, kind: ObservationKind | undefined, at: number) => void;

const OF_HEADS = wordSet("ofHeads");
const CHAT = wordSet("chatWords"), KIN_WORDS = wordSet("kinAddress");
/** Words for a dwelling ("flat", "house", "place"). */
export const DWELLING = wordSet("dwellingNouns");
const JOB_WORDS = wordSet("jobWords"), LOOSE = wordSet("nonRestrictive");
/** Words that open many towns' names ("New York", "Greater Manchester", "Little Rock"). */
const PLACE_OPENERS = new Set(["new", "north", "south", "east", "west", "upper", "lower", "great", "greater", "little", "old", "central", "royal", "saint", "san", "santa", "fort", "port", "mount", "grand", "high", "long", "big", "golden", "palm", "red", "white", "black", "green"]);
const RURAL = new Set(["farm", "ranch", "croft", "smallholding"]);
const NAME_PARTICLES = new Set(["de", "da", "do", "dos", "das", "del", "della", "di", "du", "des", "van", "von", "der", "den", "am", "im", "upon", "sur", "aan", "op"]);
/** An article after a particle, inside a name ("de los Andes", "de la Cruz", "an der Ruhr"). */
const PARTICLE_ARTICLES = new Set(["los", "las", "la", "le", "el", "der", "den"]);
export const DETS = new Set(["the", "a", "an", "my", "our", "his", "her", "their", "your"]);
const DEMONSTRATIVES = new Set(["this", "that", "these", "those"]);
export const POSSESSIVES = new Set(["my", "our", "his", "her", "their", "your"]);
/** Words that end a street's name ("James Street", "Rue Neuve", "Marine Parade"). */
export const STREETS = new Set(["st", "street", "rd", "road", "ave", "avenue", "lane", "ln", "drive", "dr", "close", "crescent", "terrace", "way", "place", "pl", "court", "ct", "blvd", "boulevard", "gardens", "grove", "row", "square", "sq", "rue", "calle", "strasse", "straße", "via", "avenida", "rua", "parade"]);
/** Parts of a town written in lower case before its name ("downtown Toronto", "east Belfast"). */
const AREAS = new Set(["downtown", "uptown", "midtown", "central", "north", "south", "east", "west", "northern", "southern", "eastern", "western", "inner", "outer", "greater", "suburban", "rural", "coastal"]);
const NOT_PLACES = new Set(["home", "work", "moment", "time", "night", "weekend", "end", "first", "least", "all", "while", "track", "shape", "touch", "mind", "charge", "love", "trouble"]);

/**
 * The noun phrase naming a place or an organisation at k (determiners and loose adjectives dropped, names as
 * written): "the city hospital" → "city hospital", "a tiny studio in Paris" → "Paris", "a new agency, Bluebird" →
 * "Bluebird". Undefined for a demonstrative ("this town"), a pronoun, a date, or a dwelling without a place.
 */
export function placeAt(s: Tok[], k: number, end = s.length, opts: { demonstrative?: boolean } = {}): { value: string; end: number } | undefined {
  let j = k;
  if (j < end && DEMONSTRATIVES.has(s[j].lower)) {
    if (!opts.demonstrative) return undefined;
    j++;
  }
  const possessive = POSSESSIVES.has(s[j]?.lower ?? "");
  while (j < end && (DETS.has(s[j].lower) || ((s[j].pos === "ADJ" || s[j].pos === "ADV") && LOOSE.has(s[j].lower)))) j++;
  // "in downtown Toronto", "east Belfast": a part of a town in lower case before its name is not the name's
  if (j + 1 < end && s[j].text === s[j].lower && AREAS.has(s[j].lower) && isName(s[j + 1])) j++;
  const words: string[] = [];
  let last = j - 1;
  for (; j < end; j++) {
    const t = s[j];
    if (t.date && !isName(t)) break;
    // ("Marks & Spencer", "Pick n Pay": a joiner between two capitalised words)
    const amp = (t.text === "&" || t.lower === "n" || t.lower === "'n") && words.length > 0 && isName(s[j + 1]);
    // ("Tin Can Studio": a capitalised auxiliary inside a name, another capitalised word after it)
    const capital = j > 0 && upper(t.text) && (["ADV", "ADJ", "VERB", "NOUN"].includes(t.pos) || (t.pos === "AUX" && words.length > 0 && !!s[j + 1] && upper(s[j + 1].text) && s[j + 1].pos !== "PRON")) && !t.date;
    if (words.length > 0 && (t.lower === "last" || t.lower === "next" || t.lower === "this")) break;
    // "a commute from Geelong tho": chat shorthand ends a name (in lower case), and so does a part of town after it
    // ("at Suncor downtown", "Woodlands side")
    if (words.length > 0 && t.text === t.lower && (CHAT.has(t.lower) || (["downtown", "uptown", "midtown", "side"].includes(t.lower) && upper(words[words.length - 1])))) break;
    // ("at mine in Porirua Nan's place is too small": a family word owning what follows starts a phrase of its own)
    if (words.length > 0 && KIN_WORDS.has(t.lower) && s[j + 1]?.text === "'s") break;
    // ("that place in chattanooga w the roommate": "w" is shorthand for "with")
    if (words.length > 0 && t.text === "w" && s[j - 1]?.text !== "-" && s[j + 1]?.text !== "-") break;
    const joined = joinsName(s, j, end, words);
    if (joined >= 0) {
      j += joined;
      continue;
    }
    // "Living in Wrexham right now": "right" before a time or place adverb is no part of a name
    // ("Lynmore right by the forest"; "You're in Tanjung Bungah right?": a tag)
    if (words.length > 0 && t.lower === "right" && (s[j + 1]?.text === "?" || ["now", "here", "there", "away", "by", "next", "beside", "behind", "across", "near", "outside", "on", "in", "at"].includes(s[j + 1]?.lower ?? ""))) break;
    // ("Quails' Gate", "St Johns' Wood": a plural's apostrophe inside a name)
    const plural = (t.text === "'" || t.text === "’") && /\p{Lu}\p{L}*s$/u.test(words[words.length - 1] ?? "") && isName(s[j + 1]) && j + 1 < end;
    if (plural) words[words.length - 1] += "'";
    else if (capital || t.pos === "PROPN" || t.pos === "NOUN" || t.pos === "NUM" || amp || (t.pos === "ADJ" && !LOOSE.has(t.lower)) || (t.text === "'s" && words.length > 0) || (t.text === "-" && words.length > 0)) {
      // ("a flat on the seafront": the tagger may read a dwelling as an adjective)
      if (t.pos === "ADJ" && !capital && !(DWELLING.has(t.lower) && words.length === 0) && s[j + 1]?.pos !== "NOUN" && s[j + 1]?.pos !== "PROPN") break;
      if (t.text === "'s" || t.text === "-") words[words.length - 1] += t.text;
      else if (words.length > 0 && words[words.length - 1].endsWith("-")) words[words.length - 1] += t.text; // "x-ray"
      else words.push(t.text);
      last = j;
      if (t.lower === "same" || t.lower === "as") words.pop();
    } else break;
  }
  if (!words.length) return undefined;
  const dwelling = dwellingPlace(s, last, end, words);
  if (dwelling !== null) return dwelling;
  // "my business", "your journey", "my home country": a possessed thing is not a place or an organisation
  if (possessive && !words.some((w) => upper(w))) return undefined;
  if (s[last + 1]?.text === "," && isName(s[last + 2]) && !words.some((w) => upper(w))) return placeAt(s, last + 2, end);
  // "a tiny place on the quay, Clew Bay Brewing", "a little cafe by the station, Café Nero": past a landmark in
  // lower case, the name set after the comma
  if (!words.some((w) => upper(w)) && ["on", "by", "near", "off"].includes(s[last + 1]?.lower ?? "") && s[last + 2]?.lower === "the") {
    let m = last + 3;
    while (s[m]?.pos === "NOUN" && s[m].text === s[m].lower) m++;
    if (m > last + 3 && s[m]?.text === "," && isName(s[m + 1])) {
      const own = placeAt(s, s[m + 1].lower === "in" ? m + 2 : m + 1, end);
      if (own && !isCountry(own.value)) return own;
    }
  }
  // "a small office called Pars Design Studio", "a shop named Kolo Servis": the name, not the kind
  if ((s[last + 1]?.lower === "called" || s[last + 1]?.lower === "named") && isName(s[last + 2]) && !words.some((w) => upper(w))) return placeAt(s, last + 2, end);
  if (s[last + 1]?.lower === "as" && s[k]?.lower === "same") return undefined;
  if (words.length === 2 && s[last - 1].pos === "ADJ" && openingAdjective(s, last - 1, last)) words.shift();
  const value = words.join(" ");
  if (NOT_PLACES.has(value.toLowerCase()) || s[k]?.pos === "PRON" && !DETS.has(s[k].lower)) return undefined;
  // "in Canada now, Calgary", "in Canada as well now, in Toronto": a town set after a country names the place within it
  let c = last + 1;
  if (s[c]?.lower === "as" && s[c + 1]?.lower === "well") c += 2;
  if (s[c]?.lower === "now" || s[c]?.lower === "too") c++;
  if (s[c]?.text === "," && s[c + 1]?.lower === "in") c++;
  const townAt = s[c]?.text === "," ? c + 1 : s[c]?.lower === "in" && s[c - 1]?.text === "," ? c + 1 : -1;
  if (townAt > 0 && isName(s[townAt]) && isCountry(value)) {
    const town = placeAt(s, townAt, end);
    if (town && placesNamed(town.value).length > 0 && !isCountry(town.value)) return town;
  }
  return { value, end: last };
}

/**
 * A word that joins two names into one at j ("of", "for", a particle, its article, "and" before an organisation's
 * head), pushed onto `words`: the number of words skipped after it (an article), or -1 when the word joins nothing.
 */
function joinsName(s: Tok[], j: number, end: number, words: string[]): number {
  const t = s[j];
  // "Bank of Ireland", "City of Ottawa", "University of Ghana": "of" and a name after an organisation's head (or
  // "for": "Centre for Alternative Technology", "Office for National Statistics")
  // ("University of the Free State": with "the" between)
  const the = s[j + 1]?.lower === "the" && j + 2 < end && isName(s[j + 2]) ? 1 : 0;
  // ("Prince of Wales Hospital": names after "of" that end in an organisation's head)
  let m = j + 1 + the;
  while (m < end && isName(s[m])) m++;
  const headed = m > j + 1 + the && ORGANISATION_HEADS.has(fold(s[m - 1].text));
  if ((t.lower === "of" || t.lower === "for") && words.length > 0 && upper(words[words.length - 1]) && (OF_HEADS.has(words[words.length - 1].toLowerCase()) || headed) && isName(s[j + 1 + the]) && j + 1 + the < end) {
    words.push(the ? `${t.lower} the` : t.lower);
    return the;
  }
  // "Port of Spain", "Isle of Lewis": a town whose own name has "of" in it, as the gazetteer has it
  if (t.lower === "of" && words.length > 0 && upper(words[words.length - 1]) && j + 1 < end && isName(s[j + 1]) && placesNamed(`${words.join(" ")} of ${s[j + 1].text}`).length > 0) {
    words.push("of");
    return 0;
  }
  // "Hospital de Santa Maria", "Banco do Brasil", "Museo del Prado", "Weil am Rhein", "Newcastle upon Tyne": a
  // particle between two names ("Universidad de los Andes": with an article after it)
  if (words.length > 0 && NAME_PARTICLES.has(t.text) && upper(words[words.length - 1]) && j + 1 < end && (isName(s[j + 1]) || (PARTICLE_ARTICLES.has(s[j + 1].text) && j + 2 < end && isName(s[j + 2])))) {
    words.push(t.text);
    return 0;
  }
  if (words.length > 0 && PARTICLE_ARTICLES.has(t.text) && NAME_PARTICLES.has(words[words.length - 1]) && isName(s[j + 1]) && j + 1 < end) {
    words.push(t.text);
    return 0;
  }
  // "Norfolk and Norwich University Hospital", "Royal Brisbane and Women's Hospital": "and" inside a name that
  // ends in an organisation's head ("Leeds and Bradford" stays two towns)
  if (t.lower === "and" && words.length > 0 && upper(words[words.length - 1]) && !ORGANISATION_HEADS.has(fold(words[words.length - 1].replace(/'s$/, "")))) {
    let m = j + 1;
    while (m < end && (isName(s[m]) || (s[m].text === "'s" && m > j + 1))) m++;
    const run = s.slice(j + 1, m).filter((x) => x.text !== "'s");
    if (run.length >= 2 && ORGANISATION_HEADS.has(fold(run[run.length - 1].lemma)) && (m === end || !isName(s[m]))) {
      words.push("and");
      return 0;
    }
  }
  return -1;
}

/**
 * The place a dwelling at `last` is in ("a tiny studio in Paris", "a farm just outside Dunedin", "a flat on the
 * seafront, in Brighton"), undefined for a dwelling without a place, null when the head is no dwelling.
 */
function dwellingPlace(s: Tok[], last: number, end: number, words: string[]): { value: string; end: number } | undefined | null {
  const head = s[last];
  // ("Cannon Hall Farm", "Somerset House": a capitalised head is a name's)
  // ("a farm just outside Dunedin": a farm or a ranch, unnamed, as a dwelling; "cannon hall farm" is a name)
  const rural = RURAL.has(head.lemma) && words.length === 1 && (s[last - 1]?.lower === "a" || s[last - 1]?.lower === "an");
  if (!((DWELLING.has(head.lemma) || rural) && (head.pos === "NOUN" || head.pos === "ADJ") && !(words.length > 1 && upper(head.text)))) return null;
  if (head.lemma === "room" && roomForStay(s)) return undefined;
  // ("a farm just outside Dunedin")
  const p = ["just", "right"].includes(s[last + 1]?.lower ?? "") ? s[last + 2] : s[last + 1];
  if (p && (p.lower === "in" || p.lower === "near" || p.lower === "outside" || p.lower === "on")) {
    // "a little house near the water in Sydney": the town after the landmark
    const inner = placeAt(s, s.indexOf(p) + 1, end);
    // ("a flat on the seafront, in Brighton")
    const c = inner && s[inner.end + 1]?.text === "," ? inner.end + 2 : inner ? inner.end + 1 : -1;
    if (inner && !upper(inner.value) && s[c]?.lower === "in" && isName(s[c + 1])) return placeAt(s, c + 1, end);
    // "a dumpling place in Braddon, Little Lantern": a name set after the place that is no town or country is the
    // place's own ("a flat in Leith, Edinburgh" stays Leith)
    if (inner && s[inner.end + 1]?.text === "," && isName(s[inner.end + 2]) && upper(inner.value)) {
      const own = placeAt(s, inner.end + 2, end);
      if (own && placesNamed(own.value).length === 0 && !isCountry(own.value)) return own;
    }
    return inner;
  }
  return undefined;
}

/**
 * "Typical Dunedin weather", "Lovely Leeds today": an ordinary adjective opening the sentence before a town's name is
 * no part of it (the words from k to e; "Royal Leamington Spa" is a town as a whole).
 */
export function openingAdjective(s: Tok[], k: number, e: number): boolean {
  if (e <= k || (s[k].pos !== "ADJ" && s[k].pos !== "PROPN") || PLACE_OPENERS.has(s[k].lower) || !(k === 0 || s[k - 1].pos === "PUNCT") || !inLexicon(s[k].lower)) return false;
  const words = s.slice(k, e + 1).map((t) => t.text);
  return upper(words[1]) && placesNamed(words.join(" ")).length === 0 && placesNamed(words.slice(1).join(" ")).length > 0;
}

/** How long a stay lasts ("for the weekend", "for two nights"). */
const STAY_SPANS = new Set(["night", "weekend", "week", "day", "stay"]);

/** "booked a room in Paris for the weekend": a sentence about a room for a stay (a room there is no home). */
/**
 * Words from `from` to `to` that leave a place behind: "(Lincoln already feels) far away", "a world away", "behind",
 * "distant", "(feels like) a different life" ("everything's 10 minutes away" says nothing of the kind).
 */
export const leftBehind = (s: Tok[], from: number, to: number): boolean => s.slice(from, to).some((t, i) => (t.lower === "away" && ["far", "world", "miles", "lifetime"].includes(s[from + i - 1]?.lower ?? "")) || t.lower === "behind" || t.lower === "distant" || (t.lower === "life" && ["different", "another", "past", "previous", "other"].includes(s[from + i - 1]?.lower ?? "")));

/** Whether a room in the sentence is no home: one booked for a stay, or a room of work ("the clean room in Boston Scientific"). */
export const roomForStay = (s: Tok[]): boolean => s.some((t, i) => ["book", "hotel", "hostel", "airbnb"].includes(t.lemma) || (t.lower === "for" && STAY_SPANS.has(s[i + 2]?.lemma ?? "")) || (t.lemma === "room" && WORK_ROOMS.has(s[i - 1]?.lower ?? "")));
const WORK_ROOMS = new Set(["clean", "break", "staff", "server", "meeting", "control", "operating", "board", "waiting", "conference", "post", "print", "stock"]);

/** The kind a state verb's clause gives (undefined: no statement). */
export function stateKind(c: Clause, verbPast: "ended" | "none" = "ended"): ObservationKind | undefined {
  if (c.intent) return undefined;
  if (c.negated || c.noLonger || c.usedTo) return c.future ? undefined : "ended";
  if (c.future) return "planned";
  if (c.past && !c.perfect && !c.still) return verbPast === "ended" ? "ended" : undefined;
  return c.now && !c.still && !c.perfect ? "change" : "state";
}

/** The kind a change verb's clause gives. */
export function changeKind(c: Clause): ObservationKind | undefined {
  if (c.intent || c.negated || c.usedTo) return undefined;
  if (c.future || c.progressive) return "planned";
  // ("We're settled in Leeds now", "I'm posted to Leeds": a present passive tells the change's result)
  if (c.past || c.perfect || c.passive) return "change";
  return c.implicit ? "change" : "planned";
}

const SITE_KINDS = new Set([...wordSet("workplaceKinds"), "mine", "yard", "port", "plant", "mill", "depot", "branch", "base", "ward", "site", "warehouse", "rig", "greenhouse"]);

/**
 * Whether a lower-case value names a kind of the attribute's place: a kind of workplace ("the mine", "the warehouses")
 * or of dwelling ("the flat"); "office" is no kind of home.
 */
export function kindOfPlace(attribute: string, value: string): boolean {
  const head = value.toLowerCase().split(" ").pop()!.replace(/s$/, "");
  return attribute === "workplace" ? SITE_KINDS.has(head) : attribute === "home" && DWELLING.has(head);
}

/**
 * Whether a lower-case value is an entity's known named home or workplace spoken of by its kind ("shifts at the mine"
 * after BHP): no new value.
 */
export const knownByKind = (known: string | undefined, attribute: string, value: string): boolean => !upper(value) && kindOfPlace(attribute, value) && upper(known ?? "");

const EMPLOYED = new Set(["start", "work", "sign", "join", "intern", "volunteer", "job", "position", "role", "contract", "site"]);

/**
 * Whether "with" at `k` names an employer rather than a companion: after "be" or "still" ("I've been with Nakatomi",
 * "Still with Dublin Bus", "I'm now with Newmont": an adverb may stand between), a verb of taking work ("He started
 * with Kenya Airways") or a job ("an accountant with Deloitte"); "went with Tom" is a person.
 */
export function employerWith(s: Tok[], k: number): boolean {
  // ("I'm not with Aviva anymore", "no longer with Dublin Bus": a negation may stand between too)
  let b = k - 1;
  while (b >= 0 && ["not", "n't", "longer", "no", "never"].includes(s[b].lower) && (s[b].lower !== "no" || s[b + 1]?.lower === "longer")) b--;
  // ("Not with Qantas anymore.": the negation opening the sentence, its subject and verb left out)
  if (b < 0) return k > 0;
  const w = s[b]?.pos === "ADV" && s[b].lower !== "still" ? s[b - 1] : s[b];
  return w?.lemma === "be" || s[k - 1]?.lower === "still" || EMPLOYED.has(w?.lemma ?? "") || JOB_WORDS.has(w?.lemma ?? "");
}

export const endKind = (c: Clause): ObservationKind | undefined => (c.intent || c.negated || c.future || c.progressive ? undefined : "ended");

/** "a nurse", "a software engineer": an occupation after an indefinite article, or undefined. */
export function jobPhrase(s: Tok[], from: number, to: number, requireWord = true): string | undefined {
  // ("I am software developer at SAP": a job's noun without its article, as many write English, when a job's word ends it)
  const bare = s[from]?.pos === "NOUN" && s[from].text === s[from].lower;
  if (s[from]?.lower !== "a" && s[from]?.lower !== "an" && !bare) return undefined;
  const p = placeAt(s, from, to);
  if (!p) return undefined;
  const words = p.value.toLowerCase().split(" ");
  // (before "at" a name, a noun of one who does something will do: "software developer at SAP")
  const agent = !requireWord && /(?:er|or|ist|ian|ant|eer)$/.test(words[words.length - 1]);
  return (!requireWord && !bare) || agent || JOB_WORDS.has(words[words.length - 1]) || JOB_WORDS.has(words.join(" ")) ? p.value : undefined;
}


const ORGANISATION_HEADS = wordSet("organisationHeads");

/**
 * Whether a name is an organisation's by its last word ("Orchard Software", "Copperleaf Café"), accents ignored.
 *
 * @example
 * organisationName("Orchard Software"); // true
 * organisationName("Leipzig"); // false
 */
export function organisationName(value: string): boolean {
  const words = value.split(" ");
  const last = fold(words[words.length - 1]);
  // "Arden & Kell", "Marks & Spencer": no town is named with an ampersand; "Bank of Baroda", "University of Ghana":
  // an organisation's word, then "of"
  return value.includes(" ") && (ORGANISATION_HEADS.has(last) || value.includes(" & ") || (words.length >= 3 && words[1] === "of" && ORGANISATION_HEADS.has(fold(words[0]))));
}

/**
 * Whether a name is a town's: the gazetteer knows it and its last word names no organisation.
 *
 * @example
 * townName("Leipzig"); // true
 * townName("Leipzig Software"); // false
 */
export function townName(value: string): boolean {
  return placesNamed(value).length > 0 && !organisationName(value);
}

const RELATIVES = new Set([...wordSet("family"), ...wordSet("partner")]);

/** The name a clause's subject is, when it is an organisation-like name (not a speaker, a known person or a relation). */
export function organisationSubject(s: Tok[], c: Clause, ctx: SessionContext): string | undefined {
  let a = c.at;
  // ("The Princess of Wales Hospital has him on nights", "The Royal Infirmary has me on nights": the clause may start
  // at the name's last word; its capitalised words before it, "of" between them, are the name's)
  // (never the sentence's first word: "Anyway Tesco has me on nights")
  const capital = (t: Tok) => t.text !== t.lower && t.pos !== "PRON";
  while (a > 1 && (capital(s[a - 1]) || ((s[a - 1].lower === "of" || s[a - 1].lower === "n") && capital(s[a - 2])))) a -= capital(s[a - 1]) ? 1 : 2;
  while (a < c.head && ["so", "and", "but", "then", "now", "well", "the", ","].includes(s[a].lower)) a++;
  // ("City of Cape Town sent half the department out", "Pick n Pay wants…": the tagger may read the name's first word
  // as a noun or a verb)
  if (!(isName(s[a]) || (capital(s[a]) && ["of", "n", "&"].includes(s[a + 1]?.lower ?? ""))) || s[a - 1]?.lower === "my" || s[a - 1]?.lower === "our") return undefined;
  // "Mine sends me home with soup": a possessive pronoun is no organisation
  if (["mine", "yours", "ours", "theirs", "hers", "his"].includes(s[a].lower)) return undefined;
  const p = placeAt(s, a, c.head);
  // ("Countdown in Manukau has me on till 4": the organisation's site between it and its verb)
  const site = p && s[p.end + 1]?.lower === "in" && isName(s[p.end + 2]) ? placeAt(s, p.end + 2, c.head) : undefined;
  const last = site ? site.end : p?.end ?? c.head;
  if (!p || last >= c.head || s.slice(last + 1, c.head).some((t) => t.pos !== "AUX" && t.pos !== "ADV" && t.pos !== "PART")) return undefined;
  const first = p.value.split(" ")[0];
  if (RELATIVES.has(first.toLowerCase()) || ctx.speakers.some((x) => x === p.value || x.split(" ")[0] === first)) return undefined;
  // a person named as a relation ("my sister Mariana"); a clause's subject is noted as a person too, so that alone
  // says nothing (an organisation is a clause's subject as often)
  if ((ctx.people ?? []).some((r) => (r.name === p.value || r.name.split(" ")[0] === first) && r.gender !== undefined) || ctx.known?.[p.value]) return undefined;
  return p.value;
}

/** A name shaped like an organisation's: by its last word, as capitals ("NHS") or by its head before "of" ("City of Regina"). */
export function organisationShaped(v: string): boolean {
  const w = v.split(" ");
  return organisationName(v) || /^\p{Lu}{2,6}$/u.test(v) || (w[1] === "of" && OF_HEADS.has(w[0].toLowerCase()));
}

/**
 * "Samsung's office", "the Nationwide head office", "the Sony plant": the organisation an office or a site is named
 * after (no town: "the London office" is a branch of one's employer), or undefined.
 *
 * @example
 * officeOwner("Samsung's office"); // "Samsung"
 */
export function officeOwner(value: string): string | undefined {
  // (the kind in either case: the truecaser may capitalise it, "the Tesco Depot")
  const owner = /^(.*?)(?:'s)? (?:head office|office|offices|hq|headquarters|plant|site|factory|depot|warehouse|campus)$/iu.exec(value)?.[1];
  return owner && upper(owner) && placesNamed(owner).length === 0 ? owner : undefined;
}

/** Parts of a town one lives in, named with "called" ("a neighbourhood called Savassi"). */
const AREAS_CALLED = new Set(["neighbourhood", "neighborhood", "district", "suburb", "area", "village", "estate", "quarter"]);

/**
 * The part of a town named after the town itself in its clause (ending at `end`), when it may lie within it: "in Suva,
 * Samabula side", "in Auckland, in Otahuhu", "in Osaka with my wife and daughter, in Tennoji", "in Belo Horizonte, in
 * a neighbourhood called Savassi"; and a city named after its region ("in Ontario as well now, in Toronto").
 */
export function partOfTown(s: Tok[], town: { value: string; end: number }, end: number): string | undefined {
  // (", out in Rangeville": a direction may stand before "in")
  const later = s.findIndex((x, i) => i > town.end && i < end - 1 && (s[i - 1].text === "," || (["out", "up", "down", "over"].includes(s[i - 1].lower) && s[i - 2]?.text === ",")) && x.lower === "in" && isName(s[i + 1]));
  const called = s.findIndex((x, i) => i > town.end && i < end - 1 && ["called", "named"].includes(x.lower) && AREAS_CALLED.has(s[i - 1].lemma) && isName(s[i + 1]));
  const side = s[town.end + 1]?.text === "," && isName(s[town.end + 2]) ? placeAt(s, town.end + 2, end) : undefined;
  const part = called > 0 ? placeAt(s, called + 1, end) : later > 0 ? placeAt(s, later + 1, end) : side && ["side", "end", "area"].includes(s[side.end + 1]?.lower ?? "") ? side : undefined;
  return part && isName(s[part.end - part.value.split(" ").length + 1]) && (mayLieWithin(part.value, town.value) || regionHolds(town.value, part.value)) ? part.value : undefined;
}

/**
 * A place read before a side's word ("live on the Asian side, in Kadıköy"): the side of a town left untold names no
 * town, the part named after a comma does; with none, nothing. A town's side ("the Gateshead side") stays the town.
 */
export function pastSide<P extends { value: string; end: number; at: number }>(s: Tok[], p: P | undefined, end: number): P | undefined {
  if (!p || !["side", "end"].includes(s[p.end + 1]?.text ?? "") || placesNamed(p.value).length > 0) return p;
  const k = s.findIndex((x, i) => i > p.end + 1 && i < end - 1 && x.lower === "in" && s[i - 1].text === "," && isName(s[i + 1]));
  const q = k > 0 ? placeAt(s, k + 1, end) : undefined;
  return q ? { ...p, ...q, at: k } : undefined;
}

/** "the Airbus grad scheme": a name after "the", then common nouns ending in a scheme's or a site's word. */
const SCHEMES = new Set(["scheme", "programme", "program", "internship", "apprenticeship", "office", "team", "site", "campus", "plant", "depot"]);
export function ownerOfScheme(s: Tok[], from: number, to: number): string | undefined {
  for (let a = from + 1; a < to; a++) {
    if (s[a - 1].lower !== "the" || !isName(s[a])) continue;
    let [e, n] = [a, a];
    while (e < to && isName(s[e])) n = ++e;
    while (n < to && (s[n].pos === "NOUN" || s[n].pos === "ADJ") && !isName(s[n])) n++;
    const v = placeAt(s, a, e)?.value;
    if (n > e && SCHEMES.has(s[n - 1].lemma) && v && !townName(v)) return v;
  }
  return undefined;
}

/** The name at k if it names no person the session knows and no speaker. */
export function placeName(s: Tok[], k: number, ctx: SessionContext): { name: string; end: number } | undefined {
  const p = isName(s[k]) ? placeAt(s, k) : undefined;
  // a sentence's first word is a name only with more of it capitalised, or a verb soon after it ("Crestfield bank is
  // fine", "Leeds still grey?"; "Third time this month." is no name)
  // "Miller's Bakery": a name with a possessive inside it is the whole name, not the person
  const person = nameAt(s, k);
  const whole = p && person && p.end > person.end && s[person.end + 1]?.text === "'s" && upper(s[p.end].text) ? { name: p.value, end: p.end } : undefined;
  // ("Pret on Borough High Street.": a name, then where it stands)
  const located = !!p && ["on", "in", "at", "near", "by"].includes(s[p.end + 1]?.lower ?? "") && isName(s[p.end + 2]);
  const n = whole ?? person ?? (p && (k > 0 || (p.end > k && upper(s[k + 1].text)) || located || s[p.end + 1]?.lower === "still" || s.slice(p.end + 1, p.end + 4).some((t) => t.pos === "VERB" || t.pos === "AUX")) ? { name: p.value, end: p.end } : undefined);
  if (!n || !/^\p{Lu}[\p{L}'’-]/u.test(n.name)) return undefined;
  // "Year 4", "Ward 7": an ordinary word and a number name no place
  if (/^\S+ \d+$/.test(n.name) && inLexicon(n.name.split(" ")[0].toLowerCase())) return undefined;
  const first = n.name.split(" ")[0];
  // a sentence's first word alone that is an ordinary word ("Short staffed as always.") is no name
  if (k === 0 && !n.name.includes(" ") && inLexicon(n.name.toLowerCase())) return undefined;
  // … nor is it with lower-case words after it ("Best hospital in Leeds")
  if (k === 0 && inLexicon(first.toLowerCase()) && n.name.split(" ").some((w) => w === w.toLowerCase())) return undefined;
  if (ctx.speakers.some((x) => x === n.name || x.split(" ")[0] === first) || (ctx.people ?? []).some((p) => p.name === n.name || p.name.endsWith(` ${n.name}`)) || ctx.named?.includes(n.name) || ctx.folk?.includes(n.name)) return undefined;
  return n;
}
