/**
 * Fragments that name a new value with no verb, after an ending or news that named none ("Not at Tarang anymore."
 * "Stavanger since August.", "Signed a lease! Philly, in Fishtown.").
 */
import { wordSet } from "./lexicon.js";
import { commonWordAlone, openingCommonWord } from "./common-words.js";
import { inLexicon, isName, type Tok, upper } from "./nlp.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { placesNamed } from "./gazetteer.js";
import { organisationName, placeAt, townName } from "./states-common.js";

const OCCASIONS = new Set([...wordSet("occasions"), "new"]);
const HAILS = new Set([...wordSet("greetings"), ...wordSet("kinAddress")]);
/** "Merry Christmas!", "Happy New Year", "Hiya Auntie!": a greeting, or a family word said to someone, at `k` names no place. */
export const greeting = (s: Tok[], k: number): boolean => ((s[k]?.lower === "merry" || s[k]?.lower === "happy") && OCCASIONS.has(s[k + 1]?.lower ?? "")) || HAILS.has(s[k]?.lower ?? "");
const DWELLING = wordSet("dwellingNouns");
const POSSESSIVE = new Set(["my", "her", "his", "their", "our"]);
const ADDRESS = new Set([...wordSet("bareParents"), "granny", "nana", "nanna", "grandpa", "grandma", "auntie", "aunty", "uncle", "mate", "son", "love", "pet", "hun", "babe", "bro", "sis", "kiddo"]);

/** "Deal.", "Done.", "Sorted.": a word of agreement alone (some are towns too) names nothing. */
const AGREED = new Set(["deal", "done", "sorted", "noted", "agreed", "perfect", "fine", "sure", "great", "lovely", "brilliant", "bet"]);

/**
 * A fragment that names a new value with no verb: a name standing alone ("Glasgow.", "Stavanger since August.",
 * "Aarhus, it's quieter"), or, for a workplace, a job or a noun phrase before "at/with/for <Name>" ("Marketing at
 * Kilima Coffee in Nairobi.").
 *
 * @example
 * fragmentValue(analyse("Stavanger since August.")[0], "home", ctx); // "Stavanger"
 */
export function fragmentValue(s: Tok[], attribute: "home" | "workplace", ctx: SessionContext): string | undefined {
  let k = 0;
  while (k < s.length && (s[k].pos === "INTJ" || ["oh", "well", "so", "now", ","].includes(s[k].lower))) k++;
  // "Gran, ankle's all healed": a word of address and its comma open no fragment
  if (s[k + 1]?.text === "," && (ADDRESS.has(s[k].lower) || ctx.speakers.includes(s[k].text))) k += 2;
  // no verb or pronoun before the first comma or stop ("Admiral, in Cardiff, claims handler." is a fragment; a
  // possessive may open one: "Her spare room in Halifax.")
  let seg = k;
  while (seg < s.length && !(seg > k && s[seg].pos === "PUNCT")) seg++;
  // "Kerikeri it is.": the choice made
  const chosen = isName(s[k]) ? placeAt(s, k, seg) : undefined;
  if (chosen && /^(?:it is|it's)$/i.test(s.slice(chosen.end + 1, seg).map((t) => t.text).join(" ").replace(" 's", "'s")) && !ctx.speakers.includes(chosen.value)) return chosen.value;
  // "Result!", "Finally!", "News, Tadhg.": a common word exclaimed alone, or before a speaker's name, names nothing
  if (seg === k + 1 && AGREED.has(s[k].lower)) return undefined;
  if (seg === k + 1 && (s[seg]?.text === "!" || (s[seg]?.text === "," && ctx.speakers.some((x) => x.split(" ")[0] === s[seg + 1]?.text))) && inLexicon(s[k].lower) && placesNamed(s[k].text).length === 0) return undefined;
  // "A small design studio called Pixel & Pine.", "Tiny village called Ballymore.": what the thing is called
  const called = s.findIndex((t, i) => i > k && i < seg && (t.lower === "called" || t.lower === "named"));
  if (called > k && isName(s[called + 1]) && s.slice(k, called).every((t, i) => ["DET", "ADJ", "NOUN"].includes(t.pos) || (i === 0 && k === 0 && inLexicon(t.lower))) && s.slice(k, called).some((t) => t.pos === "NOUN")) {
    const p = placeAt(s, called + 1);
    const fits = (v: string) => (attribute === "home" ? !organisationName(v) : !townName(v));
    if (p && (p.end === s.length - 1 || s[p.end + 1].pos === "PUNCT") && fits(p.value) && !ctx.speakers.includes(p.value) && !(ctx.people ?? []).some((r) => r.name === p.value)) return p.value;
  }
  // (a capitalised verb inside a name is the name's: "Royal Flying Doctor Service")
  if (s.slice(k, seg).some((t, i) => ((t.pos === "VERB" || t.pos === "AUX") && !(i > 0 && upper(t.text) && isName(s[k + i - 1]) && isName(s[k + i + 1]))) || (t.pos === "PRON" && !POSSESSIVE.has(t.lower)))) return undefined;
  const known = (v: string) => ctx.speakers.includes(v) || (ctx.people ?? []).some((r) => r.name === v);
  if (attribute === "home") {
    // "In Halifax.", "Her spare room in Halifax.", "a flat in Leith": in a town, alone or after a dwelling (a room or
    // a unit too, in a reply to where one lives)
    const at = s.findIndex((t, i) => i >= k && i < seg && t.lower === "in" && isName(s[i + 1]));
    const before = at >= 0 ? s.slice(k, at) : [];
    // (a common word opening the sentence is capitalised, and may be tagged a name: "Little unit in Lynmore")
    if (at >= 0 && before.every((t, i) => ["DET", "PRON", "ADJ", "NOUN", "PART"].includes(t.pos) || (i === 0 && k === 0 && inLexicon(t.lower))) && (before.length === 0 || before.some((t) => t.pos === "NOUN" && (DWELLING.has(t.lemma) || t.lemma === "room" || t.lemma === "unit")))) {
      const p = placeAt(s, at + 1, seg);
      return p && !known(p.value) && !namesSomeone(ctx, p.value, { firstName: "value" }) ? p.value : undefined;
    }
  }
  if (attribute === "workplace") {
    // "cabin crew now, Cebu Pacific.": a job (and "now"), then the organisation after a comma, to the sentence's end
    const comma = s.findIndex((t, i) => i > k && t.text === ",");
    // ("Staff nurse now, …": a common word opening the sentence is capitalised)
    if (comma > k && s.slice(k, comma).every((t, i) => t.pos === "NOUN" || t.pos === "ADJ" || t.lower === "now" || (i === 0 && k === 0 && inLexicon(t.lower))) && s.slice(k, comma).some((t) => t.lower === "now") && isName(s[comma + 1])) {
      const p = placeAt(s, comma + 1);
      if (p && (p.end === s.length - 1 || s[p.end + 1].pos === "PUNCT") && !known(p.value) && !townName(p.value)) return p.value;
    }
    // "Marketing at Kilima Coffee (in Nairobi)": a job before the organisation
    const at = s.findIndex((t, i) => i > k && ["at", "with", "for"].includes(t.lower) && isName(s[i + 1]));
    if (at > 0 && s.slice(k, at).every((t) => ["NOUN", "ADJ", "PROPN"].includes(t.pos))) {
      const p = placeAt(s, at + 1);
      return p && !known(p.value) ? p.value : undefined;
    }
  }
  // ("Dale, who set the chemistry lab on fire.": a person)
  if (!isName(s[k]) || greeting(s, k) || (s[k + 1]?.text === "," && s[k + 2]?.lower === "who")) return undefined;
  // "Philly, in Fishtown.": a town, then the part of it
  const town = attribute === "home" ? placeAt(s, k) : undefined;
  if (town && s[town.end + 1]?.text === "," && s[town.end + 2]?.lower === "in" && isName(s[town.end + 3])) {
    const part = placeAt(s, town.end + 3);
    if (part && (part.end === s.length - 1 || s[part.end + 1].pos === "PUNCT") && !known(part.value)) return part.value;
  }
  let stop = k;
  while (stop < s.length && s[stop].pos !== "PUNCT" && !(stop > k && ["ADP", "ADV", "SCONJ", "CCONJ"].includes(s[stop].pos))) stop++;
  const p = placeAt(s, k, stop);
  // "Much bigger kitchen, banquets for three hundred": an ordinary word opening words in lower case is no name
  if (p && inLexicon(s[k].lower) && p.value.split(" ").slice(1).some((w) => w === w.toLowerCase())) return undefined;
  // a description opening the reply ("Loud but good.", "Busy and fun", "Sort of.") is no name
  // ("Nervous and weirdly happy.": an adverb may come before the adjective)
  if (p && ((s[p.end + 1]?.pos === "CCONJ" && (s[p.end + 2]?.pos === "ADJ" || (s[p.end + 2]?.pos === "ADV" && s[p.end + 3]?.pos === "ADJ"))) || s[p.end + 1]?.lower === "of")) return undefined;
  // ("Loud, greasy, love it.": an ordinary adjective listed with another describes)
  if (p && !p.value.includes(" ") && s[p.end + 1]?.text === "," && s[p.end + 2]?.pos === "ADJ" && inLexicon(s[k].lower) && placesNamed(p.value).length === 0) return undefined;
  // "Couch at Mum's for now.", "Tradition apparently." ("Admiral, in Cardiff, claims handler." is a name: a comma sets
  // it off)
  if (p && (s[1]?.pos === "ADP" || s[1]?.pos === "ADV" || s[1]?.pos === "SCONJ") && openingCommonWord(s, k, p)) return undefined;
  // "Quieter, nobody shouting about delays.": a comparative describes, it names nothing
  if (p && !p.value.includes(" ") && comparative(p.value) && placesNamed(p.value).length === 0) return undefined;
  // ("… which they do. Phew": an ordinary word alone names nothing, unless a town is so named)
  // ("Mint, and the boss's coffee machine is flash": nor one before "and")
  const alone = (i: number) => !s[i] || (s[i].pos === "PUNCT" && (!s[i + 1] || s[i + 1].pos === "PUNCT" || s[i + 1].pos === "CCONJ"));
  if (p && !p.value.includes(" ") && alone(p.end + 1) && commonWordAlone(p.value) && placesNamed(p.value).length === 0) return undefined;
  return p && p.end === stop - 1 && !known(p.value) ? p.value : undefined;
}

/** "Quieter", "Busier", "Bigger": the comparative of an ordinary adjective. */
function comparative(word: string): boolean {
  const w = word.toLowerCase();
  if (w.endsWith("ier")) return inLexicon(`${w.slice(0, -3)}y`);
  return w.endsWith("er") && [w.slice(0, -2), w.slice(0, -1), w.slice(0, -3)].some((x) => x.length >= 3 && inLexicon(x));
}
