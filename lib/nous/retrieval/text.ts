/**
 * Text preparation for retrieval: lower-case, split on anything that is not a letter or digit, drop English
 * stop words, Porter-stem (the same stemmer the LoCoMo scorer uses).
 */
import { porterStem } from "../scoring/porter.js";

/** English function words that carry no retrieval signal. */
export const STOPWORDS = new Set(
  ("a about above after again against all am an and any are as at be because been before being below between both " +
    "but by can could did do does doing down during each few for from further had has have having he her here hers " +
    "herself him himself his how i if in into is it its itself just me more most my myself no nor not now of off on " +
    "once only or other our ours ourselves out over own same she should so some such than that the their theirs them " +
    "themselves then there these they this those through to too under until up very was we were what when where " +
    "which while who whom why will with would you your yours yourself yourselves s t don ll m re ve d im ive id " +
    "thats its oh yeah yes hey wow really so much also got get gonna lot").split(" "),
);

const stems = new Map<string, string>();

/** Stem with a bounded cache (stemming dominates ingest time otherwise). */
export function cachedStem(w: string): string {
  let s = stems.get(w);
  if (s === undefined) {
    s = porterStem(w);
    if (stems.size < 200_000) stems.set(w, s);
  }
  return s;
}

/**
 * Retrieval tokens of a text.
 *
 * @example
 * tokens("Caroline went to the LGBTQ support group!"); // ["carolin", "went", "lgbtq", "support", "group"]
 */
export function tokens(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (raw.length === 0 || STOPWORDS.has(raw)) continue;
    out.push(cachedStem(raw));
  }
  return out;
}
