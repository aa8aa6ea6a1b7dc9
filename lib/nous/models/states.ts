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
import { relationAt } from "./clause.js";
import { wordSet } from "./lexicon.js";
import { isName, type Tok } from "./nlp.js";
import { resolvePronoun, type SessionContext } from "./referents.js";

export type StateAttribute = "home" | "workplace" | "job";
export interface StateObservation { entity: string; attribute: StateAttribute; value: string; kind: ObservationKind; at: number }

const set = wordSet;
const RESIDE = set("resideVerbs"), SETTLE = set("settleVerbs"), MOVE = new Set([...set("moveVerbs"), ...set("emigrateVerbs")]);
const WORK = new Set([...set("workVerbs"), ...set("teachVerbs")]), EMPLOY = set("employVerbs"), START = set("startVerbs");
const JOIN = new Set(["join"]), SIGN = set("signVerbs"), TAKE = set("takeVerbs"), QUIT = set("quitVerbs"), DISMISS = set("dismissVerbs");
const LOSE = set("loseVerbs"), STOP = set("stopVerbs"), BECOME = set("becomeVerbs"), BUY = set("buyVerbs"), CALL = set("callVerbs");
const NOTICE = set("noticeNouns"), JOB_NOUNS = set("jobNouns"), DWELLING = set("dwellingNouns"), WORKPLACE_NOUNS = set("workplaceNouns");
const COLLEAGUES = set("colleagueNouns"), JOB_WORDS = set("jobWords"), LOOSE = set("nonRestrictive");
const DETS = new Set(["the", "a", "an", "my", "our", "his", "her", "their", "your"]);
const DEMONSTRATIVES = new Set(["this", "that", "these", "those"]);
const POSSESSIVES = new Set(["my", "our", "his", "her", "their", "your"]);
const HOME_PREPS = new Set(["in", "at", "near", "outside", "on", "around"]);
const WORK_PREPS = new Set(["at", "for"]);
const NOT_PLACES = new Set(["home", "work", "moment", "time", "night", "weekend", "end", "first", "least", "all", "while", "track", "shape", "touch", "mind", "charge", "love", "trouble"]);

/**
 * The noun phrase naming a place or an organisation at k (determiners and loose adjectives dropped, names as
 * written): "the city hospital" → "city hospital", "a tiny studio in Paris" → "Paris", "a new agency, Bluebird" →
 * "Bluebird". Undefined for a demonstrative ("this town"), a pronoun, a date, or a dwelling without a place.
 */
export function placeAt(s: Tok[], k: number, end = s.length, opts: { demonstrative?: boolean } = {}): { value: string; end: number } | undefined {
  let j = k;
  if (j < end && DEMONSTRATIVES.has(s[j].lower)) {
    if (!opts.demonstrative) return undefined;
    j++;
  }
  const possessive = POSSESSIVES.has(s[j]?.lower ?? "");
  while (j < end && (DETS.has(s[j].lower) || ((s[j].pos === "ADJ" || s[j].pos === "ADV") && LOOSE.has(s[j].lower)))) j++;
  const words: string[] = [];
  let last = j - 1;
  for (; j < end; j++) {
    const t = s[j];
    if (t.date && !isName(t)) break;
    const amp = t.text === "&" && words.length > 0 && isName(s[j + 1]);
    const capital = j > 0 && /^[A-Z]/.test(t.text) && ["ADV", "ADJ", "VERB", "NOUN"].includes(t.pos) && !t.date;
    if (words.length > 0 && (t.lower === "last" || t.lower === "next" || t.lower === "this")) break;
    if (capital || t.pos === "PROPN" || t.pos === "NOUN" || t.pos === "NUM" || amp || (t.pos === "ADJ" && !LOOSE.has(t.lower)) || (t.text === "'s" && words.length > 0) || (t.text === "-" && words.length > 0)) {
      if (t.pos === "ADJ" && !capital && s[j + 1]?.pos !== "NOUN" && s[j + 1]?.pos !== "PROPN") break;
      if (t.text === "'s" || t.text === "-") words[words.length - 1] += t.text;
      else words.push(t.text);
      last = j;
      if (t.lower === "same" || t.lower === "as") words.pop();
    } else break;
  }
  if (!words.length) return undefined;
  const head = s[last];
  if (DWELLING.has(head.lemma) && (head.pos === "NOUN" || head.pos === "ADJ")) {
    const p = s[last + 1];
    if (p && (p.lower === "in" || p.lower === "near" || p.lower === "outside" || p.lower === "on")) return placeAt(s, last + 2, end);
    return undefined;
  }
  // "my business", "your journey", "my home country": a possessed thing is not a place or an organisation
  if (possessive && !words.some((w) => /^[A-Z]/.test(w))) return undefined;
  if (s[last + 1]?.text === "," && isName(s[last + 2]) && !words.some((w) => /^[A-Z]/.test(w))) return placeAt(s, last + 2, end);
  if (s[last + 1]?.lower === "as" && s[k]?.lower === "same") return undefined;
  const value = words.join(" ");
  if (NOT_PLACES.has(value.toLowerCase()) || s[k]?.pos === "PRON" && !DETS.has(s[k].lower)) return undefined;
  return { value, end: last };
}

/**
 * The verb's own prepositional phrase whose preposition is in `preps`: the first one after it, past adverbs and at
 * most one other phrase right before it ("work from home for a company"); a verb, a clause boundary or any other
 * word ends the search ("working on my business … for an upcoming show" has none).
 */
function ppAfter(s: Tok[], from: number, to: number, preps: Set<string>): { prep: string; value: string; at: number; end: number } | undefined {
  let skipped = 0;
  for (let j = from; j < to; j++) {
    const t = s[j];
    if (t.pos === "ADV" || t.date || t.pos === "PART") continue;
    if (t.pos !== "ADP") return undefined;
    if (preps.has(t.lower)) {
      const p = placeAt(s, j + 1, to);
      return p ? { prep: t.lower, value: p.value, at: j, end: p.end } : undefined;
    }
    if (skipped++ > 0) return undefined;
    let k = j + 1;
    while (k < to && ["DET", "NOUN", "PROPN", "ADJ", "NUM", "PRON"].includes(s[k].pos)) k++;
    j = k - 1;
  }
  return undefined;
}

/** The kind a state verb's clause gives (undefined: no statement). */
function stateKind(c: Clause, verbPast: "ended" | "none" = "ended"): ObservationKind | undefined {
  if (c.intent) return undefined;
  if (c.negated || c.noLonger || c.usedTo) return c.future ? undefined : "ended";
  if (c.future) return "planned";
  if (c.past && !c.perfect && !c.still) return verbPast === "ended" ? "ended" : undefined;
  return c.now && !c.still && !c.perfect ? "change" : "state";
}

/** The kind a change verb's clause gives. */
function changeKind(c: Clause): ObservationKind | undefined {
  if (c.intent || c.negated || c.usedTo) return undefined;
  if (c.future || c.progressive) return "planned";
  if (c.past || c.perfect) return "change";
  return c.implicit ? "change" : "planned";
}

const endKind = (c: Clause): ObservationKind | undefined => (c.intent || c.negated || c.future || c.progressive ? undefined : "ended");

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
    if (!pp || !main || s.slice(k + 1, pp.at).some((t) => t.pos === "VERB")) continue;
    afterAttr = pp.prep === "at" ? "workplace" : "home";
    emit(main.subjects, afterAttr, pp.value, "ended", k);
  }
  for (const c of clauses) {
    if (!c.subjects.length || c.intent) continue;
    const v = c.verb, from = c.head + 1, to = c.end;
    if (c.copula) readCopula(s, c, emit, ctx);
    else if (RESIDE.has(v)) {
      if (s[from]?.lower === "there" && ctx.lastPlace) emit(c.subjects, "home", ctx.lastPlace, stateKind(c), c.head);
      else {
        const p = ppAfter(s, from, to, HOME_PREPS);
        // "stay in shape", "stay on track": staying is a residence only in a named place
        if (!(v === "stay" && p && !/^[A-Z]/.test(p.value))) emit(c.subjects, "home", p?.value, stateKind(c, v === "stay" ? "none" : "ended"), c.head);
      }
    } else if (SETTLE.has(v)) emit(c.subjects, "home", ppAfter(s, from, to, new Set(["in", "into"]))?.value, changeKind(c), c.head);
    else if (MOVE.has(v) && !c.passive) {
      const attr = afterAttr ?? "home";
      const away = ppAfter(s, from, to, new Set(["from"])) ?? (s[from]?.lower === "out" || s[from]?.lower === "away" ? ppAfter(s, from + 1, to, new Set(["of", "from"])) : undefined);
      if (away && !c.negated && !c.intent) emit(c.subjects, attr, away.value, "ended", c.head);
      const into = ppAfter(s, from, to, new Set(["to", "into"]));
      emit(c.subjects, attr, into?.value, changeKind(c), c.head);
    } else if (WORK.has(v) || (STOP.has(v) && s[from]?.lemma === "work")) {
      const stop = STOP.has(v);
      const start = stop ? from + 1 : from;
      if (s[start]?.lower === "as") {
        const job = placeAt(s, start + 1, to);
        emit(c.subjects, "job", job?.value, stop ? endKind(c) : stateKind(c), c.head);
      }
      const pp = ppAfter(s, start, to, WORK_PREPS) ?? inOrganisation(s, start, to);
      emit(c.subjects, "workplace", pp?.value, stop ? endKind(c) : stateKind(c), c.head);
    } else if ((START.has(v) || JOIN.has(v) || SIGN.has(v)) && !jobNounIn(s, from, to)) {
      const at = s[from]?.lemma === "work" ? from + 1 : from; // "started (working) at X"
      const target = JOIN.has(v) ? placeAt(s, from, to) : s[at]?.pos === "ADP" ? ppAfter(s, at, to, SIGN.has(v) ? new Set(["with"]) : new Set(["at", "with", "for"])) : undefined;
      if (JOIN.has(v) && target && !/^[A-Z]/.test(target.value) && s[from]?.lower !== "the") continue; // "joined a book club"
      emit(c.subjects, "workplace", target?.value, changeKind(c), c.head);
    } else if (EMPLOY.has(v)) {
      if (c.passive) emit(c.subjects, "workplace", ppAfter(s, from, to, new Set(["by", "at"]))?.value, v === "hire" ? changeKind(c) : stateKind(c), c.head);
      else {
        const obj = s[from];
        const who = obj?.lower === "me" || obj?.lower === "us" ? [speaker] : obj && (obj.lower === "him" || obj.lower === "her") ? [resolvePronoun(ctx, obj.lower, turn)].filter((x): x is string => !!x) : [];
        if (c.subjects.length === 1 && who.length) emit(who, "workplace", c.subjects[0], changeKind(c), c.head);
      }
    } else if ((QUIT.has(v) || DISMISS.has(v)) && !jobNounIn(s, from, to)) {
      const p = QUIT.has(v) && !c.passive ? (s[from]?.pos === "ADP" ? ppAfter(s, from, to, new Set(["from"])) : isName(s[from]) ? placeAt(s, from, to) : undefined) : ppAfter(s, from, to, new Set(["from", "at", "by"]));
      emit(c.subjects, "workplace", p?.value, endKind(c), c.head);
    } else if (BECOME.has(v)) emit(c.subjects, "job", jobPhrase(s, from, to), changeKind(c), c.head);
    else if (v === "do" && c.passive && s[from]?.lower === "with" && isName(s[from + 1])) emit(c.subjects, "workplace", placeAt(s, from + 1, to)?.value, c.negated ? undefined : "ended", c.head);
    else if (BUY.has(v) && DWELLING.has(nounAfter(s, from, to)?.lemma ?? "")) {
      const d = s.findIndex((t, i) => i >= from && DWELLING.has(t.lemma));
      const p = ppAfter(s, d + 1, to, new Set(["in", "near", "outside"]));
      emit(c.subjects, "home", p?.value, v === "rent" ? stateKind(c) : c.perfect && v === "get" ? stateKind(c) : changeKind(c), c.head);
    } else if (CALL.has(v) && s.slice(from, to).some((t) => t.lower === "home")) emit(c.subjects, "home", placeAt(s, from, to)?.value, stateKind(c), c.head);
  }
  nominal(s, clauses, speaker, ctx, turn, emit, clauseAt);
  return out;
}

type Emit = (entities: string[], attribute: StateAttribute, value: string | undefined, kind: ObservationKind | undefined, at: number) => void;

const nounAfter = (s: Tok[], from: number, to: number): Tok | undefined => s.slice(from, to).find((t) => t.pos === "NOUN" || (t.pos === "ADJ" && DWELLING.has(t.lemma)));
const jobNounIn = (s: Tok[], from: number, to: number): boolean => s.slice(from, Math.min(to, from + 5)).some((t) => JOB_NOUNS.has(t.lemma) && t.pos === "NOUN");

/** "work in a bakery": the verb's own "in" + a determiner + a common noun is a workplace ("work in finance" is a field). */
function inOrganisation(s: Tok[], from: number, to: number): { value: string } | undefined {
  const pp = ppAfter(s, from, to, new Set(["in"]));
  return pp && DETS.has(s[pp.at + 1]?.lower ?? "") && !POSSESSIVES.has(s[pp.at + 1].lower) ? pp : undefined;
}

/** "a nurse", "a software engineer": an occupation after an indefinite article, or undefined. */
function jobPhrase(s: Tok[], from: number, to: number, requireWord = true): string | undefined {
  if (s[from]?.lower !== "a" && s[from]?.lower !== "an") return undefined;
  const p = placeAt(s, from, to);
  if (!p) return undefined;
  const words = p.value.toLowerCase().split(" ");
  return !requireWord || JOB_WORDS.has(words[words.length - 1]) || JOB_WORDS.has(words.join(" ")) ? p.value : undefined;
}

/** "I'm a nurse at X", "we're still in Glasgow", "I'm not with Tyrell anymore", "I'm done with X". */
function readCopula(s: Tok[], c: Clause, emit: Emit, ctx: SessionContext): void {
  let j = c.head + 1;
  while (j < c.end && (s[j].pos === "ADV" || s[j].lower === "not")) j++;
  const t = s[j];
  if (!t) return;
  const kind = stateKind(c, "none");
  if (t.lower === "in" && isName(s[j + 1])) return emit(c.subjects, "home", placeAt(s, j + 1, c.end)?.value, kind, c.head);
  if ((t.lower === "at" || t.lower === "with") && isName(s[j + 1])) {
    const p = placeAt(s, j + 1, c.end);
    if (p && !(ctx.people ?? []).some((r) => r.name === p.value) && !ctx.speakers.includes(p.value)) emit(c.subjects, "workplace", p.value, kind, c.head);
    return;
  }
  if (t.lower === "done" && s[j + 1]?.lower === "with" && isName(s[j + 2])) return emit(c.subjects, "workplace", placeAt(s, j + 2, c.end)?.value, c.negated ? undefined : "ended", c.head);
  const np = placeAt(s, j, c.end);
  const atOrg = !!np && s[np.end + 1]?.lower === "at" && /^[A-Z]/.test(placeAt(s, np.end + 2, c.end)?.value ?? "");
  const job = jobPhrase(s, j, c.end, !atOrg);
  if (!job) return;
  emit(c.subjects, "job", job, stateKind(c), c.head);
  const after = placeAt(s, j, c.end)!.end + 1;
  if (s[after]?.lower === "at" || s[after]?.lower === "for") emit(c.subjects, "workplace", placeAt(s, after + 1, c.end)?.value, stateKind(c), c.head);
}

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

/** Nominal states: "my job at X", "our flat in X", "home is X", "my employer is X", "my manager at X", "As a nurse, …". */
function nominal(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, turn: string, emit: Emit, clauseAt: (k: number) => Clause | undefined): void {
  for (let k = 0; k < s.length; k++) {
    const t = s[k];
    const next = s[k + 1]?.lower;
    const gov = clauseAt(k);
    // "my job at X", "three night shifts in a row at X": the preposition within a few words, no verb between
    // "my job as a banker", "your work as an artist": the occupation, held by the possessor
    if ((JOB_NOUNS.has(t.lemma) || t.lemma === "work") && t.pos === "NOUN" && next === "as" && (s[k + 2]?.lower === "a" || s[k + 2]?.lower === "an")) {
      const holder = t.lower === "work" || s[k - 1]?.lower === "your" ? (s[k - 1]?.lower === "your" ? ctx.speakers.find((x) => x !== speaker) : holderBefore(s, k, speaker, ctx, turn)) : holderBefore(s, k, speaker, ctx, turn);
      const v = gov?.verb ?? "";
      const kind = gov && gov.head < k && (QUIT.has(v) || LOSE.has(v)) ? endKind(gov) : "state";
      if (holder && !gov?.intent) emit([holder], "job", placeAt(s, k + 3)?.value, kind, k);
      continue;
    }
    // "work at X" (the noun) takes "at" only; "shifts in a row at X": a shift may have a few words before it
    const preps = t.lemma === "work" ? ["at"] : ["at", "with", "for"];
    const span = t.lemma === "shift" ? 4 : 1;
    const prep = JOB_NOUNS.has(t.lemma) || (t.lemma === "work" && t.pos === "NOUN") ? s.findIndex((x, i) => i > k && i <= k + span && preps.includes(x.lower) && s.slice(k + 1, i).every((y) => ["DET", "NOUN", "NUM", "ADP"].includes(y.pos))) : -1;
    if (t.pos === "NOUN" && prep > k) {
      if (gov?.intent) continue;
      const p = placeAt(s, prep + 1);
      // no holder written and no clause around it ("Three night shifts at X."): chat ellipsis, the speaker's
      const holder = holderBefore(s, k, speaker, ctx, turn) ?? gov?.subjects[0] ?? (clauses.length === 0 || k === 0 || s[k - 1].lower === "to" ? speaker : undefined);
      if (!holder || !p) continue;
      const v = gov?.verb ?? "";
      const kind = gov && gov.head < k ? (QUIT.has(v) || LOSE.has(v) ? endKind(gov) : TAKE.has(v) || START.has(v) ? (gov.perfect && v === "get" ? stateKind(gov) : changeKind(gov)) : v === "apply" || v === "interview" ? undefined : stateKind(gov, "none") ?? "state") : "state";
      emit([holder], "workplace", p.value, kind, k);
    } else if (DWELLING.has(t.lemma) && (t.pos === "NOUN" || t.pos === "ADJ") && (next === "in" || next === "near" || next === "outside")) {
      const holder = holderBefore(s, k, speaker, ctx, turn);
      if (holder && !(gov && gov.head < k && !gov.copula && gov.verb !== "love" && gov.verb !== "like")) emit([holder], "home", placeAt(s, k + 2)?.value, "state", k);
    } else if (NOTICE.has(t.lemma) && t.pos === "NOUN" && next === "at" && gov && !gov.negated && !gov.intent) {
      emit(gov.subjects, "workplace", placeAt(s, k + 2)?.value, endKind(gov), k);
    } else if (COLLEAGUES.has(t.lemma) && t.pos === "NOUN" && next === "at" && holderBefore(s, k, speaker, ctx, turn) === speaker) {
      emit([speaker], "workplace", placeAt(s, k + 2)?.value, "state", k);
    } else if ((t.lower === "home" || WORKPLACE_NOUNS.has(t.lemma)) && t.pos === "NOUN") {
      const attr: StateAttribute = t.lower === "home" ? "home" : "workplace";
      const owner = holderBefore(s, k, speaker, ctx, turn);
      let b = k + 1;
      while (b < s.length && (s[b].date || s[b].pos === "DET" && s[b + 1]?.date)) b++;
      if (s[b]?.lemma === "be" && (owner === speaker || (attr === "home" && (k === 0 || s[k - 1].pos !== "DET")))) {
        // "my (real) employer is X", "home these days is X"
        emit([speaker], attr, placeAt(s, b + 1, s.length, { demonstrative: true })?.value, "state", k);
      } else if (attr === "home" && owner === speaker) {
        // "X is (basically) my home", "Leeds is home"
        const be = s.slice(0, k).findIndex((x) => x.lemma === "be");
        if (be > 0) emit([speaker], "home", placeAt(s, 0, be)?.value, "state", k);
      } else if (attr === "home" && k > 0 && s[k - 1].lemma === "be" && k - 1 > 0) emit([speaker], "home", placeAt(s, 0, k - 1)?.value, "state", k);
    } else if (t.lower === "still" && (next === "in" || next === "at") && !gov && (k === 0 || s[k - 1].pos === "PUNCT" || s[k - 1].pos === "INTJ")) {
      // "Still in Aberdeen!", "Still at the warehouse": "I'm still …" without its subject and verb
      const p = placeAt(s, k + 2);
      if (p && (next === "in" ? /^[A-Z]/.test(p.value) : true)) emit([speaker], next === "in" ? "home" : "workplace", p.value, "state", k);
    } else if (k === 0 && t.lower === "as" && (s[1]?.lower === "a" || s[1]?.lower === "an")) {
      emit([speaker], "job", jobPhrase(s, 1, s.length), "state", k);
    }
  }
}
