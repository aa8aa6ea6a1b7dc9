/** Names found in chat written all in lower case, capitalised before the text is read again. */
import type { WinkMethods } from "wink-nlp";
import { wordSet } from "./lexicon.js";
import { engine, inLexicon } from "./wink.js";

const CHAT = wordSet("chatWords");
const CUES = wordSet("hedgeCues");
const CALENDAR = wordSet("calendar"), GREETINGS = wordSet("greetings");

/**
 * Chat written all in lower case ("still at tarang software. still in bangalore") has no capitals to find names by:
 * in a text with no capitalised word, a word the lexicon does not hold (or one the tagger reads as a proper noun
 * anyway) is a name and is capitalised, unless it is chat shorthand (tbh, rn, bday), laughter or a stretched word
 * ("omggg"), or a dropped g ("mornin" → "morning" is a word); so is a word after one's relation before a verb ("my
 * roommate destiny got hired"), and lexicon words with no article after "at" in a sentence about one's working day
 * ("long day at discovery") or after a dwelling and "in" ("a place in prospect"). Returns the recased text, or
 * undefined when nothing changes.
 */
export function truecase(doc: ReturnType<WinkMethods["readDoc"]>): string | undefined {
  const text = doc.out();
  // (any script's capital: "Płock" and "Łódź" are capitalised words too)
  if (/\b[A-Z][a-z]/.test(text) || /(?:^|[^\p{L}])\p{Lu}\p{Ll}/u.test(text)) return undefined;
  const nl = engine();
  const words = doc.tokens().out() as string[];
  const pos = doc.tokens().out(nl.its.pos) as string[];
  const caps = new Set<string>();
  words.forEach((w, i) => {
    if (!/^[a-z][a-z'-]{2,}$/.test(w) || CHAT.has(w) || CUES.has(w) || GREETINGS.has(w) || CALENDAR.has(w) || /(.)\1\1/.test(w) || /(?:ha|he|lo|la){2}/.test(w)) return;
    if (w.endsWith("in") && inLexicon(`${w}g`)) return;
    if (pos[i] === "PROPN" || !inLexicon(w)) caps.add(w);
  });
  // "my roommate destiny got hired", "my sister hope moved": a word after one's relation, before a verb, is its name
  words.forEach((w, i) => {
    if (i > 1 && ["my", "our", "your"].includes(words[i - 2]) && RELATIONS.has(words[i - 1]) && /^[a-z]{3,}$/.test(w) && (pos[i] === "NOUN" || pos[i] === "PROPN") && ["VERB", "AUX"].includes(pos[i + 1] ?? "") && !CHAT.has(w) && !CALENDAR.has(w)) caps.add(w);
  });
  // "renting a little place in prospect now", "our place in observatory": after a dwelling and "in", with no article,
  // lexicon words are the place's name (not "in town", "in the city")
  words.forEach((w, i) => {
    // ("a little apartment in old town": a part of town by its common words, no name)
    // (a dwelling with an article, a possessive or an adjective: "flat in texture" is no dwelling)
    const had = ["a", "an", "our", "my", "the", "new"].includes(words[i - 2] ?? "") || pos[i - 2] === "ADJ";
    if (w !== "in" || !DWELLINGS.has(words[i - 1] ?? "") || !had || NOT_IN_NAMES.has(words[i + 2] ?? "")) return;
    for (let j = i + 1; j <= i + 2 && /^[a-z][a-z'-]+$/.test(words[j] ?? "") && ["NOUN", "PROPN", "ADJ"].includes(pos[j]) && !NOT_IN_NAMES.has(words[j]) && !CALENDAR.has(words[j]) && !CHAT.has(words[j]); j++) caps.add(words[j]);
  });
  // "long day at discovery", "a lunch shift pouring at little creatures": after "at", with no article, in a sentence
  // about one's working day, lexicon words are a name too (not "at work", "at home", "at night")
  words.forEach((w, i) => {
    if (w !== "at" || !words.slice(Math.max(0, i - 6), i).some((x) => WORKING_DAY.has(x))) return;
    for (let j = i + 1; j <= i + 3 && /^[a-z][a-z'.&-]+$/.test(words[j] ?? "") && ["NOUN", "PROPN", "ADJ"].includes(pos[j]) && !NOT_AT_NAMES.has(words[j]) && !CALENDAR.has(words[j]) && !CHAT.has(words[j]); j++) caps.add(words[j]);
  });
  // "national beef gave me friday off", "richardson pioneer's got us loading cars": the words opening a sentence before
  // an employer's doing to the speaker are its name (two words or more: "work has me on nights" names no employer)
  words.forEach((w, i) => {
    if (!EMPLOYER_DOES.has(w) || !["me", "us", "everybody", "everyone", "half"].includes(words[i + 1] ?? "")) return;
    const v = w === "got" && words[i - 1] === "'s" ? i - 2 : i - 1;
    let a = v;
    while (a >= 0 && v - a < 3 && /^[a-z][a-z'.&-]+$/.test(words[a]) && ["NOUN", "PROPN", "ADJ"].includes(pos[a]) && !CHAT.has(words[a]) && !CALENDAR.has(words[a])) a--;
    if (v - a >= 2 && (a < 0 || /^[.!?,]$/.test(words[a]))) for (let j = a + 1; j <= v; j++) caps.add(words[j]);
  });
  // a word with a letter outside ASCII ("kadıköy", "şehir hatları"), which wink splits, is a name unless the lexicon
  // holds it or its unaccented form ("café")
  for (const [w] of text.matchAll(/(?<!\p{L})\p{Ll}[\p{Ll}'-]{2,}(?!\p{L})/gu)) {
    if (!/^[a-z'-]+$/.test(w) && !inLexicon(w) && !inLexicon(w.normalize("NFD").replace(/\p{M}/gu, ""))) caps.add(w);
  }
  if (!caps.size) return undefined;
  // whole words only: the "ock" of "płock" is no word
  return text.replace(/(?<!\p{L})\p{Ll}[\p{Ll}'-]{1,}(?!\p{L})/gu, (w) => (caps.has(w) ? w[0].toUpperCase() + w.slice(1) : w));
}

const EMPLOYER_DOES = new Set(["has", "had", "got", "gave", "sent", "called", "put", "keeps", "kept"]);
/** Dwellings, by the word ("flat", "place"), and what follows "<dwelling> in" without naming a place. */
const DWELLINGS = new Set(["flat", "apartment", "place", "house", "room", "studio", "condo", "unit", "bungalow", "townhouse", "cottage", "semi", "villa"]);
const NOT_IN_NAMES = new Set(["town", "city", "centre", "center", "suburbs", "suburb", "country", "village", "area", "estate", "building", "block", "general", "particular", "total", "fact", "mind", "question", "time", "order", "case", "front", "between", "summer", "winter", "spring", "autumn", "fall", "hand"]);
/** One's relations, by the word ("sister", "roommate"). */
const RELATIONS = new Set([...wordSet("family"), ...wordSet("partner")]);
/** Words of a working day before "at" in lower-case chat ("long day at", "shift at", "rostered on at", "got off at"). */
const WORKING_DAY = new Set(["day", "days", "shift", "shifts", "duty", "unit", "floor", "ward", "rostered", "work", "working", "job", "pay", "payday", "overtime", "nights", "lates", "earlies", "pouring", "serving", "started", "start", "hired", "off", "clocked", "clock", "double", "doubles"]);
/** What follows "at" without being a place's name ("at work", "at home", "at night", "at lunch"). */
const NOT_AT_NAMES = new Set(["work", "home", "night", "lunch", "breakfast", "dinner", "school", "uni", "college", "church", "gym", "practice", "training", "least", "last", "first", "all", "once", "times", "noon", "midnight", "dawn", "weekend", "weekends", "tea", "mine", "yours", "ours", "theirs", "hers", "his", "desk", "end", "moment", "minute", "best", "worst", "it", "that", "this"]);
