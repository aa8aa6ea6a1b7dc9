/**
 * The phrases after a verb that name where a state holds: the verb's own prepositional phrase ("work from home for a
 * company"), "in" an organisation ("work in a bakery", "in Vardar Pharmacy"), the organisation a job was given at
 * ("made supervisor at Primark").
 */
import { wordSet } from "./lexicon.js";
import { isName, type Tok } from "./nlp.js";
import { DETS, organisationName, placeAt, POSSESSIVES } from "./states-common.js";

export const JOB_WORDS = wordSet("jobWords");

/**
 * The verb's own prepositional phrase whose preposition is in `preps`: the first one after it, past adverbs and at
 * most one other phrase right before it ("work from home for a company"); a verb, a clause boundary or any other
 * word ends the search ("working on my business … for an upcoming show" has none).
 */
export function ppAfter(s: Tok[], from: number, to: number, preps: Set<string>): { prep: string; value: string; at: number; end: number } | undefined {
  let skipped = 0;
  for (let j = from; j < to; j++) {
    const t = s[j];
    if (t.pos === "ADV" || t.date || t.pos === "PART") continue;
    if (t.pos !== "ADP") return undefined;
    if (preps.has(t.lower)) {
      // ("we start at half eight": a time of day names no place)
      if (["half", "quarter"].includes(s[j + 1]?.lower ?? "") && (s[j + 2]?.pos === "NUM" || ["past", "to"].includes(s[j + 2]?.lower ?? ""))) return undefined;
      // ("got to work at 10": an hour, a number with no name after it)
      if (s[j + 1]?.pos === "NUM" && !isName(s[j + 2])) return undefined;
      // ("started at Central Australian Aboriginal Congress doing primary care": a name the clause's end cut, read whole)
      const cut = placeAt(s, j + 1, to);
      const p = cut && cut.end === to - 1 && isName(s[to]) ? placeAt(s, j + 1) : cut;
      return p ? { prep: t.lower, value: p.value, at: j, end: p.end } : undefined;
    }
    if (skipped++ > 0) return undefined;
    let k = j + 1;
    while (k < to && ["DET", "NOUN", "PROPN", "ADJ", "NUM", "PRON"].includes(s[k].pos)) k++;
    j = k - 1;
  }
  return undefined;
}

/** "work in a bakery": the verb's own "in" + a determiner + a common noun is a workplace ("work in finance" is a field). */
export function inOrganisation(s: Tok[], from: number, to: number): { value: string } | undefined {
  const pp = ppAfter(s, from, to, new Set(["in"]));
  return pp && DETS.has(s[pp.at + 1]?.lower ?? "") && !POSSESSIVES.has(s[pp.at + 1].lower) ? pp : undefined;
}

/** "I work as pharmacist in Vardar Pharmacy": "in" an organisation's name (by its last word; "in Leeds" is no workplace). */
export function inOrganisationName(s: Tok[], from: number, to: number): { value: string } | undefined {
  const pp = ppAfter(s, from, to, new Set(["in"]));
  return pp && isName(s[pp.at + 1]) && organisationName(pp.value) ? pp : undefined;
}

/**
 * "Connor's been made supervisor at Primark", "she was promoted to head nurse at the Mater": the organisation a job was
 * given at (the words after the passive verb, from `from`).
 */
export function promotedAt(s: Tok[], from: number, to: number): string | undefined {
  let j = from + (s[from]?.lower === "to" ? 1 : 0);
  while (j < to && (s[j].pos === "NOUN" || s[j].pos === "ADJ" || ["a", "an", "the", "head", "senior", "lead"].includes(s[j].lower))) j++;
  return j > from && JOB_WORDS.has(s[j - 1].lemma) && s[j]?.lower === "at" ? ppAfter(s, j, to, new Set(["at"]))?.value : undefined;
}
