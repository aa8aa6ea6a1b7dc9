/**
 * A workplace told by its kind, for a "Which shop?" to come, and the name a which-question offers
 * ("Which depot, the Royal Mail one?"): extractor.ts keeps them in `ctx.common`.
 */
import { wordSet } from "./lexicon.js";
import { type analyse, isName } from "./nlp.js";
import { isQuestion } from "./replies.js";

const WORKPLACE_KINDS = wordSet("workplaceKinds");
/** Who comes into a shop the speaker serves in: someone, a customer. */
const CUSTOMERS = new Set(["someone", "somebody", "customer", "client", "patient", "punter"]);

/**
 * The kind of workplace a statement says the speaker is at, unnamed: "I'm at the shop till 2", "Long day at the
 * clinic" (no one else in the sentence before it, no interview or application in it).
 */
export function workplaceKindAt(sentences: ReturnType<typeof analyse>): string | undefined {
  for (const s of sentences) {
    if (isQuestion(s) || s.some((t) => t.lemma === "interview" || t.lemma === "apply")) continue;
    for (let k = 0; k + 2 < s.length; k++) {
      // "Someone came into the shop today and asked for …": a customer coming in, where the speaker serves
      const served = s[k].lower === "into" && s.slice(0, k).some((t) => CUSTOMERS.has(t.lemma));
      if ((s[k].lower !== "at" && !served) || s[k + 1].lower !== "the" || s[k + 2].pos !== "NOUN" || !WORKPLACE_KINDS.has(s[k + 2].lemma) || isName(s[k + 3])) continue;
      if (served) return s[k + 2].lemma;
      const before = s.slice(0, k);
      if (before.some((t) => (t.pos === "PROPN" && !t.date) || (t.pos === "PRON" && !["i", "we", "me", "my", "our", "us"].includes(t.lower)))) break;
      return s[k + 2].lemma;
    }
  }
  return undefined;
}

/** "Which depot, the Royal Mail one by the retail park?": the name a which-question offers (before "one"). */
export function offeredIn(q: ReturnType<typeof analyse>[number]): { offered?: string } {
  for (let k = 2; k + 2 < q.length; k++) {
    if (q[k].lower !== "the" || !isName(q[k + 1])) continue;
    let e = k + 1;
    while (isName(q[e + 1]) && q[e + 1].lower !== "one") e++;
    if (q[e + 1]?.lower === "one") return { offered: q.slice(k + 1, e + 1).map((t) => t.text).join(" ") };
  }
  return {};
}
