/**
 * Ordinary words capitalised at a sentence's start, which name no place or organisation: the tests the readings use
 * before taking such a word for a name.
 */
import { placesNamed } from "./gazetteer.js";
import { analyse, inLexicon, type Tok } from "./nlp.js";

/**
 * "House is freezing", "Couch at Mum's for now.": a common word, capitalised because it opens the sentence, names
 * no place, unless a town is so named. `p` is the name found at `k`.
 */
export function openingCommonWord(s: Tok[], k: number, p: { value: string; end: number }): boolean {
  // ("Orchards everywhere": a plural too)
  const w = s[0].lower;
  return k === 0 && p.end === 0 && (inLexicon(w) || (/[^s]s$/.test(w) && inLexicon(w.slice(0, -1)))) && placesNamed(p.value).length === 0;
}

/**
 * "Phew", "Loud", "Uniform": one capitalised word that is an ordinary word of the lexicon, as wink reads it in lower
 * case (a name it knows stays one: "Emirates", "Samsung").
 */
export function commonWordAlone(word: string): boolean {
  const w = word.toLowerCase();
  if (!/^\p{Lu}\p{Ll}+$/u.test(word) || !inLexicon(w)) return false;
  // (one tagging per word: the answer depends on the word alone)
  let alone = aloneWords.get(w);
  if (alone === undefined) aloneWords.set(w, (alone = analyse(`${w} is fine`)[0]?.[0]?.pos !== "PROPN"));
  return alone;
}
const aloneWords = new Map<string, boolean>();
