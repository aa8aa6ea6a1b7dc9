/**
 * Being at an organisation, said in passing: "got my 5 year pin at Bluestone today", "I finish at Kestrel Motors at
 * 5", "we had a reorg at Lumen", "on call at Brookside that night", "doing the same spreadsheets at Unilever" → the
 * speaker's workplace, as indirect evidence.
 *
 * "at" before a name is where something happens; in the speaker's own statement (I, we, or no subject), about now
 * or the recent past, with no errand, outing or trip in the sentence ("dinner at Nando's", "went to IKEA", "landed
 * at Heathrow", "spent the weekend at Whistler"), the name is most often where the speaker works. The name must be
 * no speaker, no person the conversation knows, no value it holds states for and no place it has seen as a home.
 * Read from statements only (the caller skips questions and conditionals); a hedged sentence gives the hedge's
 * confidence, as every indirect rule.
 */
import type { Clause } from "./clause.js";
import { relativesHouse, wordSet } from "./lexicon.js";
import { isName, type Tok, upper } from "./nlp.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { organisationName, ownerOfScheme, placeAt, townName } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";
import { HOLIDAYS, OUTING_NOUNS } from "./states-at.js";

/** What one does at a place as a customer, a guest or a traveller (verbs, by lemma). */
const ERRAND_VERBS = wordSet("outingVerbs");
const DWELLINGS = wordSet("dwellingNouns");

/** The name after "at" (or "at the"), its lower-case tail cut ("the Fondation Lumière archive" → "Fondation Lumière"). */
function nameAfterAt(s: Tok[], k: number): string | undefined {
  const a = s[k + 1]?.lower === "the" ? k + 2 : k + 1;
  // a capitalised word inside a sentence is a name even where the tagger reads a noun ("on the phones at Sky")
  if (!s[a] || !upper(s[a].text) || !(isName(s[a]) || (s[a].pos === "NOUN" && a > 0))) return undefined;
  const p = placeAt(s, a);
  if (!p) return undefined;
  const words = p.value.split(" ");
  while (words.length > 1 && !upper(words[words.length - 1])) words.pop();
  return upper(words[0]) ? words.join(" ") : undefined;
}

/** Where one is that is no department ("in bed at Mum's", "in town at the Ritz", "in line at Starbucks"). */
const NOT_DEPARTMENTS = new Set(["town", "bed", "line", "queue", "traffic", "hospital", "jail", "prison", "trouble", "love", "church", "court", "hell", "heaven", "tears", "pain", "shock", "bits", "pieces", "time", "person", "transit"]);

/**
 * The speaker's workplace from "at <Name>" in a statement about the speaker (see the module's comment).
 *
 * @example
 * atOrganisation(analyse("Got my 5 year pin at Bluestone today lol")[0], clauses, "Rashid", ctx, emit);
 * // emit("Rashid", "workplace", "Bluestone", 5)
 */
export function atOrganisation(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // "I'm in sales at Google", "she's in HR at Tesco": a department one is in, at a name
  if (departmentAt(s, clauses, ctx, emit)) return;
  if (s.some((t) => OUTING_NOUNS.has(t.lemma) || OUTING_NOUNS.has(t.lower))) return;
  if (branchOf(s, clauses, speaker, ctx, emit)) return;
  // "at the Red Lion with Tom": company makes it an outing
  if (s.some((t, i) => t.lower === "with" && (isName(s[i + 1]) || ["friends", "mates", "family", "the"].includes(s[i + 1]?.lower ?? "")))) return;
  for (let k = 0; k + 1 < s.length; k++) if (s[k].lower === "at" && atName(s, clauses, speaker, ctx, emit, k)) return;
}

/** The units of a workplace one may be in: "the renal unit", "the cardiac ward", "the ICU". */
const UNITS = new Set(["unit", "ward", "department", "team", "icu", "lab", "clinic", "theatre", "theatres"]);

/** "I'm in sales at Google", "she's in HR at Tesco": a department one is in, at a name; whether it was told. */
function departmentAt(s: Tok[], clauses: Clause[], ctx: SessionContext, emit: IndirectEmit): boolean {
  for (let k = 1; k + 3 < s.length; k++) {
    if (s[k].lower !== "in" || (s[k - 1].lemma !== "be" && s[k - 1].text !== "'s")) continue;
    // ("I'm in the renal unit at Westmead": a unit of a workplace, with "the" and what kind of unit)
    const the = s[k + 1]?.lower === "the" ? 1 : 0;
    let j = k + 1 + the;
    while (the && s[j]?.pos === "ADJ" && s[j].text === s[j].lower) j++;
    const from = j;
    while (j < from + 2 && s[j] && ((s[j].pos === "NOUN" && s[j].text === s[j].lower && !NOT_DEPARTMENTS.has(s[j].lemma)) || /^\p{Lu}{2,3}$/u.test(s[j].text))) j++;
    if (j === from || s[j]?.lower !== "at" || !isName(s[j + 1]) || (the && !UNITS.has(s[j - 1].lemma))) continue;
    const c = clauses.find((x) => x.head === k - 1 || (x.at <= k - 1 && k - 1 < x.end));
    const v = placeAt(s, j + 1)?.value;
    // (a town's name is a workplace's only after a unit: hospitals go by their suburb, "the ICU at Middlemore")
    if (!c || c.negated || c.intent || c.usedTo || c.noLonger || c.future || c.past || c.subjects.length !== 1 || !v || (townName(v) && !UNITS.has(s[j - 1].lemma)) || namesSomeone(ctx, v, { firstName: "first", known: true })) continue;
    emit(c.subjects[0], "workplace", v, j + 1);
    return true;
  }
  return false;
}

/**
 * "now I manage a branch of Ernest Chemists": a branch, store or office of an organisation the speaker runs or works
 * in; whether it was told.
 */
function branchOf(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): boolean {
  for (let k = 2; k + 2 < s.length; k++) {
    if (!["branch", "store", "office", "outlet"].includes(s[k].lemma) || s[k + 1].lower !== "of" || !isName(s[k + 2])) continue;
    const c = clauses.filter((x) => x.head < k).pop();
    if (!c || c.negated || c.intent || c.usedTo || c.noLonger || c.future || c.subjects.length !== 1 || c.subjects[0] !== speaker || !["manage", "run", "work", "open", "be"].includes(c.verb)) continue;
    const v = placeAt(s, k + 2)?.value;
    if (v && !ctx.speakers.includes(v)) {
      emit(speaker, "workplace", v, k);
      return true;
    }
  }
  return false;
}

/**
 * "at <Name>" at k in a statement about the speaker; whether the reading ends there (told, or ruled out for the
 * sentence).
 */
function atName(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit, k: number): boolean {
  // "at 5", "at this point", "at the moment", "at home": no name
  const value = nameAfterAt(s, k);
  if (!value) return false;
  // "(It's just that) at Sundaram Motors I have been doing the same drawings for three years": "at X" fronted before
  // the speaker's own clause, said of now
  const after = clauses.find((x) => x.at > k && x.at <= k + 6);
  if (after && (k === 0 || s[k - 1].pos === "PUNCT" || s[k - 1].pos === "SCONJ" || s[k - 1].lower === "that") && !after.implicit && after.subjects.length === 1 && after.subjects[0] === speaker && (after.progressive || after.perfect || (!after.past && ["work", "teach", "manage", "run"].includes(after.verb))) && !ERRAND_VERBS.has(after.verb) && !after.negated && !after.intent && !after.future && !after.usedTo && !after.noLonger && !after.copula && s.slice(k + 1, after.at).every((t) => isName(t) || t.lower === "the" || t.text === "'s" || t.text === "&")) {
    if (!townName(value) && !HOLIDAYS.has(value.toLowerCase()) && !namesSomeone(ctx, value, { firstName: "first", known: true })) {
      emit(speaker, "workplace", value, k);
      return true;
    }
  }
  const c = clauses.filter((x) => x.head < k).pop();
  if (!c || c.negated || c.intent || c.usedTo || c.noLonger || c.future || (c.copula && c.past)) return false;
  // "We're renting a place out at Narromine": a dwelling "at" a place is a home there, no workplace
  // ("front of house at Casa do Rio" is a job: the dwelling has its article or owner)
  if (s.slice(Math.max(0, k - 3), k).some((t, i, w) => DWELLINGS.has(t.lemma) && t.pos === "NOUN" && ["a", "the", "my", "our", "this", "new"].includes((w[i - 1] ?? s[k - 4])?.lower ?? ""))) {
    if (c.subjects.length === 1 && c.subjects[0] === speaker && ["rent", "buy", "have", "get", "find", "live"].includes(c.verb) && !c.past) emit(speaker, "home", value, k);
    return false;
  }
  // "I hope the new semester at Karavali Engineering College has started smoothly": a wish for the listener's work
  if (clauses.some((x) => x.head < k && x.verb === "hope" && x.subjects.includes(speaker))) {
    const other = ctx.speakers.find((x) => x !== speaker);
    if (other && organisationName(value)) emit(other, "workplace", value, k);
    return true;
  }
  // ("I finished at Tesco on Friday": a job ended, read in states-everyday.ts)
  if (c.subjects.length !== 1 || c.subjects[0] !== speaker || ERRAND_VERBS.has(c.verb) || (c.verb === "finish" && (c.past || c.perfect))) return false;
  // "I'm at the Red Lion": being somewhere is not working there (states.ts reads "I'm at X now" and its kinds)
  // unless it has lasted: "I've been at the Fondation Lumière archive since the summer"
  const lasted = c.perfect && s.some((t) => t.lower === "since");
  if (c.copula && !lasted && s.slice(c.head + 1, k).every((t) => t.pos === "ADV" || t.pos === "PART")) return false;
  // ("I'm in bed at Mum's", "we're in town at the Ritz": where one is; a relative's is their home)
  if ((c.copula && s.slice(c.head + 1, k).some((t, i, w) => NOT_DEPARTMENTS.has(t.lemma) && (w[i - 1] ?? s[c.head])?.lower === "in")) || relativesHouse(value)) return false;
  const first = value.split(" ")[0];
  // "a shipment rejected at Rotterdam": a town is where something happened, not an employer
  if (townName(value)) return false;
  // "I left at Easter": a holiday or a season is a time
  if (HOLIDAYS.has(value.toLowerCase())) return false;
  if (ctx.speakers.some((x) => x === value || x.split(" ")[0] === first)) return false;
  if ((ctx.people ?? []).some((r) => r.name === value || r.name.split(" ")[0] === first) || ctx.known?.[value] || ctx.seenAs?.[value] === "home") return false;
  // ("I'm on the Airbus grad scheme up at Filton": the organisation named before its scheme, not its site)
  emit(speaker, "workplace", ownerOfScheme(s, c.head + 1, k) ?? value, k);
  return true;
}
