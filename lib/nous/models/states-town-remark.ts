/**
 * A town remarked on now, as the place one lives with: "Ballarat's miserable after May", "Peckham's gone arctic",
 * "Marseille traffic sends its regards", "life in Quito is chaos" → the speaker's home, at the indirect confidence
 * (the caller's emit), read from statements only (the caller skips questions), never with a trip or a year.
 */
import type { Clause } from "./clause.js";
import { wordSet } from "./lexicon.js";
import { inLexicon, isName, type Tok } from "./nlp.js";
import { listenersHome, namesSomeone, resolvePronoun, type SessionContext } from "./referents.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { leftBehind } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";
import { COMPARISON_WORDS, TRIP, YEAR } from "./states-remarks.js";

const WEATHER = wordSet("weatherWords");
const LOCAL_NOUNS = new Set([...wordSet("seasons"), ...wordSet("localNouns")]);
const TOWN_STATES = wordSet("townStates");
const WORK_PARTS = new Set(["ward", "unit", "department", "dept", "branch", "office", "campus", "site", "plant", "depot", "warehouse", "store", "team"]);
const NOT_TOWN_ACTS = wordSet("notTownActs");

const COUNTERFACTUAL = new Set(["would", "could", "might", "should", "'d"]);
const HAVE = new Set(["have", "'ve", "ve", "of"]);

/**
 * "Ballarat's miserable after May", "Kellyville's so quiet", "Marseille traffic sends its regards", "Cape Town winter is
 * no joke", "life in Quito is chaos": a town remarked on as the place one lives with, said now (a town of the
 * gazetteer, not a country, a speaker, a person or someone's known value; no trip in the sentence).
 *
 * @example
 * townRemark(analyse("Ballarat's miserable after May.")[0], clauses, "Lorraine", ctx, emit); // emit("Lorraine", "home", "Ballarat", 0)
 */
export function townRemark(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit, turn = ""): void {
  // the cheap test first: most sentences name no place
  let guarded: boolean | undefined;
  // (a year or "ago" dates the remark: "Salzburg summer choir 2016")
  // (a future, an intent, a habit of the past or a past clause bars the remark when it spans the town or its judgement:
  // "bored no, Athlone's grand, but I'll tell you a secret" is said of now)
  // (and so does what would have been: "Boston rent would've eaten you alive")
  const barred = (k: number) => (guarded ??= s.some((t, i) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower) || YEAR.test(t.text) || t.lower === "ago" || (COUNTERFACTUAL.has(t.lower) && HAVE.has(s[i + 1]?.lower ?? "")))) || clauses.some((c) => c.at <= k + 2 && k < c.end && c.head >= k && (c.future || c.intent || c.usedTo || (c.past && !c.perfect)));
  for (let k = 0; k < s.length; k++) {
    // (found, then judged, each in a function of its own, so that a branch first taken late costs the optimising
    // compiler only its half)
    const r = remarkedTown(s, k, clauses);
    if (r && !barred(r.a) && remarkOnOwnTown(s, r, speaker, ctx, emit, turn)) return;
  }
}

/** A town remarked on: where its name starts and ends, the name, and whether it was judged or acted. */
interface TownRemark {
  a: number;
  e: number;
  value: string;
  judged: boolean;
  acting: boolean;
}

/** A town's name at k remarked on (judged, given its local things, acting or "life in" it), with where it stands. */
function remarkedTown(s: Tok[], k: number, clauses: Clause[]): TownRemark | undefined {
  if (s[k].pos !== "PROPN" && s[k].lower !== "life") return undefined;
  const life = s[k].lower === "life" && s[k + 1]?.lower === "in" && (k === 0 || s[k - 1].pos === "PUNCT" || s[k - 1].pos === "INTJ" || s[k - 1].lower === "my" || s[k - 1].lower === "but" || s[k - 1].lower === "and");
  const a = life ? k + 2 : k;
  // (after a comma, an interjection, "and" / "but", or "though" / "because")
  // … or "this" before the town and its weather or local trouble ("in this Matara heat", "This Dundee rain")
  const demonstrative = !life && s[k - 1]?.lower === "this";
  if (!life && !demonstrative && k > 0 && s[k - 1].pos !== "PUNCT" && s[k - 1].pos !== "INTJ" && s[k - 1].pos !== "CCONJ" && s[k - 1].pos !== "SCONJ") return undefined;
  if (!isName(s[a]) || s[a].pos !== "PROPN") return undefined;
  let e = a;
  while (isName(s[e + 1]) && s[e + 1].pos === "PROPN") e++;
  const value = s.slice(a, e + 1).map((t) => t.text).join(" ");
  // ("Mount Sinai ward is so crazy", "the Leeds office is dead today": a part of a workplace, which a town names)
  if (WORK_PARTS.has(s[e + 1]?.lower ?? "")) return undefined;
  // ("Best commute in Kenya.": an English word that opens the sentence is no town there, though the gazetteer has a
  // Best; "Bath is so much calmer", with a verb after it, is)
  if (a === e && (a === 0 || s[a - 1].pos === "PUNCT") && inLexicon(s[a].lower) && s[a + 1]?.pos !== "AUX" && s[a + 1]?.pos !== "VERB") return undefined;
  // "Jersey City in jan is a punishment", "Leeds at night is dead": a time between the town and the judgement
  let n = e + 1;
  if (["in", "at", "on"].includes(s[n]?.lower ?? "") && s[n + 1]?.date) {
    let m = n + 1;
    while (s[m]?.date) m++;
    // (said of now: "is", not "was")
    if (s[m]?.lower === "is" || s[m]?.text === "'s") n = m;
  }
  const timed = n !== e + 1;
  const next = s[n], after = s[n + 1];
  // "X is / X's" and a judgement ("miserable", "so quiet", "no better", "never gonna be the same")
  // … or has changed: "Peckham's gone arctic", "Moseley's got all fancy"
  const changed = !!after && ["gone", "got", "getting", "become"].includes(after.lower) && (s[n + 2]?.pos === "ADJ" || s[n + 2]?.lower === "all");
  // ("Kota Kinabalu still same, very hot": opening the sentence, without the copula)
  const same = a === 0 && next?.lower === "still" && (after?.lower === "same" || (after?.lower === "the" && s[n + 2]?.lower === "same"));
  const judged = same || (!!next && (next.lemma === "be" || next.text === "'s" || (next.lemma === "have" && changed)) && !!after && (after.pos === "ADJ" || changed || TOWN_STATES.has(after.lower) || ["so", "no", "never", "too", "such", "dead", "always", "still", "pretty", "really", "very", "just", "super", "proper"].includes(after.lower) || (timed && (after.lower === "a" || after.lower === "an"))));
  const local = !!next && (LOCAL_NOUNS.has(next.lower) || (demonstrative && WEATHER.has(next.lower))) && next.pos !== "PROPN";
  if (demonstrative && !local) return undefined;
  // "Charlottetown gets its streets back every September", "Mangaluru does not do rain by halves": the town as the
  // subject of a present clause of its own (not a team's match, a move or a visit; "Invercargill sends its regards")
  const acting = !life && !judged && !local && clauses.some((c) => c.at === a && !c.implicit && !c.past && !c.perfect && !c.future && !c.intent && !c.usedTo && !c.copula && (!NOT_TOWN_ACTS.has(c.verb) || (c.verb === "send" && s[c.head + 1]?.lower === "its")));
  if (!(life || judged || local || acting)) return undefined;
  return { a, e, value, judged, acting };
}

/** Whether a town remarked on is told as the speaker's (or someone's) home, emitted; false when it is not. */
function remarkOnOwnTown(s: Tok[], { a, e, value, judged, acting }: TownRemark, speaker: string, ctx: SessionContext, emit: IndirectEmit, turn: string): boolean {
  // "Same shouting but …": an ordinary word opening the sentence acts as no town (Same is one in Tanzania)
  if (acting && a === 0 && e === a && inLexicon(s[a].lower)) return false;
  // ("Same humidity, different balloons": a word of comparison opening the sentence names no town)
  if (a === 0 && e === a && COMPARISON_WORDS.has(s[a].lower)) return false;
  // "Verdun is lucky to have you": a remark made to the listener about their place
  let stop = e + 1;
  while (stop < s.length && s[stop].pos !== "PUNCT") stop++;
  if (judged && s.slice(e + 1, stop).some((t) => t.lower === "you" || t.lower === "your" || t.lower === "u")) return false;
  // ("Uitenhage traffic must be terrible": a guess at a place the speaker is not in)
  if (s.slice(e + 1, stop).some((t, i, r) => t.lower === "must" && ["be", "have", "'ve"].includes(r[i + 1]?.lower ?? ""))) return false;
  // ("Rhys is grand, he's started farming": one a pronoun goes on about is a person)
  if (s[stop]?.text === "," && ["he", "she"].includes(s[stop + 1]?.lower ?? "")) return false;
  // "Lincoln already feels far away", "Shah Alam already feels like a different life": a town one has left behind
  if (leftBehind(s, e + 1, stop)) return false;
  if (isCountry(value) || placesNamed(value).length === 0) return false;
  // "God help me", "God is good": an ordinary word that matches a town only with its accents dropped (Göd) is the word
  if (!value.includes(" ") && inLexicon(value.toLowerCase()) && !placesNamed(value).some((p) => p.name === value)) return false;
  // (a clause's subject is noted as a person too: only a person with a gender is one, or a name the words said was
  // a person's: "Mason's mum" … "Mason's chuffed to bits")
  if (namesSomeone(ctx, value, { firstName: "value", gendered: true, known: true }) || ctx.folk?.includes(value) || listenersHome(ctx, speaker, value)) return false;
  // "Delta has a plant here" after "Delta Beverages": the first word of a workplace already named is that workplace
  if (acting && Object.entries(ctx.seenAs ?? {}).some(([v, as]) => as === "workplace" && v !== value && v.split(" ")[0] === value)) return false;
  // "Ho is home for him": someone else's home
  const forWhom = s.slice(e + 1, stop).findIndex((t, i) => t.lower === "for" && ["him", "her", "them"].includes(s[e + 2 + i]?.lower ?? ""));
  if (forWhom >= 0) {
    const who = resolvePronoun(ctx, s[e + 2 + forWhom].lower, turn);
    if (who && !ctx.speakers.includes(who)) emit(who, "home", value, a);
    return true;
  }
  emit(speaker, "home", value, a);
  return true;
}
