/**
 * The offline triple extractor (label `offline:nous-nlp-v3`), built on wink-nlp with its English lite model
 * (nlp.ts): sentences, part-of-speech tags, lemmas, negation flags, date entities; clauses read from the tag
 * sequence (clause.ts).
 *
 * - Subjects are resolved (referents.ts): I/we → the speaker; "you" → the other speaker; he/she/they → a person the
 *   session named (never a place, a breed or a pet), or left unresolved; a name → that person; "my sister (Anna)" →
 *   the relation (speaker, family, "sister Anna") and the person ("Anna", or "Ann's sister") as a subject.
 * - States (states.ts): home, workplace and job, with the kind their grammar gives (state, change, ended, planned:
 *   tense, "still", "anymore", "no longer", "used to", negation) and a confidence: `hedgeConfidence` for a sentence
 *   hedged or joking by its cues (cues.ts: haha, lol, basically, practically, at this rate …), `planConfidence` for
 *   a planned change, 1 otherwise.
 * - Other attributes (activities.ts): hobby, pet, travel, event, preference, identity, education, health, plan,
 *   relationship, possession, activity; values lemmatised, negation kept in the value ("not college").
 * - Questions, conditionals ("if") and would/could/might are not facts.
 * - Last resorts, counted by the caller through `fallback`: a shared photo's caption (`photo`), else the first
 *   content lemmas (`talked about`).
 */
import type { Triple, Turn } from "../types.js";
import type { Tok } from "./nlp.js";
import { readActivity } from "./activities.js";
import { readClauses, type Clause } from "./clause.js";
import { afterHeading, asksBack, beforeHedge, doubts, exasperated, hedgedSentences, hedgeStart, laughsAt, laughsElsewhere, mainClause, takesBack } from "./cues.js";
import { wordSet } from "./lexicon.js";
import { analyse, inLexicon, isName, nameAt, upper } from "./nlp.js";
import { isCountry, mayLieWithin, placesNamed } from "./gazetteer.js";
import { addPet, speakerNamed, takeAskedAbout, thirdAgreeing, type SessionContext } from "./referents.js";
import { personNamed, personSubject } from "./people.js";
import { districtsNamed, knownHomeWithin, placesWithin } from "./within.js";
import type { SessionHomes } from "./states-indirect.js";
import { appliedAt, firstDaysAt, lastDayAt, openedBusiness, runsBusiness, homeInPassing, homeSaidTo, relationVisited, travelHome } from "./states-at.js";
import { atOrganisation } from "./states-at-name.js";
import { knownByKind, organisationName, placeAt } from "./states-common.js";
import { lastResort, namedAfter, replyHomeAtWork } from "./turn-end.js";
import { greetings } from "./greetings.js";
import { asides, welcomedTo } from "./asides.js";
import { newsAsked, whichAnswer } from "./asked-about.js";
import { speakerRelations } from "./speaker-relations.js";
import { dropOldRemarks, jobMoves } from "./moves.js";
import { elidedStill, localHome, movedInPassing, postedTo, weatherHome, workCompound } from "./states-agents.js";
import { employerActs, leftWorkAt } from "./states-employer.js";
import { everydayStates, toldNews } from "./states-everyday.js";
import { commute, dayAt, jobFragment, servedAt, writtenFrom } from "./states-remarks.js";
import { townRemark } from "./states-town-remark.js";
import { isQuestion, toldAsNews, noteTurnQuestion, replyState } from "./replies.js";
import { noteAttribute, noteEnded, notePendingEnd, notePresumed, noteTripTalk, takePresumed } from "./pending.js";
import { fragmentValue } from "./fragments.js";
import { nameAndYes, questionTail, readQuestion, statedLeads } from "./questions.js";
import { dropCrossedReadings, dropStatedEnded, valuelessNews } from "./news.js";
import { askedAtWork, presumedHomes } from "./presumed.js";
import { kindAsked, kindNamed, offeredIn, talksOfWork, workplaceKindAt } from "./which.js";
import { readStates } from "./states.js";
import { indirectStates, noteKnown } from "./states-indirect.js";
import { fittedNames } from "./mentions.js";
import { EXTRACTOR_DEFAULTS, type ExtractorOptions } from "./extractor-options.js";
import { addressedPerson, noPlaceValue } from "./name-context.js";

export { analyse, type Tok } from "./nlp.js";
export type { SessionContext } from "./referents.js";
export const EXTRACTOR_LABEL = "offline:nous-nlp-v3";

/** The canonical attributes the offline extractor writes. */
export const ATTRIBUTES = [
  "job", "workplace", "home", "origin", "hobby", "pet", "family", "relationship", "plan", "possession", "event", "travel",
  "preference", "identity", "education", "health", "activity", "photo", "talked about",
] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export interface OfflineExtraction {
  triples: Triple[];
  mentions: string[];
  /** Which last resort produced the triples, if any ("talked about" or "photo"). */
  fallback?: "talked about" | "photo";
}

const MOVE = wordSet("moveVerbs");
const TRIP = wordSet("tripWords");

const WORK_UNITS = /\b(?:department|dept|team|ward|unit|branch|division|desk|shift|role|position|job|project)$/i;
const FIRST_PERSON = new Set(["i", "i'm", "me", "my", "mine", "we", "we're", "us", "our", "am"]);

/**
 * Extracts (entity, attribute, value) triples and the names a turn mentions.
 *
 * @example
 * extract({ id: "D1:1", speaker: "Ann", text: "My sister Anna just moved to Boston.", timestamp: 0 }, { speakers: ["Ann", "Bob"] });
 * // triples: (Ann, family, sister Anna), (Anna, home, Boston, change); mentions: ["Anna", "Boston"]
 */
export function extract(turn: Turn, ctx: SessionContext, caption?: string, options: Partial<ExtractorOptions> = {}): OfflineExtraction {
  const o = { ...EXTRACTOR_DEFAULTS, ...options };
  const triples: Triple[] = [];
  const mentions: string[] = [];
  const other = ctx.speakers.find((s) => s !== turn.speaker);
  const isSpeakerName = (n: string): boolean => speakerNamed(ctx, n);
  const add = (t: Triple) => {
    const v = t.value.trim().replace(/\s+/g, " ");
    if (v.length < 2 || v === "not") return;
    if ((t.attribute === "home" || t.attribute === "workplace") && noPlaceValue(t.attribute, v.replace(/^not /, ""))) return;
    // a unit or a named office of a workplace ("Moved to the planning department", "she stay in Blizzard office"; not
    // a joke's, "the office is basically my home"), or a reply's workplace ("work is still Woodside?"), is no home
    if (t.attribute === "home" && (WORK_UNITS.test(v) || (/ office$/i.test(v) && (t.confidence ?? 1) >= 1) || (reply?.attribute === "workplace" && !reply.indirect && reply.value === v && t.entity === (reply.entity ?? turn.speaker)))) return;
    if (!triples.some((x) => x.entity === t.entity && x.attribute === t.attribute && x.value === v && x.kind === t.kind)) triples.push({ ...t, value: v });
  };
  const mention = (n: string) => void (!isSpeakerName(n) && !mentions.includes(n) && mentions.push(n));
  const sentences = statedLeads(analyse(turn.text));
  const hedges = hedgedSentences(sentences);
  // a bare name answering "where do you live / work?" is the replier's state
  const reply = replyState(ctx, turn.speaker, sentences);
  const presumed = takePresumed(ctx, turn.speaker);
  if (reply) {
    const conf = reply.indirect ? { confidence: o.indirectConfidence } : {};
    if (reply.within) {
      add(o.kinds ? { entity: turn.speaker, attribute: "home", value: reply.within, kind: "state" } : { entity: turn.speaker, attribute: "home", value: reply.within });
      add({ entity: reply.value, attribute: "within", value: reply.within });
    }
    const who = reply.entity ?? turn.speaker;
    add(o.kinds ? { entity: who, attribute: reply.attribute, value: reply.value, kind: reply.kind, ...conf } : { entity: who, attribute: reply.attribute, value: reply.kind === "ended" ? `not ${reply.value}` : reply.value, ...conf });
    mention(reply.value);
  }
  const indirect = (entity: string, attribute: "home" | "workplace" | "job", value: string, hedged: boolean) => {
    if (attribute !== "job" && !hedged && knownByKind(ctx.known?.[entity]?.[attribute], attribute, value)) return;
    // (a city the known home may lie within holds it: within.ts)
    const home = attribute === "home" ? knownHomeWithin(ctx, entity, value) : undefined;
    if (home) return void add({ entity: home, attribute: "within", value });
    add({ entity, attribute, value, ...(o.kinds ? { kind: "state" as const } : {}), confidence: hedged ? o.hedgeConfidence : o.indirectConfidence });
    if (upper(value)) mention(value);
  };
  // what a question presumes about where the listener lives and works ("How's Leipzig treating you?", "your boss at X")
  if (other) {
    const workplaces: string[] = [];
    // ("How's Uncle Walt's knee?": a person by kin is no place)
    for (const v of presumedHomes(sentences, ctx, workplaces).filter((x) => !addressedPerson(x))) {
      // "How's Orchard Software?" asks about a workplace
      if (organisationName(v) || ctx.seenAs?.[v] === "workplace" || askedAtWork(sentences, v, ctx)) {
        indirect(other, "workplace", v, false);
        continue;
      }
      // ("I walk to work from my place in Kitsilano" … "How's Vancouver?": the city around the listener's stated home)
      const stated = ctx.known?.[other]?.home;
      if (stated && ctx.seenAs?.[stated] === "home" && mayLieWithin(stated, v)) {
        add({ entity: stated, attribute: "within", value: v });
        continue;
      }
      indirect(other, "home", v, false);
      notePresumed(ctx, other, v);
    }
    for (const v of workplaces) indirect(other, "workplace", v, false);
  }
  // "Not in Tromsø anymore! Stavanger since August.": a verbless name after the speaker ended a home or job is the new one
  const pending = ctx.pendingEnd?.entity === turn.speaker && !reply ? ctx.pendingEnd : undefined;
  let endedHere: "home" | "workplace" | undefined = pending?.attribute ?? (reply?.kind === "ended" && !reply.entity ? reply.attribute : undefined);
  // what is said in passing (states-agents.ts, states-remarks.ts), unless the sentence stated the same attribute directly; one set of
  // closures per turn, over the current sentence's states and hedge
  const cur: { states: readonly { entity: string; attribute: string; value: string; kind?: string }[]; hedged: boolean; whom?: string; s: Tok[]; start: number } = { states: [], hedged: false, s: [], start: 0 };
  const passing = (said: string, attribute: "home" | "workplace" | "job", value: string) => {
    const entity = said === turn.speaker && cur.whom ? cur.whom : said;
    // (an ending stated in the sentence leaves room for the new value: "I left the hospital and now I manage …")
    if (!cur.states.some((st) => st.entity === entity && st.attribute === attribute && (st.kind !== "ended" || st.value === value))) indirect(entity, attribute, value, cur.hedged && !beforeHedge(cur.s, value, cur.start));
    // ("I just resigned." … "Officially AirAsia person now.": the value after an ending waiting for it is the new one)
    if (entity === turn.speaker && attribute === endedHere && !cur.hedged) endedHere = undefined;
  };
  const endedAt = (value: string) => {
    add(o.kinds ? { entity: turn.speaker, attribute: "workplace", value, kind: "ended" } : { entity: turn.speaker, attribute: "workplace", value: `not ${value}` });
    endedHere = "workplace";
  };
  // "I'm in Monaco now." "Really?!" "No lad 😂 Southport.": a claim the listener doubted, taken back, ends
  const claim = ctx.claim;
  ctx.claim = undefined;
  if (claim && claim.speaker !== turn.speaker && doubts(sentences)) ctx.claim = { ...claim, doubted: true };
  const endAll = (entity: string, values: readonly { attribute: "home" | "workplace"; value: string }[]) => values.forEach((c) => add(o.kinds ? { entity, attribute: c.attribute, value: c.value, kind: "ended" } : { entity, attribute: c.attribute, value: `not ${c.value}` }));
  if (claim?.doubted && claim.speaker === turn.speaker && takesBack(sentences)) endAll(turn.speaker, claim.values);
  // "I've moved into the staffroom." "Haha pole.": a change the listener laughs at was a joke, and ends
  if (claim && claim.speaker !== turn.speaker && laughsAt(sentences)) endAll(claim.speaker, claim.values.filter((c) => c.change));
  const moved = (entity: string, attribute: "home", value: string, kind: "state" | "change" | "ended") => {
    if (cur.states.some((st) => st.entity === entity && st.attribute === attribute && (kind !== "ended" || st.value === value))) return;
    const confidence = cur.hedged ? o.hedgeConfidence : o.indirectConfidence;
    add(o.kinds ? { entity, attribute, value, kind, confidence } : { entity, attribute, value: kind === "ended" ? `not ${value}` : value, confidence });
    if (kind === "ended") endedHere = "home";
  };
  const applied = appliedAt(sentences);
  // "I opened my own place! A little bistro in Brixton called Little Saffron."
  const newJob = (value: string) => add(o.kinds ? { entity: turn.speaker, attribute: "workplace", value, kind: "change" } : { entity: turn.speaker, attribute: "workplace", value });
  const opened = openedBusiness(sentences);
  if (opened && !isSpeakerName(opened)) {
    newJob(opened);
    mention(opened);
  }
  // a reply to the other speaker's "How's Mārtiņš doing?" (asked just before), or about whom a question was ("Fenella? Still in Whitby?")
  const askedOf = takeAskedAbout(ctx, turn.speaker, reply?.entity);
  // "my brother's moving to Dubai!!" "sam?? for real": a name asked back at once names the relation
  const unnamed = ctx.unnamedRelation?.holder !== turn.speaker ? ctx.unnamedRelation : undefined;
  ctx.unnamedRelation = undefined;
  // "She's working at a hotel there." "Which hotel?" "Atlantis The Palm.": the named one
  const common = ctx.common;
  if (common?.asked && common.teller === turn.speaker && sentences[0] && !isQuestion(sentences[0])) {
    // "Which depot, the Royal Mail one?" "That's the one.": the name offered, confirmed
    // "Lairds. Cammell Laird.": a one-word name said again in full
    const again = sentences[1] && whichAnswer(sentences[1]);
    const first = whichAnswer(sentences[0]);
    const v = (first && !first.includes(" ") && again && again.split(" ").length > 1 && again.split(" ").length === sentences[1].length - 1 ? again : first) ?? (common.offered && /^\W*(?:yes|yeah|yep|yup|ya|yah|aye|that'?s (?:the|that) one|that one|the very same|same as (?:always|ever)|correct|exactly)\b/i.test(turn.text) ? common.offered : undefined);
    if (v && !isSpeakerName(v) && !(ctx.people ?? []).some((r) => r.name === v)) {
      add(o.kinds ? { entity: common.entity, attribute: common.attribute, value: v, kind: "state" } : { entity: common.entity, attribute: common.attribute, value: v });
      mention(v);
    }
  }
  if (common && (common.asked || common.teller === turn.speaker)) ctx.common = undefined;
  // "Shift started at 6, ship in dry dock" "Which yard dat is?": the workplace the other speaker spoke of, by its kind
  const worker = ctx.workTalk !== turn.speaker ? ctx.workTalk : undefined;
  ctx.workTalk = undefined;
  const asked = !common && worker ? kindAsked(sentences) : undefined;
  if (asked) ctx.common = { teller: worker!, entity: worker!, attribute: "workplace", asked: true, ...asked };
  if (common && !common.asked && common.teller !== turn.speaker) {
    // the other speaker asks "Which hotel?" (or "Which one?") in this turn
    const which = sentences.find((q) => isQuestion(q) && q[0]?.lower === "which" && (q[1]?.lemma === common.noun || q[1]?.lower === "one"));
    ctx.common = which ? { ...common, asked: true, ...offeredIn(which) } : undefined;
  }
  const echo = sentences[0];
  if (unnamed && echo && echo.length >= 2 && echo.slice(1).every((t) => t.text === "?" || t.text === "!") && echo.some((t) => t.text === "?") && /^\p{L}[\p{L}'-]+$/u.test(echo[0].text) && (echo[0].pos === "PROPN" || !inLexicon(echo[0].lower)) && !isSpeakerName(echo[0].text) && placesNamed(echo[0].text).length === 0) {
    const name = echo[0].text[0].toUpperCase() + echo[0].text.slice(1);
    add({ entity: unnamed.holder, attribute: "family", value: `${unnamed.relation} ${name}` });
    mention(name);
  }
  // "Your sister was the one up north?" "Tegan yeah. still up in Darwin": the rest of the turn is about Tegan
  const { aboutName, relation } = nameAndYes(sentences, turn.speaker, turn.id, ctx, isSpeakerName);
  if (aboutName && relation) add({ entity: turn.speaker, attribute: "family", value: `${relation} ${aboutName}` });
  // (a reply about someone asked after goes on about them: "Where's she staying?" "With me in Phibsborough. Got a job
  // at the Mater already.")
  let lastThird: string | undefined = reply?.entity ?? aboutName;
  let thirdNews: string | undefined;
  // (each step of reading a sentence in a function of its own, so that one first taken late costs the optimising
  // compiler only itself)
  /** Whom the sentence is about, news asked as a question, a fragment giving an ending its value, and the names. */
  const opening = (s: Tok[], si: number): { s: Tok[]; fragment: string | undefined } => {
    cur.whom = (si > 0 ? aboutName : undefined) ?? (askedOf && !s.some((t) => FIRST_PERSON.has(t.lower)) ? askedOf : undefined);
    // "Gran, did you hear Ailsa got the job?", "did you hear I'm done at X?": news asked as a question is told
    const news = newsAsked(s);
    if (news > 0 && (isName(s[news]) || s[news].lower === "i")) s = s.slice(news, -1);
    s = afterHeading(s);
    // "… Ailsa got the job. Staff nurse at Raigmore Hospital.": a verbless sentence after news of a third person's job
    // or move is about them
    const fragment = endedHere && !isQuestion(s) ? fragmentValue(s, endedHere, ctx) : undefined;
    if (endedHere && fragment) {
      add(o.kinds ? { entity: turn.speaker, attribute: endedHere, value: fragment, kind: "change" } : { entity: turn.speaker, attribute: endedHere, value: fragment });
      mention(fragment);
      endedHere = undefined;
    }
    for (let i = 0; i < s.length; i++) {
      const n = nameAt(s, i);
      if (!n) continue;
      mention(n.name);
      // "went with Tom", "remember Sander", "texted Tom", "your Eilidh": a person's name (people.ts)
      personNamed(s, i, n.end, n.name, ctx, turn.id, turn.speaker);
      i = n.end;
    }
    return { s, fragment };
  };
  /** The main clause and its clauses, a subjectless one given the third person the turn spoke of (its last subject, a person). */
  const clausesOf = (s: Tok[]): { s: Tok[]; conditional: boolean; clauses: Clause[] } => {
    const main = mainClause(s);
    s = main.s;
    const conditional = main.conditional;
    // the clauses first: a pronoun refers back, never to a relation named later in the sentence ("she's left Pune to
    // live with my sister")
    const clauses = conditional ? [] : readClauses(s, turn.speaker, other, ctx, turn.id);
    // "Our supervisor Priya is leaving! Got a job with Severn Trent.": a subjectless sentence right after one about a
    // third person goes on about them (unless it speaks of "I", "me" or "my")
    const lead = clauses[0];
    // ("still lives with my parents in Behala": a possessive of the speaker's inside it does not make it theirs)
    if (lead?.implicit && lead.subjects.length === 1 && lead.subjects[0] === turn.speaker && lastThird && !s.some((t, i) => FIRST_PERSON.has(t.lower) && !((t.lower === "my" || t.lower === "our") && i > lead.head))) {
      const own = lead.subjects;
      for (const c of clauses) if (c.subjects === own) c.subjects = [lastThird];
    }
    const told = clauses.filter((c) => !c.implicit).pop();
    if (clauses.length === 0 && thirdNews) cur.whom = thirdNews;
    // ("Company sent me. Living in …": a clause done to the speaker leaves the next sentence the speaker's)
    lastThird = told ? (told.subjects.length === 1 && told.subjects[0] !== turn.speaker && told.subjects[0] !== other && personSubject(ctx, told.subjects[0]) && !["me", "us"].includes(s[told.head + 1]?.lower ?? "") ? told.subjects[0] : undefined) : clauses.length === 0 ? lastThird : undefined;
    thirdNews = lastThird && s.some((t) => t.lemma === "job" || MOVE.has(t.lemma)) ? lastThird : undefined;
    return { s, conditional, clauses };
  };
  /** The states the sentence tells directly. */
  const statesIn = (s: Tok[], si: number, clauses: Clause[]) => {
    let states = jobMoves(readStates(s, clauses, turn.speaker, ctx, turn.id), s, turn.speaker, endedHere, ctx);
    // "How's Mārtiņš doing?" "Still at airBaltic": a subjectless answer is about the one asked after (or "yep, lives in Augusta": the one its verb agrees with)
    const about = askedOf && !s.some((t) => FIRST_PERSON.has(t.lower)) ? askedOf : thirdAgreeing(ctx, s);
    if (about) states = states.map((st) => (st.entity === turn.speaker ? { ...st, entity: about } : st));
    // a known named value described by its kind ("you work at a food company", "at the port", "at the mine"): nothing new
    const known = (st: { entity: string; attribute: string }) => ctx.known?.[st.entity]?.[st.attribute as "home" | "workplace"];
    states = states.filter((st) => !isSpeakerName(st.value) && !(st.entity !== turn.speaker ? st.kind !== "ended" && !upper(st.value) && upper(known(st) ?? "") : st.kind === "state" && !hedges[si] && knownByKind(known(st), st.attribute, st.value)));
    for (const st of states) {
      const positive = st.kind !== "ended";
      // "that's it, I'm moving to Lanzarote": a move announced in exasperation, with no date, is a joke
      // ("Honestly I don't live in Drogheda, I live in the Toyota": the denial is part of the joke it leads to)
      const contrasted = !positive && states.some((x) => x.entity === st.entity && x.attribute === st.attribute && x.kind !== "ended");
      const hedge = (hedges[si] && (positive || contrasted) && !beforeHedge(s, st.value, hedgeStart(s))) || (st.kind === "planned" && exasperated(turn.text) && !s.some((t) => t.date));
      const kind = hedge && st.kind === "change" ? "state" : st.kind;
      const confidence = hedge ? o.hedgeConfidence : st.kind === "planned" ? o.planConfidence : 1;
      if (!o.kinds) {
        if (st.kind !== "planned") add({ entity: st.entity, attribute: st.attribute, value: st.kind === "ended" ? `not ${st.value}` : st.value, ...(confidence < 1 ? { confidence } : {}) });
      } else add({ entity: st.entity, attribute: st.attribute, value: st.value, kind, ...(confidence < 1 ? { confidence } : {}) });
      if (upper(st.value)) mention(st.value);
      if (st.entity === turn.speaker && st.kind === "ended" && (st.attribute === "home" || st.attribute === "workplace")) endedHere = st.attribute;
      else if (st.entity === turn.speaker && st.attribute === endedHere && st.kind !== "planned") endedHere = undefined;
      // "I moved (here) from Sweden": the place one left is also where one comes from
      const moved = clauses.find((c) => c.head === st.at);
      if (st.kind === "ended" && st.attribute === "home" && moved && MOVE.has(moved.verb) && s.slice(st.at, moved.end).some((t) => t.lower === "from")) add({ entity: st.entity, attribute: "origin", value: st.value });
    }
    // "Themba has finally left Durban, he's got a post at a law firm in Cape Town": a home left, and a town named
    // after it in the same sentence is the new one
    for (const st of states) {
      if (st.attribute !== "home" || st.kind !== "ended" || states.some((x) => x.entity === st.entity && x.attribute === "home" && x.kind !== "ended")) continue;
      for (let k = st.at + 1; k + 1 < s.length; k++) {
        if (s[k].lower !== "in" || !isName(s[k + 1])) continue;
        const v = placeAt(s, k + 1)?.value;
        if (!v || v === st.value || placesNamed(v).length === 0 || isCountry(v)) continue;
        add(o.kinds ? { entity: st.entity, attribute: "home", value: v, kind: "change", confidence: o.indirectConfidence } : { entity: st.entity, attribute: "home", value: v, confidence: o.indirectConfidence });
        mention(v);
        if (st.entity === turn.speaker) endedHere = undefined;
        break;
      }
    }
    return states;
  };
  /** What the sentence tells in passing, unless it stated the same value directly. */
  const inPassing = (s: Tok[], si: number, clauses: Clause[], states: ReturnType<typeof statesIn>, fragment: string | undefined) => {
    // indirect evidence, unless the sentence stated the same value directly
    indirectStates(s, clauses, turn.speaker, ctx, turn.id, (said, attribute, value, k) => {
      const entity = said === turn.speaker && cur.whom ? cur.whom : said;
      // ("Officially AirAsia person now. Office at RedQ": the office of the workplace the turn named)
      const site = attribute === "workplace" && s[k]?.lemma === "office" && triples.some((t) => t.entity === entity && t.attribute === "workplace" && t.kind !== "ended" && t.value !== value);
      if (!site && !states.some((st) => st.entity === entity && st.attribute === attribute && st.value === value)) indirect(entity, attribute, value, hedges[si] && !beforeHedge(s, value, hedgeStart(s)));
    });
    cur.states = states;
    cur.hedged = hedges[si];
    cur.s = s;
    cur.start = hedges[si] ? hedgeStart(s) : 0;
    employerActs(s, clauses, turn.speaker, ctx, passing, endedAt);
    postedTo(s, turn.speaker, ctx, passing);
    weatherHome(s, clauses, turn.speaker, ctx, passing);
    localHome(s, clauses, turn.speaker, ctx, passing, (v) => add(o.kinds ? { entity: turn.speaker, attribute: "home", value: v, kind: "ended" } : { entity: turn.speaker, attribute: "home", value: `not ${v}` }));
    townRemark(s, clauses, turn.speaker, ctx, passing, turn.id);
    commute(s, clauses, turn.speaker, ctx, passing);
    if (!isQuestion(s)) jobFragment(s, turn.speaker, ctx, passing);
    dayAt(s, turn.speaker, ctx, passing);
    asides(s, turn.speaker, other, ctx, passing, sentences.slice(0, si));
    servedAt(s, turn.speaker, ctx, passing);
    // (after an ending, "Bergen since March." is the new home, read above as the ending's value)
    if (!fragment) writtenFrom(s, clauses, turn.speaker, ctx, passing);
    workCompound(s, clauses, turn.speaker, ctx, passing);
    atOrganisation(s, clauses, turn.speaker, ctx, passing);
    travelHome(s, clauses, turn.speaker, ctx, passing);
    homeInPassing(s, turn.speaker, ctx, passing);
    relationVisited(s, turn.speaker, ctx, turn.id, passing);
    runsBusiness(s, turn.speaker, ctx, passing);
    if (!isQuestion(s)) everydayStates(s, clauses, turn.speaker, ctx, sentences, si).forEach((e) => (e.kind === "state" ? passing(turn.speaker, e.attribute, e.value) : e.attribute === "home" ? moved(turn.speaker, "home", e.value, e.kind) : (e.kind === "ended" ? endedAt : newJob)(e.value)));
    // ("We only moved from Ottawa in August." … "Welcome to the North End!": the newcomer's new home)
    const there = homeSaidTo(s).listener ?? (ctx.pendingEnd?.entity === other && ctx.pendingEnd?.attribute === "home" ? welcomedTo(s) : undefined);
    if (there && other) indirect(other, "home", there, hedges[si]);
  };
  /** What the sentence leaves untold: a "still" with the value elided, news with no value, events and activities. */
  const untold = (s: Tok[], si: number, clauses: Clause[], states: ReturnType<typeof statesIn>, words: string[]) => {
    // the answer to "How's Mārtiņš doing?" is about Mārtiņš; a sentence about them, or in the first person, stating one value
    // leaves the other to an elided "still" ("I'm still a nurse at Kootenai Health, still in Coeur d'Alene")
    const whom = cur.whom ?? askedOf ?? turn.speaker;
    const stated = new Set(states.filter((st) => st.entity === whom).map((st) => st.attribute));
    for (const e of elidedStill(s, ctx).filter((x) => !stated.has(x.attribute) && (!stated.size || whom !== turn.speaker || s.some((t) => FIRST_PERSON.has(t.lower))))) {
      const conf = hedges[si] && !e.ended ? { confidence: o.hedgeConfidence } : {};
      add(o.kinds ? { entity: whom, attribute: e.attribute, value: e.value, kind: e.ended ? "ended" : "state", ...conf } : { entity: whom, attribute: e.attribute, value: e.ended ? `not ${e.value}` : e.value, ...conf });
      if (e.ended && whom === turn.speaker) endedHere = e.attribute;
      mention(e.value);
    }
    if (!greetings(s, clauses, turn.speaker, ctx, passing, moved)) movedInPassing(s, clauses, turn.speaker, ctx, moved);
    // "Got a job! Admiral, in Cardiff.", "We moved! Bilbao, finally.": news with no value, the next fragment gives it
    // "I GOT IT" after an interview at X: X is the new workplace
    const valueless = valuelessNews(words, isSpeakerName);
    const ownState = (a: string) => states.some((st) => st.entity === turn.speaker && st.attribute === a);
    const appliedTo = ctx.applied?.[turn.speaker];
    if (valueless === "job" && !ownState("workplace")) {
      if (appliedTo) {
        newJob(appliedTo);
        delete ctx.applied![turn.speaker];
      } else endedHere = "workplace";
    } else if (valueless === "lost" && !ownState("workplace")) {
      // "got laid off today", "They made me redundant": the known workplace ends, or the next name is the new one
      // ("Still CIMB … But, between us, I just resigned.": or the one the turn named)
      const was = ctx.known?.[turn.speaker]?.workplace ?? triples.find((t) => t.entity === turn.speaker && t.attribute === "workplace" && t.kind !== "ended" && t.confidence === undefined)?.value;
      if (was) endedAt(was);
      else endedHere = "workplace";
    } else if (valueless === "home" && !ownState("home")) endedHere = "home";
    // a clause that stated a home, workplace or job is not also an event or an activity
    for (const c of clauses) if (!states.some((st) => st.at === c.head)) for (const e of c.subjects) readActivity(s, c, e, (entity, attribute, value, kind) => add(!kind ? { entity, attribute, value } : o.kinds ? { entity, attribute, value, kind } : { entity, attribute, value: `not ${value}` }), turn.speaker);
  };
  sentences.forEach((s, si) => {
    const start = opening(s, si);
    s = start.s;
    const words = s.map((t) => t.text);
    // "How's the first week at Marlow & Finch?" / "My first day at Corvale was chaos"
    const firstAt = firstDaysAt(s) ?? leftWorkAt(s, ctx);
    const lastAt = isQuestion(s) ? undefined : lastDayAt(s);
    if (lastAt && !isSpeakerName(lastAt)) endedAt(lastAt);
    if (firstAt && (isQuestion(s) ? other : turn.speaker)) indirect(isQuestion(s) ? other! : turn.speaker, "workplace", firstAt, false);
    // ("First week at Auto Trader done. … Fine.": the first days at a name name the new workplace)
    if (firstAt && !isQuestion(s) && endedHere === "workplace") endedHere = undefined;
    if (isQuestion(s) && !questionTail(words) && !toldNews(s)) {
      readQuestion(s, turn.speaker, turn.id, other, ctx, isSpeakerName, (entity, attribute, value) => indirect(entity, attribute, value, false));
      return;
    }
    const read = clausesOf(s);
    s = read.s;
    const { conditional, clauses } = read;
    const pet = speakerRelations(s, turn, ctx, isSpeakerName, add, mention);
    if (conditional) return void (pet && addPet(ctx));
    const states = statesIn(s, si, clauses);
    inPassing(s, si, clauses, states, start.fragment);
    untold(s, si, clauses, states, words);
    // an animal named in this sentence blocks he/she from the next one on ("We got a puppy. She …" is the puppy)
    if (pet) addPet(ctx);
  });
  dropStatedEnded(triples);
  // "How's Toronto?" "The flat in Leslieville is small": places within places (within.ts)
  const knownHome = ctx.known?.[turn.speaker]?.home;
  const movedHere = !!knownHome && (ctx as SessionHomes).sessionMoves?.[turn.speaker] === knownHome;
  for (const d of districtsNamed(sentences, triples, turn.speaker, ctx)) add({ entity: d.entity, attribute: "home", value: d.value, ...(d.kind ? { kind: d.kind } : {}), ...(d.confidence ? { confidence: d.confidence } : {}) }), add({ entity: d.value, attribute: "within", value: d.within });
  for (const [inner, outer] of placesWithin(turn.text, triples, turn.speaker, presumed, { home: knownHome, movedThisSession: movedHere })) if (inner !== reply?.value || outer !== reply?.within) add({ entity: inner, attribute: "within", value: outer });
  if (applied) (ctx.applied ??= {})[turn.speaker] = applied;
  // a home or workplace named by a common noun ("a hotel", "the hospital"), for a "Which hotel?" to come, or named at once
  const plain = triples.find((t) => (t.attribute === "home" || t.attribute === "workplace") && t.kind !== "ended" && /^\p{Ll}+$/u.test(t.value));
  const kindName = plain && kindNamed(sentences, plain, ctx);
  if (kindName) add(kindName);
  else if (plain && !ctx.common) ctx.common = { teller: turn.speaker, entity: plain.entity, attribute: plain.attribute as "home" | "workplace", noun: plain.value };
  // "I'm at the shop till 2 on Saturday" "Which shop again?": the speaker's own workplace by its kind
  const kindNoun = plain || ctx.common ? undefined : workplaceKindAt(sentences);
  if (kindNoun) ctx.common = { teller: turn.speaker, entity: turn.speaker, attribute: "workplace", noun: kindNoun };
  if (!triples.some((t) => t.entity === turn.speaker && t.attribute === "workplace") && talksOfWork(sentences)) ctx.workTalk = turn.speaker;
  dropOldRemarks(triples, turn.speaker, o.indirectConfidence);
  // where the rules read no home or workplace: the fitted reading of the turn's names (mentions.ts)
  for (const t of fittedNames(turn, sentences, ctx, hedges, triples, o)) add(o.kinds ? t : { entity: t.entity, attribute: t.attribute, value: t.value, confidence: t.confidence });
  namedAfter(triples, sentences, turn.speaker);
  dropCrossedReadings(triples);
  replyHomeAtWork(triples, reply && { ...reply, entity: reply.entity ?? turn.speaker });
  const claimed = triples.filter((t) => t.entity === turn.speaker && (t.attribute === "home" || t.attribute === "workplace") && t.kind !== "ended" && !t.value.startsWith("not ") && (t.confidence ?? 1) > o.indirectConfidence);
  if (claimed.length && !ctx.claim) ctx.claim = { speaker: turn.speaker, values: claimed.map((t) => ({ attribute: t.attribute as "home" | "workplace", value: t.value, change: t.kind === "change" && ctx.known?.[turn.speaker]?.[t.attribute as "home" | "workplace"] !== t.value && !toldAsNews(ctx, triples, turn.speaker, t.attribute as "home" | "workplace", turn.text, asksBack(sentences)) && !laughsElsewhere(sentences, claimed.map((c) => c.value)) })) };
  noteKnown(ctx, triples, o.indirectConfidence);
  for (const t of triples) if (t.entity === turn.speaker && (t.attribute === "home" || t.attribute === "workplace")) noteAttribute(ctx, t.entity, t.attribute);
  noteTurnQuestion(ctx, turn.speaker, turn.text, sentences);
  noteTripTalk(ctx, turn.speaker, !triples.some((t) => t.entity === turn.speaker && (t.attribute === "home" || t.attribute === "workplace")) && !endedHere && sentences.some((s) => s.some((t) => TRIP.has(t.lemma))));
  for (const t of triples) if ((t.attribute === "home" || t.attribute === "workplace") && t.entity === turn.speaker && (t.kind === "ended" || t.value.startsWith("not "))) noteEnded(ctx, turn.speaker, t.attribute);
  // an ending still waiting for its new value waits through the speaker's next three turns (pending.ts)
  notePendingEnd(ctx, turn.speaker, endedHere, pending, triples, o.indirectConfidence);
  return { triples, mentions, fallback: lastResort(triples, sentences, turn.speaker, caption) };
}
