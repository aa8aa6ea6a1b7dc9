/**
 * Work and homes named in remarks of everyday talk, read from statements only (the caller skips questions):
 *
 * - The daily way between home and work: "commuting in from Queanbeyan" → the home; "I walk home from MedPlus",
 *   "drove from UNN to my house", "cycled in to Kerr's Bikes" → the workplace.
 * - A verbless opening that names one's work: "planner at HHLA", "quality control, Delta Beverages".
 * - A working day somewhere: "long day at the Bibliotheca Alexandrina", "slow shift at Banco Nacional".
 * - Where one writes from: "Whitehorse since the spring", "update from Canmore", "writing from Bhopal now" → the home.
 *
 * All are the speaker's, at the indirect confidence (the caller's emit), never with a trip, a question or a year. A
 * town remarked on now ("Ballarat's miserable after May") is read in states-town-remark.ts.
 */
import type { Clause } from "./clause.js";
import { relativeWords, wordSet } from "./lexicon.js";
import { commonWordAlone } from "./common-words.js";
import { inLexicon, isName, type Tok, upper } from "./nlp.js";
import { listenersHome, namesSomeone, type SessionContext } from "./referents.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { organisationName, placeAt, townName } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";
import { THIRD } from "./name-context.js";

export const TRIP = wordSet("tripWords");

/** A year ("2016"): a remark dated by one tells of the past. */
export const YEAR = /^(?:19|20)\d\d$/;
const COMMUTE = wordSet("commuteWords");
const DAILY_WAY = new Set(["jam", "traffic", "daily", "rush"]);
const TIME_UNITS = new Set(["min", "mins", "minutes", "hour", "hours", "hr", "hrs"]);
const WAY_OUT = new Set(["out", "over", "up", "down", "across", "in"]);
const DAY_PARTS = new Set(["morning", "day", "weekday", "night", "evening", "shift"]);
/** Ways home on foot or by bike: told in the past, still the daily way ("Walked home to Drumcondra in the drizzle"). */
const SHORT_WAY = new Set(["walk", "cycle", "bike"]);
/** An organisation's sites: "the Ford plant", "the NIH campus". */
const SITES = new Set(["plant", "campus", "office", "site", "factory", "depot", "warehouse", "studio", "yard", "lab", "mill", "works"]);
const SHORT_WAY_PAST = new Set(["walked", "cycled", "biked"]);
const WAY_JUDGED = new Set(["long", "longer", "short", "shorter", "quick", "quicker", "easy", "easier", "nice", "nicer", "hard", "brutal", "horrible"]);
const OWN_DWELLINGS = new Set(["house", "flat", "place", "apartment", "home"]);

/** "walking", "driving", "cycling" (the tagger reads some as nouns, with the "-ing" form as the lemma). */
const commuting = (t: Tok | undefined): boolean => !!t && /ing$/.test(t.lower) && (COMMUTE.has(t.lower.slice(0, -3)) || COMMUTE.has(`${t.lower.slice(0, -3)}e`));

/**
 * The way between home and work, said now: "commuting in from Queanbeyan", "the drive down from Mount Barker" (a
 * town: the home); "I walk home from MedPlus", "drove from UNN to my house" (a name that is no town: the workplace).
 *
 * @example
 * commute(analyse("I walk home from MedPlus and I'm soaked.")[0], clauses, "Ngozi", ctx, emit); // emit("Ngozi", "workplace", "MedPlus", 3)
 */
export function commute(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  for (let k = 1; k < s.length; k++) {
    // "getting to the NIH campus takes an hour", "driving the 403 out to the Ford plant in Oakville … is a nightmare":
    // the way to a named organisation's site is the way to work (not a town's: "the Leeds office" is some firm's)
    if (s[k].lower === "to" && s[k + 1]?.lower === "the" && isName(s[k + 2]) && !s.some((t) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower))) {
      const p = placeAt(s, k + 2);
      // (the site's word after the name, or read into it: "NIH campus")
      const last = p?.value.split(" ").pop() ?? "";
      const site = !p ? undefined : SITES.has(s[p.end + 1]?.lemma ?? "") ? p : p.value.includes(" ") && last === last.toLowerCase() && SITES.has(last) ? { value: p.value.slice(0, -last.length - 1), end: p.end - 1 } : undefined;
      const way = s.slice(Math.max(0, k - 6), k).some((t) => commuting(t) || (t.lower === "getting" && s[k - 1] === t) || t.lemma === "commute");
      const c = clauses.filter((x) => x.at <= k).pop();
      if (site && way && !(c && (c.future || c.intent || c.negated || c.usedTo || c.subjects.some((e) => e !== speaker))) && !placesNamed(site.value).some((x) => x.population >= 50_000) && !namesSomeone(ctx, site.value, { firstName: "value", gendered: true, known: true })) return emit(speaker, "workplace", site.value, k + 2);
    }
    // "I cycled in to Kerr's Bikes this morning": the daily way in, to a name that is no town, is to work
    // ("the walk in to the Bon Secours")
    const n = s[k + 2]?.lower === "the" ? k + 3 : k + 2;
    if (s[k].lower === "in" && (s[k + 1]?.lower === "to" || s[k + 1]?.lower === "into") && isName(s[n]) && (COMMUTE.has(s[k - 1].lemma) || COMMUTE.has(s[k - 1].lower))) {
      const c = clauses.filter((x) => x.at <= k).pop();
      if ((!c && !(s[k - 2]?.lower === "the" && COMMUTE.has(s[k - 1].lemma))) || (c && (c.future || c.intent || c.negated || c.usedTo || c.subjects.some((e) => e !== speaker)))) return;
      const p = placeAt(s, n);
      if (!p || placesNamed(p.value).length > 0 || isCountry(p.value) || namesSomeone(ctx, p.value, { gendered: true })) return;
      return emit(speaker, "workplace", p.value, k + 2);
    }
    // "still driving out to Glanbia every morning", "I cycle to Kerr's Bikes each day": the daily way out, to a name
    // that is no town, is to work
    if (s[k].lower === "to" && isName(s[k + 1]) && (commuting(s[k - 1]) || COMMUTE.has(s[k - 1].lemma) || (WAY_OUT.has(s[k - 1].lower) && (COMMUTE.has(s[k - 2]?.lemma ?? "") || commuting(s[k - 2])))) && s.some((t, i) => (t.lower === "every" || t.lower === "each") && DAY_PARTS.has(s[i + 1]?.lower ?? ""))) {
      const c = clauses.filter((x) => x.at <= k).pop();
      if ((c && (c.future || c.intent || c.negated || c.usedTo || c.past || c.subjects.some((e) => e !== speaker))) || s.some((t) => t.text === "?")) return;
      const p = placeAt(s, k + 1);
      if (!p || placesNamed(p.value).length > 0 || isCountry(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return;
      return emit(speaker, "workplace", p.value, k + 1);
    }
    // "driving home to Handsworth at 10pm is dread": the daily way home, to a town
    // (… and "then I get home to Nether Edge"; told in the past by a way on foot or by bike, "Walked home to Drumcondra
    // in the drizzle", or as a habit, "got home to Pinheiros at midnight every day this week", "I go home to Bishan", "closing the shop now, going home to Ugbowo")
    if (s[k].lower === "home" && s[k + 1]?.lower === "to" && isName(s[k + 2]) && (COMMUTE.has(s[k - 1].lemma) || COMMUTE.has(s[k - 1].lower) || SHORT_WAY_PAST.has(s[k - 1].lower) || commuting(s[k - 1]) || ((s[k - 1].lemma === "get" || s[k - 1].lower === "go") && (k === 1 || ["i", "just", "finally"].includes(s[k - 2]?.lower ?? ""))) || ["heading", "headed", "straight"].includes(s[k - 1].lower) || (s[k - 1].lower === "way" && s[k - 2]?.lower === "my") || (s[k - 1].lower === "going" && s.some((t) => t.lower === "now" || t.lower === "tonight")))) {
      const c = clauses.filter((x) => x.at <= k).pop();
      // ("Biked home …" opening a sentence: the tagger may take the verb for a name, and give it no lemma)
      const daily = SHORT_WAY.has(s[k - 1].lemma) || SHORT_WAY_PAST.has(s[k - 1].lower) || s.some((t, i) => ((t.lower === "every" || t.lower === "each") && DAY_PARTS.has(s[i + 1]?.lower ?? "")) || (t.lower === "again" && i > k));
      // ("on my way home to Ringsend", whenever it is; "just got home to Headingley")
      const wayHome = s[k - 1].lower === "way" || ["just", "finally"].includes(s[k - 2]?.lower ?? "");
      // (the speaker's own way: "she's heading home to Leeds" is hers)
      if ((wayHome || ["heading", "headed", "straight"].includes(s[k - 1].lower)) && s.slice(0, k).some((t) => THIRD.has(t.lower) || (t.pos === "PROPN" && isName(t)))) return;
      if ((c && !wayHome && (c.future || c.intent || c.negated || c.usedTo || (c.past && !daily) || c.subjects.some((e) => e !== speaker))) || s.some((t) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower))) return;
      const p = placeAt(s, k + 2);
      if (!p || isCountry(p.value) || organisationName(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return;
      // ("I go home to Penang for Chinese New Year": going home for something is a visit)
      if (["go", "going", "heading", "headed"].includes(s[k - 1].lower) && ["for", "over", "at"].includes(s[p.end + 1]?.lower ?? "")) return;
      // ("go home to Charlottenburg and sleep pls", "Get home to Leeds safe": told to the listener, opening the sentence)
      const told = ["go", "get"].includes(s[k - 1].lower) && (k === 1 || (k === 2 && ["just", "pls", "please", "now"].includes(s[0].lower)));
      return emit(told ? ctx.speakers.find((x) => x !== speaker) ?? speaker : speaker, "home", p.value, k + 2);
    }
    // "then an hour in traffic back to Penrith": the way home after work, to a town
    if (s[k].lower === "back" && s[k + 1]?.lower === "to" && isName(s[k + 2]) && s.slice(Math.max(0, k - 4), k).some((t) => COMMUTE.has(t.lemma) || t.lemma === "traffic")) {
      const c = clauses.filter((x) => x.at <= k).pop();
      if ((c && (c.future || c.intent || c.negated || c.usedTo || c.subjects.some((e) => e !== speaker))) || s.some((t) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower))) return;
      const p = placeAt(s, k + 2);
      if (!p || !townName(p.value) || isCountry(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return;
      return emit(speaker, "home", p.value, k + 2);
    }
    // "Cheras to Sunway in the evening jam", "a longer drive, Cyberjaya to KL every day": the daily way from home
    // ("Scooter only, Kukatpally to Ramachandrapuram, 35 minutes": told by its time)
    if (s[k].lower === "to" && isName(s[k - 1]) && isName(s[k + 1]) && s.some((t, i) => DAILY_WAY.has(t.lower) || COMMUTE.has(t.lemma) || (t.lower === "every" && s[i + 1]?.lower === "day") || (i > k && TIME_UNITS.has(t.lower) && (s[i - 1]?.pos === "NUM" || s[i - 1]?.lower === "an")))) {
      let a = k - 1;
      while (a > 0 && isName(s[a - 1])) a--;
      const opening = a === 0 || s[a - 1].text === "," || s[a - 1].pos === "INTJ";
      const p = placeAt(s, a);
      // (the names open no clause of their own: "Leeds to Hull is an hour")
      let b = k + 1;
      while (b < s.length && s[b].pos !== "PUNCT") b++;
      const c = clauses.find((x) => x.at === a && !x.implicit) ?? s.slice(k + 1, b).find((t) => t.pos === "VERB" || t.pos === "AUX");
      // ("Cycled to Thames Valley Park today, eighteen minutes": an ordinary word opening the sentence is no place)
      if (!opening || !p || p.end !== k - 1 || c || (a === 0 && p.end === 0 && commonWordAlone(s[0].text)) || s.some((t) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower)) || organisationName(p.value) || isCountry(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return;
      return emit(speaker, "home", p.value, a);
    }
    if (s[k].lower !== "from" || !isName(s[k + 1])) continue;
    // ("25 mins each way from Morriston, can't complain": the daily way, told by its time each way)
    // ("Ten minutes on the DART from Bray", "yes, 40 min on the S-train from Nørrebro": told by its time and transport)
    const wayTimed = (s[k - 1]?.lower === "way" && s[k - 2]?.lower === "each") || s.slice(1, k).some((t, i) => TIME_UNITS.has(t.lower) && s[i].pos === "NUM" && s.slice(i + 2, k).some((x) => x.lower === "on" || x.lower === "by"));
    if (!(wayTimed || s.some((t) => COMMUTE.has(t.lemma) || COMMUTE.has(t.lower))) || s.some((t) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower))) return;
    // the clause the way is told in: the speaker's (or no one's: "drove from UNN …"), now or habitual
    const c = clauses.filter((x) => x.at <= k).pop();
    // ("Long drive from Clintonville but the work's better": the way judged)
    const bare = COMMUTE.has(s[0].lemma) || ((s[0].lower === "the" || WAY_JUDGED.has(s[0].lower)) && COMMUTE.has(s[1]?.lemma ?? ""));
    if (!c && !bare && !wayTimed) return;
    if (c && (c.future || c.intent || c.negated || c.usedTo || c.subjects.some((e) => e !== speaker))) return;
    // the commuting word just before: "commuting (in) from", "the drive (down) from", "walk home from", "walk to work from"
    const toWork = s[k - 1]?.lower === "work" && s[k - 2]?.lower === "to" ? s[k - 3] : undefined;
    const w = wayTimed ? s[k - 1] : [s[k - 1], s[k - 2], toWork].find((t) => t && (COMMUTE.has(t.lemma) || COMMUTE.has(t.lower)));
    if (!w) continue;
    const home = s[k - 1].lower === "home";
    let e = k + 1;
    while (isName(s[e + 1])) e++;
    const value = s.slice(k + 1, e + 1).map((t) => t.text).join(" ");
    if (namesSomeone(ctx, value, { firstName: "value" })) return;
    const town = placesNamed(value).length > 0 || isCountry(value);
    // "… from X to my house": X is where one works
    const toHome = s[e + 1]?.lower === "to" && s[e + 2]?.lower === "my" && OWN_DWELLINGS.has(s[e + 3]?.lower ?? "");
    if (!town && (home || toHome)) return emit(speaker, "workplace", value, k + 1);
    // "the train from Paris to Lyon", "took the bus from Leeds": a journey, not the daily way in (unless made every
    // day: "stuck driving from Gràcia to Martorell every day")
    if (c?.past || (s[e + 1]?.lower === "to" && !daily(s, e + 2))) return;
    // a town, or a name no organisation's ("commuting in from Queanbeyan": the gazetteer holds the larger towns only)
    if (!home && !toHome && !isCountry(value) && (town || !organisationName(value))) return emit(speaker, "home", value, k + 1);
    return;
  }
}

const DAILY_SPANS = new Set(["day", "morning", "evening", "night", "weekday", "shift"]);
/** "every day", "each morning", "daily" from word k on. */
const daily = (s: Tok[], k: number): boolean => s.slice(k).some((t, i, r) => t.lower === "daily" || ((t.lower === "every" || t.lower === "each") && DAILY_SPANS.has(r[i + 1]?.lower ?? "")));

const JOB_WORDS = wordSet("jobWords");
const OPENERS = wordSet("greetings");
/** Words that end like a worker's noun but name none ("Christmas dinner at X"). */
const NOT_WORKERS = wordSet("notWorkerNouns");
const KIN_WORDS = relativeWords();
/**
 * A job word, or a worker's noun by its ending ("inspector", "developer", "yard man"), not a word that only ends so
 * ("dinner", "poker") nor a relative ("brother").
 */
export const workerNoun = (t: Tok): boolean => JOB_WORDS.has(t.lemma) || (/(?:man|woman|person|lady|guy|er|or|ist|ian)$/.test(t.lower) && !NOT_WORKERS.has(t.lower) && !KIN_WORDS.has(t.lemma));
/** Openings that greet or give news, not one's work ("great news, Acme Software called"). */
/** Words of comparison, which open a remark about a town but are none ("Same humidity"). */
export const COMPARISON_WORDS = new Set(["same", "other", "another", "different", "more", "less", "such"]);
/** Adverbs of time that may open a job fragment. */
const FRAGMENT_ADVERBS = new Set(["still", "now", "currently", "officially", "finally"]);
const NOT_WORK_HEADS = new Set(["news", "update", "thanks", "congratulations", "congrats", "luck", "morning", "night", "day", "evening", "afternoon", "weekend", "question", "idea", "plan"]);

/**
 * A verbless fragment opening a sentence that names one's work: "nurse at St Mary's now", "planner at HHLA, I tell the
 * cranes what to do" (a job word, then "at" a name that is no town), "quality control, Delta Beverages" (a name an
 * organisation's by its last word); after a comma in the speaker's own sentence ("I'm on the trains, guard for
 * Merseyrail").
 *
 * @example
 * jobFragment(analyse("planner at HHLA, I tell the cranes what to do.")[0], "Greta", ctx, emit); // emit("Greta", "workplace", "HHLA", 2)
 */
export function jobFragment(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // "nope, apprentice electrician at Sooner Electric now": an interjection and a comma open the fragment
  if (s.length > 4 && s[1].text === "," && (s[0].pos === "INTJ" || OPENERS.has(s[0].lower))) return jobFragment(s.slice(2), speaker, ctx, (e, a, v, at) => emit(e, a, v, at + 2));
  // "Still a cashier at Tesco.", "Now senior nurse at the Royal": an adverb of time opens it
  if (s.length > 3 && FRAGMENT_ADVERBS.has(s[0].lower)) return jobFragment(s.slice(1), speaker, ctx, (e, a, v, at) => emit(e, a, v, at + 1));
  // "I'm on the trains, guard for Merseyrail.": a fragment after a comma in the speaker's own sentence
  // (not after a person: "I met Tom, driver for Uber", "I called my cousin, nurse at the Royal")
  const comma = s[0]?.lower === "i" ? s.findIndex((t, i) => i > 1 && t.text === ",") : -1;
  if (comma > 0 && comma + 3 < s.length && !isName(s[comma - 1]) && !KIN_WORDS.has(s[comma - 1].lemma) && !s.slice(0, comma).some((t) => t.pos === "PROPN")) jobFragment(s.slice(comma + 1), speaker, ctx, (e, a, v, at) => emit(e, a, v, at + comma + 1));
  const known = (v: string) => namesSomeone(ctx, v, { firstName: "value", known: true });
  let stop = 0;
  while (stop < s.length && s[stop].pos !== "PUNCT") stop++;
  const part = s.slice(0, stop);
  // "Galway City Museum, education officer.": a name that is no town, then one's job, and nothing more
  if (isName(s[0]) && s[stop]?.text === ",") {
    const p = placeAt(s, 0, stop);
    let e = stop + 1;
    while (e < s.length && s[e].pos !== "PUNCT") e++;
    const job = s.slice(stop + 1, e);
    if (p && p.end === stop - 1 && job.length > 0 && job.length <= 3 && (e === s.length || s[e].text !== ",") && JOB_WORDS.has(job[job.length - 1].lemma) && job.every((t) => t.pos === "NOUN" || t.pos === "ADJ") && placesNamed(p.value).length === 0 && !isCountry(p.value) && !known(p.value)) return emit(speaker, "workplace", p.value, 0);
  }
  if (part.length < 2 || part.some((t) => t.pos === "VERB" || t.pos === "AUX" || t.pos === "PRON")) return;
  // (a common word opening the sentence is capitalised, and may be tagged a name: "Yard man at …")
  // ("Developer at Shopify.": a job word alone, capitalised)
  const opening = s[0].pos === "PROPN" && inLexicon(s[0].lower) && (s[1]?.pos === "NOUN" || (s[1]?.lower === "at" && workerNoun(s[0])) || (s[1]?.lower === "with" && JOB_WORDS.has(s[0].lemma)));
  let k = opening ? 1 : 0;
  while (k < stop && (s[k].pos === "DET" || s[k].pos === "ADJ" || (s[k].pos === "NOUN" && !upper(s[k].text)))) k++;
  if (k === 0 || (s[k - 1].pos !== "NOUN" && !(k === 1 && opening))) return;
  // "clinical instructor now at KMTC Nakuru"
  const head = k;
  if ((s[k]?.lower === "now" || s[k]?.lower === "currently") && s[k + 1]?.lower === "at") k++;
  // ("Quality inspector at the Honda plant": "the" before the name; "Aircraft mechanic with Delta", "paramedic with
  // the Queensland Ambulance Service": "with" after a job word)
  // ("guard for Merseyrail": "for" after a job word)
  const prep = s[k]?.lower === "at" || ((s[k]?.lower === "with" || s[k]?.lower === "for") && JOB_WORDS.has(s[head - 1]?.lemma ?? ""));
  const the = prep && s[k + 1]?.lower === "the" ? 1 : 0;
  if (prep && isName(s[k + 1 + the])) {
    // a job word before "at", or a worker's noun before an organisation's name ("Yard man at Eastern Bay Hardware")
    const p = placeAt(s, k + 1 + the, stop);
    // (a worker's noun by its ending only with no time named: "Poker at Dan's tonight" is an outing)
    const worker = JOB_WORDS.has(s[head - 1].lemma) || (workerNoun(s[head - 1]) && !part.some((t) => t.date));
    if (p && worker && placesNamed(p.value).length === 0 && !isCountry(p.value) && !known(p.value)) emit(speaker, "workplace", p.value, k + 1 + the);
    return;
  }
  if (k === stop && s[stop]?.text === "," && isName(s[stop + 1]) && !NOT_WORK_HEADS.has(s[k - 1].lemma)) {
    let e = stop + 1;
    while (e + 1 < s.length && s[e + 1].pos !== "PUNCT") e++;
    const p = placeAt(s, stop + 1, e + 1);
    if (p && p.end === e && organisationName(p.value) && !known(p.value)) emit(speaker, "workplace", p.value, stop + 1);
  }
}

const DAY_SPANS = new Set(["day", "shift", "week", "night", "morning"]);
const WORKED = new Set(["do", "work", "pull"]);
const SHIFTS = new Set(["nights", "shifts", "lates", "earlies", "doubles", "nightshifts"]);
const WARDS = new Set(["ward", "unit", "theatre", "aisle"]);
const UNITS = new Set([...WARDS, "desk", "line", "floor", "counter", "team", "tills", "wing", "shift"]);
const UNIT_LEADS = new Set(["still", "yeah", "yes", "yep", "aye", "now", "currently", "i", "'m", "am", "i'm", "im", ",", "and", "so", "me"]);
/** "children's ward at": after "on the", a unit's word (within four words) and "at" (or "in"): the index of "at", or -1. */
function unitAt(s: Tok[], from: number): number {
  let m = from;
  while (m < from + 4 && s[m] && !UNITS.has(s[m].lemma) && (s[m].pos === "ADJ" || s[m].pos === "NOUN" || s[m].text === "'s") && !isName(s[m])) m++;
  // ("on the early shift in Apple": "in" before a name no town's)
  const inName = s[m + 1]?.lower === "in" && isName(s[m + 2]) && placesNamed(placeAt(s, m + 2)?.value ?? "").length === 0 && !isCountry(placeAt(s, m + 2)?.value ?? "");
  return UNITS.has(s[m]?.lemma ?? "") && (s[m + 1]?.lower === "at" || inName) ? m + 1 : -1;
}
const FRAGMENT_OPENERS = new Set(["busy", "swamped", "slammed", "work"]);
const SPENT_TIME = new Set(["all", "day", "days", "the", "whole", "my", "most", "of", "every", "each", "week", "weekdays", "hours", "eight", "nine", "ten", "twelve", "a"]);
const DAY_KINDS = new Set(["bad", "good", "great", "awful", "terrible", "horrible", "stressful", "long", "slow", "busy", "quiet", "rough", "hard", "crazy", "mad", "manic", "hectic", "tough", "brutal", "full", "another", "normal", "usual", "typical", "late", "early"]);

/**
 * "long day at the Bibliotheca Alexandrina", "slow shift at Banco Nacional", "another hectic week at Corvale": a
 * working day somewhere with a name (not a town, a person or someone's known value), the speaker's own.
 *
 * @example
 * dayAt(analyse("Long day at Corvale, my feet hurt.")[0], "Ann", ctx, emit); // emit("Ann", "workplace", "Corvale", 3)
 */
export function dayAt(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  for (let k = 0; k + 2 < s.length; k++) {
    // "long days at Samsung", "weekend off from the Brompton"; opening the sentence, "Busy at the Hermitage", "Work at
    // Powell's is chill"
    let a = DAY_KINDS.has(s[k].lower) && DAY_SPANS.has(s[k + 1].lemma) && s[k + 2].lower === "at" ? k + 2 : -1;
    if (a < 0 && (DAY_SPANS.has(s[k].lemma) || s[k].lemma === "weekend") && s[k + 1].lower === "off" && s[k + 2]?.lower === "from" && s[k - 1]?.lower !== "his" && s[k - 1]?.lower !== "her") a = k + 2;
    if (a < 0 && k === 0 && (FRAGMENT_OPENERS.has(s[0].lower)) && s[1].lower === "at") a = 1;
    // "Work's been mad at Deloitte lately", "Work is quiet at Tesco": the speaker's work judged, now, at a name
    if (a < 0 && k === 0 && s[0].lower === "work" && (s[1].text === "'s" || s[1].lower === "is" || s[1].lower === "has")) {
      const at = s.findIndex((t, i) => i > 1 && i <= 5 && t.lower === "at");
      if (at > 0 && s.slice(2, at).every((t) => t.pos === "ADJ" || t.pos === "ADV" || t.lower === "been")) a = at;
    }
    // "I spend all day at the Derby Museum": the speaker's days spent somewhere named, now
    if (a < 0 && s[k].lemma === "spend" && s[k].lower !== "spent" && s.slice(0, k).some((t) => t.lower === "i")) {
      let m = k + 1;
      while (m < k + 6 && SPENT_TIME.has(s[m]?.lower ?? "")) m++;
      if (m > k + 1 && s[m]?.lower === "at") a = m;
    }
    // "I'm stuck in Google till half 6": held at a name until a time of day
    if (a < 0 && s[k].lower === "stuck" && ["am", "'m"].includes(s[k - 1]?.lower ?? "") && s[k - 2]?.lower === "i" && ["in", "at"].includes(s[k + 1].lower)) {
      const p = placeAt(s, s[k + 2]?.lower === "the" ? k + 3 : k + 2);
      if (p && ["till", "until", "til"].includes(s[p.end + 1]?.lower ?? "")) a = k + 1;
    }
    // "I'd just done three nights in a row at University Hospital Limerick": shifts worked, counted, somewhere
    if (a < 0 && WORKED.has(s[k].lemma) && s[k + 1]?.pos === "NUM" && SHIFTS.has(s[k + 2]?.lower ?? "")) {
      const m = s[k + 3]?.lower === "in" && s[k + 4]?.lower === "a" && s[k + 5]?.lower === "row" ? k + 6 : k + 3;
      if (s[m]?.lower === "at" && s.slice(0, k).some((t) => t.lower === "i" || t.lower === "i'd" || t.lower === "i've")) a = m;
    }
    // "Ward 7 at Ng Teng Fong full house": a unit of a workplace, opening the sentence
    if (a < 0 && k === 0 && WARDS.has(s[0].lemma) && s[1].pos === "NUM" && s[2].lower === "at") a = 2;
    // "still on the children's ward at Broomfield", "I'm on the night desk at the Guardian": one's unit at a workplace,
    // in a sentence of the speaker's with nothing else before it
    // (or in its clause after a comma: "I'll head off early, I'm on the early shift in Apple Monday")
    const unit = a < 0 && s[k].lower === "on" && s[k + 1]?.lower === "the" && s.slice(s.slice(0, k).map((t) => t.text).lastIndexOf(",") + 1, k).every((t) => UNIT_LEADS.has(t.lower) || t.pos === "INTJ") ? unitAt(s, k + 2) : -1;
    if (unit > 0) a = unit;
    if (a < 0) continue;
    // ("weekend off from X" is no trip)
    if (s.some((t, i) => t.text === "?" || ((TRIP.has(t.lemma) || TRIP.has(t.lower)) && !(s[i + 1]?.lower === "off" && i === a - 2)))) return;
    // the speaker's day: nothing, "my", "a", "another" or "what a" before it, not "his" or a name's
    // ("Just another day at Gonville School")
    if (k > 0 && unit < 0 && s[k].lemma !== "spend" && s[k].lower !== "stuck" && !["my", "a", "what", "just", ",", ".", "!"].includes(s[k - 1].lower) && s[k - 1].pos !== "INTJ" && s[k - 1].pos !== "PUNCT") continue;
    const at = s[a + 1]?.lower === "the" ? a + 2 : a + 1;
    if (!isName(s[at])) continue;
    // (the name's capitalised words: "Ng Teng Fong full house")
    let e = at;
    while (e < s.length && (isName(s[e]) || upper(s[e].text) || s[e].text === "'s" || (s[e].text === "&" || s[e].lower === "of") && isName(s[e + 1]))) e++;
    const p = placeAt(s, at, e);
    // (a town's name after "the" is an institution's: "busy at the Hermitage")
    // (after a unit, a town names its hospital: "the ICU at Middlemore")
    if (!p || (placesNamed(p.value).length > 0 && at === a + 1 && unit < 0) || isCountry(p.value)) continue;
    // "long day at Disneyland with the kids": an outing in company
    if (s[p.end + 1]?.lower === "with") return;
    // a known value, by its first word too ("Busy week at Pellow" confirms Pellow Brothers: states-indirect.ts)
    const first = p.value.split(" ")[0];
    if (namesSomeone(ctx, p.value, { firstName: "first", gendered: true, known: true })) continue;
    const longer = (v: string | undefined) => !!v && v !== p.value && v.split(" ")[0] === first;
    if (Object.keys(ctx.seenAs ?? {}).some(longer) || Object.values(ctx.known ?? {}).some((r) => longer(r.home) || longer(r.workplace))) continue;
    return emit(speaker, "workplace", p.value, at);
  }
}

const COMERS = new Set(["someone", "somebody", "everybody", "everyone", "people", "customer", "customers", "client", "clients", "patient", "patients", "punter", "punters"]);

/**
 * "everybody and their uncle comes into Kessler's Hardware wanting grass seed", "a customer walked into Dunmore's
 * Pharmacy": customers coming into a named place where the speaker serves (the comers are the clause's subject; the
 * place is no town, country, person or someone's known value; no question, no trip).
 *
 * @example
 * servedAt(analyse("Everyone comes into Kessler's Hardware wanting seed.")[0], "Caleb", ctx, emit); // emit("Caleb", "workplace", "Kessler's Hardware", 3)
 */
export function servedAt(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const c = s.findIndex((t) => COMERS.has(t.lower));
  if (c < 0 || s.some((t) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower))) return;
  for (let k = c + 1; k + 2 < s.length && k < c + 6; k++) {
    if ((s[k].lemma !== "come" && s[k].lemma !== "walk" && s[k].lemma !== "pile") || (s[k + 1].lower !== "into" && s[k + 1].lower !== "in")) {
      // the comers are the clause's subject ("everybody and their uncle comes into …")
      if (s[k].pos === "VERB" || s[k].pos === "AUX") return;
      continue;
    }
    const at = s[k + 2].lower === "the" ? k + 3 : k + 2;
    if (!isName(s[at])) return;
    const p = placeAt(s, at);
    if (!p || placesNamed(p.value).length > 0 || isCountry(p.value)) return;
    if (namesSomeone(ctx, p.value, { firstName: "first", gendered: true, known: true })) return;
    return emit(speaker, "workplace", p.value, at);
  }
}

const NEWS_NOUNS = wordSet("newsNouns");
const WRITE = wordSet("writeVerbs");

/**
 * Where the speaker writes from, said now: "Whitehorse since the spring" (a verbless opening: a town, then "since"),
 * "ok update from Canmore: …", "I'm writing from Bhopal now" → the speaker's home (a town of the gazetteer, or after
 * "update from" any name that is no organisation's; not a country, a person, someone's known value or the listener's
 * home; never in a question or with a trip).
 *
 * @example
 * writtenFrom(analyse("Whitehorse since the spring, I got a job.")[0], clauses, "Chloe", ctx, emit); // emit("Chloe", "home", "Whitehorse", 0)
 */
export function writtenFrom(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  let k = 0;
  while (k < s.length && (s[k].pos === "INTJ" || s[k].pos === "PUNCT")) k++;
  let at = -1;
  // found after "update from": news from a place may come from a small one, any name that is no organisation's
  let fromNews = false;
  if (isName(s[k])) {
    // "Whitehorse since the spring"
    const p = placeAt(s, k);
    if (p && s[p.end + 1]?.lower === "since") at = k;
  }
  for (let j = k; at < 0 && j + 2 < s.length; j++) {
    if (s[j + 1].lower !== "from" || !isName(s[j + 2])) continue;
    // "(ok) (quick) update from Canmore": news from where one is, opening the sentence
    const news = NEWS_NOUNS.has(s[j].lemma) && s.slice(k, j).every((t) => t.pos === "ADJ" || t.pos === "DET" || t.pos === "ADV");
    // "I'm writing from Bhopal now": a present clause of writing, and "now"
    const c = clauses.find((x) => x.head === j);
    const writing = !!c && WRITE.has(c.verb) && c.progressive && !c.past && c.subjects.includes(speaker) && s.some((t) => t.lower === "now");
    if (news || writing) {
      at = j + 2;
      fromNews = news;
    }
  }
  if (at < 0 || s.some((t) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower) || YEAR.test(t.text))) return;
  const p = placeAt(s, at);
  if (!p || isCountry(p.value) || (fromNews ? organisationName(p.value) : placesNamed(p.value).length === 0)) return;
  if (namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) || listenersHome(ctx, speaker, p.value)) return;
  emit(speaker, "home", p.value, at);
}

/** Words of one's working life that say a judged name is where one works ("my team lead", "meetings", "the canteen"). */
const STAFF_CUES = new Set(["boss", "manager", "team", "lead", "supervisor", "colleague", "coworker", "co-worker", "office", "meeting", "deadline", "canteen", "shift", "desk", "audit", "client", "workload", "reorg", "department", "overtime", "staff", "salary", "job", "intern", "onboarding", "standup", "sprint", "rota", "payroll", "vp", "ceo", "hr"]);
/** What judges a place of work after "is" ("Comarch is good", "Stellantis is chaos as usual", "Dalhousie's the usual"). */
const JUDGEMENTS = new Set(["chaos", "hell", "madness", "same", "fine", "ok", "okay", "alright", "good", "great", "nice", "mad", "crazy", "busy", "intense", "brutal", "hectic", "manic", "quiet", "decent", "grand", "lovely", "amazing", "wild", "insane", "mental", "relentless", "chill", "boring", "stressful", "huge"]);
const INTENSIFIERS = new Set(["so", "really", "pretty", "super", "very", "damn", "proper", "still", "just", "always", "quite", "kinda", "too", "honestly", "actually", "absolutely"]);
/** Common words a sentence may open with, capitalised, that name no employer ("Work is mad", "Team is good"). */
const NOT_EMPLOYERS = new Set(["work", "job", "team", "office", "school", "uni", "college", "life", "home", "everything", "everyone", "everybody", "weather", "traffic", "today", "tonight", "family", "boss", "manager", "landlord", "landlady", "flat", "house", "rent", "money", "it", "that", "this"]);
const JUDGE_OPENERS = new Set(["anyway", "and", "but", "so", "also", "well", "oh", "ha", "haha", "lol", "ok", "okay", "yeah", "yes", "meanwhile", "here"]);

/**
 * "Comarch is good, my team lead is from Katowice", "Erste Bank is fine, a bit grey, lots of meetings", "Dalhousie's
 * the usual. Grant deadline Friday, my supervisor's panicking": a name judged now at the start of a sentence (no town
 * of the gazetteer, country, person, speaker or known home), with a word of one's working life in the turn, is the
 * speaker's workplace.
 *
 * @example
 * orgJudged(analyse("Comarch is good, my team lead is from Katowice.")[0], turn, "Alessia", ctx, emit); // emit("Alessia", "workplace", "Comarch", 0)
 */
export function orgJudged(s: Tok[], turn: readonly Tok[][], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  let a = 0;
  while (a < s.length && (s[a].pos === "INTJ" || s[a].text === "," || JUDGE_OPENERS.has(s[a].lower) || (s[a].lower === "the" && isName(s[a + 1])))) a++;
  if (!isName(s[a]) || s.some((t) => t.text === "?")) return;
  let p = placeAt(s, a);
  // "The Port of Rotterdam Authority"
  const tail = p && s[p.end + 1]?.lower === "of" && isName(s[p.end + 2]) ? placeAt(s, p.end + 2) : undefined;
  if (p && tail) p = { value: `${p.value} of ${tail.value}`, end: tail.end };
  // "Atlassian's good though": the "'s" read into the name is "is"
  if (p?.value.endsWith("'s") && s[p.end]?.text === "'s" && s[p.end + 1]?.lower !== "is") p = { value: p.value.slice(0, -2), end: p.end - 1 };
  if (!p) return;
  // "Allegro has pierogi in the canteen", "Shopify update: new VP wants everyone in the office": what the organisation
  // has or does for its staff, with the word of working life in the same sentence
  // (an auxiliary "has" is no having: "Connor has been made supervisor")
  const has = s[p.end + 1]?.lemma === "have" && s[p.end + 1].lower !== "had" && s[p.end + 2]?.lower !== "been" && s[p.end + 2]?.pos !== "VERB";
  const update = s[p.end + 1]?.lower === "update" && s[p.end + 2]?.text === ":";
  if (!has && !update && s[p.end + 1]?.lower !== "is" && s[p.end + 1]?.text !== "'s") return;
  let n = p.end + 2;
  while (n < p.end + 5 && INTENSIFIERS.has(s[n]?.lower ?? "")) n++;
  const w = s[n];
  const judged = has || update || (!!w && (w.pos === "ADJ" || JUDGEMENTS.has(w.lower) || (w.lower === "the" && ["usual", "same"].includes(s[n + 1]?.lower ?? ""))));
  // ("Gus is fine, he got that job": a person, taken up by a pronoun after the judgement's comma)
  const comma = s.findIndex((t, i) => i > n && t.text === ",");
  if (!judged || s.slice(p.end + 2).some((t) => TRIP.has(t.lemma) || YEAR.test(t.text)) || ["he", "she", "his", "her"].includes(s[comma + 1]?.lower ?? "")) return;
  const value = p.value;
  const first = value.split(" ")[0].toLowerCase();
  if (NOT_EMPLOYERS.has(first) || KIN_WORDS.has(first) || placesNamed(value).length > 0 || isCountry(value) || ctx.speakers.some((x) => x === value || x.split(" ")[0] === value.split(" ")[0])) return;
  // (a person the conversation has named: "my flatmate Connor" … "Connor's been made supervisor at Primark")
  if (namesSomeone(ctx, value, { firstName: "value", gendered: true, known: true }) || ctx.folk?.includes(value) || ctx.seenAs?.[value] === "home" || listenersHome(ctx, speaker, value)) return;
  // "Uniform is massive on me": a common word capitalised to open the sentence (as wink reads it in lower case)
  if (!value.includes(" ") && commonWordAlone(value)) return;
  // a word of one's working life after the judgement, or in another sentence of the turn
  // ("I stay late every day", "we're putting panels on a hospital": staying late, or "we" doing the work)
  const cue = (t: Tok, i: number, r: Tok[]) => STAFF_CUES.has(t.lemma) || STAFF_CUES.has(t.lower) || (t.lower === "late" && ["stay", "work"].includes(r[i - 1]?.lemma ?? "")) || (t.lower === "we" && r[i + 1]?.lemma === "be" && (r[i + 2]?.pos === "VERB" || /ing$/.test(r[i + 2]?.lower ?? "")));
  if (!s.slice(n + 1).some((t, i) => cue(t, n + 1 + i, s)) && ((has || update) || !turn.some((x) => x !== s && x.some(cue)))) return;
  emit(speaker, "workplace", value, a);
}
