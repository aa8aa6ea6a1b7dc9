/**
 * Nominal states (states.ts reads the verbal ones): "my job at X", "three night shifts at X", "my job as a banker",
 * "our flat in X", "gave notice at X", "my manager at X", "my (real) employer is X", "home these days is X", "X is
 * (basically) my home", "Still in X!", "As a nurse, …". The kind comes from the clause that governs the noun, if any.
 */
import type { Clause } from "./clause.js";
import { relationAt } from "./clause.js";
import { STREET } from "./asked-about.js";
import { relativesHouse, wordSet } from "./lexicon.js";
import { commonWordAlone } from "./common-words.js";
import { placesNamed } from "./gazetteer.js";
import { isName, type Tok, upper } from "./nlp.js";
import { namesSomeone, resolvePronoun, type SessionContext } from "./referents.js";
import { changeKind, endKind, jobPhrase, organisationName, placeAt, stateKind, townName, type Emit, type StateAttribute, partOfTown } from "./states-common.js";

const QUIT = wordSet("quitVerbs"), LOSE = wordSet("loseVerbs"), TAKE = wordSet("takeVerbs"), START = wordSet("startVerbs");
const NOTICE = wordSet("noticeNouns"), JOB_NOUNS = wordSet("jobNouns"), DWELLING = wordSet("dwellingNouns"), WORKPLACE_NOUNS = wordSet("workplaceNouns");
const EMPLOYER_THINGS = wordSet("employerThings");
const COLLEAGUES = wordSet("colleagueNouns"), STATIONS = wordSet("stationNouns"), LEAVE_DWELLING = wordSet("leaveDwellingVerbs");
const SEEN = new Set(["see", "view", "visit", "look", "check", "find", "tour", "show", "like", "love", "want"]);
const MODALS = new Set(["might", "should", "could", "may", "must", "would"]);

/** The holder of a possessed noun at k ("my job", "his shift", "my husband's job"), or undefined. */
function holderBefore(s: Tok[], k: number, speaker: string, ctx: SessionContext, turn: string): string | undefined {
  for (let j = k - 1; j >= Math.max(0, k - 3); j--) {
    const t = s[j];
    if (t.lower === "my" || t.lower === "our") return speaker;
    if (t.lower === "his" || t.lower === "her" || t.lower === "their") return resolvePronoun(ctx, t.lower, turn);
    if (t.text === "'s") {
      for (let i = j - 1; i >= Math.max(0, j - 4); i--) {
        const r = relationAt(s, i, speaker, ctx, turn);
        if (r) return r.entity;
      }
      return undefined;
    }
    if (!(t.pos === "ADJ" || t.pos === "ADV" || (t.pos === "NOUN" && !JOB_NOUNS.has(t.lemma)))) return undefined;
  }
  return undefined;
}

/** Whether the noun at k is owned by "your" ("your shift at X", "your night shift", "your house in X"): the listener's. */
function yoursAt(s: Tok[], k: number): boolean {
  for (let j = k - 1; j >= Math.max(0, k - 3); j--) {
    if (s[j].lower === "your") return true;
    if (!(s[j].pos === "ADJ" || s[j].pos === "NOUN" || s[j].pos === "NUM")) return false;
  }
  return false;
}

/**
 * Where a job "in" a town or a kind of place is: the organisation named after it ("a job in Hangzhou, at Hangzhou
 * Metro", "a position in a hospital in Istanbul, Başakşehir City Hospital", "a job in Hawler Construction").
 */
function jobInTown(s: Tok[], k: number): { value: string; end: number } | undefined {
  if (s[k + 1]?.lower !== "in") return undefined;
  let p = placeAt(s, k + 2);
  if (!p) return undefined;
  if (isName(s[k + 2]) && organisationName(p.value)) return p;
  // "in a hospital in Istanbul": the kind, then the town; after a kind, the name that follows is its name
  const kind = !isName(s[k + 2]) && !upper(p.value);
  if (s[p.end + 1]?.lower === "in" && isName(s[p.end + 2])) p = placeAt(s, p.end + 2) ?? p;
  let j = p.end + 1;
  if (s[j]?.text === ",") j++;
  if ((s[j]?.lower === "at" || s[j]?.lower === "with") && isName(s[j + 1] ?? s[j + 2])) return placeAt(s, j + 1);
  const named = isName(s[j]) && j > p.end + 1 ? placeAt(s, j) : undefined;
  return named && (kind || organisationName(named.value)) ? named : undefined;
}

/** Whether an organisation's name follows the word at `i`. */
const orgAfter = (s: Tok[], i: number): boolean => isName(s[i + 1]) && organisationName(placeAt(s, i + 1)?.value ?? "");

/** A sentence being read for nominal states, with what the readings below share. */
interface NominalReading {
  s: Tok[];
  clauses: Clause[];
  speaker: string;
  ctx: SessionContext;
  turn: string;
  emit: Emit;
}

/**
 * Nominal states: "my job at X", "our flat in X", "home is X", "my employer is X", "my manager at X", "As a nurse, …".
 * For each word, the first reading below that applies (each in a function of its own, so that one first taken late
 * costs the optimising compiler only itself).
 */
export function nominal(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, turn: string, emit: Emit, clauseAt: (k: number) => Clause | undefined): void {
  const r: NominalReading = { s, clauses, speaker, ctx, turn, emit };
  for (let k = 0; k < s.length; k++) {
    const gov = clauseAt(k);
    void (jobAs(r, k, gov) || workNoun(r, k, gov) || dwellingOf(r, k, gov) || jobEvents(r, k, gov) || workMates(r, k, gov) || homeOrEmployer(r, k, gov) || elided(r, k, gov));
  }
}

/** "my job as a banker", "your work as an artist": the occupation, held by the possessor. */
function jobAs({ s, speaker, ctx, turn, emit }: NominalReading, k: number, gov: Clause | undefined): boolean {
  const t = s[k];
  const next = s[k + 1]?.lower;
  if ((JOB_NOUNS.has(t.lemma) || t.lemma === "work") && t.pos === "NOUN" && next === "as" && (s[k + 2]?.lower === "a" || s[k + 2]?.lower === "an")) {
    const holder = t.lower === "work" || s[k - 1]?.lower === "your" ? (s[k - 1]?.lower === "your" ? ctx.speakers.find((x) => x !== speaker) : holderBefore(s, k, speaker, ctx, turn)) : holderBefore(s, k, speaker, ctx, turn);
    const v = gov?.verb ?? "";
    const kind = gov && gov.head < k && (QUIT.has(v) || LOSE.has(v)) ? endKind(gov) : "state";
    if (holder && !gov?.intent) emit([holder], "job", placeAt(s, k + 3)?.value, kind, k);
    return true;
  }
  return false;
}

/**
 * "my job at X", "three night shifts in a row at X" (the preposition within a few words, no verb between), "a job in
 * Hangzhou, at Hangzhou Metro", "on the Pruitt crew": where one works, by a noun of work.
 */
function workNoun({ s, clauses, speaker, ctx, turn, emit }: NominalReading, k: number, gov: Clause | undefined): boolean {
  const t = s[k];
  // "work at X" (the noun) takes "at" only; "shifts in a row at X": a shift may have a few words before it
  // ("sparky work with Bellarine Electrical": "with" or "for" only before an organisation's name)
  const preps = t.lemma === "work" ? ["at", ...(["with", "for"].filter((x) => s.slice(k + 1, k + 3).some((y, j) => y.lower === x && orgAfter(s, k + 1 + j))))] : ["at", "with", "for"];
  // "double shift on the children's ward at X": a shift may name where in the place before the place, or what one
  // does there ("a lunch shift pouring at X")
  const span = t.lemma === "shift" ? 6 : 1;
  const prep = JOB_NOUNS.has(t.lemma) || (t.lemma === "work" && t.pos === "NOUN") ? s.findIndex((x, i) => i > k && i <= k + span && preps.includes(x.lower) && s.slice(k + 1, i).every((y) => ["DET", "NOUN", "NUM", "ADP", "ADJ"].includes(y.pos) || y.text === "'s" || (span > 1 && y.pos === "VERB" && (y.lower === y.lemma || y.lower.endsWith("ing"))))) : -1;
  // "a job in Hangzhou, at Hangzhou Metro", "a position in a hospital in Istanbul, Başakşehir City Hospital"
  const inTown = prep < 0 && JOB_NOUNS.has(t.lemma) && t.pos === "NOUN" ? jobInTown(s, k) : undefined;
  if (t.pos === "NOUN" && (prep > k || inTown)) {
    // "I hope your shift at X went well": the listener's (what a question or wish presumes is read in replies.ts)
    if (gov?.intent || yoursAt(s, k)) return true;
    const p = inTown ?? placeAt(s, prep + 1);
    // no holder written and no clause around it ("Three night shifts at X."): chat ellipsis, the speaker's
    const holder = holderBefore(s, k, speaker, ctx, turn) ?? gov?.subjects[0] ?? (clauses.length === 0 || k === 0 || s[k - 1].lower === "to" ? speaker : undefined);
    if (!holder || !p) return true;
    const v = gov?.verb ?? "";
    const kind = gov && gov.head < k ? (QUIT.has(v) || LOSE.has(v) ? endKind(gov) : TAKE.has(v) || START.has(v) ? (gov.perfect && v === "get" ? stateKind(gov) : changeKind(gov)) : v === "apply" || v === "interview" ? undefined : stateKind(gov, "none") ?? "state") : "state";
    emit([holder], "workplace", p.value, kind, k);
    return true;
  }
  if (EMPLOYER_THINGS.has(t.lemma) && t.pos === "NOUN" && k >= 1 && isName(s[k - 1]) && !gov?.negated && !gov?.intent && !gov?.usedTo) {
    // "My IndiGo roster has me on 5am reporting", "your Infosys office", "her Canara Bank branch": a thing of one's
    // work, by its employer's name ("SB Cares rota's out": a rota opening the sentence is the speaker's)
    // (not a town's: "my London office" says where the office is)
    let a = k - 1;
    while (a > 0 && isName(s[a - 1])) a--;
    const owner = s[a - 1]?.lower;
    const holder = owner === "my" || owner === "our" ? speaker : owner === "your" ? ctx.speakers.find((x) => x !== speaker) : owner === "his" || owner === "her" ? resolvePronoun(ctx, owner, turn) : a === 0 && (t.lemma === "rota" || t.lemma === "roster") && !commonWordAlone(s[0].text) && !/-\p{Ll}/u.test(s[0].text) ? speaker : undefined;
    const p = holder ? placeAt(s, a, k) : undefined;
    if (holder && p && (organisationName(p.value) || !placesNamed(p.value).length) && !namesSomeone(ctx, p.value, { firstName: "value", known: true })) {
      emit([holder], "workplace", p.value, "state", k);
      return true;
    }
  }
  if (t.lemma === "crew" && k >= 3 && isName(s[k - 1]) && gov && gov.subjects.length === 1 && gov.subjects[0] === speaker && !gov.negated && !gov.intent && !gov.usedTo && !gov.future) {
    // "I'm still on the Pruitt crew": the speaker works for the crew's firm
    let a = k - 1;
    while (a > 0 && isName(s[a - 1])) a--;
    const p = s[a - 1]?.lower === "the" && s[a - 2]?.lower === "on" ? placeAt(s, a, k) : undefined;
    if (p && !townName(p.value) && !namesSomeone(ctx, p.value, { known: true })) emit([speaker], "workplace", p.value, stateKind(gov, "none") ?? "state", k);
    return true;
  }
  return false;
}

/** "back at ours in Hull", "my flat is in Leith", "our flat in X", "my Tampines flat": a home, by a dwelling. */
function dwellingOf({ s, clauses, speaker, ctx, turn, emit }: NominalReading, k: number, gov: Clause | undefined): boolean {
  const t = s[k];
  const next = s[k + 1]?.lower;
  // (British "mine" is one's place as well: "at mine in Porirua")
  if ((t.lower === "ours" || t.lower === "mine") && next === "in" && ["from", "at", "to", "round", "near"].includes(s[k - 1]?.lower ?? "") && isName(s[k + 2]) && !gov?.negated && !gov?.intent && !gov?.usedTo) {
    // "the first bus from ours in Caernarfon", "back at ours in Hull": "ours" is the speaker's home
    emit([speaker], "home", placeAt(s, k + 2)?.value, "state", k);
    return true;
  }
  if (DWELLING.has(t.lemma) && (t.pos === "NOUN" || t.pos === "ADJ") && (next === "is" || next === "'s") && ["in", "near", "outside"].includes(s[k + 2]?.lower ?? "") && isName(s[k + 3])) {
    // "My flat is in Leith", "Our new place is in Kanata", "her house is near Galway": the holder's home, now
    // (not "was", not in a question, not the listener's: "your flat is in Croydon" tells the listener what they know)
    // ("flat is in Sector 56, office is Genpact": "my" left out, opening the sentence or a clause after a comma)
    const holder = holderBefore(s, k, speaker, ctx, turn) ?? (k === 0 || (s[k - 1].text === "," && !(k === 2 && isName(s[0]))) ? speaker : undefined);
    const p = placeAt(s, k + 3);
    if (holder && p && !gov?.negated && !gov?.intent && !gov?.usedTo && !gov?.future && !s.some((x) => x.text === "?") && !organisationName(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) emit([holder], "home", p.value, "state", k);
    return true;
  }
  // ("same place on Capitol Hill": a district a dwelling is on; a street is no home's answer: "same house on Signal
  // Mountain Road", in Chattanooga)
  if (DWELLING.has(t.lemma) && (t.pos === "NOUN" || t.pos === "ADJ") && (next === "in" || next === "near" || next === "outside" || (next === "on" && isName(s[k + 2]) && !STREET.test((placeAt(s, k + 2)?.value ?? "").replace(/['’]s$/, ""))))) {
    // no holder and no clause ("Same flat in Aarhus."): chat ellipsis, the speaker's, when the place is a name
    const elided = clauses.length === 0 && s.slice(0, k).every((x, i) => x.pos === "ADJ" || x.pos === "DET" || x.pos === "INTJ" || x.pos === "PUNCT" || (i === 0 && x.pos === "PROPN")) && isName(s[k + 2]);
    // "Your flat in Croydon must be full of dust": the listener's
    const yours = s.slice(Math.max(0, k - 3), k).some((x) => x.lower === "your") ? ctx.speakers.find((x) => x !== speaker) : undefined;
    const holder = holderBefore(s, k, speaker, ctx, turn) ?? (elided ? speaker : yours);
    // "Your cousin said there was a party at your house in Keighley": someone else's verb leaves the holder's house
    // where it is (the holder's own verb may not: "you sold your house in X", "I left my flat in X")
    // ("it stops at the end of my road in Leith": so does a verb of something else's)
    // (nor does their "not": "She doesn't mind that my wee flat in Stranmillis is small", "He never said my flat in
    // Leith was small" keep the flat where it is)
    const othersVerb = !!gov && !!holder && !gov.subjects.includes(holder) && !(holder === speaker && gov.implicit) && !LEAVE_DWELLING.has(gov.verb);
    // ("I drive in from my place in downtown Toronto": the holder's own verb, unless it leaves, lets, denies or is of the past)
    const ownVerb = !!gov && !LEAVE_DWELLING.has(gov.verb) && !gov.negated && !gov.usedTo && !gov.past && !gov.intent && gov.verb !== "rent" && gov.verb !== "let";
    if (holder && (othersVerb || ownVerb || !(gov && gov.head < k && !gov.copula && gov.verb !== "love" && gov.verb !== "like"))) emit([holder], "home", placeAt(s, k + 2)?.value, "state", k);
    return true;
  }
  if (DWELLING.has(t.lemma) && t.pos !== "VERB" && k >= 1 && isName(s[k - 1]) && !gov?.negated && !gov?.intent && !gov?.usedTo && !(gov && gov.head < k && LEAVE_DWELLING.has(gov.verb))) {
    // "the aircon in my Tampines flat", "your Croydon flat": a town named before one's dwelling is one's home (the
    // tagger reads "flat" after a name as an adverb now and then)
    let a = k - 1;
    while (a > 0 && isName(s[a - 1])) a--;
    const owner = s[a - 1]?.lower;
    // "We finally got the keys to the Bishan flat!": the keys one gets to a dwelling make it one's new home
    const keys = owner === "the" && s[a - 2]?.lower === "to" && s[a - 3]?.lemma === "key" && !!gov && gov.head < a && ["get", "collect", "pick"].includes(gov.verb) && gov.subjects.every((e) => e === speaker);
    // ("Partick flat's got mice", "The Woodstock flat is freezing": with no holder, opening the sentence, the speaker's)
    // (a flat or a house in lower case: "Sunrise Care Home" is a name, "Small place" an ordinary word)
    const opens = (a === 0 || (a === 1 && owner === "the")) && t.text === t.lower && ["flat", "apartment", "condo", "house"].includes(t.lemma) && !commonWordAlone(s[a].text);
    // "I'm still in the same Somerville place", "we're in the same Leith flat": one's own, by the clause's subject
    const same = owner === "same" && s[a - 2]?.lower === "the" && s[a - 3]?.lower === "in" && !!gov && gov.head < a && (gov.copula || gov.verb === "live" || gov.verb === "stay") && !gov.past && gov.subjects.length === 1;
    // ("my neighbors are banging on the wall lol these Tempe apartments have walls made of paper": the speaker's
    // own block, by "these" or "this" in a sentence of the speaker's own, not a place seen or looked at)
    const these = (owner === "these" || owner === "this") && ["apartment", "flat", "condo"].includes(t.lemma) && (!gov || (!gov.past && !gov.future && !gov.intent && !SEEN.has(gov.verb))) && s.some((x) => ["i", "my", "we", "our", "me", "us"].includes(x.lower));
    const holder = owner === "my" || owner === "our" || keys || opens || these ? speaker : owner === "your" ? ctx.speakers.find((x) => x !== speaker) : same ? gov!.subjects[0] : undefined;
    const p = placeAt(s, a, k);
    // ("Cwmbran flat handed back", "the Leith flat's sold": a dwelling given up is a home ended)
    const given = s.slice(k + 1, k + 5).some((x, i) => ((x.lower === "handed" || x.lower === "given") && ["back", "up"].includes(s[k + 2 + i]?.lower ?? "")) || x.lower === "sold");
    if (holder && p && !organisationName(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) emit([holder], "home", p.value, given ? "ended" : keys ? changeKind(gov!) : "state", k);
    return true;
  }
  return false;
}

/**
 * "handed my notice in at X", "caught in the layoffs at Boeing", "accepted an offer from X", "took the Seplat offer": a
 * job ended or begun, by a noun.
 */
function jobEvents({ s, speaker, emit }: NominalReading, k: number, gov: Clause | undefined): boolean {
  const t = s[k];
  const next = s[k + 1]?.lower;
  if (NOTICE.has(t.lemma) && t.pos === "NOUN" && (next === "at" || (next === "in" && s[k + 2]?.lower === "at")) && gov && !gov.negated && !gov.intent) {
    // "handed my notice in at X"
    emit(gov.subjects, "workplace", placeAt(s, next === "at" ? k + 2 : k + 3)?.value, endKind(gov), k);
    return true;
  }
  if (["layoffs", "redundancies", "layoff", "redundancy"].includes(t.lower) && next === "at" && isName(s[k + 2]) && gov && gov.head < k && gov.subjects.length === 1 && gov.subjects[0] === speaker && !gov.negated && !gov.intent && !gov.future && ["catch", "be", "lose", "hit", "include", "go", "get"].includes(gov.verb)) {
    // "I got caught in the layoffs at Boeing" (not "I survived the layoffs at X"), "I was part of the redundancies at X": the speaker's workplace, ended
    const p = placeAt(s, k + 2);
    if (p && !townName(p.value)) emit([speaker], "workplace", p.value, "ended", k);
    return true;
  }
  if (t.lemma === "offer" && t.pos === "NOUN" && next === "from" && isName(s[k + 2]) && gov && gov.head < k && TAKE.has(gov.verb)) {
    // "I've accepted an offer from X": taking a job offer is a change of workplace
    emit(gov.subjects, "workplace", placeAt(s, k + 2)?.value, changeKind(gov), k);
    return true;
  }
  if ((t.lemma === "offer" || t.lemma === "job" || t.lemma === "position" || t.lemma === "role") && t.pos === "NOUN" && k >= 2 && isName(s[k - 1]) && gov && gov.head < k && TAKE.has(gov.verb) && gov.verb !== "find" && !gov.negated && !gov.intent) {
    // "I took the Seplat offer", "accepted the Bosch job": the organisation named before the offer
    let a = k - 1;
    while (a > gov.head + 1 && isName(s[a - 1])) a--;
    // "I took the Seattle job": a town names where the job is, not who gives it
    const v = placeAt(s, a, k)?.value;
    if (!(v && townName(v))) emit(gov.subjects, "workplace", v, changeKind(gov), k);
    return true;
  }
  return false;
}

/** "my old boss at Tesco", "in the finance team at X", "on reception at X": where one works, by the people and the post there. */
function workMates({ s, speaker, ctx, turn, emit }: NominalReading, k: number, gov: Clause | undefined): boolean {
  const t = s[k];
  const next = s[k + 1]?.lower;
  if (COLLEAGUES.has(t.lemma) && t.pos === "NOUN" && next === "at" && holderBefore(s, k, speaker, ctx, turn) === speaker) {
    // ("my old boss at Tesco", "my ex-colleagues at X": where the speaker worked)
    // ("my colleagues at the institute are throwing me a leaving party": the workplace one is leaving)
    const former = s.slice(Math.max(0, k - 3), k).some((x) => ["old", "former", "ex", "previous"].includes(x.lower) || x.lower.startsWith("ex-")) || s.some((x, i) => x.lower === "leaving" && ["party", "do", "drinks", "card", "cake", "lunch"].includes(s[i + 1]?.lower ?? ""));
    emit([speaker], "workplace", placeAt(s, k + 2)?.value, former ? "ended" : "state", k);
    return true;
  }
  if (COLLEAGUES.has(t.lemma) && t.pos === "NOUN" && next === "at" && gov?.copula && !gov.intent && gov.head < k && /^(in|on)$/.test(s[gov.head + 1]?.lower ?? "") && isName(s[k + 2] ?? s[k + 3])) {
    // "I'm in the finance team at X": being in a team at a place is working there
    emit(gov.subjects, "workplace", placeAt(s, k + 2)?.value, stateKind(gov, "none") ?? "state", k);
    return true;
  }
  if (t.lower === "on" && gov?.copula && gov.head === k - 1 && !gov.intent && !gov.negated && !gov.usedTo && STATIONS.has(s[k + 1]?.lemma === "the" ? s[k + 2]?.lemma ?? "" : s[k + 1]?.lemma ?? "")) {
    // "I'm on reception at the Marine Parade Hotel", "she's on the tills at Lidl": a post at a place is work there
    const at = s[k + 1].lower === "the" ? k + 3 : k + 2;
    if (s[at]?.lower === "at" && (isName(s[at + 1]) || (s[at + 1]?.lower === "the" && isName(s[at + 2])))) emit(gov.subjects, "workplace", placeAt(s, at + 1)?.value, stateKind(gov, "none"), k);
    return true;
  }
  return false;
}

/** "my (real) employer is X", "home these days is X", "X is (basically) my home", "Leeds is home". */
function homeOrEmployer({ s, speaker, ctx, turn, emit }: NominalReading, k: number, gov: Clause | undefined): boolean {
  const t = s[k];
  if ((t.lower === "home" || WORKPLACE_NOUNS.has(t.lemma)) && t.pos === "NOUN") {
    const attr: StateAttribute = t.lower === "home" ? "home" : "workplace";
    const owner = holderBefore(s, k, speaker, ctx, turn);
    let b = k + 1;
    while (b < s.length && (s[b].date || s[b].pos === "DET" && s[b + 1]?.date)) b++;
    // "my employer might as well be X", "home is basically X": a modal, "as well" or an adverb before the copula
    if (owner === speaker) while (b < s.length && b < k + 5 && s[b].lemma !== "be" && (MODALS.has(s[b].lower) || s[b].lower === "as" || s[b].lower === "well" || s[b].pos === "ADV")) b++;
    // "Home being a box room in Swindon": the participle, opening the sentence, is the copula too
    const being = attr === "home" && k === 0 && s[b]?.lower === "being";
    if ((s[b]?.lemma === "be" || being) && (owner === speaker || (attr === "home" && (k === 0 || s[k - 1].pos !== "DET")))) {
      // "my (real) employer is X", "home these days is X"; "home is a box room in Swindon": the town a common noun sits in
      const p = placeAt(s, b + 1, s.length, { demonstrative: true });
      const inTown = attr === "home" && p && !upper(p.value) && s[p.end + 1]?.lower === "in" && isName(s[p.end + 2]) ? placeAt(s, p.end + 2) : undefined;
      emit([speaker], attr, (inTown ?? p)?.value, "state", k);
    } else if (attr === "home" && owner === speaker && s[k + 1]?.pos !== "NOUN") {
      // "X is (basically) my home", "Leeds is home": only adverbs between the copula and "my home" ("the school is
      // …, my home town" and "the factory is …, from my home" are not this)
      const be = s.slice(0, k).findIndex((x) => x.lemma === "be");
      const p = be > 0 ? placeAt(s, 0, be) : undefined;
      if (p && s.slice(be + 1, k - 1).every((x) => x.pos === "ADV")) emit([speaker], "home", p.value, "state", k);
    } else if (attr === "home" && k > 0 && s[k - 1].lemma === "be" && k - 1 > 0) {
      // "Leeds is home", "…, austin's home now": the name right before the copula
      let a = k - 1;
      while (a > 0 && isName(s[a - 1])) a--;
      emit([speaker], "home", placeAt(s, a < k - 1 ? a : 0, k - 1)?.value, "state", k);
    }
    return true;
  }
  return false;
}

/**
 * "not at Sandstone anymore", "No longer at Tesco", "Still in Aberdeen!", "Still a reg at the Mater", "As a nurse, …": a
 * state told without its subject and verb.
 */
function elided({ s, clauses, speaker, ctx, emit }: NominalReading, k: number, gov: Clause | undefined): boolean {
  const t = s[k];
  const next = s[k + 1]?.lower;
  if (t.lower === "not" && (next === "in" || next === "at" || (next === "with" && isName(s[k + 2]))) && !gov && s.slice(0, k).every((x) => x.pos === "PUNCT" || x.pos === "INTJ" || x.pos === "ADV" || x.pos === "CCONJ") && s.slice(k + 2).some((x, i) => x.lower === "anymore" || (x.lower === "any" && s[k + 3 + i]?.lower === "more") || (x.lower === "no" && s[k + 3 + i]?.lower === "longer"))) {
    // "so uh. not at Sandstone anymore", "Not with Qantas anymore": "I'm not …" without its subject and verb (with
    // no person: "not with Tom anymore")
    const p = placeAt(s, k + 2);
    if (p && (next === "in" ? upper(p.value) : next === "at" || !namesSomeone(ctx, p.value, { firstName: "value", known: true }))) emit([speaker], next === "in" ? "home" : "workplace", p.value, "ended", k);
    return true;
  }
  if (t.lower === "no" && next === "longer" && ["in", "at", "with"].includes(s[k + 2]?.lower ?? "") && isName(s[k + 3]) && s.slice(0, k).every((x) => x.pos === "PUNCT" || x.pos === "INTJ" || x.pos === "ADV" || x.pos === "CCONJ") && !clauses.some((c) => c.at <= k + 3 && c.head > k && c.head < k + 3)) {
    // "No longer at Tesco, thank god.", "No longer in Leeds, we moved.": "I'm no longer …" without its subject and verb
    const p = placeAt(s, k + 3);
    const home = s[k + 2].lower === "in";
    if (p && (!home || !organisationName(p.value)) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) emit([speaker], home ? "home" : "workplace", p.value, "ended", k);
    return true;
  }
  if (t.lower === "still" && (next === "in" || next === "at") && !gov && (k === 0 || s[k - 1].pos === "PUNCT" || s[k - 1].pos === "INTJ" || (s[k - 1].pos === "CCONJ" && s[k - 2]?.pos === "PUNCT"))) {
    // "Still in Aberdeen!", "Still at the warehouse", "Centretown, and still at Shopify": "I'm still …" without its
    // subject and verb ("Still at auntie's": a relative's house is no workplace; "still in his wee house in
    // Fochabers": another's, the subject left out is theirs)
    if (["his", "her", "their", "your"].includes(s[k + 2]?.lower ?? "")) return true;
    const p = placeAt(s, k + 2);
    // ("still in Toowoomba, out in Rangeville": the part of town after it too)
    const part = p && next === "in" ? partOfTown(s, p, s.length) : undefined;
    if (part) emit([speaker], "home", part, "state", k);
    if (p && (next === "in" ? upper(p.value) : !relativesHouse(p.value))) emit([speaker], next === "in" ? "home" : "workplace", p.value, "state", k);
    return true;
  }
  if (t.lower === "still" && (next === "a" || next === "an") && !gov && (k === 0 || s[k - 1].pos === "PUNCT" || s[k - 1].pos === "INTJ")) {
    // "Still a reg at the Mater": "I'm still a … at X" without its subject and verb
    const at = s.findIndex((x, i) => i > k + 2 && i <= k + 5 && (x.lower === "at" || x.lower === "with"));
    const p = at > 0 && s.slice(k + 2, at).every((x) => x.pos === "NOUN" || x.pos === "ADJ") ? placeAt(s, at + 1) : undefined;
    if (p && upper(p.value.replace(/^the /i, "")) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) emit([speaker], "workplace", p.value, "state", k);
    return true;
  }
  if (k === 0 && t.lower === "as" && (s[1]?.lower === "a" || s[1]?.lower === "an")) {
    emit([speaker], "job", jobPhrase(s, 1, s.length), "state", k);
    return true;
  }
  return false;
}
