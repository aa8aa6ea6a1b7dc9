/**
 * The language layer of the offline extractor: wink-nlp with its English lite model (sentences, universal
 * part-of-speech tags, lemmas, date/duration/time entities), after a contraction pre-pass that also repairs the
 * apostrophe-less forms chat writes ("dont", "im", "ive"). wink has no dependency parse and no PERSON/ORG entities:
 * clauses are read from the tag sequence (clause.ts) and names are runs of proper nouns. Negation is read by the clause
 * reader from the words themselves ("not", "never", "no longer"): wink's negation step is not run.
 */
import { placesNamed } from "./gazetteer.js";
import { wordSet } from "./lexicon.js";
import { engine, inLexicon } from "./wink.js";
import { truecase } from "./truecase.js";
import { DOMAIN_DOT, dropEmoticons, EMOJI_BREAK, expandContractions, hyphenName, joinDomains, ORG_HEADS } from "./contractions.js";

export { inLexicon };

const WEATHER = wordSet("weatherWords");

export interface Tok {
  text: string;
  lower: string;
  pos: string;
  lemma: string;
  date: boolean;
}

/** Prepositions of place, after which a capitalised verb's base form is a name. */
const PLACE_PREPS = new Set(["in", "at", "to", "from", "near", "for", "with", "outside", "around"]);

/**
 * The sentences of a text as tagged tokens.
 *
 * @example
 * analyse("I don't work at Hooli anymore.")[0].map((t) => t.pos); // ["PRON", "AUX", "PART", "VERB", "ADP", "PROPN", "ADV", "PUNCT"]
 */
export function analyse(raw: string): Tok[][] {
  const nl = engine();
  const its = nl.its;
  const text = dropEmoticons(raw).replace(EMOJI_BREAK, "$1$2 . ");
  // ("Ha. Fine, my turn": wink reads "Ha." as the abbreviation of hectare and runs the sentences together; "Boone
  // wants in. Remember him?", "hanging in. still driving": "in." as inches, when no number stands before it)
  const stops = text.includes("a.") ? text.replace(/\b([Hh]ah?)\.(?=\s|$)/g, "$1 .") : text;
  let doc = nl.readDoc(joinDomains(expandContractions(stops.includes("n.") ? stops.replace(/(?<!\d\s?)\b([Ii]n)\.(?=\s+\p{L})/gu, "$1 .") : stops)));
  const cased = truecase(doc);
  if (cased) doc = nl.readDoc(cased);
  const words = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemma = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[];
  const dateTok = new Set<number>();
  const spans = doc.entities().out(its.span) as unknown as [number, number][];
  const types = doc.entities().out(its.type) as string[];
  spans.forEach(([a, b], k) => {
    if (types[k] === "DATE" || types[k] === "DURATION" || types[k] === "TIME") for (let i = a; i <= b; i++) dateTok.add(i);
  });
  const spaces = doc.tokens().out(its.precedingSpaces) as string[];
  const out: Tok[][] = [];
  for (const [a, b] of doc.sentences().out(its.span) as unknown as [number, number][]) {
    const sent = sentenceTokens({ words, pos, lemma, dateTok, spaces }, a, b);
    retag(sent, cased !== undefined);
    out.push(sent);
  }
  return out;
}

/** What the tagger gave for each token of a text. */
interface Tagged {
  words: string[];
  pos: string[];
  lemma: string[];
  dateTok: Set<number>;
  spaces: string[];
}

/** The tokens a to b (inclusive) of a tagged text as one sentence, with the words the tokenizer split joined back. */
function sentenceTokens({ words, pos, lemma, dateTok, spaces }: Tagged, a: number, b: number): Tok[] {
  const sent: Tok[] = [];
  for (let i = a; i <= b; i++) {
    const prev = sent[sent.length - 1];
    // the tokenizer splits a word at a letter outside ASCII ("Gdańsk" → "Gda" "ńsk") and after initials ("L.L.Bean"): joined back
    if (prev && i > a && spaces[i] === "" && /^\p{L}/u.test(words[i]) && ((/\p{L}$/u.test(prev.text) && /[^\x00-\x7F]/.test(prev.text.slice(-1) + words[i][0])) || /^(?:\p{Lu}\.){2,}$/u.test(prev.text))) {
      prev.text += words[i];
      prev.lower = prev.text.toLowerCase();
      prev.lemma = prev.lower;
      continue;
    }
    // a hyphenated name is one word ("Saint-Louis", "Dar Al-Sanabel", "Min-jun", "Sutton-in-Ashfield"): joined back
    if (prev && words[i] === "-" && i + 1 <= b && spaces[i] === "" && spaces[i + 1] === "" && (hyphenName(prev.text, words[i + 1]) || (words[i + 2] === "-" && spaces[i + 2] === "" && spaces[i + 3] === "" && /^\p{Lu}/u.test(prev.text) && /^\p{Ll}{2,5}$/u.test(words[i + 1]) && /^\p{Lu}/u.test(words[i + 3] ?? "")))) {
      prev.text += `-${words[i + 1]}`;
      prev.lower = prev.text.toLowerCase();
      prev.lemma = prev.lower;
      prev.pos = "PROPN";
      i++;
      continue;
    }
    // (wink gives some words no lemma, "cannot" among them: the word stands for it)
    sent.push({ text: words[i], lower: words[i].toLowerCase(), pos: pos[i], lemma: (lemma[i] ?? words[i]).toLowerCase(), date: dateTok.has(i) });
  }
  // (the web address's dot given back: the tokenizer split the word at it, joined above)
  for (const t of sent) {
    if (!t.text.includes(DOMAIN_DOT)) continue;
    t.text = t.text.replaceAll(DOMAIN_DOT, ".");
    t.lower = t.lemma = t.text.toLowerCase();
    t.pos = "PROPN";
  }
  return sent;
}

/**
 * The tagger's reading of a sentence mended where chat and names mislead it, pass by pass (each in a function of its
 * own, so that a pass first taken late costs the optimising compiler only itself).
 */
function retag(sent: Tok[], recased: boolean): void {
  interjectionsAndStrays(sent);
  capitalisedBeforeNames(sent);
  participlesAsVerbs(sent);
  namesReadAsVerbs(sent);
  namesAfterPrepositions(sent);
  capitalisedNounRuns(sent);
  capitalisedNounsAfterNames(sent);
  possessiveOrVerb(sent);
  townsInLowerCase(sent);
  organisationsInLowerCase(sent, recased);
  nameOpenings(sent);
}

function interjectionsAndStrays(sent: Tok[]): void {
  // an interjection opening a sentence that the tagger took for a name ("Aye still in Oban", "Yep, same flat"); and
  // Caribbean "Mi" opening one before no name is "I" ("Mi finally move out of Christiana")
  if (sent[0]?.pos === "PROPN" && GREETINGS.has(sent[0].lower)) sent[0].pos = "INTJ";
  if (sent[0]?.text === "Mi" && sent[1] && sent[1].pos !== "PROPN" && sent[1].pos !== "PUNCT") sent[0].pos = "PRON";
  // a capitalised word the tagger could not place ("Škoda", "Éireann": tag X) is a name, and so is a camel-cased one ("IndiGo")
  for (const t of sent) if ((t.pos === "X" && /^\p{Lu}\p{L}+$/u.test(t.text)) || (t.pos === "NOUN" && /^\p{Lu}\p{Ll}+\p{Lu}\p{Ll}+$/u.test(t.text))) t.pos = "PROPN";
  // … and so is a word in capitals that the tagger read as the common word it spells, naming a work thing after a
  // determiner ("the SAP canteen", "my BP badge"; not "the BEST day")
  sent.forEach((t, j) => {
    if (t.pos === "NOUN" && /^\p{Lu}{2,5}$/u.test(t.text) && ["the", "my", "our", "your"].includes(sent[j - 1]?.lower ?? "") && EMPLOYER_THINGS.has(sent[j + 1]?.lemma ?? "") && !CHAT.has(t.lower)) t.pos = "PROPN";
  });
  // … and so is a capitalised word standing alone between commas after an opening interjection ("Yes, Grab, the HQ")
  if (sent[0]?.pos === "INTJ" && sent[1]?.text === "," && sent[3]?.text === "," && /^\p{Lu}\p{Ll}+$/u.test(sent[2]?.text ?? "") && ["VERB", "NOUN", "ADJ"].includes(sent[2].pos) && !GREETINGS.has(sent[2].lower) && !CALENDAR.has(sent[2].lower)) sent[2].pos = "PROPN";
}

function capitalisedBeforeNames(sent: Tok[]): void {
  // inside a sentence, a capitalised adverb or adjective before a name is the name's first word ("at Sooner
  // Electric", "Best Buy"), and so are a participle after "at", "for" or "the" ("at Associated British Ports") and
  // initials the tagger took for an adverb or a noun ("with BC Ferries")
  for (let j = sent.length - 2; j > 0; j--) {
    const t = sent[j];
    const participle = t.pos === "VERB" && /ed$/.test(t.lower) && (sent[j - 1].pos === "ADP" || sent[j - 1].pos === "DET");
    const initials = (t.pos === "ADV" || t.pos === "NOUN") && /^\p{Lu}{2,4}$/u.test(t.text);
    if ((((t.pos === "ADV" || t.pos === "ADJ" || participle) && /^\p{Lu}\p{Ll}+$/u.test(t.text)) || initials) && sent[j + 1].pos === "PROPN" && upper(sent[j + 1].text) && sent[j - 1].pos !== "PUNCT" && !CALENDAR.has(t.lower) && !GREETINGS.has(t.lower)) t.pos = "PROPN";
  }
}

function participlesAsVerbs(sent: Tok[]): void {
  // a past participle read as an adjective between a name and an article is the name's verb ("Sophia married a boy
  // from Perth"); so is "lives", "works" or "stays" read as a noun before a preposition ("Annie lives in Dorval")
  for (let j = 1; j + 1 < sent.length; j++) {
    const noun = sent[j].pos === "NOUN" && ["lives", "works", "stays"].includes(sent[j].lower) && sent[j + 1].pos === "ADP";
    if (((sent[j].pos === "ADJ" && /ed$/.test(sent[j].lower) && sent[j + 1].pos === "DET") || noun) && sent[j - 1].pos === "PROPN" && upper(sent[j - 1].text)) [sent[j].pos, sent[j].lemma] = ["VERB", noun ? sent[j].lower.replace(/s$/, "") : sent[j].lemma];
  }
}

function namesReadAsVerbs(sent: Tok[]): void {
  // a capitalised word read as a verb before an inflected verb, or after a noun, is a name ("Sue works at Boots",
  // "my neighbour Sue works", "Mark moved to Leeds")
  for (let j = 0; j + 1 < sent.length; j++) {
    const t = sent[j], next = sent[j + 1];
    // (a verb's base form, as such names are: "Got promoted" is no name)
    if (t.pos !== "VERB" || t.lower !== t.lemma || !/^\p{Lu}\p{Ll}+$/u.test(t.text)) continue;
    const inflected = (next.pos === "VERB" || next.pos === "AUX") && next.lower !== next.lemma && /(?:s|ed)$/.test(next.lower);
    // ("How's your Josh?": after a possessive too)
    if (inflected || (j > 0 && sent[j - 1].pos === "NOUN" && next.pos !== "DET") || (j > 0 && ["your", "my", "our"].includes(sent[j - 1].lower) && next.pos === "PUNCT")) t.pos = "PROPN";
  }
}

function namesAfterPrepositions(sent: Tok[]): void {
  // … and after a preposition, where no verb stands ("I'm in Charleston now", "at Ford", "down the road in Mumbles"),
  // as is a brand written with a digit or an inner capital ("at bet365", "at easyJet"), and after "to" read as an infinitive's ("walking home to Bilk")
  for (let j = 1; j < sent.length; j++) {
    const t = sent[j];
    if (((sent[j - 1].pos === "ADP" && PLACE_PREPS.has(sent[j - 1].lower)) || (j > 1 && sent[j - 1].lower === "to" && sent[j - 1].pos === "PART")) && ((t.pos === "VERB" && /^\p{Lu}\p{Ll}+$/u.test(t.text)) || BRAND.test(t.text))) t.pos = "PROPN";
  }
}

/** A capitalised word the tagger read as a common noun, no date or greeting ("Sun", "Life"; not "Monday", "Happy"). */
const capitalisedNoun = (t: Tok | undefined): boolean => !!t && t.pos === "NOUN" && /^\p{Lu}\p{Ll}+$/u.test(t.text) && !CALENDAR.has(t.lower) && !GREETINGS.has(t.lower);

function capitalisedNounRuns(sent: Tok[]): void {
  // two or more capitalised nouns in a row, before a verb, are a name that acts ("Sun Life wants us in", "Sky Life
  // wants us in"); a run that ends the sentence is left as it is
  for (let j = 0; j + 2 < sent.length; j++) {
    if (!capitalisedNoun(sent[j]) || !capitalisedNoun(sent[j + 1])) continue;
    let e = j + 1;
    while (capitalisedNoun(sent[e + 1])) e++;
    if (sent[e + 1]?.pos === "VERB" || sent[e + 1]?.pos === "AUX") for (let i = j; i <= e; i++) sent[i].pos = "PROPN";
    j = e;
  }
}

function capitalisedNounsAfterNames(sent: Tok[]): void {
  // a capitalised noun after a name is the name's next word ("Jersey City in jan", "Quezon City traffic")
  for (let j = 1; j < sent.length; j++) {
    const t = sent[j];
    if (t.pos === "NOUN" && sent[j - 1].pos === "PROPN" && /^\p{Lu}\p{Ll}+$/u.test(t.text) && upper(sent[j - 1].text) && !CALENDAR.has(t.lower) && !GREETINGS.has(t.lower)) t.pos = "PROPN";
  }
}

function possessiveOrVerb(sent: Tok[]): void {
  // "Orla's just moved", "Jack's started at X", "my mum's moved": after a name or a relation, "'s" before an adverb of time or a past participle is
  // "has" / "is", not a possessive
  for (let j = 1; j + 1 < sent.length; j++) {
    const t = sent[j], next = sent[j + 1];
    // after a name, or a relation the speaker names ("my mum's finally retired")
    // … or a parent named by the word alone, opening the sentence ("dad's got a job")
    const holder = sent[j - 1].pos === "PROPN" || (sent[j - 1].pos === "NOUN" && ["my", "our", "his", "her", "their", "your"].includes(sent[j - 2]?.lower ?? "")) || (j === 1 && PARENTS.has(sent[0].lower));
    // "Pooja's in Melbourne", "Mom's back in Regina", "Sam's all moved in": before a preposition of place, "all",
    // "back" or "based", "'s" is "is" after any noun (no possessive stands before "in")
    // ("at my mum's in Dundee" is her house)
    const visit = sent.slice(Math.max(0, j - 3), j).some((x) => ["at", "to", "from", "round", "near", "by"].includes(x.lower));
    const located = t.text === "'s" && !visit && (sent[j - 1].pos === "PROPN" || sent[j - 1].pos === "NOUN") && (["in", "at", "back", "based", "all", "living"].includes(next.lower) || (next.lower === "now" && ["in", "at", "back", "based", "living"].includes(sent[j + 2]?.lower ?? "")));
    // "Hannah's a lead engineer now": no possessive stands before "a" or "an" either
    // … nor before "the" ("Mike's the new chef at Nando's"), unless a place was visited ("at Tom's the food is great")
    const described = t.text === "'s" && holder && (next.lower === "a" || next.lower === "an" || (next.lower === "the" && !visit));
    if (located || described) {
      t.pos = "AUX";
      t.lemma = "be";
      t.text = t.lower = "is";
      continue;
    }
    if (t.text !== "'s" || t.pos !== "PART" || !holder) continue;
    // ("at St Mary's now." ends there: a possessive)
    const adverb = next.pos === "ADV" && ["just", "finally", "now", "already", "also", "still", "recently", "officially", "actually", "been", "gone", "got"].includes(next.lower) && !(next.lower === "now" && (!sent[j + 2] || sent[j + 2].pos === "PUNCT"));
    const participle = next.pos === "VERB" && /(?:ed|en|got|gone|left|moved|started|been|found|bought|sold|made|had|done|become|begun|won|lost|quit)$/.test(next.lower) && next.lower !== next.lemma;
    // "Glasgow's freezing", "Tom's working late": "is"
    const gerund = /ing$/.test(next.lower) && (next.pos === "VERB" || WEATHER.has(next.lower));
    if (adverb || participle || gerund || next.lower === "been" || next.lower === "got") {
      t.pos = "AUX";
      // read as the word it stands for, as the clause reader reads any auxiliary
      const be = gerund || (adverb && sent[j + 2]?.pos === "VERB" && /ing$/.test(sent[j + 2].lower));
      t.lemma = be ? "be" : "have";
      t.text = t.lower = be ? "is" : "has";
    }
  }
}

function nameOpenings(sent: Tok[]): void {
  // a capitalised adjective or noun that opens a name ("New York", "Old Trafford") is part of it
  for (let j = sent.length - 2; j >= 0; j--) if (sent[j + 1].pos === "PROPN" && (sent[j].pos === "NOUN" || sent[j].pos === "ADJ") && upper(sent[j].text) && sent[j].text.length > 1 && sent[j].text[1] === sent[j].text[1].toLowerCase() && upper(sent[j + 1].text)) sent[j].pos = "PROPN";
}

const PLACE_LEAD = new Set(["in", "to", "from", "near", "around", "outside", "hows"]);
const capitalised = (w: string): string => w.replace(/(^|[\s-])(\p{Ll})/gu, (_, a: string, b: string) => a + b.toUpperCase());
const bigTown = (name: string): boolean => placesNamed(name).some((p) => p.population >= 100_000);

/**
 * Lower-case chat names towns in lower case: a town of 100,000 or more in the gazetteer, after a preposition of
 * place or "how's" ("moved to toronto", "hows montreal", "back in cape town"), is a name, capitalised, unless it is
 * an English word ("in bath", "to reading").
 */
function townsInLowerCase(sent: Tok[]): void {
  for (let j = 1; j < sent.length; j++) {
    const t = sent[j];
    const before = sent[j - 1].lower;
    const lead = PLACE_LEAD.has(before) || ((before === "'s" || before === "s") && sent[j - 2]?.lower === "how");
    if (!lead || !/^\p{Ll}[\p{Ll}'-]+$/u.test(t.text)) continue;
    const next = sent[j + 1];
    const pair = next && /^\p{Ll}+$/u.test(next.text) ? `${t.text} ${next.text}` : undefined;
    const words = pair && bigTown(pair) ? [t, next] : !inLexicon(t.lower) && bigTown(t.lower) ? [t] : [];
    for (const w of words) {
      w.text = capitalised(w.text);
      w.pos = "PROPN";
    }
  }
}

const TOWN_BODIES = new Set(["hospital", "infirmary", "clinic", "depot", "station", "library", "council", "school", "college", "university"]);

/** Words no organisation's name opens with ("at the local school", "for a big bank"). */
const RUN_STOPS = new Set(["local", "new", "old", "same", "big", "small", "little", "other", "some", "every", "each", "one", "nearby", "main"]);

/**
 * Lower-case chat names organisations in lower case: a run of up to three lower-case words ending in an
 * organisation's word, with at least one word the language model does not know ("kolanut media", "brindley
 * architects", "rittenhouse bread co"), is a name, capitalised. "the city council" (known words only) stays as it is.
 * `recased`: the text had no capitals of its own and the truecaser gave it some.
 */
function organisationsInLowerCase(sent: Tok[], recased: boolean): void {
  for (let j = 1; j < sent.length; j++) {
    if (!ORG_HEADS.has(sent[j].lower) || sent[j].text !== sent[j].lower) continue;
    let a = j;
    // (a word the truecaser already capitalised, "Riverbend", belongs to the run)
    // (an inflected verb ends it: "my son Kuba finished college")
    while (a > 0 && j - a < 3 && /^\p{L}[\p{Ll}'-]*$/u.test(sent[a - 1].text) && ["NOUN", "PROPN", "ADJ", "X", "VERB"].includes(sent[a - 1].pos) && !(sent[a - 1].pos === "VERB" && sent[a - 1].lower !== sent[a - 1].lemma) && !["my", "our", "the", "a", "an"].includes(sent[a - 1].lower)) a--;
    // ("starting nights at mercy general", "at saguaro middle school": after "at", "for" or "with", known words too)
    const after = ["at", "for", "with"].includes(sent[a - 1]?.lower ?? "") && !sent.slice(a, j).some((t) => RUN_STOPS.has(t.lower));
    // (in a text written with capitals, a lower-case word after a name is no part of it: "the Cruzcampo factory",
    // "the Burnaby studio"; but a work thing stays with its organisation, "the Airbus canteen", and a public body with
    // its town, "Portlaoise hospital")
    const run = sent.slice(a, j);
    const described = !recased && run.some((t) => upper(t.text)) && !EMPLOYER_THINGS.has(sent[j].lemma) && !(TOWN_BODIES.has(sent[j].lower) && placesNamed(run.map((t) => t.text).join(" ")).length > 0);
    if (a === j || !(after || run.some((t) => !inLexicon(t.lower) || t.pos === "PROPN")) || described) continue;
    for (const t of sent.slice(a, j + 1)) {
      t.text = capitalised(t.text);
      t.pos = "PROPN";
    }
  }
}

const CHAT = wordSet("chatWords");
const EMPLOYER_THINGS = new Set([...wordSet("employerThings"), ...wordSet("workThings")]);
const PARENTS = wordSet("bareParents");

const CALENDAR = wordSet("calendar"), GREETINGS = wordSet("greetings");

/** Does a text start with a capital letter (any script's: "Škoda", "Éireann")? ASCII first, the Unicode test only beyond it. */
export function upper(text: string): boolean {
  const c = text.charCodeAt(0);
  if (c >= 65 && c <= 90) return true;
  // a name whose capital comes after a short lower-case prefix ("airBaltic", "bioMérieux", "eBay")
  if (c >= 97 && c <= 122 && text.length > 3) return /^[a-z]{1,4}\p{Lu}\p{Ll}/u.test(text);
  return c < 128 || Number.isNaN(c) ? false : /^\p{Lu}/u.test(text);
}

/** A capitalised proper noun that is not a calendar word, an interjection, "I" or a cry with a letter drawn out ("Yayyy"). */
export const isName = (t: Tok | undefined): boolean => !!t && t.pos === "PROPN" && (upper(t.text) || BRAND.test(t.text)) && !CALENDAR.has(t.lower) && !GREETINGS.has(t.lower) && t.lower !== "i" && !ELONGATED.test(t.text);
const ELONGATED = /(\p{L})\1\1/u;

/** A brand written in lower case with a digit or an inner capital ("bet365", "easyJet"; not "xD"). */
const BRAND = /^\p{Ll}{2,}(?:\d+|\p{Lu}\p{L}+)$/u;

/** Is this token a calendar or interjection word (never a name)? */
export const isCalendarOrGreeting = (t: Tok): boolean => CALENDAR.has(t.lower) || GREETINGS.has(t.lower);

/**
 * Runs of proper nouns (at most three words, "St Mary's" and "Crumb & Co" joined) starting at i. A capitalised
 * first word of a sentence is tagged a proper noun by the lite model ("Big news!", "Lovely!"), so there a name
 * needs a verb, an auxiliary, a comma or a possessive right after it.
 */
export function nameAt(s: Tok[], i: number): { name: string; end: number } | undefined {
  if (!isName(s[i])) return undefined;
  // a sentence's first word is a name before a verb ("Pranav (just) joined Microsoft"), another name, 's or "and"
  const verbNext = (k: number) => s[k]?.pos === "VERB" || s[k]?.pos === "AUX";
  // … or "from" and where one knows them from, before a verb ("Sarah from work moved to Bath")
  // (or "in" and where it is: "Countdown in Manukau has me on")
  let site = 2;
  while (s[1]?.lower === "in" && isName(s[site])) site++;
  const known = (s[1]?.lower === "from" && s.slice(2, 6).some((t, k) => k > 0 && (t.pos === "VERB" || t.pos === "AUX"))) || (site > 2 && verbNext(site));
  if (i === 0 && !isName(s[1]) && !verbNext(1) && !(s[1]?.pos === "ADV" && verbNext(2)) && s[1]?.text !== "'s" && s[1]?.lower !== "and" && !known) return undefined;
  let j = i;
  const parts = [s[i].text];
  while (j + 1 < s.length && parts.length < 4) {
    const n = s[j + 1];
    if (isName(n)) parts.push(n.text);
    else if (n.text === "'s" && isName(s[j]) && j > i - 1 && s[j + 2]?.pos !== "NOUN" && parts.length === 2) parts[parts.length - 1] += "'s"; // St Mary's
    else if ((n.text === "&" || n.lower === "n") && isName(s[j + 2])) parts.push(n.text);
    else break;
    j++;
  }
  return { name: parts.join(" "), end: j };
}
