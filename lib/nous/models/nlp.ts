/**
 * The language layer of the offline extractor: wink-nlp with its English lite model (sentences, universal
 * part-of-speech tags, lemmas, date/duration/time entities), after a contraction pre-pass that also repairs the
 * apostrophe-less forms chat writes ("dont", "im", "ive"). wink has no dependency parse and no PERSON/ORG
 * entities: clauses are read from the tag sequence (clause.ts) and names are runs of proper nouns. Negation is
 * read by the clause reader from the words themselves ("not", "never", "no longer"), so wink's negation step is
 * not run.
 */
import { createRequire } from "node:module";
import winkNLP, { type WinkMethods } from "wink-nlp";
import type Model from "wink-eng-lite-web-model";
import { wordSet } from "./lexicon.js";

export interface Tok {
  text: string;
  lower: string;
  pos: string;
  lemma: string;
  date: boolean;
}

let nlp: WinkMethods | undefined;
/**
 * The language model is read on first use, not when the module is imported: importing agora (or Nous for its
 * equations, an LLM extractor, a stored memory) does not pay for it; the first extraction does (bench/nous.ts counts
 * it in the first round).
 */
const engine = (): WinkMethods => (nlp ??= winkNLP(createRequire(import.meta.url)("wink-eng-lite-web-model") as typeof Model, ["sbd", "pos", "ner"]));

/** Contractions and their apostrophe-less chat spellings, expanded before tagging (closed-class grammar). */
const CONTRACTIONS: [RegExp, string][] = [
  [/[’‘]/g, "'"], [/\bI'm\b/gi, "I am"], [/\bim\b/g, "I am"], [/\bI've\b/gi, "I have"], [/\bive\b/g, "I have"],
  [/\bI'd\b/gi, "I would"], [/\bI'll\b/gi, "I will"], [/\b(we|they|you)'re\b/gi, "$1 are"], [/\b(we|they|you)'ve\b/gi, "$1 have"],
  [/\b(we|they|you|he|she|it|this|that)'ll\b/gi, "$1 will"], [/\b(he|she|it|that|there)'s been\b/gi, "$1 has been"],
  [/\b(he|she|it|that|there)'s\b/gi, "$1 is"], [/\b(we|they|you|he|she)'d\b/gi, "$1 would"],
  [/\bcan't\b/gi, "can not"], [/\bcant\b/gi, "can not"], [/\bwon't\b/gi, "will not"], [/\bwont\b/gi, "will not"],
  [/\b(do|does|did|is|are|was|were|have|has|had|could|would|should)n't\b/gi, "$1 not"],
  [/\b(do|does|did|is|are|was|were|have|has|had|could|would|should)nt\b/gi, "$1 not"], [/\b(\w+)n't\b/gi, "$1 not"],
  [/\bgonna\b/gi, "going to"], [/\bwanna\b/gi, "want to"], [/\bgotta\b/gi, "got to"],
];

/** Every text a rule of CONTRACTIONS can change matches this (an apostrophe, a chat spelling, or "…nt"). */
const MAY_CONTRACT = /['’‘]|\b(?:im|ive|cant|wont|gonna|wanna|gotta)\b|nt\b/i;

/** The contraction pre-pass alone. */
export function expandContractions(text: string): string {
  if (!MAY_CONTRACT.test(text)) return text;
  let t = text;
  for (const [re, to] of CONTRACTIONS) t = t.replace(re, to);
  return t;
}

/**
 * The sentences of a text as tagged tokens.
 *
 * @example
 * analyse("I don't work at Hooli anymore.")[0].map((t) => t.pos); // ["PRON", "AUX", "PART", "VERB", "ADP", "PROPN", "ADV", "PUNCT"]
 */
export function analyse(text: string): Tok[][] {
  const nl = engine();
  const its = nl.its;
  const doc = nl.readDoc(expandContractions(text));
  const words = doc.tokens().out() as string[];
  const pos = doc.tokens().out(its.pos) as string[];
  const lemma = doc.tokens().out(its.lemma as unknown as typeof its.value) as string[];
  const dateTok = new Set<number>();
  const spans = doc.entities().out(its.span) as unknown as [number, number][];
  const types = doc.entities().out(its.type) as string[];
  spans.forEach(([a, b], k) => {
    if (types[k] === "DATE" || types[k] === "DURATION" || types[k] === "TIME") for (let i = a; i <= b; i++) dateTok.add(i);
  });
  const out: Tok[][] = [];
  for (const [a, b] of doc.sentences().out(its.span) as unknown as [number, number][]) {
    const sent: Tok[] = [];
    for (let i = a; i <= b; i++) sent.push({ text: words[i], lower: words[i].toLowerCase(), pos: pos[i], lemma: lemma[i].toLowerCase(), date: dateTok.has(i) });
    out.push(sent);
  }
  return out;
}

const CALENDAR = wordSet("calendar");
const GREETINGS = wordSet("greetings");

/** A capitalised proper noun that is not a calendar word, an interjection or "I". */
export const isName = (t: Tok | undefined): boolean => !!t && t.pos === "PROPN" && /^[A-Z]/.test(t.text) && !CALENDAR.has(t.lower) && !GREETINGS.has(t.lower) && t.lower !== "i";

/** Is this token a calendar or interjection word (never a name)? */
export const isCalendarOrGreeting = (t: Tok): boolean => CALENDAR.has(t.lower) || GREETINGS.has(t.lower);

/**
 * Runs of proper nouns (at most three words, "St Mary's" and "Crumb & Co" joined) starting at i. A capitalised
 * first word of a sentence is tagged a proper noun by the lite model ("Big news!", "Lovely!"), so there a name
 * needs a verb, an auxiliary, a comma or a possessive right after it.
 */
export function nameAt(s: Tok[], i: number): { name: string; end: number } | undefined {
  if (!isName(s[i])) return undefined;
  if (i === 0 && !isName(s[1]) && s[1]?.pos !== "VERB" && s[1]?.pos !== "AUX" && s[1]?.text !== "'s" && s[1]?.lower !== "and") return undefined;
  let j = i;
  const parts = [s[i].text];
  while (j + 1 < s.length && parts.length < 4) {
    const n = s[j + 1];
    if (isName(n)) parts.push(n.text);
    else if (n.text === "'s" && isName(s[j]) && j > i - 1 && s[j + 2]?.pos !== "NOUN" && parts.length === 2) parts[parts.length - 1] += "'s"; // St Mary's
    else if (n.text === "&" && isName(s[j + 2])) parts.push("&");
    else break;
    j++;
  }
  return { name: parts.join(" "), end: j };
}
