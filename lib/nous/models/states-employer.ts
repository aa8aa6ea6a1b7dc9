/**
 * An organisation acting on the speaker as an employer does, read from statements only (the caller skips questions
 * and conditionals): "Equinor is sending me offshore", "Chanel sent me to Grasse", "Tesco has us doing nights",
 * "Bosch is moving our team", "Uniklinik Freiburg pays ok", "RBC wants us downtown" → the speaker's workplace; "Tesco
 * let me go" → the workplace ended. The subject must be a name that is no speaker, no person the session knows and
 * no relation ("Mum sent me to the shop" names nobody's employer).
 */
import type { Clause } from "./clause.js";
import { wordSet } from "./lexicon.js";
import { isName, type Tok, upper } from "./nlp.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { namesSomeone, resolvePronoun, type SessionContext } from "./referents.js";
import { organisationName, organisationSubject, placeAt, townName } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";
import { isFirstName } from "./mentions.js";

const EMPLOYER = wordSet("employerVerbs");
const US = new Set(["me", "us", "our", "my"]);
const WEEKDAYS = /^(?:mon|tues|wednes|thurs|fri|satur|sun)days?$/;

/**
 * "Equinor is sending me offshore", "Tesco let me go": an organisation acting on the speaker as an employer.
 *
 * @example
 * employerActs(analyse("Chanel sent me to Grasse for a week.")[0], clauses, "Nadia", ctx, emit, ended);
 * // emit("Nadia", "workplace", "Chanel", 1)
 */
export function employerActs(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit, ended: (value: string) => void): void {
  workCalledHome(s, speaker, ctx, emit);
  worksWithMe(s, speaker, ctx, emit);
  offFrom(s, speaker, ctx, emit);
  owesStaff(s, speaker, ctx, emit);
  for (const c of clauses) {
    doneFor(s, c, speaker, ctx, emit);
    // ("Zenith won't transfer me nearer home": an employer refusing is still the employer; "Corvale didn't send me"
    // tells of no act)
    if (c.copula || c.intent || c.usedTo || c.noLonger || c.passive) continue;
    const obj = s[c.head + 1];
    // "Uniklinik Freiburg pays ok, but not that ok": an organisation's pay, judged, is the speaker's employer's
    // ("Zimoco at least pays on time")
    const judged = PAY_JUDGED.has(obj?.lower ?? "") ? 2 : obj?.lower === "on" && s[c.head + 2]?.lower === "time" ? 3 : 0;
    const paid = c.verb === "pay" && !c.negated && judged > 0 && (!s[c.head + judged] || ["PUNCT", "CCONJ"].includes(s[c.head + judged].pos)) ? organisationSubject(s, c, ctx) : undefined;
    if (paid) emit(speaker, "workplace", paid, c.head);
    // "Volunteer Freight has him doing the Atlanta run": the employer of a person named before
    const third = obj && (obj.lower === "him" || obj.lower === "her");
    const all = obj?.lower === "all" && s[c.head + 2]?.lower === "of" && s[c.head + 3]?.lower === "us" ? 2 : 0;
    // "I'll leave work early, Google won't miss me for an hour", "back to the reports, Cornwall Council doesn't run
    // itself": an organisation that goes on without the speaker, in a sentence of work (or that runs on their work)
    const missed = c.negated && ((c.verb === "miss" && (obj?.lower === "me" || obj?.lower === "us") && s.some((t) => WORK_WORDS.has(t.lemma))) || (c.verb === "run" && obj?.lower === "itself"));
    const goesOn = missed ? organisationSubject(s, c, ctx) : undefined;
    if (goesOn) emit(speaker, "workplace", goesOn, c.head);
    // "City of Cape Town sent half the department out", "Pick n Pay wants all the cashiers in", "Msunduzi Municipality
    // has all the electricians on standby": an organisation acting on its staff, the speaker's own kind
    const staff = !c.negated && STAFF_VERBS.has(c.verb) && staffAfter(s, c.head + 1);
    // ("sent everyone home happy" is a crowd's day out)
    if (staff && STAFF_NEXT.has(s[staff]?.lower ?? "") && !(s[staff].lower === "home" && s[staff + 1]?.pos === "ADJ")) {
      const org = organisationSubject(s, c, ctx);
      if (org && !placeOrPerson(org, ctx)) emit(speaker, "workplace", org, c.head);
      continue;
    }
    // "NetOne says I must open the shop Saturday": an organisation telling the speaker what work to do
    const must = c.verb === "say" && !c.negated && !c.past && ["i", "we"].includes(obj?.lower ?? "") ? c.head + 2 + (["have", "need", "got"].includes(s[c.head + 2]?.lower ?? "") && s[c.head + 3]?.lower === "to" ? 2 : s[c.head + 2]?.lower === "must" ? 1 : 99) : 0;
    if (must && DUTIES.has(s[must]?.lemma ?? "")) {
      const org = organisationSubject(s, c, ctx);
      if (org && !placeOrPerson(org, ctx)) emit(speaker, "workplace", org, c.head);
      continue;
    }
    if (!obj || !(US.has(obj.lower) || third || all)) continue;
    const v = c.verb;
    // "sent me to / on / offshore", "has us doing / on", "let me go", "gave us a day off", "is moving our team"
    const next = s[c.head + 2];
    const owned = (obj.lower === "our" || obj.lower === "my") && ["team", "office", "department", "unit", "group", "desk"].includes(next?.lemma ?? "");
    const acts =
      // ("Target has us downtown Tue through Thu": where an employer has its staff work)
      (v === "have" && (obj.lower === "me" || obj.lower === "us") && ONSITE.has(next?.lower ?? "")) ||
      (EMPLOYER.has(v) && (obj.lower === "me" || obj.lower === "us" || third || owned) && ((v !== "send" && v !== "fly") || ["to", "on", "offshore", "abroad", "away", "out", "home", "in"].includes(next?.lower ?? ""))) ||
      // ("Ikea had me building a display kitchen": the tagger may read the -ing form as a noun; "Boeing's got him on
      // the 777 line": has got)
      ((v === "have" || (v === "get" && ["'s", "has", "'ve", "have"].includes(s[c.head - 1]?.lower ?? ""))) && (obj.lower === "me" || obj.lower === "us" || third) && ((next?.pos === "VERB" || next?.pos === "NOUN") && /ing$/.test(next.text) || next?.lower === "on" || next?.lower === "working" || (next?.lower === "at" && s[c.head + 3]?.lower === "the") || (next?.lower === "in" && s.slice(c.head + 3, c.head + 5).some((t) => WORK_SESSIONS.has(t.lemma))) || (next?.lower === "in" && s[c.head + 3]?.lower === "for" && s.slice(c.head + 4, c.head + 8).some((t, i, r) => WORK_SESSIONS.has(t.lemma) || (t.lemma === "day" && ["team", "training", "away", "staff"].includes(r[i - 1]?.lower ?? "")))))) ||
      // "Home Depot kept me for inventory", "kept us late"
      // ("ONGC kept him in Dehradun": a posting kept)
      (v === "keep" && (((obj.lower === "me" || obj.lower === "us") && ["for", "late", "back", "behind", "on", "till", "until", "busy"].includes(next?.lower ?? "")) || (third && next?.lower === "in" && isName(s[c.head + 3])))) ||
      // "BMW pays my rent": an organisation paying one's living
      (v === "pay" && (obj.lower === "my" || obj.lower === "our") && ["rent", "bill", "wage", "salary", "mortgage"].includes(next?.lemma ?? "")) ||
      // "United lets me do two days remote", "Acme let us work from home"
      // ("Accenture lets me off at five": lets its staff off work)
      (v === "let" && (obj.lower === "me" || obj.lower === "us") && (next?.lower === "off" || s.slice(c.head + 2, c.end + 3).some((t, i, r) => t.lower === "remote" || t.lower === "remotely" || t.lower === "hybrid" || t.lower === "wfh" || (t.lower === "home" && r[i - 1]?.lower === "from")))) ||
      // ("Indian Oil has given us new air conditioners": new things for the staff)
      (v === "give" && obj.lower === "us" && next?.lower === "new") ||
      // ("Discovery finally approved my leave")
      (v === "approve" && (obj.lower === "my" || obj.lower === "our") && ["leave", "holiday", "transfer", "overtime", "rota"].includes(next?.lemma ?? "")) ||
      (v === "give" && (obj.lower === "me" || obj.lower === "us") && s.slice(c.head + 2, c.end).some((t, i, r) => ["bonus", "raise", "promotion", "contract", "office", "floor", "desk", "laptop", "uniform", "badge", "voucher", "weekend", "leave", "holiday", "notice", "layover", "shift", "rota", "roster"].includes(t.lemma) || (t.lower === "off" && (["day", "week", "fortnight", "month", "afternoon", "morning"].includes(r[i - 1]?.lemma ?? "") || WEEKDAYS.test(r[i - 1]?.lower ?? "")))));
    // "Ørsted made me an offer", "Deloitte offered me a position", "Virgin Australia picked me up" (no "from" a place)
    const offered = obj.lower === "me" && ((v === "make" && s[c.head + 3]?.lemma === "offer") || (v === "offer" && s.slice(c.head + 2, c.end).some((t) => OFFERED.has(t.lemma))) || (v === "pick" && next?.lower === "up" && !["from", "at"].includes(s[c.head + 3]?.lower ?? "")));
    // "Intel made us do overtime again", "Maybank made us do a fire drill": an organisation making its staff work
    // ("made me" too, under the guard below: "Tom made me do it" reads nothing)
    // ("Deloitte made her redo the whole deck": a person named before, made to)
    const made = v === "make" && (obj.lower === "us" || obj.lower === "me" || third) && MADE_TO.has(next?.lemma ?? "") && (next.pos === "VERB" || next.pos === "AUX");
    // "RBC wants us downtown four days a week", "Zenith Bank wants all of us in by 7:30", "Halden Foods wants me to
    // cover nights", "Comcast wants me up at the New York office": an organisation wanting its staff in, or at one of
    // its sites, or wanting them to do something
    // ("Amex have asked us all back in the office": "us all")
    const usAll = obj.lower === "us" && s[c.head + 2]?.lower === "all" ? 1 : 0;
    const wanted = s[c.head + 2 + all + usAll];
    const wants = (v === "want" || v === "need" || (v === "ask" && CALLED_IN.has(wanted?.lower ?? "") && s.slice(c.head + 3 + usAll, c.end + 4).some((t) => WORK_SITES_WANTED.has(t.lemma)))) && (!c.past || v === "ask") && (obj.lower === "us" || obj.lower === "me" || all > 0) && (CALLED_IN.has(wanted?.lower ?? "") || (wanted?.lower === "to" && STAFF_DO.has(s[c.head + 3 + all]?.lemma ?? "")) || (["up", "down", "over", "out"].includes(wanted?.lower ?? "") && ["at", "in", "to"].includes(s[c.head + 3 + all]?.lower ?? "") && s[c.head + 4 + all]?.lower === "the" && s.slice(c.head + 5 + all, c.head + 9 + all).some((t) => WORK_SITES_WANTED.has(t.lemma))));
    const fired = v === "let" && (obj.lower === "me" || obj.lower === "us") && next?.lower === "go";
    // (an employer refusing its staff is still theirs: "Zenith won't transfer me nearer home", "UNN doesn't pay us like
    // that", "Harbour Energy don't want me back out early")
    const refuses = (acts && (c.future || v === "pay")) || (wants && v !== "ask");
    if ((!acts && !fired && !offered && !made && !wants) || (c.negated && !refuses)) continue;
    const org = organisationSubject(s, c, ctx);
    if (!org) continue;
    // (a person makes and wants as often: "Priya made me do it", "Tom wants us in by six": only a name shaped like an
    // organisation's, or one in a sentence about work)
    // ("the new CEO wants us in the office": a name after a determiner or an adjective is a role, no organisation)
    const named = s.findIndex((t, i) => i < c.head && t.text === org.split(" ")[0]);
    if ((made || wants) && !acts && (["DET", "ADJ", "PRON"].includes(s[named - 1]?.pos ?? "") || ["new", "old", "our", "my", "their"].includes(s[named - 1]?.lower ?? "") || namesSomeone(ctx, org, { firstName: "value", gendered: true }) || !(org.includes(" ") || /^\p{Lu}{2,}$/u.test(org) || organisationName(org) || ctx.seenAs?.[org] === "workplace" || s.some((t) => WORK_WORDS.has(t.lemma)) || (wants && (ONSITE.has(wanted?.lower ?? "") || (CALLED_IN.has(wanted?.lower ?? "") && s.some((t, i) => t.lemma === "day" && s[i - 1]?.pos === "NUM"))))))) continue;
    // ("Sarah keeps me busy": a person's name keeps one busy as often as an employer does)
    if (v === "keep" && next?.lower === "busy" && namesSomeone(ctx, org, { firstName: "value", gendered: true })) continue;
    if (third) {
      const who = resolvePronoun(ctx, obj.lower, "", [org, speaker]);
      if (who && (acts || made) && !ctx.speakers.includes(who)) emit(who, "workplace", org, c.head);
      continue;
    }
    if (fired) ended(org);
    else emit(speaker, "workplace", org, c.head);
  }
}

const STAFF_VERBS = new Set(["send", "want", "need", "have", "keep", "put", "call", "pull", "move"]);
/** What a staff's work is done in or at ("on standby", "in for month end", "out"). */
const STAFF_NEXT = new Set(["in", "out", "on", "back", "to", "at", "doing", "working", "over", "home"]);
const JOB_WORDS = wordSet("jobWords");
/** What an organisation tells its staff they must do ("says I must open the shop"). */
const DUTIES = new Set(["work", "open", "close", "cover", "come", "start", "report", "stay"]);
const TEAMS = new Set(["department", "team", "staff", "crew", "unit", "ward", "floor", "branch", "workforce", "office", "lot"]);

/** The word after "all the cashiers", "half the department", "the whole team", "everyone" at `k`, else 0. */
function staffAfter(s: Tok[], k: number): number {
  let j = k;
  // ("UST sent everyone home": everyone an organisation sends is its staff)
  if (["everyone", "everybody"].includes(s[j]?.lower ?? "")) return j + 1;
  if (["all", "half", "most"].includes(s[j]?.lower ?? "")) j += s[j + 1]?.lower === "of" ? 2 : 1;
  else if (!(s[j]?.lower === "the" && s[j + 1]?.lower === "whole")) return 0;
  if (s[j]?.lower !== "the") return 0;
  j += s[j + 1]?.lower === "whole" ? 2 : 1;
  // ("moved the whole pharmacy analytics lot to": what the team does before its word)
  while (j < k + 6 && s[j]?.pos === "NOUN" && s[j + 1]?.pos === "NOUN") j++;
  const t = s[j];
  // ("the whole lot" is everything; "the whole analytics lot" a team)
  const worker = t?.pos === "NOUN" && ((TEAMS.has(t.lemma) && (t.lemma !== "lot" || s[j - 1]?.pos === "NOUN")) || (t.text !== t.lemma && JOB_WORDS.has(t.lemma)));
  return worker ? j + 1 : 0;
}

/** Work one does for an organisation ("drives the red London bus for TfL"). */
const FOR_TRADES = wordSet("forTrades"), OUTINGS = wordSet("outingNouns");

/** "he drives the red London bus for TfL": the subject's workplace, an organisation (no town, no person) after "for". */
function doneFor(s: Tok[], c: Clause, speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // (… and "she's doing pensions at Sun Life now": one's line of work at an organisation, not an outing there)
  // (someone else's: the speaker's own doings are read by states-everyday.ts, "Still doing the tours at Caernarfon Castle,
  // Cadw pay me" names a site and its employer)
  const doing = s[c.head].lower === "doing" && c.subjects[0] !== speaker && !s.slice(c.head + 1, c.end).some((t) => OUTINGS.has(t.lemma));
  if (!(FOR_TRADES.has(c.verb) || doing) || c.negated || c.intent || c.usedTo || c.future || c.past || c.subjects.length !== 1) return;
  const k = s.findIndex((t, i) => i > c.head && i < c.end && (t.lower === "for" || (doing && t.lower === "at")));
  const at = s[k + 1]?.lower === "the" ? k + 2 : k + 1;
  // (the trade's own "for" right after the verb, one's own, is states-everyday.ts's: "I fly for airBaltic")
  // (the tagger may read a name's words as nouns: "Sun Life")
  if (k < 0 || !(isName(s[at]) || upper(s[at]?.text ?? "")) || s.slice(c.head + 1, k).some((t) => t.pos === "PRON") || (k === c.head + 1 && c.subjects[0] === speaker)) return;
  const p = placeAt(s, at, c.end);
  // ("I cook dinner for Tom": a first name is someone's)
  if (p && !placeOrPerson(p.value, ctx) && !isFirstName(p.value) && !WEEKDAYS.test(p.value.toLowerCase())) emit(c.subjects[0], "workplace", p.value, c.head);
}

/** What an employer has its staff in ("Dell has me in compliance training", "has us in meetings all day"). */
const WORK_SESSIONS = new Set(["training", "meeting", "meetings", "workshop", "induction", "onboarding", "office", "overtime", "theatre", "theater", "surgery", "clinic"]);
const PAY_JUDGED = new Set(["ok", "okay", "well", "badly", "decent", "decently", "alright", "fine", "better", "worse", "peanuts", "nothing"]);
const MADE_TO = new Set(["do", "work", "stay", "come", "attend", "wear", "redo", "use", "cover"]);
const WORK_WORDS = new Set([...wordSet("workContextNouns"), ...WORK_SESSIONS, "work", "shift", "boss", "manager"]);
/** An employer's sites it wants its staff up or out at ("Comcast wants me up at the New York office twice a month"). */
const WORK_SITES_WANTED = new Set(["office", "site", "plant", "branch", "hq", "headquarters", "depot", "yard", "campus", "warehouse", "store"]);
/** Where an employer wants its staff ("wants us in", "wants me back", "wants us downtown"). */
const CALLED_IN = new Set(["in", "back", "downtown", "onsite", "on-site", "into"]);
/** Where staff work on site ("Boeing wants us onsite every day", "has us downtown"; "wants us in 3 days a week"). */
const ONSITE = new Set(["downtown", "onsite", "on-site"]);
/** What an employer wants its staff to do ("wants me to know about phishing", "wants us to come in"). */
const STAFF_DO = new Set([...MADE_TO, "know", "learn", "be", "train", "relocate", "move", "report", "clock", "badge"]);
const OFFERED = new Set(["job", "position", "role", "post", "contract", "place", "spot"]);

/** A name that is a town, a place of the gazetteer, a country or someone: no organisation one works at. */
const placeOrPerson = (v: string, ctx: SessionContext): boolean =>
  townName(v) || placesNamed(v).length > 0 || isCountry(v) || namesSomeone(ctx, v, { firstName: "value", gendered: true, known: true });

/** When one leaves work ("sharpish", "on time", "early", "at 5"). */
const LEAVING_WHEN = new Set(["sharpish", "early", "promptly", "late", "at", "by", "before", "after", "on"]);

/**
 * "if I leave Experian sharpish", "if I get out of DC Thomson on time": leaving an organisation (no town, no person)
 * at the day's end is leaving one's work there (in a condition too: it presumes the work).
 *
 * @example
 * leftWorkAt(analyse("I can make it from Sherwood if I leave Experian sharpish.")[0], ctx); // "Experian"
 */
export function leftWorkAt(s: Tok[], ctx: SessionContext): string | undefined {
  for (let k = 1; k + 1 < s.length; k++) {
    // ("I'm coming from Apple in Hollyhill, the traffic will be savage": from an organisation at its site)
    const coming = s[k].lower === "coming" && s[k + 1]?.lower === "from";
    const at = s[k].lemma === "leave" || s[k].lemma === "escape" ? k + 1 : s[k].lemma === "get" && s[k + 1]?.lower === "out" && s[k + 2]?.lower === "of" ? k + 3 : coming ? k + 2 : -1;
    if (at < 0 || !isName(s[at]) || !s.slice(Math.max(0, k - 3), k).some((t) => t.lower === "i" || t.lower === "we")) continue;
    // (the name's capitalised words: "Experian sharpish" is the name and when)
    const named = placeAt(s, at);
    let end = at;
    while (named && end < named.end && upper(s[end + 1].text)) end++;
    const p = named && { value: s.slice(at, end + 1).map((t) => t.text).join(" "), end };
    const when = p ? s[p.end + 1] : undefined;
    if (!p || !when || !(coming ? (when.lower === "in" || when.lower === "at") && isName(s[p.end + 2]) : LEAVING_WHEN.has(when.lower)) || s.some((t) => ["she", "he", "her", "him"].includes(t.lower))) continue;
    // ("on time", "at 5", "by six", "after the meeting" is no time of day: only a time or a number after the preposition)
    if (!coming && ["at", "by", "before", "after", "on"].includes(when.lower) && !(s[p.end + 2]?.pos === "NUM" || s[p.end + 2]?.date || (when.lower === "on" && s[p.end + 2]?.lower === "time"))) continue;
    // ("I have to leave Liguanea at seven to reach Campion College": leaving for somewhere is leaving home)
    if (s.slice(p.end + 2).some((t, i, r) => t.lower === "to" && (r[i + 1]?.pos === "VERB" || isName(r[i + 1])))) continue;
    if (placeOrPerson(p.value, ctx)) continue;
    return p.value;
  }
  return undefined;
}

/** What a joke calls a workplace ("my real home", "my second home"). */
const HOME_CALLED = new Set(["real", "actual", "second", "true", "other"]);

/**
 * "Fortis is my real home, my flat in Dwarka is just where I keep my clothes", "Kilkenny College is my real home at
 * this point": an organisation (no town) joked to be one's real or second home is where one works.
 *
 * @example
 * workCalledHome(analyse("Fortis is my real home.")[0], "Nisha", ctx, emit); // emit("Nisha", "workplace", "Fortis", 0)
 */
export function workCalledHome(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const k = s.findIndex((t, i) => t.lower === "home" && HOME_CALLED.has(s[i - 1]?.lower ?? "") && s[i - 2]?.lower === "my" && ["is", "'s"].includes(s[i - 3]?.lower ?? ""));
  if (k < 4) return;
  // the name just before "is", from where it starts
  let a = k - 4;
  while (a > 0 && isName(s[a - 1])) a--;
  if (!isName(s[a])) return;
  const p = placeAt(s, a, k - 3);
  if (!p || p.end !== k - 4 || placeOrPerson(p.value, ctx)) return;
  emit(speaker, "workplace", p.value, a);
}

/**
 * "Rob, works with me at Airbus", "she's working with us at Deloitte now": someone working with the speaker at an
 * organisation (now, no town) says where the speaker works.
 *
 * @example
 * worksWithMe(analyse("Rob, works with me at Airbus.")[0], "Dan", ctx, emit); // emit("Dan", "workplace", "Airbus", 5)
 */
export function worksWithMe(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const k = s.findIndex((t, i) => ["works", "work", "working"].includes(t.lower) && s[i + 1]?.lower === "with" && ["me", "us"].includes(s[i + 2]?.lower ?? "") && s[i + 3]?.lower === "at" && isName(s[i + 4]));
  if (k < 0 || s.some((t) => t.text === "?" || t.lower === "used" || t.lower === "if")) return;
  const p = placeAt(s, k + 4);
  if (!p || placeOrPerson(p.value, ctx)) return;
  emit(speaker, "workplace", p.value, k + 4);
}

const OFF_TIMES = new Set(["day", "days", "week", "weeks", "month", "fortnight", "time", "shift", "shifts"]);

/**
 * "A whole week off from IndiGo", "i'm off from Lowe's all next week": time off from an organisation (no town, no
 * person), the speaker's own, is time off from where they work.
 *
 * @example
 * offFrom(analyse("A whole week off from IndiGo")[0], "Gayatri", ctx, emit); // emit("Gayatri", "workplace", "IndiGo", 5)
 */
export function offFrom(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const k = s.findIndex((t, i) => t.lower === "off" && s[i + 1]?.lower === "from" && (OFF_TIMES.has(s[i - 1]?.lower ?? "") || ["'m", "am", "im"].includes(s[i - 1]?.lower ?? "")));
  if (k < 1 || s.some((t) => t.text === "?" || t.lower === "if" || t.lower === "not" || t.lower === "n't")) return;
  // the speaker's: "I'm off", or a time off with no one else's before it ("his week off from Lidl")
  const own = ["'m", "am", "im"].includes(s[k - 1].lower) ? s[k - 2]?.lower === "i" || s[k - 1].lower === "im" : !s.slice(0, k).some((t) => ["his", "her", "their", "your", "he", "she", "they", "you"].includes(t.lower));
  const at = s[k + 2]?.lower === "the" ? k + 3 : k + 2;
  if (!own || !isName(s[at])) return;
  const p = placeAt(s, at);
  if (!p || placeOrPerson(p.value, ctx)) return;
  emit(speaker, "workplace", p.value, at);
}

const OWED = new Set(["give", "run", "pay", "shuttle", "send", "buy", "get", "put", "fly", "promote", "hire"]);

/**
 * "Accenture should shuttle you", "Torrent Power should run a bus for you guys", "at this point Cognizant should just
 * give me a cot": what an organisation (no town, no person) ought to do for someone is its staff's due, the speaker's
 * ("me", "us") or the listener's ("you").
 *
 * @example
 * owesStaff(analyse("Accenture should shuttle you")[0], "Nandini", ctx, emit); // emit("Akash", "workplace", "Accenture", 0)
 */
export function owesStaff(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const m = s.findIndex((t, i) => t.lower === "should" && isName(s[i - 1]));
  if (m < 1 || s.some((t) => t.text === "?" || t.lower === "if")) return;
  const v = ["just", "really", "literally"].includes(s[m + 1]?.lower ?? "") ? m + 2 : m + 1;
  if (!OWED.has(s[v]?.lemma ?? "") || s[v].lower !== s[v].lemma) return;
  // whom: right after the verb, or "for" them within a few words
  const f = s.findIndex((t, i) => i > v && i <= v + 4 && t.lower === "for" && ["you", "u", "me", "us"].includes(s[i + 1]?.lower ?? ""));
  const whom = ["you", "u", "me", "us"].includes(s[v + 1]?.lower ?? "") ? s[v + 1].lower : f > 0 ? s[f + 1].lower : undefined;
  let a = m - 1;
  while (a > 0 && isName(s[a - 1])) a--;
  if (!whom || !(a === 0 || ["PUNCT", "ADV", "CCONJ"].includes(s[a - 1].pos) || s[a - 1].lower === "point")) return;
  const p = placeAt(s, a, m);
  if (!p || p.end !== m - 1 || placeOrPerson(p.value, ctx) || isFirstName(p.value)) return;
  const holder = whom === "me" || whom === "us" ? speaker : ctx.speakers.find((x) => x !== speaker);
  if (holder) emit(holder, "workplace", p.value, a);
}
