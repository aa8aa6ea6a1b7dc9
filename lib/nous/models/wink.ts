/**
 * The language model (wink-nlp's English lite model), read once on first use, and the test of whether a word is in
 * its lexicon.
 */
import { createRequire } from "node:module";
import winkNLP, { type WinkMethods } from "wink-nlp";
import type Model from "wink-eng-lite-web-model";

let nlp: WinkMethods | undefined;
/** The first id wink gives a word its lexicon does not hold (ids of known words are below it). */
let oovFrom: number | undefined;
/**
 * The language model is read on first use, not on import: importing agora (or Nous for its equations, an LLM extractor,
 * a stored memory) does not pay for it; the first extraction does (bench/nous.ts counts it in the first round).
 */
export const engine = (): WinkMethods => {
  if (!nlp) {
    nlp = winkNLP(createRequire(import.meta.url)("wink-eng-lite-web-model") as typeof Model, ["sbd", "pos", "ner"]);
    // wink numbers words beyond its lexicon from the lexicon's size on: the first unknown word read gives it
    oovFrom = nlp.readDoc("qzxjvqk").tokens().out(nlp.its.uniqueId)[0] as unknown as number;
  }
  return nlp;
};

const known = new Map<string, boolean>();
/** Is a lower-case word in the model's lexicon? */
export function inLexicon(word: string): boolean {
  let k = known.get(word);
  if (k === undefined) {
    const nl = engine();
    k = (nl.readDoc(word).tokens().out(nl.its.uniqueId)[0] as unknown as number) < oovFrom!;
    known.set(word, k);
  }
  return k;
}
