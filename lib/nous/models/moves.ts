/**
 * Moves told in passing without their destination after the verb (the speaker's own), read as indirect observations
 * of a kind (`movedInPassing` in states-agents.ts calls it first).
 */
import type { Clause } from "./clause.js";
import type { StateObservation } from "./states.js";
import { wordSet } from "./lexicon.js";
import { isName, type Tok } from "./nlp.js";
import { listenersHome, namesSomeone, type SessionContext } from "./referents.js";
import { organisationName, placeAt, townName } from "./states-common.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { shortFormOf } from "../query.js";

/** Emits an indirect observation of a given kind (a change or an ending, at the indirect confidence). */
export type KindEmit = (entity: string, attribute: "home", value: string, kind: "state" | "change" | "ended") => void;

const TRIP = wordSet("tripWords");
const FIRST_NIGHTS = new Set(["night", "nights", "week", "weekend", "morning", "day", "days"]);
const MOVE_VERBS = new Set(["move", "relocate"]);
const MOVE_WORDS = new Set(["moving", "move", "moved", "relocating", "relocate", "relocated"]);
const DIRECTIONS = new Set(["up", "down", "over", "back", "out"]);
const CALLED_OFF = new Set(["cancelled", "canceled", "off", "scrapped", "shelved", "dead", "binned", "over"]);

/**
 * Moves told without a destination after the verb, and moves that did not happen:
 * - a move called off ("Lisbon plan cancelled", "the Leeds move is off") and a town left behind ("Kirkcaldy's behind
 *   me now") end the home;
 * - "First night in Nottingham.", "Our first week in Perth, boxes everywhere": a first night or week in a town, opening
 *   the sentence (no question, no trip word: "first night in Rome, the hotel is lovely" is a holiday);
 * - "I took the job at the bank in Charlotte and we moved in October": a move of the speaker's, told in the past with
 *   no place of its own, goes to the town named before it in the sentence, or else to the town the speaker spoke of
 *   moving to in an earlier turn ("thinking seriously about moving up to Newcastle", kept in `ctx.considered`).
 * The town is a town of the gazetteer (no country, no organisation's name, not the listener's home). Returns whether
 * it emitted.
 *
 * @example
 * movesUntold(analyse("First night in Nottingham.")[0], clauses, "Sophie", ctx, emit); // emit("Sophie", "home", "Nottingham", "change")
 */
export function movesUntold(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: KindEmit): boolean {
  // the cheap test first: most sentences hold none of the words these readings start from
  if (!s.some((t) => t.lemma === "plan" || t.lemma === "move" || t.lemma === "relocate" || t.lower === "behind" || t.lower === "first" || MOVE_WORDS.has(t.lower))) return false;
  const town = (k: number) => {
    const p = isName(s[k]) ? placeAt(s, k) : undefined;
    return p && townName(p.value) && !isCountry(p.value) && !listenersHome(ctx, speaker, p.value) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) ? p.value : undefined;
  };
  // a town's name given alone, no person's (the tagger joins "Lisbon plan" and "Kirkcaldy's" into longer names)
  const bare = (name: string) => (name && townName(name) && !isCountry(name) && !namesSomeone(ctx, name, { firstName: "value", gendered: true, known: false }) ? name : undefined);
  if (s.some((t) => t.text === "?")) return false;
  const trip = s.some((t) => TRIP.has(t.lemma) || TRIP.has(t.lower));
  // "Lisbon plan cancelled", "the Leeds move is off": a planned move called off
  for (let j = 0; j + 2 < s.length; j++) {
    if (!isName(s[j]) || !(s[j + 1].lemma === "plan" || s[j + 1].lemma === "move") || s[j + 1].pos !== "NOUN") continue;
    // (one word: the tagger joins "Lisbon plan" into one name)
    const v = bare(s[j].text);
    let e = j + 2;
    if (s[e]?.lemma === "be" || s[e]?.lemma === "get" || s[e]?.text === "'s") e++;
    if (v && CALLED_OFF.has(s[e]?.lower ?? "") && !(s[e].lower === "through" && s[e - 1].lower !== "fell")) {
      emit(speaker, "home", v, "ended");
      return true;
    }
  }
  // "Kirkcaldy's behind me now", "Pretoria traffic is behind me forever": the home left
  for (let j = 0; j + 3 < s.length; j++) {
    if (s[j + 2]?.lower !== "behind" || !(s[j + 1].text === "'s" || s[j + 1].lemma === "be") || !["me", "us"].includes(s[j + 3]?.lower ?? "")) continue;
    // (the town's name alone: "Kirkcaldy's" and "Pretoria traffic" are read as one name by placeAt)
    const e = !isName(s[j]) && s[j].pos === "NOUN" ? j - 1 : j;
    let a = e;
    while (a > 0 && isName(s[a - 1])) a--;
    const name = isName(s[a]) && (a === 0 || s[a - 1].pos === "PUNCT") ? s.slice(a, e + 1).map((t) => t.text).join(" ") : "";
    const v = bare(name);
    if (v) {
      emit(speaker, "home", v, "ended");
      return true;
    }
  }
  // (opening the sentence, or a part of it after a comma: "last night in Drumcondra was Saturday, first morning in
  // Bray"; "First week living in CDO done")
  for (let k = 0; k < s.length; k++) {
    if (trip || s[k].lower !== "first" || !FIRST_NIGHTS.has(s[k + 1]?.lower ?? "")) continue;
    let a = k;
    while (a > 0 && (s[a - 1].lower === "our" || s[a - 1].lower === "my" || s[a - 1].lower === "the" || s[a - 1].pos === "INTJ")) a--;
    const i = ["living", "here", "back"].includes(s[k + 2]?.lower ?? "") ? k + 3 : k + 2;
    if (!(a === 0 || s[a - 1].text === "," || s[a - 1].pos === "PUNCT") || s[i]?.lower !== "in") continue;
    // (a town the gazetteer does not hold, "First night in Portobello", as long as it names no organisation,
    // workplace or person, and not after a first day: "First day in Tesco" is a job's)
    const p = isName(s[i + 1]) ? placeAt(s, i + 1) : undefined;
    const other = p && s[k + 1].lower !== "day" && s[k + 1].lower !== "days" && !organisationName(p.value) && ctx.seenAs?.[p.value] !== "workplace" && !isCountry(p.value) && !listenersHome(ctx, speaker, p.value) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) ? p.value : undefined;
    const v = town(i + 1) ?? other;
    if (v) {
      emit(speaker, "home", v, "change");
      return true;
    }
  }
  // "thinking seriously about moving up to Newcastle", "we might relocate to Perth": a move considered, kept for the
  // placeless move that may follow in a later turn
  for (let j = 0; j + 2 < s.length; j++) {
    if (!["moving", "move", "relocating", "relocate"].includes(s[j].lower)) continue;
    // (the speaker's own thought: the clause that holds it is theirs, and not negated)
    const gov = clauses.filter((c) => c.at <= j).pop();
    if (!gov || !gov.subjects.includes(speaker) || gov.negated || s.slice(gov.at, j).some((t) => t.lower === "not" || t.lower === "never")) continue;
    const to = DIRECTIONS.has(s[j + 1].lower) ? j + 2 : j + 1;
    const v = s[to]?.lower === "to" ? town(to + 1) : undefined;
    if (v && !clauses.some((c) => c.head === j && (c.past || c.perfect) && !c.intent && !c.future)) (ctx.considered ??= {})[speaker] = v;
  }
  for (const c of clauses) {
    if (!MOVE_VERBS.has(c.verb) || !c.subjects.includes(speaker) || !(c.past || c.perfect) || c.negated || c.intent || c.future || c.usedTo) continue;
    // the move names no place of its own ("we moved in October", not "we moved to Leeds" or "moved in with Sam")
    if (s.slice(c.head + 1, c.end).some((t) => isName(t) && !t.date) || s[c.head + 1]?.lower === "out" || s[c.head + 2]?.lower === "with") continue;
    for (let j = c.at - 1; j > 0; j--) {
      // ("No longer in Leeds, we moved": the place left)
      if (s[j - 1].lower !== "in" || ["longer", "not"].includes(s[j - 2]?.lower ?? "")) continue;
      const v = town(j);
      if (v) {
        emit(speaker, "home", v, "change");
        return true;
      }
    }
    // "did it!! moved up on the weekend": the town the speaker spoke of moving to
    const considered = ctx.considered?.[speaker];
    if (considered) {
      delete ctx.considered![speaker];
      emit(speaker, "home", considered, "change");
      return true;
    }
  }
  return false;
}

/**
 * "Got fed up with the rent in Edinburgh, so we found a flat in Perth": a turn that tells a move says in passing where
 * one was; its indirect evidence for another value is of the old state, not a current one (removed in place).
 */
export function dropOldRemarks(triples: { entity: string; attribute: string; value: string; kind?: string; confidence?: number }[], speaker: string, indirectConfidence: number): void {
  for (const a of ["home", "workplace"]) {
    const moved = triples.find((t) => t.entity === speaker && t.attribute === a && t.kind === "change" && (t.confidence ?? 1) > indirectConfidence);
    if (moved) for (let i = triples.length - 1; i >= 0; i--) if (triples[i].entity === speaker && triples[i].attribute === a && triples[i].value !== moved.value && triples[i].kind === "state" && (triples[i].confidence ?? 1) <= indirectConfidence) triples.splice(i, 1);
  }
}

/**
 * A move into one's own workplace is dropped (a joke: "I've officially moved into ARI"). "I'm not with Singapore
 * Airlines anymore. I moved to SATS in January": after a workplace the speaker ended in the same
 * turn, a move to an organisation's name (no town of the gazetteer, no home seen; a name with an organisation's word, an
 * acronym of four letters or more ("NYC" may be a town), or one seen as a workplace) is a move of job, not of home.
 *
 * @example
 * jobMoves([{ entity: "Hafiz", attribute: "home", value: "SATS", kind: "change", at: 1 }], s, "Hafiz", "workplace", ctx); // workplace SATS
 */
export function jobMoves(states: StateObservation[], s: Tok[], speaker: string, ended: string | undefined, ctx: SessionContext): StateObservation[] {
  // "I've officially moved into ARI, they've gied me my own corridor": a move into one's own workplace is a joke
  const work = ctx.known?.[speaker]?.workplace;
  if (work && placesNamed(work).length === 0) states = states.filter((st) => !(st.entity === speaker && st.attribute === "home" && st.kind === "change" && (st.value === work || shortFormOf(st.value, work))));
  if (ended !== "workplace") return states;
  return states.map((st) => {
    const moved = MOVE_VERBS.has(s[st.at]?.lemma ?? "") || s.slice(Math.max(0, st.at - 3), st.at).some((t) => MOVE_VERBS.has(t.lemma));
    const organisation = organisationName(st.value) || /^\p{Lu}{4,}$/u.test(st.value) || ctx.seenAs?.[st.value] === "workplace";
    if (st.entity !== speaker || st.attribute !== "home" || st.kind !== "change" || !moved || !organisation) return st;
    return placesNamed(st.value).length > 0 || isCountry(st.value) || ctx.seenAs?.[st.value] === "home" ? st : { ...st, attribute: "workplace" };
  });
}
