/**
 * What a question presumes about where the listener lives or works (replies.ts notes and takes it for the listener's
 * next turn).
 */
import { relativeWords, wordSet } from "./lexicon.js";
import { isName, type Tok } from "./nlp.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { isCountry, isRegion, placesNamed } from "./gazetteer.js";
import { organisationName, placeAt, placeName } from "./states-common.js";
import { isQuestion } from "./replies.js";
import { isFirstName } from "./mentions.js";
import { THIRD } from "./name-context.js";

const RELATIVES = relativeWords();
/** Acronyms that name places ("How's NYC?" asks after a home). */
const PLACE_ACRONYMS = new Set(["NYC", "LA", "SF", "KL", "DC", "UK", "US", "USA", "UAE", "NZ", "BC", "NSW", "QLD", "JHB", "CPT", "KZN", "PE", "NI", "PH", "SG", "NL", "ZA", "PJ", "JB", "KC", "SA", "WA", "NT", "HK", "BH", "TO", "NOLA", "PDX", "ATL"]);
const YOUR_DWELLINGS = new Set(["place", "flat", "house", "apartment", "home"]);
/** The daily way in to work ("the drive in from X", "the commute from X"). */
const COMMUTES = new Set(["drive", "commute", "journey", "trek", "ride"]);
/** What one takes in to work every day ("the tram in from X"). */
const TRANSPORT = new Set(["tram", "train", "bus", "tube", "metro", "ferry", "subway"]);

const WORK_TALK = new Set([...wordSet("workContextNouns"), "work", "overtime", "meeting", "deadline"]);
/** A part of one's work asked after with "the" ("How's the new team at Walgreens treating you?"). */
const WORK_ASKED_AT = new Set([...wordSet("jobNouns"), "team", "office", "branch", "store", "site", "lab", "contract", "group"]);
/** Kinds of workplace a name stands before ("the Nissan plant where you work"). */
const WORK_SITES = new Set([...wordSet("workplaceKinds"), "office", "plant", "mill", "branch", "yard"]);
/** "Are they still giving you those late shifts?", "They got you on the new truck yet?": "they" doing something to the listener, about work or straight after. */
const theyEmploy = (x: Tok[] | undefined): boolean => !!x && ((x.some((t) => t.lower === "they") && x.some((t) => t.lower === "you" || t.lower === "u") && x.some((t) => WORK_TALK.has(t.lemma) || WORK_TALK.has(t.lower))) || x.some((t, i) => (t.lower === "they" || t.lower === "them") && x[i + 1]?.pos === "VERB" && ["you", "u"].includes(x[i + 2]?.lower ?? "")));

/** What goes on in a town or in one's home there, not at work ("how's Leeds, still raining?", "still loving the house?"). */
const HOME_ING = new Set(["raining", "snowing", "pouring", "drizzling", "freezing", "baking", "boiling", "flooding", "blowing", "waterlogging", "loving", "enjoying", "liking", "getting", "settling", "finding", "missing", "living", "barking"]);
const JOB_PARTS = new Set(["job", "ward", "unit", "counter", "till", "line", "route", "project", "role", "position", "client", "account"]);
/** "Still doing the testing job?", "Still on the news desk?": the listener's work asked about, carried on from the sentence before. */
const workAsked = (x: Tok[] | undefined): boolean => !!x && isQuestion(x) && x[0]?.lower === "still" && x.some((t) => t.lower !== "work" && (WORK_TALK.has(t.lemma) || WORK_TALK.has(t.lower) || JOB_PARTS.has(t.lemma)));

/** Events of a workplace ("Mum said there was a restructure"). */
const WORK_EVENTS = new Set(["restructure", "redundancy", "redundancies", "layoff", "layoffs", "merger", "takeover", "probation", "promotion", "appraisal"]);

/**
 * "So how's Northern Star these days, Mum said there was a restructure": a name asked after as the listener's, no
 * town of the gazetteer or known home, in a sentence that talks of work (no "work" itself), or before one to the
 * listener that does, is their workplace.
 *
 * @example
 * askedAtWork(analyse("So how's Northern Star these days, Mum said there was a restructure?"), "Northern Star", ctx); // true
 */
export function askedAtWork(sentences: Tok[][], value: string, ctx: SessionContext): boolean {
  if (placesNamed(value).length > 0 || ctx.seenAs?.[value] === "home") return false;
  const first = value.split(" ")[0];
  const workTalk = (s: Tok[] | undefined) => !!s && s.some((t) => t.lower !== "work" && (WORK_TALK.has(t.lemma) || WORK_TALK.has(t.lower) || WORK_EVENTS.has(t.lemma) || WORK_EVENTS.has(t.lower)));
  // (or the sentence after it, to the listener: "How's Discovery? You were still on probation last time we spoke.")
  return sentences.some((s, i) => s.some((t) => t.text === first) && (workTalk(s) || (sentences[i + 1]?.some((t) => t.lower === "you" || t.lower === "your") && workTalk(sentences[i + 1]))));
}

/** What an employer does to its staff ("X calls you in", "X works you hard", "X sends you to Y"). */
const EMPLOYS = new Set(["call", "send", "keep", "work", "roster", "schedule", "pay"]);
/** Where or how an employer puts its staff, after "you" ("calls you in", "works you hard", "sends you to"). */
const STAFF_WAYS = new Set(["in", "hard", "late", "to", "on", "out", "back", "nights", "weekends", "overtime", "offshore", "abroad"]);

const FIRST_DAYS = new Set(["day", "days", "week", "weeks", "month", "shift"]);

/** How one works at one's employer ("still hybrid?", "still remote?"). */
const WORK_MODES = new Set(["hybrid", "remote", "wfh", "onsite", "on-site", "in-office"]);
/** "How is the Chicago summer treating you?": a town's season, weather or traffic asked after. */
const TOWN_TIMES = new Set([...wordSet("seasons"), "weather", "heat", "cold", "rain", "traffic", "winters", "summers"]);

/**
 * What a question presumes about where the listener lives: "How's Leipzig (treating you)?", "How are things in
 * Sligo?", "How's the weather in Gdańsk?", "Did the storm reach you in Limerick?" → the listener's home, as indirect
 * evidence (a place asked about is where the asker thinks the listener is; a person's name is not a place).
 * `workplaces` collects what a question presumes is the listener's workplace instead ("How's BASF?", an acronym that
 * names no place; "Nidd Vale still working you to the bone?").
 *
 * @example
 * presumedHomes(analyse("How's Leipzig treating you?"), { speakers: ["Callum", "Ingrid"] }); // ["Leipzig"]
 */
export function presumedHomes(sentences: Tok[][], ctx: SessionContext, workplaces: string[] = []): string[] {
  const out: string[] = [];
  for (const [si, s] of sentences.entries()) {
    if (!isQuestion(s)) continue;
    // "Did you hear Tom moved to Leeds?": news, not a question about the listener
    if (s.some((t, i) => (t.lower === "hear" || t.lower === "heard") && s[i - 1]?.lower === "you" && ["did", "have", "you"].includes(s[i - 2]?.lower ?? "x"))) continue;
    // ("what's the snow like in Rochester": "what … like" asks as "how" does)
    const how = s.findIndex((t, i) => t.lower === "how" || t.lower === "hows" || (t.lower === "what" && ["'s", "is"].includes(s[i + 1]?.lower ?? "") && s.some((x, j) => j > i + 1 && x.lower === "like" && s[j + 1]?.lower === "in")));
    // "How is Grab? Still the same project?", "How's Ford? They got you on the new truck yet?": one capitalised word
    // asked after, then the listener's work (the tagger may read "Grab" or "Ford" as a verb)
    const asked = how >= 0 && ["is", "'s"].includes(s[how + 1]?.lower ?? "") && s[how + 3]?.text === "?" && /^\p{Lu}\p{Ll}+$/u.test(s[how + 2]?.text ?? "") && !isName(s[how + 2]) ? s[how + 2].text : undefined;
    if (asked && (workAsked(sentences[si + 1]) || theyEmploy(sentences[si + 1])) && placesNamed(asked).length === 0 && !namesSomeone(ctx, asked, { firstName: "value", known: true }) && !ctx.speakers.includes(asked)) {
      if (!workplaces.includes(asked)) workplaces.push(asked);
      continue;
    }
    const named = (w: string | undefined) => !!w && placesNamed(w).length === 0 && !isCountry(w) && !namesSomeone(ctx, w, { firstName: "value", known: true }) && !ctx.speakers.includes(w);
    const w = workTold(s, how);
    if (w !== undefined) {
      if (named(w) && !workplaces.includes(w)) workplaces.push(w);
      continue;
    }
    // "You make it back to Ridgeland okay with all that rain?", "did u get home to Leeds safe?": the listener's way home
    const back = s.findIndex((t, i) => (t.lower === "back" || t.lower === "home") && s[i + 1]?.lower === "to" && ((s[i - 1]?.lower === "it" && s[i - 2]?.lemma === "make") || s[i - 1]?.lemma === "get") && s.slice(0, i).some((x) => x.lower === "you" || x.lower === "u"));
    // ("Reached Cuttack okay?", "u reached Pune safely?": arrived home, asked with no other subject)
    const reached = s.findIndex((t, i) => t.lower === "reached" && (i === 0 || (i === 1 && ["you", "u"].includes(s[0].lower))) && isName(s[i + 1]));
    const safe = reached >= 0 ? placeAt(s, reached + 1) : undefined;
    const home = back >= 0 && isName(s[back + 2]) ? placeAt(s, back + 2) : safe && ["okay", "ok", "safe", "safely", "fine", "alright"].includes(s[safe.end + 1]?.lower ?? "") ? safe : undefined;
    // (a town the gazetteer lacks, got home or back to: "u get home to Forres ok?", "what time u getting back to Cupar")
    if (home && (placesNamed(home.value).length > 0 || (back >= 0 && !organisationName(home.value) && !isFirstName(home.value) && !namesSomeone(ctx, home.value, { known: true }))) && !isCountry(home.value)) {
      if (!out.includes(home.value)) out.push(home.value);
      continue;
    }
    // "Is Wymondham still as quiet as ever?": the listener's town asked after as it is now
    const still = s[0]?.lower === "is" && isName(s[1]) ? placeAt(s, 1) : undefined;
    if (still && s[still.end + 1]?.lower === "still" && (s[still.end + 2]?.pos === "ADJ" || ["as", "so", "that"].includes(s[still.end + 2]?.lower ?? "")) && (placesNamed(still.value).length > 0 || !isFirstName(still.value)) && !namesSomeone(ctx, still.value, { firstName: "value", known: true }) && !isCountry(still.value) && !organisationName(still.value)) {
      if (!out.includes(still.value)) out.push(still.value);
      continue;
    }
    // "How long have you been with Delta now?": the listener's employer
    const wth = s.findIndex((t, i) => t.lower === "with" && s[i - 1]?.lower === "been" && ["you", "u"].includes(s[i - 2]?.lower ?? "") && s.slice(0, i).some((x) => x.lower === "how"));
    const employer = wth >= 0 && isName(s[wth + 1]) ? placeAt(s, wth + 1) : undefined;
    if (employer && !isCountry(employer.value) && !isFirstName(employer.value) && !namesSomeone(ctx, employer.value, { firstName: "value", known: true }) && !ctx.speakers.includes(employer.value)) {
      if (!workplaces.includes(employer.value)) workplaces.push(employer.value);
      continue;
    }
    // (the cues, then the name, each in a function of its own, so that a branch first taken late costs the optimising
    // compiler only its half)
    for (let k = 0; k < s.length; k++) {
      const cue = presumedCue(sentences, si, k, how, ctx, workplaces);
      if (cue) presumedName(sentences, si, k, cue, ctx, out, workplaces);
    }
  }
  return out;
}

/**
 * Where a question names the listener's workplace by what they do there: "How's the new team at Walgreens treating
 * you?" (a part of one's work, with "the", at a name), "How is work, same Omantel?" / "how's the job, still Bupa?"
 * (work asked after, then a name guessed), "Is that near the Nissan plant where you're working?" (a name before a
 * kind of workplace, where the listener works). The name, or undefined.
 */
function workTold(s: Tok[], how: number): string | undefined {
  const verb = s[how]?.lower === "hows" ? how : how + 1;
  if (how >= 0 && (verb === how || ["'s", "is"].includes(s[verb]?.lower ?? ""))) {
    // "how's the new job at X", "how is that team at X": the, then adjectives, then the part of work, then "at"
    let j = verb + 1;
    if (["the", "that"].includes(s[j]?.lower ?? "")) {
      j++;
      while (s[j]?.pos === "ADJ") j++;
      // ("how's the group at the University of Warsaw?": a name with its article)
      const at = s[j + 2]?.lower === "the" ? j + 3 : j + 2;
      if (WORK_ASKED_AT.has(s[j]?.lemma ?? "") && s[j].pos === "NOUN" && s[j + 1]?.lower === "at" && isName(s[at])) return placeAt(s, at)?.value;
    }
    // "How is work, same Omantel?", "how's the job, still Bupa?"
    const w = s[verb + 1]?.lower === "the" ? verb + 2 : verb + 1;
    if ((s[w]?.lower === "work" || (s[w]?.lower === "job" && w === verb + 2)) && s[w + 1]?.text === "," && ["same", "still"].includes(s[w + 2]?.lower ?? "") && isName(s[w + 3]) && s[(placeAt(s, w + 3)?.end ?? w + 3) + 1]?.text === "?") return placeAt(s, w + 3)?.value;
  }
  // "how's life at Zalando", "how's work at Lidl", pidgin's "How work for Andela?" (no copula): not a town
  if (how >= 0) {
    // ("how are things at Nutrien?")
    const v = s[how].lower === "hows" ? how + 1 : ["'s", "is"].includes(s[how + 1]?.lower ?? "") || (s[how + 1]?.lower === "are" && s[how + 2]?.lower === "things") ? how + 2 : how + 1;
    const by = s[v + 1]?.lower === "at" ? ["life", "work", "things"].includes(s[v]?.lower ?? "") : s[v + 1]?.lower === "for" && s[v]?.lower === "work";
    // ("how's the Federal Bank life going?": a life named by its organisation)
    let e = v + 1;
    while (!by && s[v]?.lower === "the" && isName(s[e])) e++;
    const p = by && isName(s[v + 2]) ? placeAt(s, v + 2) : e > v + 1 && s[e]?.lower === "life" ? placeAt(s, v + 1, e) : undefined;
    // (a life named so may be a trade's or a nickname's, "the F1 life", "the Woolies life": an organisation's name only)
    if (p && (organisationName(p.value) || (by && !placesNamed(p.value).length))) return p.value;
  }
  // "any news from Stellenbosch University?": news asked from an organisation, by the last word of its name
  const news = s.findIndex((t, i) => t.lower === "news" && s[i + 1]?.lower === "from" && how < 0);
  if (news >= 0) {
    const p = placeAt(s, s[news + 2]?.lower === "the" ? news + 3 : news + 2);
    if (p && organisationName(p.value) && s[p.end + 1]?.text === "?") return p.value;
  }
  // "the Nissan plant where you're working", "the Unilever factory where u work"
  for (let k = 1; k + 3 < s.length; k++) {
    // (the truecaser may capitalise the kind with the name: "the Unilever Factory")
    if (!(WORK_SITES.has(s[k].lemma) || WORK_SITES.has(s[k].lower)) || (s[k].pos !== "NOUN" && s[k].pos !== "PROPN") || !isName(s[k - 1]) || s[k + 1]?.lower !== "where" || !["you", "u"].includes(s[k + 2]?.lower ?? "")) continue;
    const v = ["'re", "are", "r"].includes(s[k + 3]?.lower ?? "") ? k + 4 : k + 3;
    if (s[v]?.lemma !== "work" || (v === k + 4 && s[v].lower !== "working")) continue;
    let a = k - 1;
    while (a > 0 && isName(s[a - 1])) a--;
    if (s[a - 1]?.lower === "the") return s.slice(a, k).map((t) => t.text).join(" ");
  }
  return undefined;
}

/** What a question's word at k is asked with: whether after "how", whether liked, the word after its name. */
interface PresumedCue {
  afterHow: boolean;
  liking: boolean;
  after: Tok | undefined;
}

/**
 * Whether the word at k of question `si` is asked about as the listener's place, by the cues around it (a workplace the
 * cues name is pushed onto `workplaces` at once).
 */
function presumedCue(sentences: Tok[][], si: number, k: number, how: number, ctx: SessionContext, workplaces: string[]): PresumedCue | undefined {
  const s = sentences[si];
  // present tense only: "How was the wedding in Kraków?" asks about a trip
  // "how's X", "hows X", "how cold is X"
  const verb = s[how]?.lower === "hows" ? how : s[how + 1]?.pos === "ADJ" && s[how + 2]?.lemma === "be" ? how + 2 : how + 1;
  // ("how the weather up in Mandeville?": no copula, as some Englishes ask)
  const present = how >= 0 && (verb === how || ["'s", "is", "are"].includes(s[verb]?.lower ?? "") || (s[verb]?.lower === "the" && TOWN_TIMES.has(s[verb + 1]?.lower ?? "")));
  // the word after the whole name ("How's São Paulo?")
  const after = s[(isName(s[k]) ? placeAt(s, k)?.end ?? k : k) + 1];
  const afterHow = present && ((k === verb + 1 && (!after || after.pos === "PUNCT" || ["treating", "life", "rn", "now", "today", "lately", "these"].includes(after.lower))) || (k === verb + 2 && s[verb + 1]?.lower === "the" && TOWN_TIMES.has(after?.lower ?? "")));
  // ("Oh you're in Chilwell?": the listener's home asked back, the question ending at the town: not "You're in New
  // Zealand I heard?", "you're in London at christmas?")
  // ("and you're in Kyle still?": "still" before the mark)
  const endsAt = (placeAt(s, k)?.end ?? k) + (s[(placeAt(s, k)?.end ?? k) + 1]?.lower === "still" ? 2 : 1);
  const youreIn = ["are", "'re", "r"].includes(s[k - 2]?.lower ?? "") && ["you", "u"].includes(s[k - 3]?.lower ?? "") && s[endsAt]?.text === "?" && !isCountry(placeAt(s, k)?.value ?? "");
  const inAsked = s[k - 1]?.lower === "in" && (present || s[k - 2]?.lower === "you" || youreIn);
  // "first week in Tainan, verdict?": the first days of a new home
  const firstDays = s[k - 1]?.lower === "in" && ["day", "days", "week", "weeks", "month", "months", "night"].includes(s[k - 2]?.lower ?? "") && ["first", "1st"].includes(s[k - 3]?.lower ?? "");
  // "How are you finding Lagos?", "still loving Toronto?", "You settled into Leeds okay?"
  // (not another's: "how's Chloe liking Walla Walla")
  const liking = (["finding", "loving", "enjoying", "liking"].includes(s[k - 1]?.lower ?? "") && !isName(s[k - 2]) && !THIRD.has(s[k - 2]?.lower ?? "")) || ((s[k - 1]?.lower === "into" || s[k - 1]?.lower === "in") && ["settle", "settled", "settling"].includes(s[k - 2]?.lower ?? ""));
  // "when did you move to Sapporo??": the question takes the move as known
  const past = s[k - 2]?.lower === "moved" || s[k - 2]?.lower === "relocated" || (s[k - 2]?.lower === "move" && s.slice(0, k).some((t) => t.lower === "did"));
  const movedTo = s[k - 1]?.lower === "to" && past && s.slice(0, k).some((t) => t.lower === "you" || t.lower === "u");
  // "How's the planning team at Kapiti Coast District Council?": an organisation's name after "at"
  // ("How are the lates at the Royal Berkshire Hospital?": "the" before the name)
  const atAsked = (s[k - 1]?.lower === "at" || (s[k - 1]?.lower === "the" && s[k - 2]?.lower === "at")) && present && organisationName(placeAt(s, k)?.value ?? "");
  // "what's Nyeri like to live in?", "what's life like in Hobart?"
  const whatLike = (s[k - 1]?.lower === "whats" || (s[k - 1]?.text === "'s" && s[k - 2]?.lower === "what")) && s[(placeAt(s, k)?.end ?? k) + 1]?.lower === "like" && s.some((t, i) => t.lemma === "live" && s[i + 1]?.lower === "in");
  // "is Halifax still foggy?", "is Leeds as grey as ever?": a town of the gazetteer asked after now
  const isStill = (s[k - 1]?.lower === "is" || s[k - 1]?.lower === "s") && (k === 1 || s[k - 2].pos === "PUNCT" || s[k - 2].pos === "CCONJ") && ["still", "as", "so", "really", "also"].includes(s[(placeAt(s, k)?.end ?? k) + 1]?.lower ?? "") && placesNamed(placeAt(s, k)?.value ?? "").length > 0;
  // ("Ho still quiet?", "Leeds still grey?": the copula dropped, the question a town, "still" and how it is)
  const town = k === 0 || s[k - 1].text === "," ? placeAt(s, k) ?? (isName(s[k]) ? { value: s[k].text, end: k } : undefined) : undefined;
  const stillHow = !!town && s[town.end + 1]?.lower === "still" && s[town.end + 2]?.pos === "ADJ" && s[town.end + 3]?.text === "?" && placesNamed(town.value).length > 0 && !isCountry(town.value);
  // "St James's Hospital working you to the bone again?": an organisation acting on the listener employs them
  // ("Nidd Vale still working you to the bone?": with "still" between, any name but a town's or a person's)
  // ("Is Toyota still making you work Saturdays?": the same, asked; a town's name too with work after the verb)
  // ("wbu, Zerodha still chill?": after a word and its comma)
  const org = (k === 0 || (k === 1 && ["is", "are", "has"].includes(s[0].lower)) || (k === 2 && s[1].text === ",")) && isName(s[k]) ? placeAt(s, k) : undefined;
  const still = org && s[org.end + 1]?.lower === "still" ? 1 : 0;
  // "Zerodha still chill?", "wbu, Monzo still good?": an organisation (no town, no person) asked after as it is now
  // ("chill" is tagged a verb)
  // ("Unbabel still mostly remote?": an adverb between)
  const how2 = org && s[org.end + 2]?.pos === "ADV" ? org.end + 3 : (org?.end ?? 0) + 2;
  if (org && still && (s[how2]?.pos === "ADJ" || s[how2]?.lower === "chill") && s[how2 + 1]?.text === "?" && !placesNamed(org.value).length && !isCountry(org.value) && ctx.seenAs?.[org.value] !== "home" && !isFirstName(org.value.split(" ")[0]) && !namesSomeone(ctx, org.value, { firstName: "value", known: true })) {
    if (!workplaces.includes(org.value)) workplaces.push(org.value);
    return undefined;
  }
  const employs = !!org && s[org.end + 1 + still]?.lower.endsWith("ing") && ["you", "u"].includes(s[org.end + 2 + still]?.lower ?? "") && (organisationName(org.value) || (still === 1 && ["working", "overworking", "paying", "treating", "making", "keeping", "giving", "sending", "scheduling", "rostering"].includes(s[org.end + 2]?.lower ?? "") && (placesNamed(org.value).length === 0 || (s[org.end + 2].lower !== "treating" && s.slice(org.end + 4).some((t) => t.lemma === "work" || t.lower === "overtime" || t.lower === "late"))) && !isFirstName(org.value.split(" ")[0]) && !namesSomeone(ctx, org.value, { firstName: "value", known: true })));
  // "Thames Water calls you in for every drip?", "Maersk works you hard huh?": an organisation that calls, sends, keeps
  // or works the listener, in the present (not a town's name, not a person's or a relative's)
  const act = org ? org.end + 1 + still : -1;
  const calls = !!org && !employs && EMPLOYS.has(s[act]?.lemma ?? "") && s[act].lower.endsWith("s") && ["you", "u"].includes(s[act + 1]?.lower ?? "") && (organisationName(org.value) || STAFF_WAYS.has(s[act + 2]?.lower ?? "")) && !RELATIVES.has(org.value.toLowerCase()) && placesNamed(org.value).length === 0 && !isCountry(org.value) && !namesSomeone(ctx, org.value, { firstName: "first", known: true }) && !ctx.speakers.includes(org.value);
  if (calls) {
    if (!workplaces.includes(org!.value)) workplaces.push(org!.value);
    return undefined;
  }
  // "How was your first week at the Royal Mint?": the first days of a new job (no town: "first week at Leeds")
  const at = s[k - 1]?.lower === "at" ? k - 1 : s[k - 1]?.lower === "the" && s[k - 2]?.lower === "at" ? k - 2 : -1;
  if (at > 1 && FIRST_DAYS.has(s[at - 1].lower) && ["first", "1st"].includes(s[at - 2]?.lower ?? "") && s[at - 3]?.lower === "your") {
    const w = placeAt(s, k)?.value;
    if (w && placesNamed(w).length === 0 && !isCountry(w) && !namesSomeone(ctx, w, { firstName: "value", known: true }) && !workplaces.includes(w)) workplaces.push(w);
    return undefined;
  }
  if (employs && still && !organisationName(org!.value)) {
    if (!workplaces.includes(org!.value)) workplaces.push(org!.value);
    return undefined;
  }
  // "Still by the river in Staines?" (a verbless question opening with "still"), "your place is in Stewartville?"
  // ("Still in Tralee?" waits for its answer: replies.ts; "Is your flat in Leith?" asks)
  const stillIn = s[k - 1]?.lower === "in" && k > 2 && s[0]?.lower === "still" && s[1].lower !== "in" && s[1].lower !== "at" && !s.some((t) => t.pos === "VERB");
  const yourPlace = s[k - 1]?.lower === "in" && s.slice(0, k).some((t, i) => t.lower === "your" && YOUR_DWELLINGS.has(s[i + 1]?.lemma ?? "") && (s[i + 2]?.lower === "is" || s[i + 2]?.text === "'s") && i + 3 === k - 1);
  // "Where are you again, Bishopstown?", "where do you live now, Leith?": a guess after the question, ending it
  const guess = s[k - 1]?.text === "," && (s[(placeAt(s, k)?.end ?? k) + 1]?.text === "?" || !s[(placeAt(s, k)?.end ?? k) + 1]) && s.slice(0, k).some((t) => t.lower === "where") && s.slice(0, k).some((t) => t.lower === "you" || t.lower === "u") && !s.slice(0, k).some((t) => t.lemma === "work");
  // "How's the drive in from Sandy Bay these days?", "Much of a drive from Swords?": the listener's daily way in
  // from home (not a trip: "How was the drive from Leeds?", nor a plan: "Will you commute from Leipzig?")
  // ("You still getting the tram in from Didsbury?": the daily way in by a transport; "How long's the drive back
  // to Shawlands at this hour?": the way home)
  const wayIn = s[k - 1]?.lower === "from" && (s.slice(Math.max(0, k - 4), k - 1).some((t) => COMMUTES.has(t.lower)) || (s[k - 2]?.lower === "in" && TRANSPORT.has(s[k - 3]?.lemma ?? "")));
  const wayHome = s[k - 1]?.lower === "to" && s[k - 2]?.lower === "back" && COMMUTES.has(s[k - 3]?.lower ?? "");
  const commuteFrom = (wayIn || wayHome) && !s.some((t) => ["was", "were", "will", "did"].includes(t.lower));
  // "is Leeds General Infirmary treating you well?": an organisation treating the listener is their employer
  const treats = s[k - 1]?.lower === "is" && organisationName(placeAt(s, k)?.value ?? "") && s[(placeAt(s, k)?.end ?? k) + 1]?.lower === "treating" && ["you", "u"].includes(s[(placeAt(s, k)?.end ?? k) + 2]?.lower ?? "");
  // "How's the BBC? Still on the Welsh news desk?": a name with "the" asked after, then the listener's work asked
  // about (only as a workplace); "How you settling in at JPS?": a new job settled into
  const theOrg = present && k === verb + 2 && s[verb + 1]?.lower === "the" && (!after || after.pos === "PUNCT") && workAsked(sentences[si + 1]);
  // ("How's Tobi settling in at nursery?": someone else settling in)
  const settledAt = s[k - 1]?.lower === "at" && s[k - 2]?.lower === "in" && ["settle", "settled", "settling"].includes(s[k - 3]?.lower ?? "") && s.slice(0, k - 3).some((t) => t.lower === "you" || t.lower === "u");
  if (theOrg || settledAt) {
    const w = placeAt(s, k)?.value;
    if (w && placesNamed(w).length === 0 && !isCountry(w) && !namesSomeone(ctx, w, { firstName: "value", known: true }) && !workplaces.includes(w)) workplaces.push(w);
    return undefined;
  }
  // "Are you still in that little flat in Menai Bridge?": the listener's dwelling asked about (no choice offered:
  // "still in Lakewood or did you buy that place in Parma?")
  const dwelling = s[k - 1]?.lower === "in" && (YOUR_DWELLINGS.has(s[k - 2]?.lemma ?? "") || (s[k - 3] && YOUR_DWELLINGS.has(s[k - 3].lemma) && s[k - 2].pos === "ADJ")) && s.slice(0, k).some((t) => t.lower === "you" || t.lower === "u") && s.slice(0, k - 2).some((t) => ["that", "your", "ur"].includes(t.lower)) && s.slice(0, k).some((t) => t.lower === "still") && !s.some((t) => t.lower === "or");
  if (!afterHow && !treats && !inAsked && !stillIn && !yourPlace && !liking && !movedTo && !atAsked && !firstDays && !whatLike && !isStill && !stillHow && !employs && !guess && !commuteFrom && !dwelling) return undefined;
  return { afterHow, liking, after };
}

/** The name at k that a question asks about with `cue`: the listener's home (`out`) or workplace (`workplaces`). */
function presumedName(sentences: Tok[][], si: number, k: number, { afterHow, liking, after }: PresumedCue, ctx: SessionContext, out: string[], workplaces: string[]): void {
  const s = sentences[si];
  // "Is he settled in Bloemfontein?": asked of someone else, not the listener
  if (s.slice(0, k).some((t) => ["he", "she", "they", "he's", "she's"].includes(t.lower)) && !s.slice(0, k).some((t) => t.lower === "you" || t.lower === "u")) return;
  // ("how's your brother, the one at the bank in Kolkata?": asked of a relation)
  if (s.slice(0, k).some((t, i) => t.lower === "your" && RELATIVES.has(s[i + 1]?.lemma ?? ""))) return;
  const n = placeName(s, k, ctx);
  // ("How is Jerome's mother?": a name owning a relation is a person)
  if (n && s[n.end + 1]?.text === "'s" && RELATIVES.has(s[n.end + 2]?.lemma ?? "")) return;
  // ("how is Pooja? Still in England?": a name no town of the gazetteer, asked where it still is, is a person's)
  const next = sentences[si + 1];
  if (n && afterHow && placesNamed(n.name).length === 0 && next?.[0]?.lower === "still" && next.some((t, i) => (t.lower === "in" || t.lower === "at") && isName(next[i + 1]))) return;
  // "How's Highland life?": "X life" names a way of living ("island life", "Highland life") unless X is a city (or a home already seen)
  if (n && afterHow && (after?.lower === "life" || s[k + 1]?.lower === "life") && !placesNamed(n.name).some((p) => p.population >= 100_000) && ctx.seenAs?.[n.name] !== "home") return;
  // "How's Seplat?" after "I took the Seplat offer": a workplace, not a home
  if (!n || ctx.seenAs?.[placeAt(s, k)?.value ?? n.name] === "workplace" || ctx.seenAs?.[n.name] === "workplace") return;
  // ("How's BASF?": an acronym that names no place asks after a workplace)
  // ("TfL", "KPMG": two capitals or more, lower-case letters between)
  const acronym = (/^\p{Lu}{2,5}$/u.test(n.name) || /^\p{Lu}\p{Ll}{1,2}\p{Lu}{1,2}$/u.test(n.name)) && !PLACE_ACRONYMS.has(n.name) && !isCountry(n.name) && placesNamed(n.name).length === 0;
  // ("How's Discovery treating you? Are they still giving you those late shifts?": what employs the listener)
  const employer = (afterHow || liking) && placesNamed(n.name).length === 0 && ctx.seenAs?.[n.name] !== "home" && (theyEmploy(sentences[si + 1]) || (afterHow && workAsked(sentences[si + 1])));
  // ("how's Microsoft, still reorg-ing", "How's Bupa? still hiring?": a name no city of the gazetteer, no common first
  // name and no home told, still doing something, employs)
  const rest = s[n.end + 1]?.text === "," ? s.slice(n.end + 2) : next;
  // ("how's Datadog, still hybrid?": how one works there)
  const doing = afterHow && s[n.end + 1]?.text !== "'s" && rest?.[0]?.lower === "still" && (/ing$/.test(rest[1]?.lower ?? "") || (rest[2]?.text === "-" && rest[3]?.lower === "ing") || WORK_MODES.has(rest[1]?.lower ?? "")) && !HOME_ING.has(rest[1].lower) && ctx.seenAs?.[n.name] !== "home" && !isFirstName(n.name.split(" ")[0]);
  // ("How's Oracle treating you?": one word that names no place of the gazetteer, no region and no person is an
  // employer more often than a town the gazetteer lacks)
  const unknown = afterHow && after?.lower === "treating" && placesNamed(n.name).length === 0 && !isRegion(n.name) && !n.name.includes(" ") && ctx.seenAs?.[n.name] !== "home" && !isFirstName(n.name);
  if ((acronym || employer || unknown || (doing && !placesNamed(n.name).some((p) => p.population >= 100_000))) && !workplaces.includes(n.name)) workplaces.push(n.name);
  else if (!acronym && !out.includes(n.name)) out.push(n.name);
}
