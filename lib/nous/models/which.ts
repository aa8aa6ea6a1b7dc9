/**
 * A workplace told by its kind, for a "Which shop?" to come, and the name a which-question offers
 * ("Which depot, the Royal Mail one?"): extractor.ts keeps them in `ctx.common`.
 */
import { wordSet } from "./lexicon.js";
import { type analyse, isName, type Tok } from "./nlp.js";
import { isQuestion } from "./replies.js";
import { whichAnswer } from "./asked-about.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { townName } from "./states-common.js";

const WORKPLACE_KINDS = wordSet("workplaceKinds");
/** Kinds a which-question may ask after work talk: the workplace kinds, and a few that only name one there. */
const ASKED_KINDS = new Set([...WORKPLACE_KINDS, "yard", "port", "company", "employer", "ward", "plant", "mill", "branch", "centre", "center"]);
/** Words of a turn about one's own work, unnamed ("Shift started at 6", "boss kept us late"). */
const WORK_TALK = new Set([...wordSet("workContextNouns"), "work", "job"]);
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
      // "just got home from the call center": back from work at a kind of workplace (a compound's head counts)
      const back = s[k].lower === "from" && s[k - 1]?.lower === "home";
      const n = back && s[k + 2].pos === "NOUN" && s[k + 3]?.pos === "NOUN" ? k + 3 : k + 2;
      if ((s[k].lower !== "at" && !served && !back) || s[k + 1].lower !== "the" || s[n].pos !== "NOUN" || !(WORKPLACE_KINDS.has(s[n].lemma) || (back && ASKED_KINDS.has(s[n].lemma))) || isName(s[n + 1])) continue;
      if (served || back) return s[n].lemma;
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

/** Whether a statement talks of the speaker's work without a third person before it ("Shift started at 6, ship in dry dock"). */
export function talksOfWork(sentences: ReturnType<typeof analyse>): boolean {
  // ("Eh my boss today damn funny": "my" before the word makes it the speaker's, whatever opens the sentence)
  // ("Cross the Causeway every day to Singapore for work": a town or a name after "the" is nobody)
  const someone = (s: Tok[], x: Tok, i: number) => (x.pos === "PROPN" && s[i - 1]?.lower !== "the" && placesNamed(x.text).length === 0) || ["he", "she", "they", "his", "her", "their"].includes(x.lower);
  return sentences.some((s) => !isQuestion(s) && s.some((t, k) => WORK_TALK.has(t.lemma) && (s[k - 1]?.lower === "my" || !s.slice(0, k).some((x, i) => someone(s, x, i)))));
}

/**
 * "Which yard dat is?", "which call centre", asked just after the other speaker spoke of their work: the kind asked
 * about (the last noun after "which"), and the name the question offers, if any.
 *
 * @example
 * kindAsked(analyse("Which yard is that?")); // { noun: "yard" }
 */
export function kindAsked(sentences: ReturnType<typeof analyse>): { noun: string; offered?: string } | undefined {
  for (const q of sentences) {
    if (!isQuestion(q) || q[0]?.lower !== "which") continue;
    // the kind among the nouns after "which" ("which call centre"; "which yard dat is")
    let kind: string | undefined;
    for (let e = 1; q[e]?.pos === "NOUN"; e++) if (ASKED_KINDS.has(q[e].lemma)) kind = q[e].lemma;
    if (kind) return { noun: kind, ...offeredIn(q) };
    // "Which Bunnings, the Cannington one?": the organisation named after "which" (its branch after "the")
    let e = 1;
    while (isName(q[e]) && q[e].pos === "PROPN") e++;
    if (e > 1 && (q[e]?.text === "," || q[e]?.text === "?")) return { noun: q[1].lower, offered: q.slice(1, e).map((t) => t.text).join(" ") };
  }
  return undefined;
}

/**
 * "I'm working at the nursery. Little Acorns, the one on Unthank Road.": a home or workplace just told by its kind,
 * then named in a verbless sentence of the same turn (no town, speaker or person known), is that name.
 *
 * @example
 * kindNamed(analyse("I'm working at the nursery. Little Acorns, the one on Unthank Road."), plain, ctx);
 * // { …plain, value: "Little Acorns" }
 */
export function kindNamed<T extends { value: string }>(sentences: ReturnType<typeof analyse>, plain: T, ctx: SessionContext): T | undefined {
  const at = sentences.findIndex((s) => s.some((t) => t.lower === plain.value));
  for (const s of sentences.slice(at + 1)) {
    if (isQuestion(s) || s.some((t) => t.pos === "VERB" || t.pos === "AUX")) continue;
    const v = whichAnswer(s);
    if (v && !townName(v) && !isCountry(v) && !namesSomeone(ctx, v, { firstName: "value", known: true })) return { ...plain, value: v };
  }
  return undefined;
}
