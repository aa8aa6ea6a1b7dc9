/**
 * A home or workplace set beside what is said: "a table where I work, The Salty Bean" (an apposition after "where I
 * work / live"), "the bus from your side of Caernarfon" (one's side, end or part of a town), "At Kinnegar Print we've
 * a kettle" (a workplace "we" speak of), "Gdańsk being Gdańsk" (a town said of itself), "from mine in Barbican" (one's
 * place and its town), "Been at Deloitte three years now" (a stay at an organisation), "Sky is a great place to work"
 * and "Sunrise Care Home, double shift today" (an organisation judged, or named with its shifts), "I work the counter
 * there" (after an organisation named in the turn), and the place a newcomer is welcomed to ("Welcome to the North End").
 */
import { relativesHouse, wordSet } from "./lexicon.js";
import { inLexicon, isName, type Tok, upper } from "./nlp.js";
import { listenersHome, namesSomeone, type SessionContext } from "./referents.js";
import { demonymTown, isCountry, placesNamed } from "./gazetteer.js";
import { organisationName, organisationShaped, placeAt, townName } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";
import { workIn } from "./work-in.js";
import { crashAt, dwellingNamed, takenOn } from "./asked-home.js";
import { nearMe } from "./near-me.js";

const OCCASIONS = new Set([...wordSet("calendar"), ...wordSet("occasions")]);
const SIDES = new Set(["side", "end", "part", "corner"]);

/**
 * "where I work, The Salty Bean", "the town where we live, Whanganui": the name set after the speaker's own
 * "where I work / live" (a workplace: no town; a home: a town), in a statement.
 *
 * @example
 * whereIWork(analyse("I can get us a table where I work, The Salty Bean.")[0], "Megan", ctx, emit); // emit("Megan", "workplace", "Salty Bean", 11)
 */
export function whereIWork(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  if (s[s.length - 1]?.text === "?") return;
  for (let k = 0; k + 2 < s.length; k++) {
    if (s[k].lower !== "where" || !["i", "we"].includes(s[k + 1].lower) || !["work", "live"].includes(s[k + 2].lower)) continue;
    // "the Novartis campus where I work": the name before, with "the" and the kind of place
    if (s[k + 2].lower === "work" && k >= 2 && s[k - 1].pos === "NOUN" && s[k - 1].text === s[k - 1].lower) {
      let a = k - 2;
      while (a > 0 && isName(s[a - 1])) a--;
      const p = isName(s[a]) && s[a - 1]?.lower === "the" ? placeAt(s, a, k - 1) : undefined;
      if (p && p.end < k - 1 && placesNamed(p.value).length === 0 && !isCountry(p.value) && !ctx.speakers.includes(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return emit(speaker, "workplace", p.value, a);
    }
    if (k + 4 >= s.length || s[k + 3].text !== ",") continue;
    const n = s[k + 4].lower === "the" ? k + 5 : k + 4;
    if (!isName(s[n])) return;
    const p = placeAt(s, n);
    if (!p || isCountry(p.value) || ctx.speakers.includes(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return;
    const work = s[k + 2].lower === "work";
    if (work ? placesNamed(p.value).length > 0 : !townName(p.value)) return;
    return emit(speaker, work ? "workplace" : "home", p.value, n);
  }
}

/**
 * "the bus from your side of Caernarfon", "my end of Leeds": the listener's or the speaker's home (a town's name).
 *
 * @example
 * sideOf(analyse("The bus from your side of Caernarfon is late.")[0], "Kemar", "Bethan", ctx, emit); // emit("Bethan", "home", "Caernarfon", 6)
 */
export function sideOf(s: Tok[], speaker: string, other: string | undefined, ctx: SessionContext, emit: IndirectEmit): void {
  for (let k = 0; k + 3 < s.length; k++) {
    if (!["my", "our", "your"].includes(s[k].lower) || !SIDES.has(s[k + 1].lower) || s[k + 2].lower !== "of" || !isName(s[k + 3])) continue;
    const p = placeAt(s, k + 3);
    // (a side of a name is a side of a town, known to the gazetteer or not; not of an organisation or a person)
    if (!p || organisationName(p.value) || isCountry(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) continue;
    const who = s[k].lower === "your" ? other : speaker;
    if (who) return emit(who, "home", p.value, k + 3);
  }
}

const CONJUNCTIONS = new Set(["but", "and", "so", "well"]);
/** A verb at `i`, or after one adverb ("I mostly do nights"). */
const verbAt = (s: Tok[], i: number): boolean => ["VERB", "AUX"].includes(s[i]?.pos ?? "") || (s[i]?.pos === "ADV" && ["VERB", "AUX"].includes(s[i + 1]?.pos ?? ""));

/**
 * "At Kinnegar Print we've a kettle with a dodgy plug": a sentence opening "At" a name (no town, country, person or
 * occasion: "At Easter we bake cozonac"),
 * then "we" and a verb, tells of the speaker's workplace.
 *
 * @example
 * atWe(analyse("At Kinnegar Print we've a kettle.")[0], "Ciaran", ctx, emit); // emit("Ciaran", "workplace", "Kinnegar Print", 1)
 */
export function atWe(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // ("But at X …": a conjunction may open the sentence)
  const a = CONJUNCTIONS.has(s[0]?.lower ?? "") ? 1 : 0;
  if (s[a]?.lower !== "at" || !isName(s[a + 1]) || s[s.length - 1]?.text === "?") return;
  const p = placeAt(s, a + 1);
  if (!p) return;
  const w = s[p.end + 1]?.text === "," ? p.end + 2 : p.end + 1;
  const we = s[w]?.lower === "we" && ["VERB", "AUX"].includes(s[w + 1]?.pos ?? "");
  // "At Northlake Logistics most of my week is about people", "At Brightwater I mostly do nights": an organisation's
  // name, then the speaker's own clause (no listener in the sentence)
  const own = organisationName(p.value) && !s.some((t) => t.lower === "you" || t.lower === "your") && s.slice(w, w + 4).some((t, i) => ((t.lower === "my" || t.lower === "our") && s[w + i + 1]?.pos === "NOUN") || (t.lower === "i" && verbAt(s, w + i + 1)));
  if (!we && !own) return;
  if (s[a + 1].date || OCCASIONS.has(p.value.toLowerCase()) || placesNamed(p.value).length > 0 || isCountry(p.value) || ctx.speakers.includes(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return;
  emit(speaker, "workplace", p.value, 1);
}

/**
 * "Gdańsk being Gdańsk", "Lagos will be Lagos": a town's name said of itself, a sigh about where one is (a town of
 * the gazetteer, not the listener's known home).
 *
 * @example
 * townBeingTown(analyse("The tram died again. Gdańsk being Gdańsk.")[1], "Kasia", ctx, emit); // emit("Kasia", "home", "Gdańsk", 0)
 */
export function townBeingTown(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // ("Paris being Paris, you'll love it": advice to the listener)
  if (s.some((t) => t.lower === "you" || t.lower === "u")) return;
  for (let k = 0; k + 2 < s.length; k++) {
    if (!isName(s[k])) continue;
    const p = placeAt(s, k);
    if (!p) continue;
    const b = s[p.end + 1]?.lower === "will" && s[p.end + 2]?.lower === "be" ? p.end + 3 : s[p.end + 1]?.lower === "being" ? p.end + 2 : -1;
    const again = b > 0 && isName(s[b]) ? placeAt(s, b) : undefined;
    if (again?.value === p.value && townName(p.value) && !isCountry(p.value) && !listenersHome(ctx, speaker, p.value)) return emit(speaker, "home", p.value, k);
    k = p.end;
  }
}

/**
 * "starts from mine in Barbican", "just up the road from me in Nyali", "at ours in Leith": the speaker's place, and
 * the town it is in; "Should be at yours in Bedminster by eight": the listener's. A possessive ("mine", "yours",
 * "ours") holds in a question too ("Coming up to mine in Brunswick Saturday?"); "me" and "us" not.
 *
 * @example
 * mineIn(analyse("Saturday run starts from mine in Barbican.")[0], "Matteo", ctx, emit); // emit("Matteo", "home", "Barbican", 6)
 */
export function mineIn(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // (a question asks, unless it only asks for agreement: "…, yes?")
  const asks = s[s.length - 1]?.text === "?" && !(s[s.length - 3]?.text === "," && ["yes", "right", "ok", "yeah", "no"].includes(s[s.length - 2]?.lower ?? ""));
  // ("We used to have parties back at ours in Hull": where one was)
  if (s.some((t, i) => t.lower === "used" && s[i + 1]?.lower === "to")) return;
  const listener = ctx.speakers.find((x) => x !== speaker);
  for (let k = 1; k + 2 < s.length; k++) {
    const w = s[k].lower;
    if (!["mine", "me", "ours", "us", "yours"].includes(w) || (asks && (w === "me" || w === "us")) || !["from", "near", "at", "to", "round"].includes(s[k - 1].lower) || s[k + 1].lower !== "in" || !isName(s[k + 2])) continue;
    const owner = w === "yours" ? listener : speaker;
    const p = placeAt(s, k + 2);
    // (a town's name, known to the gazetteer or not; no organisation, person or the other one's home)
    if (owner && p && !organisationName(p.value) && !isCountry(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) && !listenersHome(ctx, owner, p.value)) return emit(owner, "home", p.value, k + 2);
  }
}

/** A name that cannot be an employer: a town, a country, a speaker or a person of the conversation. */
const noEmployer = (ctx: SessionContext, v: string): boolean => townName(v) || isCountry(v) || ctx.speakers.includes(v) || namesSomeone(ctx, v, { firstName: "value", gendered: true, known: true });

/**
 * "Been at Deloitte three years now", "Been with Vodafone since 2019": "been at / with" an organisation for a time,
 * with no subject written (chat's "I've been"), is the speaker's workplace (no town, person, occasion or question).
 *
 * @example
 * beenAt(analyse("Been at Deloitte three years now.")[0], "Ann", ctx, emit); // emit("Ann", "workplace", "Deloitte", 2)
 */
export function beenAt(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // ("Been with the City of Regina since June": "the" before a name shaped like an organisation's)
  const the = s[2]?.lower === "the" && (isName(s[3]) || upper(s[3]?.text ?? "")) && organisationShaped(placeAt(s, 3)?.value ?? "") ? 1 : 0;
  if (s[0]?.lower !== "been" || !["at", "with"].includes(s[1]?.lower ?? "") || !(isName(s[2]) || the) || s[s.length - 1]?.text === "?") return;
  const p = placeAt(s, 2 + the);
  if (!p || s[2 + the].date) return;
  // a time it has lasted, months or more: "three years", "for ages", "since March" (not "all week": a stay)
  const rest = s.slice(p.end + 1, p.end + 5);
  // ("Been at Tom's since Friday": a stay at someone's)
  const since = (i: number) => rest[i].lower === "since" && /^(?:\d{4}|jan|feb|march|april|may|june|july|aug|sept?|oct|nov|dec)/i.test(rest[i + 1]?.text ?? "");
  if (!rest.some((t, i) => ["ages", "forever", "year", "years", "month", "months", "decade"].includes(t.lower) || since(i))) return;
  if (OCCASIONS.has(p.value.toLowerCase()) || noEmployer(ctx, p.value)) return;
  emit(speaker, "workplace", p.value, 2 + the);
}

/**
 * "Sky is a great place to work", "Honestly, Aldi's a decent place to work": an organisation judged as a place to work,
 * now and by the speaker (no listener or question in the sentence), is where the speaker works.
 *
 * @example
 * placeToWork(analyse("Sky is a great place to work.")[0], "Ann", ctx, emit); // emit("Ann", "workplace", "Sky", 0)
 */
export function placeToWork(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const w = s.findIndex((t, i) => t.lower === "work" && s[i - 1]?.lower === "to" && s[i - 2]?.lemma === "place");
  if (w < 0 || s.some((t) => t.text === "?" || t.lower === "you" || t.lower === "your")) return;
  let k = 0;
  while (k < s.length && (s[k].pos === "INTJ" || s[k].pos === "PUNCT" || s[k].pos === "ADV")) k++;
  // (a one-word name opening the sentence may be tagged a noun: "Sky is …")
  const p = isName(s[k]) ? placeAt(s, k) : s[k]?.pos === "NOUN" && /^\p{Lu}/u.test(s[k].text) ? { value: s[k].text, end: k } : undefined;
  if (!p || !(s[p.end + 1]?.lower === "is" || s[p.end + 1]?.text === "'s")) return;
  // (an article and judgements only, between: "a great", "a decent enough")
  if (!s.slice(p.end + 2, w - 2).every((t) => t.pos === "DET" || t.pos === "ADJ" || t.pos === "ADV")) return;
  if (noEmployer(ctx, p.value)) return;
  emit(speaker, "workplace", p.value, k);
}

const KINDS = wordSet("workplaceKinds");
const SHIFT_WORDS = new Set(["shift", "shifts", "nights", "days", "lates", "earlies", "rota", "overtime"]);

/**
 * "Sunrise Care Home, double shift today.", "Kwik Fit garage, nights again.": a sentence with no verb that
 * opens with an organisation's name, then the kind of workplace it is or the shifts worked there, is the speaker's
 * workplace (no town, country, person or question).
 *
 * @example
 * workFragment(analyse("Sunrise Care Home, double shift today.")[0], "Ann", ctx, emit); // emit("Ann", "workplace", "Sunrise Care Home", 0)
 */
export function workFragment(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  if (!isName(s[0]) || s.some((t) => t.pos === "VERB" || t.pos === "AUX" || t.text === "?" || t.pos === "PRON")) return;
  const p = placeAt(s, 0);
  if (!p) return;
  // ("Best hospital in Leeds, worst rota": a common word opening the sentence names nothing)
  if (inLexicon(s[0].lower) && !upper(s[1]?.text ?? "")) return;
  const kind = KINDS.has(s[p.end + 1]?.lemma ?? "") && s[p.end + 1].text === s[p.end + 1].lower;
  const comma = s.findIndex((t, i) => i > p.end && t.text === ",");
  const shifts = (kind || comma === p.end + 1) && comma > 0 && s.slice(comma + 1).some((t) => SHIFT_WORDS.has(t.lower));
  if (!kind && !shifts) return;
  if (noEmployer(ctx, p.value)) return;
  emit(speaker, "workplace", p.value, 0);
}

/**
 * "I'll bring stuff from Sobeys, I work the bakery counter there": the speaker works at the organisation named last
 * before "there" in the turn (no town, person or speaker; a town named last says nothing of the work).
 *
 * @example
 * workThere(analyse("Got it from Sobeys, I work there.")[0], [], "Bri", ctx, emit); // emit("Bri", "workplace", "Sobeys", 3)
 */
function workThere(s: Tok[], before: readonly Tok[][], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  if (s[s.length - 1]?.text === "?") return;
  const w = s.findIndex((t, i) => t.lemma === "work" && t.pos === "VERB" && (s[i - 1]?.lower === "i" || (["still", "also", "now"].includes(s[i - 1]?.lower ?? "") && s[i - 2]?.lower === "i")));
  const there = w < 0 ? -1 : s.findIndex((t, i) => i > w && i <= w + 5 && t.lower === "there" && (!s[i + 1] || s[i + 1].pos === "PUNCT" || ["now", "too", "part-time", "full-time"].includes(s[i + 1].lower)));
  if (there < 0 || s.slice(w + 1, there).some((t) => isName(t) || ["at", "in", "for", "with", "not", "no"].includes(t.lower))) return;
  // the last name before it, in this sentence or the turn's earlier ones
  const earlier = [...before, s.slice(0, w)];
  for (let j = earlier.length - 1; j >= 0; j--) {
    const x = earlier[j];
    for (let k = x.length - 1; k >= 0; k--) {
      const p = isName(x[k]) && !(k > 0 && isName(x[k - 1]) && placeAt(x, k - 1)?.end === placeAt(x, k)?.end) ? placeAt(x, k) : undefined;
      if (!p || (k === 0 && inLexicon(x[k].lower))) continue;
      if (townName(p.value) || isCountry(p.value) || ctx.speakers.includes(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return;
      return emit(speaker, "workplace", p.value, w);
    }
  }
}

/**
 * "We're in! Officially Oamaru now.": a verbless "officially" and a place (no organisation, person or country) is
 * where the speaker has just come to live; "Officially AirAsia person now": one of an organisation's people works there.
 *
 * @example
 * officially(analyse("Officially Oamaru now.")[0], "Kiri", ctx, emit); // emit("Kiri", "home", "Oamaru", 1)
 */
function officially(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const words = s.filter((t) => t.pos !== "PUNCT");
  if (words[0]?.lower !== "officially" || !isName(s[1])) return;
  const p = placeAt(s, 1);
  const rest = p ? s.slice(p.end + 1).filter((t) => t.pos !== "PUNCT") : [];
  if (!p || rest.length > 1 || (rest[0] && rest[0].lower !== "now") || isCountry(p.value) || namesSomeone(ctx, p.value, { firstName: "value", known: true })) return;
  // ("Officially AirAsia person now.": one of an organisation's people, no town's, works there)
  const named = p.value.split(" ");
  const person = named.length > 1 && RESIDENTS.has(named[named.length - 1]) ? named.slice(0, -1).join(" ") : undefined;
  // ("Officially Puchong people now!": a town's people, plural, or a place seen as a home, is where one lives)
  const plural = ["people", "residents", "locals"].includes(named[named.length - 1]);
  if (person && !townName(person) && !plural && ctx.seenAs?.[person] !== "home") return emit(speaker, "workplace", person, 1);
  if (organisationName(p.value) || ctx.seenAs?.[p.value] === "workplace") return;
  emit(speaker, "home", demonymTown(p.value) ?? person ?? p.value, 1);
}

const RESIDENTS = wordSet("residentNouns");
const RETURN_WHEN = new Set(["on", "from", "next", "after", "in", "tomorrow", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]);

/**
 * "Got my return date. Back at TfL on the 1st.", "back on site with BHP Thursday": a verbless "back at" or "back into" (or "back on
 * site with") an organisation (no town or person), with when, is the return to one's work.
 *
 * @example
 * backAtWork(analyse("Back at TfL on the 1st.")[0], "Olu", ctx, emit); // emit("Olu", "workplace", "TfL", 2)
 */
function backAtWork(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  let k = 0;
  while (s[k]?.pos === "INTJ" || ["so", "and", "anyway"].includes(s[k]?.lower ?? "")) k++;
  // ("back on site with BHP Thursday": on site, with the employer)
  const a = s[k + 1]?.lower === "on" && s[k + 2]?.lower === "site" && s[k + 3]?.lower === "with" ? k + 4 : k + 2;
  // ("Back into Medtronic tomorrow": into it, as at it)
  if (s[k]?.lower !== "back" || (a === k + 2 && s[k + 1]?.lower !== "at" && s[k + 1]?.lower !== "into") || !isName(s[a]) || s[s.length - 1]?.text === "?") return;
  const p = placeAt(s, a);
  if (!p || !RETURN_WHEN.has(s[p.end + 1]?.lower ?? "") || townName(p.value) || isCountry(p.value) || namesSomeone(ctx, p.value, { firstName: "value", known: true })) return;
  emit(speaker, "workplace", p.value, a);
}

/** The last word of a district's name ("the North End", "Jersey Heights"). */
const DISTRICT_ENDS = new Set(["End", "Side", "Hill", "Hills", "Park", "Heights", "Village", "Town", "Quarter", "Bay", "Estate", "Gardens"]);

/**
 * "Welcome to the North End, officially.": the town or district (no organisation) someone is welcomed to; the caller
 * reads it as the home of a listener who has just moved, since a local says "Welcome to Leeds" of their own town too.
 *
 * @example
 * welcomedTo(analyse("Welcome to the North End, officially.")[0]); // "North End"
 */
export function welcomedTo(s: Tok[]): string | undefined {
  let w = 0;
  while (s[w]?.pos === "INTJ" || s[w]?.text === ",") w++;
  const to = s[w]?.lower === "welcome" && s[w + 1]?.lower === "to" ? (s[w + 2]?.lower === "the" ? w + 3 : w + 2) : -1;
  // ("Welcome to Kolkata summer": the town's weather, not the town)
  const welcomed = to > 0 && isName(s[to]) ? placeAt(s, to) : undefined;
  if (welcomed && (s[welcomed.end + 1]?.pos ?? "PUNCT") === "PUNCT" && !organisationName(welcomed.value) && (townName(welcomed.value) || DISTRICT_ENDS.has(welcomed.value.split(" ").pop()!))) return welcomed.value;
  return undefined;
}

const DWELLINGS = wordSet("dwellingNouns");
/**
 * "Flat in Armley, damp everywhere.", "Tiny room in Peckham, 900 a month": a verbless sentence opening with a dwelling
 * in a named place is where the speaker lives (not a question, nor someone else's: "His flat in Leeds").
 *
 * @example
 * dwellingFragment(analyse("Flat in Armley, damp everywhere.")[0], "Ola", ctx, emit); // emit("Ola", "home", "Armley", 2)
 */
export function dwellingFragment(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  let k = 0;
  while (k < 3 && s[k] && (s[k].pos === "ADJ" || ["a", "new", "my", "our", "the"].includes(s[k].lower))) k++;
  // (a room, only in a town the gazetteer knows: "Room in Peckham", not "Room in the Hilton")
  const room = s[k]?.lemma === "room";
  if (!s[k] || !(DWELLINGS.has(s[k].lemma) || room) || s[k + 1]?.lower !== "in" || !isName(s[k + 2]) || s.some((t) => t.text === "?")) return;
  const p = placeAt(s, k + 2);
  if (room && !townName(p?.value ?? "")) return;
  if (!p || s.slice(0, p.end + 1).some((t) => t.pos === "VERB" || t.pos === "AUX") || organisationName(p.value) || isCountry(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) || listenersHome(ctx, speaker, p.value)) return;
  // (the sentence ends, or a comma or a dash follows the place)
  if (s[p.end + 1] && s[p.end + 1].pos !== "PUNCT") return;
  emit(speaker, "home", p.value, k + 2);
}

/**
 * "Walthamstow, same flat above the chicken shop.", "Brunswick! Tiny apartment above a bakery.": a place named alone
 * (after nothing, before a comma, or as a sentence of its own just before), then one's dwelling, with no verb between, is
 * where the speaker lives (no organisation, country, person or question; not the listener's known home).
 *
 * @example
 * placeThenDwelling(analyse("Walthamstow, same flat as ever.")[0], [], "Ola", ctx, emit); // emit("Ola", "home", "Walthamstow", 0)
 */
export function placeThenDwelling(s: Tok[], before: readonly Tok[][], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  if (s.some((t) => t.text === "?")) return;
  // (a town of the gazetteer, or a name no common word's: "Raining. Flat in Armley", "Ja, same house" name nothing)
  const alone = (x: readonly Tok[] | undefined) => {
    const p = x && isName(x[0]) && x[0].pos === "PROPN" ? placeAt(x as Tok[], 0) : undefined;
    return p && p.value.length > 2 && (placesNamed(p.value).length > 0 || !inLexicon(p.value.toLowerCase())) ? p : undefined;
  };
  // the place before a comma in this sentence, or a sentence of its own ("Brunswick!") just before it
  const here = alone(s);
  const prev = before[before.length - 1];
  const there = alone(prev);
  const [p, from] = here && s[here.end + 1]?.text === "," ? [here, here.end + 2] : there && there.end === prev!.length - 2 && ["!", "."].includes(prev![prev!.length - 1].text) ? [there, 0] : [undefined, -1];
  if (!p) return;
  let k = from;
  // ("same flat": the tagger may read "flat" as an adjective; "flat tyre" is one)
  while (k < from + 3 && s[k] && !DWELLINGS.has(s[k].lower) && (s[k].pos === "ADJ" || ["a", "same", "new", "tiny", "little", "wee", "small"].includes(s[k].lower))) k++;
  if (!s[k] || !(DWELLINGS.has(s[k].lemma) || DWELLINGS.has(s[k].lower)) || s[k].lower === "home" || (s[k].text !== s[k].lower && k > 0) || s[k + 1]?.pos === "NOUN" || s.slice(from, k).some((t) => t.pos === "VERB" || t.pos === "AUX")) return;
  if (organisationName(p.value) || isCountry(p.value) || ctx.speakers.includes(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) || listenersHome(ctx, speaker, p.value)) return;
  emit(speaker, "home", p.value, from > 0 ? 0 : k);
}

/**
 * "Everyone at the USP lab says hi", "everybody at Arup sends their love": greetings from the people at a place (no
 * town) are from the speaker's workplace.
 *
 * @example
 * greetingsFrom(analyse("Everyone at the USP lab says hi.")[0], "Isa", ctx, emit); // emit("Isa", "workplace", "USP lab", 2)
 */
export function greetingsFrom(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  if (!["everyone", "everybody", "all"].includes(s[0]?.lower ?? "") || s[1]?.lower !== "at" || !(isName(s[2]) || (s[2]?.lower === "the" && isName(s[3])))) return;
  const p = placeAt(s, 2);
  const greets = p && ["say", "send"].includes(s[p.end + 1]?.lemma ?? "") && s.slice(p.end + 2, p.end + 5).some((t) => ["hi", "hello", "hey", "love", "regards", "congrats", "congratulations"].includes(t.lower));
  if (p && greets && !relativesHouse(p.value) && placesNamed(p.value).length === 0 && !isCountry(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", known: true })) emit(speaker, "workplace", p.value, 2);
}

/** The words for one's workplace as a topic ("Office is HDFC Bank", "Work's still Woodside"). */
const WORK_ROLES = new Set(["office", "work", "employer", "workplace"]);

/**
 * "Office is HDFC Bank, the Bandra Kurla Complex branch.", "My employer's Arup": one's workplace named as a topic
 * (not a town: "Office is in Leeds" says where it is; not a question).
 *
 * @example
 * workNamed(analyse("Office is HDFC Bank.")[0], "Sid", ctx, emit); // emit("Sid", "workplace", "HDFC Bank", 2)
 */
export function workNamed(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  if (s.some((t) => t.text === "?")) return;
  // the sentence's start, or a clause's after a comma ("flat is in Sector 56, office is Genpact"; not after a name
  // called: "Tom, office is …")
  const c = s.findIndex((t, i) => i > 0 && t.text === "," && WORK_ROLES.has(s[i + 1]?.lower ?? "") && !(i === 1 && isName(s[0])));
  const from = WORK_ROLES.has(s[0]?.lower ?? "") || ["my", "and"].includes(s[0]?.lower ?? "") || c < 0 ? 0 : c + 1;
  const a = s[from]?.lower === "my" || s[from]?.lower === "and" ? from + 1 : from;
  if (!WORK_ROLES.has(s[a]?.lower ?? "") || !["is", "'s"].includes(s[a + 1]?.lower ?? "")) return;
  const b = s[a + 2]?.lower === "still" ? a + 3 : a + 2;
  const p = isName(s[b]) ? placeAt(s, b) : undefined;
  if (p && placesNamed(p.value).length === 0 && !isCountry(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", known: true })) emit(speaker, "workplace", p.value, b);
}

/** Every reading of this file, for one sentence of the speaker's. */
export function asides(s: Tok[], speaker: string, other: string | undefined, ctx: SessionContext, emit: IndirectEmit, before: readonly Tok[][] = []): void {
  whereIWork(s, speaker, ctx, emit);
  backAtWork(s, speaker, ctx, emit);
  officially(s, speaker, ctx, emit);
  workThere(s, before, speaker, ctx, emit);
  sideOf(s, speaker, other, ctx, emit);
  atWe(s, speaker, ctx, emit);
  townBeingTown(s, speaker, ctx, emit);
  mineIn(s, speaker, ctx, emit);
  beenAt(s, speaker, ctx, emit);
  placeToWork(s, speaker, ctx, emit);
  workFragment(s, speaker, ctx, emit);
  dwellingFragment(s, speaker, ctx, emit);
  placeThenDwelling(s, before, speaker, ctx, emit);
  greetingsFrom(s, speaker, ctx, emit);
  workNamed(s, speaker, ctx, emit);
  workIn(s, speaker, other, ctx, emit);
  crashAt(s, other, ctx, (e, a, v) => emit(e, a, v, 0));
  takenOn(s, speaker, ctx, (e, a, v) => emit(e, a, v, 0));
  dwellingNamed(s, speaker, other, ctx, (e, a, v) => emit(e, a, v, 0));
  nearMe(s, before, speaker, other, ctx, emit);
}
