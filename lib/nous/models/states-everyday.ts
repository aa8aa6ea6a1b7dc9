/**
 * Homes and work told in everyday turns of phrase, read from statements only (the caller skips questions):
 *
 * - Working for an organisation by one's trade: "I fly for airBaltic", "I drive for Uber", "I write for Vice" → the
 *   speaker's workplace.
 * - An organisation's canteen, an organisation's yes before one's start: "the PSA canteen", "Kavak said yes! I start
 *   Monday" → the workplace.
 * - The daily way in: "on the subway heading to TD", "every day … going to Intel", "go into the Sun Life office", "reached the Zee office forty minutes late" → the workplace.
 * - A name alone, then one's job: "Cameco. Safety coordinator, fly-in fly-out." → the workplace.
 * - One's job said to be at a place: "the job's at Pusan National University", "work is in Dubai, Rashid Hospital" →
 *   the workplace.
 * - One's terms of work at a name, judged: "the hours at Northland Regional Council are so regular" → the workplace.
 * - One's pupils, patients, customers or desk at a named place: "my 7th graders at Saguaro Middle School" → the workplace.
 * - An organisation making one something: "Cowrywise made me team lead" → the workplace.
 * - A switch to an organisation in a turn about work: "I've switched to Adidas … started two weeks ago" → a new workplace.
 * - An offer judged too good to refuse: "The Canva offer was too good to turn down" → a new workplace.
 * - A self-introduction in fragments: "Liam. Petone. Weta Workshop." → the home and the workplace (states-intro.ts).
 * - A verbless opening place, then one's way of living there: "In Salthill, sharing with 3 nurses" → the home.
 * - A home got away from or sold: "finally escaped Hackney", "got out of Croydon", "sold the house in Brampton" → the
 *   home ended.
 *
 * Each is the speaker's; no trip, question, intent or modal.
 */
import type { Clause } from "./clause.js";
import { relativeWords, wordSet } from "./lexicon.js";
import { commonWordAlone } from "./common-words.js";
import { isName, type Tok } from "./nlp.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { organisationName, placeAt, townName } from "./states-common.js";
import { introduction } from "./states-intro.js";
import { orgJudged, workerNoun } from "./states-remarks.js";

export interface EverydayState {
  attribute: "home" | "workplace";
  value: string;
  kind: "state" | "change" | "ended";
  at: number;
}

const TRIP = wordSet("tripWords");
const KIN = relativeWords();
const JOB_WORDS = wordSet("jobWords");
/** Trades done for an employer named after "for". */
const FOR_TRADES = wordSet("forTrades");
/** Those a worker serves at a place ("my kids at …", "my patients at …"), and where one works there ("my desk at …"). */
const SERVED = new Set(["grader", "pupil", "student", "kid", "patient", "resident", "class", "learner", "client", "regular", "customer", "camper", "trainee", "desk", "locker", "classroom", "workstation", "cubicle"]);
/** What one rides to work in. */
const RIDES = new Set(["subway", "bus", "train", "tram", "metro", "tube", "ferry", "commute", "jeepney", "matatu", "danfo", "mrt", "luas", "dart"]);
/** One's terms of work somewhere ("the hours at …", "the pay at …"). */
const TERMS = new Set(["hour", "pay", "shift", "rota", "salary", "wage", "benefit", "perk", "commute", "workload", "overtime"]);
/** Where an organisation feeds its staff ("the PSA canteen"). */
const CANTEENS = new Set(["canteen", "cafeteria", "staffroom", "breakroom"]);
const WORK_TALK = new Set([...wordSet("workContextNouns"), "start", "job", "campus", "office", "team", "role", "contract", "salary", "boss"]);
const JAMS = new Set(["jam", "traffic", "drive", "commute", "journey", "ride", "bus", "train", "trip"]);
const LODGING = new Set(["sharing", "living", "renting", "staying", "flatting", "lodging", "boarding", "house-sharing", "houseshare"]);
const DWELLINGS = new Set(["house", "flat", "place", "apartment", "condo", "home", "unit", "townhouse", "bungalow"]);

/** "Did I tell you I got the New Flyer job?": news told as a question. */
export const toldNews = (s: Tok[]): boolean => s[0]?.lower === "did" && s[1]?.lower === "i" && ["tell", "mention"].includes(s[2]?.lower ?? "");

/** A name at k that is no person, speaker or country (a town too when `town`), with its end. */
function named(s: Tok[], k: number, ctx: SessionContext, town: boolean): { value: string; end: number } | undefined {
  const at = s[k]?.lower === "the" ? k + 1 : k;
  if (!isName(s[at])) return undefined;
  const p = placeAt(s, at);
  if (!p || isCountry(p.value) || KIN.has(p.value.toLowerCase()) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return undefined;
  if (!town && placesNamed(p.value).length > 0) return undefined;
  return p;
}

/** A sentence being read, with what the readings below share. */
interface Reading {
  s: Tok[];
  clauses: Clause[];
  speaker: string;
  ctx: SessionContext;
  turn: readonly Tok[][];
  /** The turn's next sentence. */
  next: Tok[] | undefined;
  /** Whether the sentence tells of one's way every day, now. */
  daily: boolean;
  out: EverydayState[];
}

/**
 * What a sentence tells in these turns of phrase.
 *
 * @example
 * everydayStates(analyse("I fly for airBaltic.")[0], clauses, "Dmitri", ctx); // [{ attribute: "workplace", value: "airBaltic", kind: "state", at: 3 }]
 * // (`turn` and `si`: the turn's sentences and this one's index, for what the next sentence or the turn tells)
 */
export function everydayStates(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, turn: readonly Tok[][] = [s], si = 0): EverydayState[] {
  const out: EverydayState[] = [];
  // an organisation judged now, with a word of working life in the turn (states-remarks.ts)
  orgJudged(s, turn, speaker, ctx, (_e, attribute, value, at) => void out.push({ attribute: attribute as "home" | "workplace", value, kind: "state", at }));
  // a self-introduction in fragments (states-intro.ts), each value with the sentence that tells it
  for (const x of introduction(turn, speaker, ctx)) if (x.si === si) out.push({ attribute: x.attribute, value: x.value, kind: "state", at: 0 });
  if (s.some((t) => t.text === "?") && !toldNews(s)) return [];
  // (each reading in a function of its own, so that one first taken late costs the optimising compiler only itself)
  const r: Reading = { s, clauses, speaker, ctx, turn, next: turn[si + 1], daily: daily(s), out };
  lodgedIn(r);
  // (a trip bars the readings of verbs: "I fly for Lisbon this weekend"; flying for an employer is no trip)
  const trip = s.some((t, i) => (TRIP.has(t.lemma) || TRIP.has(t.lower)) && !(t.lemma === "fly" && s[i + 1]?.lower === "for"));
  const alone = nameThenJob(s, r.next, ctx);
  if (alone) out.push({ attribute: "workplace", value: alone, kind: "state", at: 0 });
  finishedOrStarted(r);
  resigned(r);
  const own = (c: Clause) => c.subjects.length === 1 && c.subjects[0] === speaker && !c.intent && !c.negated && !c.future && !c.usedTo;
  for (const c of trip ? [] : clauses) {
    if (!own(c)) continue;
    ownWork(r, c);
    ownHomeLeft(r, c);
  }
  dailyFromHome(r);
  doingFor(r);
  // "The Canva offer was too good to turn down"
  const o = s.findIndex((t) => t.lemma === "offer");
  if (o > 1 && s[0].lower === "the" && s.slice(1, o).every(isName) && s[o + 1]?.lemma === "be" && s[o + 2]?.lower === "too" && s[o + 3]?.lower === "good") out.push({ attribute: "workplace", value: s.slice(1, o).map((t) => t.text).join(" "), kind: "change", at: 1 });
  for (let k = 0; k + 1 < s.length; k++) canteenOrYes(r, k);
  for (let k = 0; k + 3 < s.length; k++) {
    jobIsAt(r, k);
    workIsIn(r, k);
    termsAt(r, k);
    servedAt(r, k);
  }
  wayIn(r);
  madeMe(r);
  whereOneIs(r);
  return out;
}

/** "at Llibreria 22, it's the shop where I work", "Tooting, that's where I live now": a name, then what it is to the speaker. */
function whereOneIs({ s, ctx, out }: Reading): void {
  const w = s.findIndex((t, i) => t.lower === "where" && ["i", "we"].includes(s[i + 1]?.lower ?? "") && ["work", "live"].includes(s[i + 2]?.lemma ?? ""));
  if (w < 4) return;
  let k = w - 1;
  while (k > 0 && ["NOUN", "ADJ", "DET"].includes(s[k].pos) && !isName(s[k])) k--;
  if (!["'s", "is"].includes(s[k]?.lower ?? "") || !["it", "that"].includes(s[k - 1]?.lower ?? "") || s[k - 2]?.text !== ",") return;
  let a = k - 3;
  while (a > 0 && (isName(s[a - 1]) || (["&", "n"].includes(s[a - 1].lower) && isName(s[a - 2])))) a--;
  // (the name alone before it, or after "at" / "in": "lane 4 of the zaragoza bridge, that's where I live now" is a joke's)
  if (a > 0 && s[a - 1].pos !== "PUNCT" && !["at", "in"].includes(s[a - 1].lower)) return;
  const work = s[w + 2].lemma === "work";
  const p = named(s, a, ctx, !work);
  if (p && p.end === k - 3) out.push({ attribute: work ? "workplace" : "home", value: p.value, kind: "state", at: a });
}

/** "In Salthill, sharing with 3 nurses": a verbless opening place, then one's way of living there. */
function lodgedIn({ s, ctx, out }: Reading): void {
  const lodged = s[0]?.lower === "in" && isName(s[1]) ? named(s, 1, ctx, true) : undefined;
  if (lodged && s[lodged.end + 1]?.text === "," && LODGING.has(s[lodged.end + 2]?.lower ?? "") && !s.some((t) => TRIP.has(t.lemma) || ["weekend", "week", "night", "nights", "holiday", "holidays"].includes(t.lower))) out.push({ attribute: "home", value: lodged.value, kind: "state", at: 1 });
}

/**
 * "that's me finished at Tesco": a job ended; "got a start at Barrhead Travel": a job begun (the tagger may read
 * "start" as the verb).
 */
function finishedOrStarted({ s, clauses, ctx, out }: Reading): void {
  for (let k = 1; k + 2 < s.length; k++) {
    const ended = s[k].lower === "finished" && s[k - 1].lower === "me" && s[k + 1].lower === "at";
    const begun = s[k].lower === "start" && s[k - 1].lower === "a" && ["got", "get", "gotten"].includes(s[k - 2]?.lower ?? "") && s[k + 1].lower === "at";
    const p = ended || begun ? named(s, k + 2, ctx, false) : undefined;
    if (p && !clauses.some((c) => c.negated || c.intent || c.future)) out.push({ attribute: "workplace", value: p.value, kind: ended ? "ended" : "change", at: k + 2 });
  }
}

/** "I've submitted my resignation at GTBank", "handed in my notice at Aldi": the job ends. */
function resigned({ s, clauses, ctx, out }: Reading): void {
  for (let k = 1; k + 2 < s.length; k++) {
    if (s[k - 1].lower !== "my" || !["resignation", "notice"].includes(s[k].lower) || !["at", "to"].includes(s[k + 1].lower)) continue;
    const p = named(s, k + 2, ctx, false);
    if (p && !clauses.some((c) => c.negated || c.intent || c.future)) out.push({ attribute: "workplace", value: p.value, kind: "ended", at: k + 2 });
  }
}

/** The speaker's own clause telling where they work, began or finished working. */
function ownWork({ s, ctx, turn, out }: Reading, c: Clause): void {
  const v = c.verb;
  // "I fly for airBaltic": a trade done now for an organisation
  if (FOR_TRADES.has(v) && !c.past && s[c.head + 1]?.lower === "for") {
    const p = named(s, c.head + 2, ctx, false);
    if (p) out.push({ attribute: "workplace", value: p.value, kind: "state", at: c.head + 2 });
  }
  // "and I stay Pasir Ris": "stay" with the name straight after, as Singapore, Malaysia and West Africa say "live"
  if (v === "stay" && !c.past && !c.perfect && isName(s[c.head + 1])) {
    const p = named(s, c.head + 1, ctx, true);
    if (p) out.push({ attribute: "home", value: p.value, kind: "state", at: c.head + 1 });
  }
  // "I finished at Tesco on Friday": a job ended; "got a start at Barrhead Travel": a job begun; "still commuting to
  // Lush": where one works
  // ("finished up with Google last Friday", "finished up at Tesco", "finished up in Penneys": "in" an organisation's
  // name, no town)
  const up = s[c.head + 1]?.lower === "up" ? 1 : 0;
  const inOrg = up && s[c.head + 2]?.lower === "in" && isName(s[c.head + 3]) && !townName(placeAt(s, c.head + 3)?.value ?? "");
  const at = s[c.head + 1 + up]?.lower === "at" || (up && s[c.head + 2]?.lower === "with") || inOrg ? c.head + 2 + up : -1;
  if (v === "finish" && (c.past || c.perfect) && at > 0) {
    const p = named(s, at, ctx, false);
    if (p) out.push({ attribute: "workplace", value: p.value, kind: "ended", at });
  }
  // "I've jumped ship to Canva": a new employer
  if (v === "jump" && s[c.head + 1]?.lower === "ship" && s[c.head + 2]?.lower === "to" && (c.past || c.perfect)) {
    const p = named(s, c.head + 3, ctx, false);
    if (p) out.push({ attribute: "workplace", value: p.value, kind: "change", at: c.head + 3 });
  }
  // "I've switched to Adidas. Their North Portland campus, started two weeks ago.": a switch to an organisation, in a
  // turn that talks of work ("switched to Android" alone is no job)
  if (v === "switch" && s[c.head + 1]?.lower === "to" && (c.past || c.perfect) && !c.negated && turn.some((x) => x.some((t) => WORK_TALK.has(t.lemma)))) {
    const p = named(s, c.head + 2, ctx, false);
    // ("switched to the Leeds office": a site of the same employer)
    if (p && !/ (?:office|site|campus|branch|team|shift)$/i.test(p.value)) out.push({ attribute: "workplace", value: p.value, kind: "change", at: c.head + 2 });
  }
  if (v === "commute" && !c.past && (s[c.head + 1]?.lower === "to" || s[c.head + 1]?.lower === "into")) {
    const p = named(s, c.head + 2, ctx, false);
    if (p) out.push({ attribute: "workplace", value: p.value, kind: "state", at: c.head + 2 });
  }
}

/** The speaker's own clause telling of a home got away from, given up or sold. */
function ownHomeLeft({ s, ctx, out }: Reading, c: Clause): void {
  const v = c.verb;
  // "finally escaped Hackney", "got out of Croydon at last"
  if ((c.past || c.perfect) && (v === "escape" || (v === "get" && s[c.head + 1]?.lower === "out" && s[c.head + 2]?.lower === "of"))) {
    const k = v === "escape" ? c.head + 1 : c.head + 3;
    const p = named(s, k, ctx, true);
    if (p) out.push({ attribute: "home", value: p.value, kind: "ended", at: k });
  }
  // "handed back the keys in Rathmines", "handed back the Kondapur flat": a home given up
  if (v === "hand" && ["back", "in"].includes(s[c.head + 1]?.lower ?? "") && (c.past || c.perfect) && !c.negated) {
    const d = s.findIndex((t, i) => i > c.head + 1 && i <= c.head + 5 && (t.lemma === "key" || DWELLINGS.has(t.lemma)));
    let a = d - 1;
    while (a > c.head + 1 && isName(s[a])) a--;
    const p = d < 0 ? undefined : a < d - 1 ? named(s, a + 1, ctx, true) : ["in", "at"].includes(s[d + 1]?.lower ?? "") ? named(s, d + 2, ctx, true) : undefined;
    if (p) out.push({ attribute: "home", value: p.value, kind: "ended", at: d });
  }
  // "sold the house in Brampton", "we sold our place in Leith"
  if (v === "sell" && (c.past || c.perfect)) {
    const d = s.findIndex((t, i) => i > c.head && i <= c.head + 3 && DWELLINGS.has(t.lemma));
    const p = d > 0 && s[d + 1]?.lower === "in" && ["the", "our", "my"].includes(s[d - 1]?.lower ?? "") ? named(s, d + 2, ctx, true) : undefined;
    if (p) out.push({ attribute: "home", value: p.value, kind: "ended", at: d + 2 });
  }
}

/**
 * Whether a sentence tells of one's way every day, now ("every day", "each morning", "every single morning", "daily";
 * no verb in the past: "I flew from Leeds to Rome every day last week").
 */
function daily(s: Tok[]): boolean {
  return (s.some((t, i) => (t.lower === "every" || t.lower === "each") && ["day", "morning", "weekday"].includes((s[i + 1]?.lower === "single" ? s[i + 2] : s[i + 1])?.lower ?? "")) || s.some((t) => t.lower === "daily")) && !s.some((t) => t.pos === "VERB" && t.lower !== t.lemma && !/(?:ing|s)$/.test(t.lower));
}

/**
 * "Every day from Shah Alam to KL by KTM": one's daily way in, from home (a town, no organisation)
 * ("Royal Oak to Dearborn is all Southfield Freeway, every single morning": the two towns opening the sentence).
 */
function dailyFromHome({ s, ctx, daily, out }: Reading): void {
  // ("The jam from Puchong every morning is terrible": the daily way's trouble, from home)
  const from = daily ? s.findIndex((t, i) => t.lower === "from" && isName(s[i + 1]) && (s.slice(i + 2, i + 6).some((x, j) => x.lower === "to" && isName(s[i + 3 + j])) || (i === 2 && s[0].lower === "the" && JAMS.has(s[1].lemma)))) : -1;
  const opening = daily && from < 0 && isName(s[0]) ? named(s, 0, ctx, true) : undefined;
  const start = from >= 0 ? named(s, from + 1, ctx, true) : opening && s[opening.end + 1]?.lower === "to" && isName(s[opening.end + 2]) && placesNamed(opening.value).length > 0 ? opening : undefined;
  if (start && !organisationName(start.value) && s.slice(0, from).every((t) => !["he", "she", "they", "my", "his", "her"].includes(t.lower))) out.push({ attribute: "home", value: start.value, kind: "state", at: from + 1 });
}

/**
 * "Still doing offshore logistics for Wood Group", "I'm doing the accounts for Acme Ltd": one's work for an
 * organisation (by its kind of name: two words or more, an organisation's word, initials, or one seen as a workplace).
 */
function doingFor({ s, ctx, out }: Reading): void {
  const doing = s.findIndex((t, i) => t.lower === "doing" && (i === 0 || ["still", "am", "'m"].includes(s[i - 1].lower) || s[i - 1].pos === "PUNCT"));
  const forAt = doing >= 0 ? s.findIndex((t, i) => i > doing + 1 && i <= doing + 5 && t.lower === "for" && s.slice(doing + 1, i).every((x) => ["NOUN", "ADJ", "DET", "ADV"].includes(x.pos) && !["favour", "favor", "it", "this", "that"].includes(x.lower))) : -1;
  const org = forAt > 0 && isName(s[forAt + 1]) ? named(s, forAt + 1, ctx, false) : undefined;
  if (org && (org.value.includes(" ") || organisationName(org.value) || /^\p{Lu}{2,}$/u.test(org.value) || ctx.seenAs?.[org.value] === "workplace") && !namesSomeone(ctx, org.value, { firstName: "value", known: true })) out.push({ attribute: "workplace", value: org.value, kind: "state", at: forAt + 1 });
}

/** A name at k: the canteen of a named organisation, or an organisation's yes before one's start. */
function canteenOrYes({ s, ctx, next, out }: Reading, k: number): void {
  // "the PSA canteen got very good chicken rice": the canteen of a named organisation (not someone else's)
  if (!isName(s[k]) || ["his", "her", "their", "your"].includes(s[k - 1]?.lower ?? "") || (k !== 0 && isName(s[k - 1]))) return;
  let p = named(s, k, ctx, false);
  // ("PSA canteen": the canteen read into the name)
  const canteen = p?.value.split(" ").pop()!.toLowerCase() ?? "";
  if (p && p.value.includes(" ") && CANTEENS.has(canteen) && s[p.end].lower === canteen) p = { value: p.value.slice(0, -canteen.length - 1), end: p.end - 1 };
  // ("The Leeds canteen is shut": a town's; "Plant canteen": an ordinary word's)
  const firm = !!p && placesNamed(p.value).length === 0 && !commonWordAlone(p.value);
  if (p && firm && CANTEENS.has(s[p.end + 1]?.lemma ?? "")) out.push({ attribute: "workplace", value: p.value, kind: "state", at: k });
  // "kavak said yes!!! i start monday": an organisation's yes, then one's start (a day or nothing after it)
  const start = (t: Tok, i: number, r: Tok[]) => (t.lemma === "start" || t.lower === "starting") && (i === 0 || r[i - 1].lower === "i") && (!r[i + 1] || r[i + 1].date || r[i + 1].pos === "PUNCT" || ["on", "next", "in", "tomorrow"].includes(r[i + 1].lower));
  if (p && s[p.end + 1]?.lower === "said" && s[p.end + 2]?.lower === "yes" && next?.some(start)) out.push({ attribute: "workplace", value: p.value, kind: "change", at: k });
}

/** "And the job's at Pusan National University", "my new job is at Wipro". */
function jobIsAt({ s, ctx, out }: Reading, k: number): void {
  if (!["the", "my"].includes(s[k].lower)) return;
  const fresh = s[k + 1].lower === "new" ? 1 : 0;
  const j = k + 1 + fresh;
  if (s[j]?.lemma === "job" && (s[j + 1]?.text === "'s" || s[j + 1]?.lower === "is") && s[j + 2]?.lower === "at") {
    const p = named(s, j + 3, ctx, false);
    if (p) out.push({ attribute: "workplace", value: p.value, kind: fresh ? "change" : "state", at: j + 3 });
  }
}

/** "But work is in Dubai, Rashid Hospital, trauma centre": one's work in a town, then the organisation after a comma. */
function workIsIn({ s, ctx, out }: Reading, k: number): void {
  if (s[k].lower !== "work" || !(k === 0 || ["but", "and", "my", ","].includes(s[k - 1].lower)) || !["is", "'s"].includes(s[k + 1].lower) || s[k + 2].lower !== "in") return;
  const town = named(s, k + 3, ctx, true);
  const p = town && placesNamed(town.value).length > 0 && s[town.end + 1]?.text === "," ? named(s, town.end + 2, ctx, false) : undefined;
  if (p && (organisationName(p.value) || p.value.includes(" ")) && (!s[p.end + 1] || s[p.end + 1].pos === "PUNCT")) out.push({ attribute: "workplace", value: p.value, kind: "state", at: town!.end + 2 });
}

/** "The hours at Northland Regional Council are so regular", "the pay at Ocado is decent": one's terms of work at a name, judged now. */
function termsAt({ s, ctx, out }: Reading, k: number): void {
  if (!["the", "my"].includes(s[k].lower) || !TERMS.has(s[k + 1].lemma) || s[k + 2]?.lower !== "at") return;
  const p = named(s, k + 3, ctx, false);
  if (p && ["is", "are", "'s"].includes(s[p.end + 1]?.lower ?? "")) out.push({ attribute: "workplace", value: p.value, kind: "state", at: k + 3 });
}

/** "my 7th graders at Saguaro Middle School", "my patients at Sosiani", "my desk at Lumen Analytics". */
function servedAt({ s, ctx, out }: Reading, k: number): void {
  if (s[k].lower !== "my") return;
  let e = k + 1;
  while (e < k + 4 && (s[e]?.pos === "ADJ" || s[e]?.pos === "NUM" || s[e]?.lower === "year" || /^\d+(?:st|nd|rd|th)$/.test(s[e]?.lower ?? ""))) e++;
  if (SERVED.has(s[e]?.lemma ?? "") && s[e + 1]?.lower === "at") {
    const p = named(s, e + 2, ctx, false);
    if (p) out.push({ attribute: "workplace", value: p.value, kind: "state", at: e + 2 });
  }
}

/**
 * "I'm on the subway heading to TD", "reached the Zee office forty minutes late": the daily way in to work, now
 * ("every day jam on the Penang bridge going to Intel in Bayan Lepas": going there every day, no town).
 */
function wayIn({ s, ctx, daily, out }: Reading): void {
  const riding = s.some((t) => RIDES.has(t.lemma));
  for (let k = 1; k + 1 < s.length; k++) {
    const going = daily && s[k - 1].lower === "going" && placesNamed(s[k + 1]?.text ?? "").length === 0;
    const heading = (riding || going) && s[k].lower === "to" && (going || ["heading", "headed", "commuting", "way"].includes(s[k - 1].lower)) && !s.slice(k).some((t) => t.lower === "for");
    // ("I only go into the Sun Life office on Tuesdays": going into an organisation's office)
    const reached = (["reached", "reach", "reaching"].includes(s[k - 1].lower) && s[k].lower === "the" && s.some((t) => t.lower === "late" || t.lower === "early")) || (k > 1 && s[k - 1].lower === "into" && ["go", "going", "goes"].includes(s[k - 2].lower) && s[k].lower === "the");
    if (!heading && !reached) continue;
    let p = named(s, k + 1, ctx, false);
    // ("the Zee office": the office read into the name)
    if (p && reached && p.value.endsWith(" office")) p = { value: p.value.slice(0, -7), end: p.end - 1 };
    if (p && ((heading && !commonWordAlone(p.value)) || (reached && s[p.end + 1]?.lemma === "office" && !townName(p.value)))) out.push({ attribute: "workplace", value: p.value, kind: "state", at: k + 1 });
  }
}

/** "Cowrywise made me team lead": an organisation making the speaker a job. */
function madeMe({ s, clauses, ctx, out }: Reading): void {
  for (const c of clauses) {
    if (c.verb !== "make" || c.past === false || s[c.head + 1]?.lower !== "me" || c.negated || c.intent) continue;
    let e = c.head + 2;
    while (e < s.length && (s[e].pos === "NOUN" || s[e].pos === "ADJ" || ["a", "an", "lead", "head"].includes(s[e].lower))) e++;
    if (e === c.head + 2 || !(JOB_WORDS.has(s[e - 1].lemma) || ["lead", "head"].includes(s[e - 1].lower))) continue;
    let a = c.at;
    while (a < c.head && !isName(s[a])) a++;
    const p = a < c.head ? named(s, a, ctx, false) : undefined;
    if (p && p.end < c.head && !ctx.speakers.includes(p.value)) out.push({ attribute: "workplace", value: p.value, kind: "state", at: a });
  }
}

/**
 * "Cameco. Safety coordinator, fly-in fly-out.": a name alone in its sentence (no town, country, person or speaker),
 * then a sentence opening with one's job.
 */
function nameThenJob(s: Tok[], next: Tok[] | undefined, ctx: SessionContext): string | undefined {
  const p = next && isName(s[0]) ? placeAt(s, 0) : undefined;
  if (!p || !next || s.slice(p.end + 1).some((t) => t.pos !== "PUNCT") || placesNamed(p.value).length > 0 || isCountry(p.value) || commonWordAlone(p.value)) return undefined;
  if (ctx.speakers.some((x) => x.split(" ")[0] === p.value) || namesSomeone(ctx, p.value, { firstName: "value", known: true })) return undefined;
  let e = 0;
  while (e < 4 && next[e] && (next[e].pos === "NOUN" || next[e].pos === "ADJ" || (e === 0 && next[e].pos === "PROPN"))) e++;
  return e > 0 && (!next[e] || next[e].pos === "PUNCT") && workerNoun(next[e - 1]) && !/(?:man|woman|person|lady|guy)$/.test(next[e - 1].lower) ? p.value : undefined;
}
