/**
 * States from clauses: where people live (`home`), where they work (`workplace`) and what they do (`job`), each
 * with the kind the clause's grammar gives it (types.ts `ObservationKind`):
 *
 * - the verb's class and its preposition pick the attribute (live/stay in → home, work at/for → workplace,
 *   moved to / relocated to → home, joined / started at / got a job at → workplace, "a nurse at X" → job + workplace);
 * - tense and aspect pick the kind: a state verb in the present or present perfect is `state`, with "now" a
 *   `change`; in the simple past, or under "used to", `ended`; negated, or with "anymore" / "no longer", `ended`;
 *   a change verb in the past or present perfect is `change`, in the future, the progressive or the present simple
 *   `planned` ("We're moving to Seattle", "I start at Acme next week"); an end verb (quit, left, resigned, got fired
 *   from, lost my job at) is `ended`;
 * - would / could / might, "if", and want / hope / plan / think about … state nothing;
 * - nominal forms carry states too: "my job at X", "our flat in X", "my employer is X", "home is X", "my manager at X",
 *   and "after five years at X" (ended).
 */
import type { ObservationKind } from "../types.js";
import type { Clause } from "./clause.js";
import { kinWords, wordSet } from "./lexicon.js";
import { isName, type Tok, upper } from "./nlp.js";
import { namesSomeone, resolvePronoun, type SessionContext } from "./referents.js";
import { nominal } from "./states-nominal.js";
import { inOrganisation, inOrganisationName, JOB_WORDS, ppAfter, promotedAt } from "./states-phrases.js";
import { demonymTown, isCountry, placesNamed } from "./gazetteer.js";
import type { SessionHomes } from "./states-indirect.js";
import { changeKind, DETS, endKind, jobPhrase, organisationName, placeAt, roomForStay, stateKind, townName, type Emit, type StateAttribute, officeOwner, partOfTown, pastSide, organisationShaped } from "./states-common.js";

export type { StateAttribute } from "./states-common.js";
export { placeAt } from "./states-common.js";

export interface StateObservation { entity: string; attribute: StateAttribute; value: string; kind: ObservationKind; at: number }

const set = wordSet;
const RESIDE = set("resideVerbs"), SETTLE = set("settleVerbs"), MOVE = new Set([...set("moveVerbs"), ...set("emigrateVerbs")]);
const WORK_GERUNDS = set("workGerunds");
const EMPLOYEES = new Set(["employee", "staffer", "lifer", "worker"]);
/** What one does somewhere as its customer ("at Liberty Midlands buying a present"). */
const ERRANDS = new Set(["buy", "shop", "grab", "pick", "return", "queue", "browse", "collect"]);
const TEACH = set("teachVerbs"), WORK = new Set([...set("workVerbs"), ...TEACH]), EMPLOY = set("employVerbs"), START = set("startVerbs");
/** Getting in to work after leaving home ("badged in at", "got to the office", "rolled in"). */
const ARRIVED = new Set(["badged", "got", "reached", "clocked", "rolled", "arrived", "signed", "swiped"]);

/** Moved to another site by one's employer: "transferred to", "posted to", "seconded to". */
const TRANSFER = new Set(["transfer", "post", "second", "redeploy", "reassign"]);
const JOIN = new Set(["join"]), SIGN = set("signVerbs"), QUIT = set("quitVerbs"), DISMISS = set("dismissVerbs");
const STOP = set("stopVerbs"), BECOME = set("becomeVerbs"), BUY = set("buyVerbs"), CALL = set("callVerbs");
const JOB_NOUNS = set("jobNouns"), DWELLING = set("dwellingNouns");
const WORKPLACE_ONES = new Set(["one", "place", ...set("workplaceKinds")]);
/** Shifts one moves to or works ("nights", "the early shift"): no place. */
const SHIFTS = /^(?:the )?(?:nights|days|lates|earlies|mornings|evenings|weekends|nightshift|(?:night|day|early|late|morning|evening) shifts?)$/i;
const WORKPLACE_KINDS = set("workplaceKinds");
const KIN = kinWords();
const HOME_PREPS = new Set(["in", "at", "near", "outside", "on", "around", "up"]);
const NEAR_LANDMARKS = new Set(["church", "cathedral", "mosque", "temple", "station", "park", "market", "mall", "school", "hospital", "beach", "bridge", "square", "castle", "university", "stadium"]);
const WORK_PREPS = new Set(["at", "for"]);

/** "I've just been made redundant from Rolls-Royce": dismissed, as "laid off from" is. */
const redundant = (s: Tok[], c: Clause): boolean => c.verb === "make" && c.passive && s[c.head + 1]?.lower === "redundant";

/** Where an object naming one's household ends ("the family", "the whole family", "us all", "the kids"), or −1. */
function householdEnd(s: Tok[], from: number, to: number): number {
  let j = from;
  while (j < to && j < from + 2 && (s[j].lower === "the" || s[j].lower === "our" || s[j].lower === "whole")) j++;
  if (j >= to) return -1;
  if (s[j].lower === "us" || s[j].lower === "everyone") return s[j + 1]?.lower === "all" ? j + 1 : j;
  return j > from && ["family", "kids", "children", "household"].includes(s[j].lower) ? j : -1;
}

/**
 * The state observations of one sentence, given its clauses.
 *
 * @example
 * readStates(s, readClauses(s, "Ann", "Ben", ctx, "D1:1"), "Ann", ctx, "D1:1");
 * // "I quit my job at the bakery." → [{ entity: "Ann", attribute: "workplace", value: "bakery", kind: "ended", … }]
 */
export function readStates(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, turn: string): StateObservation[] {
  const out: StateObservation[] = [];
  const emit = (entities: string[], attribute: StateAttribute, value: string | undefined, kind: ObservationKind | undefined, at: number) => {
    if (!value || !kind) return;
    for (const entity of entities) if (!out.some((o) => o.entity === entity && o.attribute === attribute && o.value === value && o.kind === kind)) out.push({ entity, attribute, value, kind, at });
    if (attribute !== "job") ctx.lastPlace = value;
  };
  const clauseAt = (k: number) => clauses.find((c) => c.at <= k && k < c.end);
  // "after five years at Acme, I moved to Globex": the earlier value ended; the move is of the same kind
  let afterAttr: StateAttribute | undefined;
  for (let k = 0; k + 1 < s.length; k++) {
    if (s[k].lower !== "after" && s[k].lower !== "before") continue;
    // "after five years at Acme": a duration, then the place
    const dur = s.findIndex((t, i) => i > k && i < k + 5 && (t.pos === "NUM" || t.date));
    if (dur < 0) continue;
    const prep = s.findIndex((t, i) => i > dur && i < dur + 4 && (t.lower === "at" || t.lower === "in"));
    const p = prep > 0 ? placeAt(s, prep + 1) : undefined;
    const pp = p && { prep: s[prep].lower, value: p.value, at: prep };
    const main = clauses.find((c) => c.at > k);
    // a name only ("after six years in the open plan" is no place), and "even after" is not an ending
    if (!pp || !main || !isName(s[prep + 1] ?? s[prep + 2]) || s[k - 1]?.lower === "even" || s.slice(k + 1, pp.at).some((t) => t.pos === "VERB")) continue;
    afterAttr = pp.prep === "at" ? "workplace" : "home";
    emit(main.subjects, afterAttr, pp.value, "ended", k);
  }
  for (const c of clauses) {
    if (!c.subjects.length || c.intent) continue;
    const v = c.verb, from = c.head + 1, to = c.end;
    if (c.copula) readCopula(s, c, emit, ctx);
    // "he's renting in Port Hedland"; "renting a car in Perth" is no home
    // "based at JKIA", "based at the Leeds office": where one works from (for one whose employer is known, a place
    // within it: "He started with Kenya Airways … He's based at JKIA")
    else if (v === "base" && s[from]?.lower === "at") {
      if (!c.subjects.some((e) => ctx.known?.[e]?.workplace)) emit(c.subjects, "workplace", ppAfter(s, from, to, new Set(["at"]))?.value, stateKind(c), c.head);
    }
    else if (RESIDE.has(v) && (v !== "rent" || s[from]?.lower === "in")) {
      if (s[from]?.lower === "there" && ctx.lastPlace) emit(c.subjects, "home", ctx.lastPlace, stateKind(c), c.head);
      else {
        let p = ppAfter(s, from, to, HOME_PREPS);
        // ("We live near Molo church": near a landmark, the town untold)
        if (p && s[p.at].lower === "near" && NEAR_LANDMARKS.has(p.value.split(" ").pop()!.toLowerCase())) p = undefined;
        else p = pastSide(s, p, to);
        // "stay in shape", "stay on track": staying is a residence only in a named place; "live in a society" names none
        // ("a village near York" names a place by the town after it)
        const common = p && !upper(p.value) && s.slice(from, to).some((t, i) => HOME_PREPS.has(t.lower) && (s[from + i + 1]?.lower === "a" || s[from + i + 1]?.lower === "an")) && !s.slice(from, to).some((t, i) => ["near", "outside", "in"].includes(t.lower) && isName(s[from + i + 1]));
        // "I've never lived outside Karachi": the one place one has lived is home
        // ("I never lived outside Kyoto before", said on moving away, is the old reading: an ending)
        const onlyThere = c.negated && s.slice(from, to).some((t, i) => t.lower === "outside" && isName(s[from + i + 1])) && !s.some((t) => t.lower === "before" || t.lower === "until");
        if (onlyThere) emit(c.subjects, "home", p?.value, "state", c.head);
        else if (!(v === "stay" && p && !upper(p.value)) && !common) {
          const part = p && !c.negated ? partOfTown(s, p, to) : undefined;
          if (part) emit(c.subjects, "home", part, stateKind(c, v === "stay" ? "none" : "ended"), c.head);
          emit(c.subjects, "home", p?.value, stateKind(c, v === "stay" ? "none" : "ended"), c.head);
        }
      }
    } else if (SETTLE.has(v)) emit(c.subjects, "home", ppAfter(s, from, to, new Set(["in", "into"]))?.value, changeKind(c), c.head);
    // ("CommBank moved everyone to hot desks": an employer moving its people, no one's home)
    // ("Janice is all moved in to Dornoch": moved in, as a state, is a move)
    else if (MOVE.has(v) && (!c.passive || (v === "move" && ["in", "into"].includes(s[from]?.lower ?? ""))) && !(["everyone", "everybody", "us", "them", "people", "staff"].includes(s[from]?.lower ?? "") && c.subjects.some((e) => ctx.known?.[e] === undefined && ctx.seenAs?.[e] === "workplace"))) {
      const attr = afterAttr ?? "home";
      const away = ppAfter(s, from, to, new Set(["from"])) ?? (s[from]?.lower === "out" || s[from]?.lower === "away" ? ppAfter(s, from + 1, to, new Set(["of", "from"])) : undefined);
      if (away && !c.negated && !c.intent) emit(c.subjects, attr, away.value, "ended", c.head);
      // ("Then move to the island lor": a bare verb with no subject of its own urges the listener, and tells nothing)
      if (c.implicit && s[c.head].lower === s[c.head].lemma && !c.past && !c.perfect && (c.at === 0 || ["then", "so", "just"].includes(s[c.at - 1]?.lower ?? ""))) continue;
      let into: { value: string; end: number } | undefined = ppAfter(s, from, to, new Set(["to", "into"]));
      // "We finally moved the family to Talisay", "moved us all to Leeds": one's household moved with one
      const household = !into && !c.passive ? householdEnd(s, from, to) : -1;
      if (household > 0) into = ppAfter(s, household + 1, to, new Set(["to", "into"]));
      // "moved (back) in with my sister in Margate", "moved in together in Leeds", "moved in with my boyfriend near
      // Roath Park": the place after the company kept
      const inWith = s[from]?.lower === "back" ? from + 1 : from;
      if (!into && !away && s[inWith]?.lower === "in" && (s[inWith + 1]?.lower === "with" || s[inWith + 1]?.lower === "together")) {
        const j = s.findIndex((t, i) => i > inWith + 1 && i < to && (t.lower === "in" || t.lower === "near") && isName(s[i + 1]));
        into = j > 0 ? placeAt(s, j + 1, to) : undefined;
      }
      // "moving back to my parents in Bedok", "moved to my nan's in Leeds": to one's family, in a town
      if (!into && !away) {
        const t = s.findIndex((x, i) => i >= from && i < to && x.lower === "to" && (s[i + 1]?.lower === "my" || s[i + 1]?.lower === "our") && KIN.has(s[i + 2]?.lemma ?? ""));
        const j = t < 0 ? -1 : s.findIndex((x, i) => i > t + 2 && i <= t + 6 && i < to && x.lower === "in" && isName(s[i + 1]));
        if (j > 0) into = placeAt(s, j + 1, to);
      }
      // "moved to nights at the Royal Infirmary": a shift, not a place; the place after it is where they work
      if (into && SHIFTS.test(into.value)) {
        const at = ppAfter(s, into.end + 1, to, new Set(["at"]));
        if (at && !c.negated && !c.intent) emit(c.subjects, "workplace", at.value, stateKind(c) ?? "state", c.head);
        into = undefined;
        if (attr === "home") continue;
      }
      // "moved into a snowbank": a thing, with "a" and no name, is no home
      const thing = !!into && !upper(into.value) && ["a", "an"].includes(s[into.end - into.value.split(" ").length]?.lower ?? "");
      if (thing) into = undefined;
      // "Moved down in May." with no place: the home this speaker named earlier in the session ("Cork's treating me well")
      // (not under a future or a negation: "they won't even notice I've moved" tells no move yet)
      const embedded = clauses.some((x) => x !== c && x.at < c.at && (x.future || x.negated || x.intent));
      // "we moved up in May, left Cobh in a van": the home named before is the one left, not the new one
      const before = (ctx as SessionHomes).sessionHome?.[c.subjects[0]];
      const left = !!before && s.some((t, i) => t.lemma === "leave" && s.slice(i + 1, i + 4).some((x) => x.text === before.split(" ")[0]));
      // ("I moved the car to the garage": a thing moved is no move of one's own)
      const object = !!s[from] && (s[from].pos === "DET" || s[from].pos === "NOUN") && household < 0;
      const named = !into && !thing && !object && !away && !embedded && !left && attr === "home" && c.subjects.length === 1 && changeKind(c) === "change" ? before : undefined;
      // "I moved to Aga Khan University Hospital in June": an organisation's name is a workplace
      // ("moved to the planning department": a part of one's workplace, no organisation's name)
      // ("she's moved to the Nationwide head office in Swindon": an organisation's office, by its name)
      const office = attr === "home" && into ? officeOwner(into.value) : undefined;
      const org = attr === "home" && !!into && upper(into.value) && (organisationName(into.value) || !!office);
      emit(c.subjects, org ? "workplace" : attr, office ?? into?.value ?? named, changeKind(c), c.head);
    } else if (WORK.has(v) || (STOP.has(v) && s[from]?.lemma === "work")) {
      const stop = STOP.has(v);
      const start = stop ? from + 1 : from;
      // (the place is read after the job: "as civil engineer in Hawler Construction")
      let place = start;
      if (s[start]?.lower === "as") {
        const job = placeAt(s, start + 1, to);
        emit(c.subjects, "job", job?.value, stop ? endKind(c) : stateKind(c), c.head);
        if (job && s[start].pos !== "ADP") place = job.end + 1;
      }
      // "teach maths at X": a teaching verb's own object (a subject taught) may come before the place
      let obj = place;
      // ("teaching PE at Unley High", "teach French at X": a subject's name too)
      if (TEACH.has(v)) while (obj < to && (s[obj].pos === "NOUN" || s[obj].pos === "ADJ" || (s[obj].pos === "PROPN" && s[obj + 1]?.lower !== "in" && s.slice(obj + 1, to).some((x) => x.lower === "at")))) obj++;
      // ("working from my kitchen table in the Glebe": where one works from is no workplace; "from home for a company" is)
      let pp: { value: string; end?: number } | undefined = s[place]?.lower === "from" ? ppAfter(s, place, to, WORK_PREPS) : ppAfter(s, place, to, WORK_PREPS) ?? inOrganisation(s, place, to) ?? inOrganisationName(s, place, to) ?? (obj > place ? ppAfter(s, obj, to, new Set(["at"])) : undefined);
      // "in a laboratory, at Deccan Genomics": a kind of place, then its name
      const named = pp && !upper(pp.value) && pp.end !== undefined && s[pp.end + 1]?.text === "," && s[pp.end + 2]?.lower === "at" && isName(s[pp.end + 3]) ? placeAt(s, pp.end + 3) : undefined;
      if (named) pp = named;
      // "working on the Apple campus at Hollyhill", "at the Tesco depot in Thurrock": the organisation whose site it is
      const site = s[place]?.lower === "on" || s[place]?.lower === "at" ? (s[place + 1]?.lower === "the" && isName(s[place + 2]) ? placeAt(s, place + 2, to) : undefined) : undefined;
      // (the site's word may have been read into the name: "Apple Campus")
      const siteWords = site?.value.split(" ") ?? [];
      const inName = siteWords.length > 1 && NAMED_SITES.has(siteWords[siteWords.length - 1].toLowerCase());
      const owner = inName ? siteWords.slice(0, -1).join(" ") : site?.value;
      if (site && owner && (inName || SITES.has(s[site.end + 1]?.lower ?? "")) && !townName(owner)) pp = { value: owner, end: site.end };
      // "the one I work at, Café Turri": a stranded preposition, then the name set off by a comma
      if (!pp && WORK_PREPS.has(s[place]?.lower ?? "") && s[place + 1]?.text === "," && isName(s[place + 2]) && c.at > 0 && WORKPLACE_ONES.has(s[c.at - 1]?.lemma ?? "")) pp = placeAt(s, place + 2);
      emit(c.subjects, "workplace", pp?.value, stop ? endKind(c) : stateKind(c), c.head);
    } else if ((START.has(v) || JOIN.has(v) || SIGN.has(v)) && !jobNounIn(s, from, to)) {
      const at = s[from]?.lemma === "work" || WORK_GERUNDS.has(s[from]?.lower ?? "") ? from + 1 : from; // "started (working / teaching) at X"
      const target = JOIN.has(v) ? placeAt(s, from, to) : s[at]?.pos === "ADP" ? ppAfter(s, at, to, SIGN.has(v) ? new Set(["with"]) : new Set(["at", "with", "for"])) : undefined;
      if (JOIN.has(v) && target && !upper(target.value) && s[from]?.lower !== "the") continue; // "joined a book club"
      // "started with a bang": an indefinite common noun is no organisation
      if (target && !upper(target.value) && ["a", "an"].includes(s[at + 1]?.lower ?? "")) continue;
      emit(c.subjects, "workplace", target?.value, changeKind(c), c.head);
    } else if (TRANSFER.has(v) && s[from]?.lower === "to" && (isName(s[from + 1]) || (s[from + 1]?.lower === "the" && isName(s[from + 2]))) && !c.negated && !c.intent) {
      // "I transferred to St. Boniface Hospital", "I've been posted to Alliance High School": a new workplace (a town is
      // left to the readings of moves, "transferred to Leeds", and so is a site named by its town, "the Durban branch")
      const p = placeAt(s, s[from + 1].lower === "the" ? from + 2 : from + 1, to);
      const named = !!p && p.value.split(" ").every((x) => upper(x) || x === "of" || x === "&");
      if (p && named && !townName(p.value) && !isCountry(p.value) && !personNamed(ctx, p.value)) emit(c.subjects, "workplace", p.value, changeKind(c), c.head);
    } else if (v === "say" && s[from]?.lower === "yes" && s[from + 1]?.lower === "to" && isName(s[from + 2]) && !c.negated && !c.intent) {
      // "I said yes to WestJet": an offer accepted (not a person's: "said yes to Tom")
      const p = placeAt(s, from + 2, to);
      // (an organisation's kind of name: its head word, inner capitals or initials, not a bare first name)
      const orgLike = !!p && (organisationName(p.value) || /\p{Ll}\p{Lu}/u.test(p.value) || /^\p{Lu}{2,}$/u.test(p.value));
      if (p && orgLike && !personNamed(ctx, p.value) && !townName(p.value)) emit(c.subjects, "workplace", p.value, c.future ? "planned" : "change", c.head);
    } else if (v === "take" && !c.passive && isName(s[c.at]) && c.subjects.length === 1 && (s[from]?.lower === "me" || s[from]?.lower === "us") && (!s[from + 1] || s[from + 1].pos === "PUNCT" || s[from + 1].lower === "on")) {
      // "Castleknock Dental took me (on)": an organisation taking the speaker is hiring
      emit([speaker], "workplace", c.subjects[0], changeKind(c), c.head);
    } else if (EMPLOY.has(v) || (v === "take" && c.passive && s[from]?.lower === "on")) {
      // "I've been taken on by X": the phrasal verb of hiring
      if (v === "take") emit(c.subjects, "workplace", ppAfter(s, from + 1, to, new Set(["by", "at"]))?.value, changeKind(c), c.head);
      else if (c.passive) emit(c.subjects, "workplace", ppAfter(s, from, to, new Set(["by", "at"]))?.value, v === "hire" ? changeKind(c) : stateKind(c), c.head);
      else {
        const obj = s[from];
        const who = obj?.lower === "me" || obj?.lower === "us" ? [speaker] : obj && (obj.lower === "him" || obj.lower === "her") ? [resolvePronoun(ctx, obj.lower, turn, [...c.subjects, speaker])].filter((x): x is string => !!x) : [];
        if (c.subjects.length === 1 && who.length) emit(who, "workplace", c.subjects[0], changeKind(c), c.head);
      }
    } else if ((v === "make" || v === "promote" || v === "appoint") && c.passive && !c.negated && !c.intent && promotedAt(s, from, to)) {
      emit(c.subjects, "workplace", promotedAt(s, from, to), changeKind(c), c.head);
    } else if (v === "sell" && !c.negated && !c.intent && !c.future && ["the", "my", "our", "his", "her", "their"].includes(s[from]?.lower ?? "") && DWELLING.has(s[from + 1]?.lemma ?? "") && s[from + 2]?.lower === "in") {
      // "my mom finally sold the house in Regina": a home sold is a home left
      const p = placeAt(s, from + 3, to);
      if (p && upper(p.value)) emit(c.subjects, "home", p.value, "ended", c.head);
    } else if (v === "leave" && s[from]?.lower === "for" && isName(s[from + 1]) && s.some((t, i) => t.lemma === "pack" || (t.lower === "new" && DWELLING.has(s[i + 1]?.lemma ?? "")))) {
      // "We packed up and left for Utrecht, the new place is smaller": leaving for a place with one's things is a move
      emit(c.subjects, "home", placeAt(s, from + 1, to)?.value, changeKind(c), c.head);
    } else if ((QUIT.has(v) || DISMISS.has(v) || redundant(s, c)) && !jobNounIn(s, from, to)) {
      // "I left the hospital in March": "the" and the last word of the known workplace is that workplace
      const known = c.subjects.length === 1 ? ctx.known?.[c.subjects[0]]?.workplace : undefined;
      const theKnown = QUIT.has(v) && !c.passive && s[from]?.lower === "the" && !!known && s[from + 1]?.lower === known.split(" ").pop()!.toLowerCase() ? { value: known, end: from + 1 } : undefined;
      const p = theKnown ?? (QUIT.has(v) && !c.passive ? (s[from]?.pos === "ADP" ? ppAfter(s, from, to, new Set(["from"])) : isName(s[from]) ? placeAt(s, from, to) : undefined) : ppAfter(s, redundant(s, c) ? from + 1 : from, to, new Set(["from", "at", "by"])));
      // "left Bristol" where Bristol is the one's known home, or a town of the gazetteer never said to be a
      // workplace ("he's just left Kraków"): a move, not a job
      // (not one left for a workplace named after it: "I left Brookside, I'm at Westgate Vets now")
      const town = !!p && ctx.seenAs?.[p.value] !== "workplace" && placesNamed(p.value).length > 0 && !s.slice(p.end + 1).some((t, i, r) => t.lower === "at" && ["'m", "am", "im"].includes(r[i - 1]?.lower ?? "") && isName(r[i + 1]) && !placesNamed(placeAt(s, p.end + 2 + i)?.value ?? "").length);
      const home = v === "leave" && !!p && c.subjects.length === 1 && (ctx.known?.[c.subjects[0]]?.home === p.value || ctx.seenAs?.[p.value] === "home" || town);
      // "leaving Launceston now, be at yours by 2": setting off on a trip ends nothing; from a town, it is where one is
      const setOff = v === "leave" && s[c.head].lower === "leaving" && !c.past && !!p && ["now", "shortly", "soon"].includes(s[p.end + 1]?.lower ?? "");
      if (setOff && home) emit(c.subjects, "home", p.value, "state", c.head);
      if (setOff) continue;
      // "I left Infosys at 6", "left BTM Layout at 8, badged in at Infosys at 9:45": leaving at an hour of the day ends
      // nothing; left before getting in to work, it is home, else (no town) work
      if (v === "leave" && p && ["at", "by", "around"].includes(s[p.end + 1]?.lower ?? "") && /^\d/.test(s[p.end + 2]?.text ?? "")) {
        const arrived = s.slice(p.end + 3).some((t) => ARRIVED.has(t.lower));
        if (arrived && !organisationName(p.value)) emit(c.subjects, "home", p.value, "state", c.head);
        else if (!arrived && !home) emit(c.subjects, "workplace", p.value, "state", c.head);
        continue;
      }
      // "I've barely left Falkirk in months": hardly leaving a place is staying there
      const barely = ["barely", "hardly", "rarely", "scarcely"].includes(s[c.head - 1]?.lower ?? "");
      emit(c.subjects, home ? "home" : "workplace", p?.value, barely ? (home ? "state" : undefined) : endKind(c), c.head);
      // "my brother just left Paris for Marseille": the town left for is the new home
      const forTown = home && p && s[p.end + 1]?.lower === "for" && isName(s[p.end + 2]) ? placeAt(s, p.end + 2, to) : undefined;
      if (forTown && placesNamed(forTown.value).length > 0) emit(c.subjects, "home", forTown.value, changeKind(c), c.head);
      // "I'm leaving Adidas for Puma": the organisation left for is the new workplace
      const forWork = v === "leave" && !home && p && s[p.end + 1]?.lower === "for" && isName(s[p.end + 2]) ? placeAt(s, p.end + 2) : undefined;
      // (a name a small town shares, "Puma", is the organisation here; a city is a move)
      if (forWork && placesNamed(forWork.value).every((x) => x.population < 100000) && ctx.seenAs?.[forWork.value] !== "home" && !isCountry(forWork.value) && !namesSomeone(ctx, forWork.value, { firstName: "value", known: true })) emit(c.subjects, "workplace", forWork.value, changeKind(c), c.head);
    } else if (BECOME.has(v)) emit(c.subjects, "job", jobPhrase(s, from, to), changeKind(c), c.head);
    else if (v === "do" && c.passive && (s[from]?.lower === "with" || s[from]?.lower === "at") && (isName(s[from + 1]) || (s[from + 1]?.lower === "the" && isName(s[from + 2])))) emit(c.subjects, "workplace", placeAt(s, isName(s[from + 1]) ? from + 1 : from + 2, to)?.value, c.negated ? undefined : "ended", c.head);
    else if (v === "do" && c.progressive && !c.past && s[from]?.pos === "NOUN" && !DETS.has(s[from].lower) && s[from + 1]?.lower === "at" && isName(s[from + 2])) {
      // "I'm doing marketing at Adinkra Media now": a bare line of work, done at a named place
      emit(c.subjects, "workplace", placeAt(s, from + 2, to)?.value, stateKind(c), c.head);
    }
    else if (BUY.has(v) && DWELLING.has(nounAfter(s, from, to)?.lemma ?? "") && !(nounAfter(s, from, to)?.lemma === "room" && roomForStay(s))) {
      const d = s.findIndex((t, i) => i >= from && DWELLING.has(t.lemma));
      let p: { value: string; end: number } | undefined = ppAfter(s, d + 1, to, new Set(["in", "near", "outside"]));
      // ("a small room near the Kremlin": near a landmark named with "the" is no town)
      if (p && s[d + 1]?.lower === "near" && s[d + 2]?.lower === "the" && upper(p.value)) p = undefined;
      // "a little house near the water in Sydney": the town after the landmark
      if (p && !upper(p.value) && s[p.end + 1]?.lower === "in" && isName(s[p.end + 2])) p = placeAt(s, p.end + 2, to);
      // ("found a small house near the lake": no name, no home told)
      else if (p && !upper(p.value)) p = undefined;
      // "we've found him a flat in Marlborough": the home of the one it was found for
      if (s[from]?.lower === "him" || s[from]?.lower === "her") {
        const forWhom = resolvePronoun(ctx, s[from].lower, turn, [speaker, ...c.subjects]);
        if (forWhom && !ctx.speakers.includes(forWhom)) emit([forWhom], "home", p?.value, changeKind(c), c.head);
        continue;
      }
      emit(c.subjects, "home", p?.value, v === "rent" ? stateKind(c) : c.perfect && v === "get" ? stateKind(c) : changeKind(c), c.head);
    } else if (CALL.has(v) && s.slice(from, to).some((t) => t.lower === "home")) {
      // "I call Leeds home now": the name right before "home" ("I'll call Mummy from Piccadilly on my way home" is a phone call)
      const h = s.findIndex((t, i) => i >= from && i < to && t.lower === "home");
      const p = placeAt(s, from, h);
      if (p && p.end === h - 1) emit(c.subjects, "home", p.value, stateKind(c), c.head);
    }
  }
  nominal(s, clauses, speaker, ctx, turn, emit, clauseAt);
  return out;
}

const nounAfter = (s: Tok[], from: number, to: number): Tok | undefined => s.slice(from, to).find((t) => t.pos === "NOUN" || (t.pos === "ADJ" && DWELLING.has(t.lemma)));
const jobNounIn = (s: Tok[], from: number, to: number): boolean => s.slice(from, Math.min(to, from + 5)).some((t) => JOB_NOUNS.has(t.lemma) && t.pos === "NOUN");

/** Words for an organisation's site; the first ones may be read into its name ("Apple Campus"), an office, store or branch not ("Post Office"). */
const NAMED_SITES = new Set(["campus", "site", "plant", "depot", "factory", "warehouse", "yard"]);
const SITES = new Set([...NAMED_SITES, "office", "offices", "store", "branch"]);
/** Trips and short stays after a place: "for work", "four times", "for the weekend", "until Friday", "on holiday" … */
const SHORT_STAY = /\b(?:for work|for a conference|on business|times|twice|for (?:the|a|two|three|a few|a couple of) (?:\S+ )?(?:weekend|week|weeks|days?|nights?|conference|wedding|meeting|trip|holidays?|funeral|course|offsite|festival|gig|match|launch|party|summit|retreat)|this (?:week|weekend)|on (?:holiday|vacation|a trip|a course)|until (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow)|every (?:single )?(?:weekend|sunday|saturday|friday|summer|holiday|half-term)|most weekends)\b/;

/** A speaker or a person of the conversation, named by the whole value ("I'm with Dana" names no employer). */
const personNamed = (ctx: SessionContext, v: string): boolean => (ctx.people ?? []).some((r) => r.name === v) || ctx.speakers.includes(v);

/** "I'm a nurse at X", "we're still in Glasgow", "I'm not with Tyrell anymore", "I'm done with X". */
function readCopula(s: Tok[], c: Clause, emit: Emit, ctx: SessionContext): void {
  let j = c.head + 1;
  while (j < c.end && (s[j].pos === "ADV" || s[j].lower === "not" || (s[j].lower === "no" && s[j + 1]?.lower === "longer"))) j++;
  // "We've been out in Minnedosa three years", "I'm over in Leith now": a direction before "in"
  if (["out", "over", "up", "down"].includes(s[j]?.lower ?? "") && s[j + 1]?.lower === "in") j++;
  // ("I'm only down the road in Mumbles")
  else if (["up", "down"].includes(s[j]?.lower ?? "") && s[j + 1]?.lower === "the" && ["road", "street", "hill", "way"].includes(s[j + 2]?.lower ?? "") && s[j + 3]?.lower === "in") j += 3;
  const t = s[j];
  if (!t) return;
  const kind = stateKind(c, "none");
  // "I'm in the Maryborough Hotel these days, breakfast shifts": in a named workplace of its kind, now
  if (t.lower === "in" && s[j + 1]?.lower === "the" && isName(s[j + 2]) && !c.past && !c.future && !c.intent) {
    const p = placeAt(s, j + 2, c.end);
    const stay = p && SHORT_STAY.test(s.slice(p.end + 1, c.end).map((x) => x.lower).join(" "));
    if (p && !stay && p.value.includes(" ") && WORKPLACE_KINDS.has(p.value.split(" ").pop()!.toLowerCase())) return emit(c.subjects, "workplace", p.value, kind, c.head);
  }
  if (t.lower === "in" && isName(s[j + 1])) {
    // "keeps the heat at 24 like we're in Cancún", "as if I'm in Dubai": a likeness, not a place one is; "next time
    // I'm in Auckland", "whenever I'm in Leeds": a time one is there, a visit
    if (s[c.at - 1]?.lower === "like" || ((s[c.at - 1]?.lower === "if" || s[c.at - 1]?.lower === "though") && s[c.at - 2]?.lower === "as") || s[c.at - 1]?.lower === "whenever" || (s[c.at - 1]?.lower === "time" && s[c.at - 2]?.lower === "next")) return;
    // "I've been in Sopot with her every day": being somewhere with someone is a visit, not a home
    const p = placeAt(s, j + 1, c.end);
    if (p && s[p.end + 1]?.lower === "with" && (s[p.end + 2]?.pos === "PRON" || isName(s[p.end + 2]))) return;
    // "I've been in Lisbon for work four times this month": trips, counted or for work, are no home (the clause ends at a
    // comma that opens another, commaSplice in clause.ts: "I'm in Gachibowli now, it's twice the size")
    const rest = s.slice((p?.end ?? j) + 1, c.end).map((x) => x.lower).join(" ");
    // … and so are short stays: "in Paris for the weekend", "in Rome this week", "in Oslo on holiday", "until Friday",
    // "in Berlin for the nordwave offsite", "in Medicine Hat every single weekend since Easter"
    if (SHORT_STAY.test(rest)) return;
    const part = p && partOfTown(s, p, c.end);
    if (part) emit(c.subjects, "home", part, kind, c.head);
    return emit(c.subjects, "home", p?.value, kind, c.head);
  }
  // "I'm at the Machir Bay Cafe now": "the" and a name, when the clause says it is new, lasting or over
  // … or, present and unhedged, when the name's last word says it is a workplace ("I'm at the Maritime Museum")
  const kindHead = t.lower === "at" && s[j + 1]?.lower === "the" && isName(s[j + 2]) && !c.past && !c.future && WORKPLACE_KINDS.has((placeAt(s, j + 2, c.end)?.value.split(" ").pop() ?? "").toLowerCase());
  const theName = t.lower === "at" && s[j + 1]?.lower === "the" && isName(s[j + 2]) && (c.now || c.still || c.noLonger || c.negated || kindHead);
  // ("I'm still with the Yukon Government", "been with the NHS", "with the City of Regina": "with the", an organisation)
  const withThe = t.lower === "with" && s[j + 1]?.lower === "the" && (isName(s[j + 2]) || upper(s[j + 2]?.text ?? "")) && organisationShaped(placeAt(s, j + 2, c.end)?.value ?? "");
  // "I'm still with my parents in Bukit Batok": living with one's family in a town
  if (t.lower === "with" && ["my", "our"].includes(s[j + 1]?.lower ?? "") && KIN.has(s[j + 2]?.lemma ?? "") && s[j + 3]?.lower === "in" && isName(s[j + 4]) && !c.past && !c.future && !c.intent) return emit(c.subjects, "home", placeAt(s, j + 4, c.end)?.value, kind, c.head);
  // ("I'm with a small startup now, Chalo Kitchens": an organisation by its kind, then its name after a comma)
  let kindEnd = (t.lower === "at" || t.lower === "with") && (s[j + 1]?.lower === "a" || s[j + 1]?.lower === "an") ? j + 2 : -1;
  // ("at a small design place in Shoreditch now, Tin Can Studio": a noun before the kind, its town after it)
  while (kindEnd > 0 && (s[kindEnd]?.pos === "ADJ" || (s[kindEnd]?.pos === "NOUN" && s[kindEnd + 1]?.pos === "NOUN"))) kindEnd++;
  let kindTo = kindEnd + (s[kindEnd + 1]?.lower === "in" && isName(s[kindEnd + 2]) ? (placeAt(s, kindEnd + 2, c.end)?.end ?? kindEnd) - kindEnd : 0);
  kindTo += s[kindTo + 1]?.lower === "now" ? 2 : 1;
  const kindOf = kindEnd > 0 && (WORKPLACE_KINDS.has(s[kindEnd]?.lemma ?? "") || ["startup", "company", "charity", "place", "firm", "agency"].includes(s[kindEnd]?.lemma ?? "")) ? kindTo : -1;
  if (kindOf > 0 && s[kindOf]?.text === "," && isName(s[kindOf + 1]) && !personNamed(ctx, placeAt(s, kindOf + 1, c.end)?.value ?? "")) return emit(c.subjects, "workplace", placeAt(s, kindOf + 1, c.end)?.value, kind, c.head);
  if ((t.lower === "at" || t.lower === "with") && (isName(s[j + 1]) || theName || withThe)) {
    const p = placeAt(s, j + 1, c.end);
    // ("I'm at Liberty Midlands buying a birthday present": there as a customer)
    let doing = (p?.end ?? j) + 1;
    while (isName(s[doing])) doing++;
    if (p && s[doing]?.pos === "VERB" && s[doing].lower.endsWith("ing") && ERRANDS.has(s[doing].lemma)) return;
    // ("I'm at Samsung's office in Ridgefield Park": the organisation)
    if (p && !personNamed(ctx, p.value)) emit(c.subjects, "workplace", officeOwner(p.value) ?? p.value, kind, c.head);
    return;
  }
  // "I'm done with X", "I'm done at Manitoba Hydro"
  if (t.lower === "done" && (s[j + 1]?.lower === "with" || s[j + 1]?.lower === "at") && isName(s[j + 2])) return emit(c.subjects, "workplace", placeAt(s, j + 2, c.end)?.value, c.negated ? undefined : "ended", c.head);
  // "Mike's the new chef at Nando's", "she's the manager at the Red Lion": a job with "the", at a named organisation
  if (t.lower === "the") {
    let e = j + 1;
    while (e < c.end && s[e].pos === "ADJ") e++;
    const at = s[e + 1]?.lower === "at" || s[e + 1]?.lower === "for" ? e + 2 : -1;
    const named = at > 0 && (isName(s[at]) || (s[at]?.lower === "the" && isName(s[at + 1])));
    if (named && s[e]?.pos === "NOUN" && JOB_WORDS.has(s[e].lemma)) {
      const p = placeAt(s, at, c.end);
      if (p && !personNamed(ctx, p.value)) emit(c.subjects, "workplace", p.value, stateKind(c), c.head);
    }
    return;
  }
  // "I'm a Wellingtonian these days", "we're Aucklanders now": a resident of a town, by its regular name
  const resident = demonymTown(s[t.lower === "a" || t.lower === "an" ? j + 1 : j]?.text ?? "");
  if (resident) return emit(c.subjects, "home", resident, kind, c.head);
  // "no longer a Ford employee", "a Tesco lifer": an organisation's employee
  if ((t.lower === "a" || t.lower === "an") && upper(s[j + 1]?.text ?? "") && !personNamed(ctx, s[j + 1].text)) {
    const p = placeAt(s, j + 1, c.end);
    const words = p?.value.split(" ") ?? [];
    if (p && words.length > 1 && EMPLOYEES.has(words[words.length - 1].toLowerCase())) return emit(c.subjects, "workplace", words.slice(0, -1).join(" "), stateKind(c), c.head);
  }
  const np = placeAt(s, j, c.end);
  // "a nurse at X", and "a marine biologist, at X now": the organisation may follow a comma
  // ("a lead engineer now at X": "now" may stand between)
  const gap = np && (s[np.end + 1]?.text === "," || (s[np.end + 1]?.lower === "now" && s[np.end + 2]?.lower === "at")) ? 1 : 0;
  const atOrg = !!np && s[np.end + 1 + gap]?.lower === "at" && upper(placeAt(s, np.end + 2 + gap, c.end)?.value ?? "");
  const job = jobPhrase(s, j, c.end, !atOrg);
  if (!job) return;
  emit(c.subjects, "job", job, stateKind(c), c.head);
  const after = placeAt(s, j, c.end)!.end + 1 + (atOrg ? gap : 0);
  // ("an accountant with Deloitte", "a nurse with the NHS": with an organisation, no person)
  const withOrg = s[after]?.lower === "with" && (isName(s[after + 1]) || (s[after + 1]?.lower === "the" && isName(s[after + 2]))) && !personNamed(ctx, placeAt(s, after + 1, c.end)?.value ?? "") && !["at", "and"].includes(s[(placeAt(s, after + 1, c.end)?.end ?? after) + 1]?.lower ?? "");
  if (s[after]?.lower === "at" || s[after]?.lower === "for" || withOrg) emit(c.subjects, "workplace", placeAt(s, after + 1, c.end)?.value, stateKind(c), c.head);
  // "she's a nanny in Hong Kong now": a town the job is done in is where the person lives; "a cook in a hotpot
  // restaurant, Lao Ma Hotpot" or "in Hawler Construction": an organisation is where the job is
  // ("a nurse too, out in Lubbock": after a comma and a word of distance, the town only)
  let inAt = after;
  while (["too", ",", "out", "over", "up", "down"].includes(s[inAt]?.lower ?? "")) inAt++;
  if (inAt > after && s[inAt]?.lower === "in" && isName(s[inAt + 1]) && placesNamed(placeAt(s, inAt + 1)?.value ?? "").length > 0) emit(c.subjects, "home", placeAt(s, inAt + 1)?.value, stateKind(c), c.head);
  else if (s[after]?.lower === "in") {
    const p = placeAt(s, after + 1, c.end);
    if (p && isName(s[after + 1]) && placesNamed(p.value).length > 0) {
      emit(c.subjects, "home", p.value, stateKind(c), c.head);
      // ("a nurse in Dubai, at Rashid Hospital": the workplace set after the town)
      if (s[p.end + 1]?.text === "," && s[p.end + 2]?.lower === "at" && isName(s[p.end + 3])) emit(c.subjects, "workplace", placeAt(s, p.end + 3, c.end)?.value, stateKind(c), c.head);
    }
    else if (p && upper(p.value) && (organisationName(p.value) || !isName(s[after + 1]))) emit(c.subjects, "workplace", p.value, stateKind(c), c.head);
  }
}

