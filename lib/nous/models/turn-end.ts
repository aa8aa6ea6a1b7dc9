/**
 * What a turn's readings settle once they are all made: a place the turn gave only by its kind takes the name a later
 * sentence gives it, a reply's home that the turn reads as the replier's workplace is dropped, and a turn that gave
 * nothing gets its last resort.
 */
import { wordSet } from "./lexicon.js";
import { isName, type Tok, upper } from "./nlp.js";
import { placeAt } from "./states-common.js";
import type { Triple } from "../types.js";

/** The name a sentence after the first gives to what came before: "It's called X", "Is called X", "its called X". */
function calledAfter(sentences: Tok[][]): string | undefined {
  for (const s of sentences.slice(1)) {
    let k = 0;
    while (s[k] && (s[k].pos === "PUNCT" || s[k].pos === "CCONJ")) k++;
    if (s[k]?.lower === "its") k++;
    else {
      if (s[k]?.lower === "it") k++;
      if (!["is", "'s", "s"].includes(s[k]?.lower ?? "")) continue;
      k++;
    }
    if ((s[k]?.lower === "called" || s[k]?.lower === "named") && isName(s[k + 1])) return placeAt(s, k + 1)?.value;
  }
  return undefined;
}

/**
 * "I teach at a language school. It's called Ilha Idiomas.": the speaker's home or workplace given only by its kind
 * (in lower case) takes the name a sentence of its own gives it after.
 *
 * @example
 * namedAfter(triples, analyse("I teach at a language school. It's called Lingua Viva."), "Ann");
 * // (Ann, workplace, language school) becomes (Ann, workplace, Lingua Viva)
 */
export function namedAfter(triples: Triple[], sentences: Tok[][], speaker: string): void {
  const name = calledAfter(sentences);
  if (!name) return;
  for (const t of triples) if (t.entity === speaker && (t.attribute === "home" || t.attribute === "workplace") && t.kind !== "ended" && !upper(t.value) && !t.value.startsWith("not ")) t.value = name;
}

/**
 * ("How is it there?" "Aramco has us on a new project up north"): a name the reply takes for the home asked about,
 * which the turn itself reads as the replier's workplace, is the workplace only; its home triples are dropped.
 */
export function replyHomeAtWork(triples: Triple[], reply: { attribute: string; value: string; entity: string } | undefined): void {
  if (reply?.attribute !== "home") return;
  const { entity, value } = reply;
  if (!triples.some((t) => t.entity === entity && t.attribute === "workplace" && t.value === value && t.kind !== "ended")) return;
  for (let i = triples.length - 1; i >= 0; i--) if (triples[i].entity === entity && triples[i].attribute === "home" && triples[i].value === value) triples.splice(i, 1);
}

const SKIP_VERBS = wordSet("skipVerbs");

/**
 * A turn that gave no triple: a photo's caption (its first six words), else what the turn talked about (its first
 * three content lemmas, or "small talk"). Returns which last resort was taken, if any.
 */
export function lastResort(triples: Triple[], sentences: Tok[][], speaker: string, caption: string | undefined): "photo" | "talked about" | undefined {
  if (triples.length > 0) return undefined;
  if (caption) {
    const v = caption.replace(/^(a )?(photo|picture|image) of /i, "").split(/\s+/).slice(0, 6).join(" ").trim().replace(/\s+/g, " ");
    if (v.length >= 2 && v !== "not") {
      triples.push({ entity: speaker, attribute: "photo", value: v });
      return "photo";
    }
  }
  const words = sentences.flat().filter((t) => (t.pos === "NOUN" || t.pos === "PROPN" || t.pos === "VERB") && t.lemma.length > 2 && !SKIP_VERBS.has(t.lemma)).map((t) => t.lemma);
  triples.push({ entity: speaker, attribute: "talked about", value: words.slice(0, 3).join(" ") || "small talk" });
  return "talked about";
}
