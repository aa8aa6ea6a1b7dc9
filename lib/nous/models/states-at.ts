/**
 * Where one works or lives, told by what happens there: an interview or an application at a name, the way home, a
 * home named in a greeting or in passing, a relation visited, a business one runs or opened, the first or last days
 * at a name. Each is indirect evidence (the caller skips questions and conditionals). "at <Name>" said in passing is
 * read in states-at-name.ts.
 */
import { relationAt, type Clause } from "./clause.js";
import { kinWords, wordSet } from "./lexicon.js";
import { isName, type Tok, upper } from "./nlp.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { placesNamed } from "./gazetteer.js";
import { organisationName, placeAt, STREETS } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";

/** Nouns of an outing, a meal or a trip: "dinner at Nando's", "a gig at the Apollo", "the weekend at Whistler". */
export const OUTING_NOUNS = new Set([...wordSet("outingNouns"), ...wordSet("tripWords")]);
const KIN_NOUNS = kinWords();

/**
 * The organisation a turn says the speaker applied to or had an interview at: "I had an interview today!! at Skåne
 * University Hospital", "applied for a job at Harland Engineering", "interview at the council tomorrow", "a job came
 * up at Corvale, applying tonight". Sentences are read as one (chat splits them anywhere); a name, or "the" and a
 * noun ("the council").
 *
 * @example
 * appliedAt(analyse("Applied for a job at Harland Engineering, project coordinator.")); // "Harland Engineering"
 */
export function appliedAt(sentences: Tok[][]): string | undefined {
  const s = sentences.flat();
  for (let k = 0; k < s.length; k++) {
    if (!(s[k].lemma === "interview" || s[k].lemma === "apply" || s[k].lower === "applying" || (s[k].lemma === "job" && s[k + 1]?.lemma === "come" && s[k + 2]?.lower === "up"))) continue;
    if (s.slice(Math.max(0, k - 3), k).some((t) => t.lower === "not" || t.lower === "never" || t.lower === "didn't" || t.lower === "might" || t.lower === "should")) continue;
    for (let j = k + 1; j < Math.min(s.length, k + 9); j++) {
      if (s[j].lower !== "at" && s[j].lower !== "with" && s[j].lower !== "to") continue;
      const a = s[j + 1]?.lower === "the" ? j + 2 : j + 1;
      if (!s[a]) break;
      if (isName(s[a]) && upper(s[a].text)) return placeAt(s, a)?.value;
      if (a === j + 2 && s[a].pos === "NOUN" && !OUTING_NOUNS.has(s[a].lemma)) return s[a].text;
      break;
    }
  }
  return undefined;
}

const RETURN_TIMES = new Set(["this", "last", "today", "tonight", "yesterday", "earlier"]);
const TRAVEL_VERBS = new Set(["come", "fly", "visit", "drive", "travel", "head", "go", "get"]);

/**
 * Where someone else comes from or goes home to: "My dad is coming up from Bucharest", "Mum's flying in from Lahore",
 * "my cousin is visiting from Casablanca" → their home; "Youssef flew home to Casablanca", "she goes back to Lahore on
 * Sunday" after a visit → their home. Of the speaker's own travel, only a return told in the past ("when I came back
 * to Izmir", "got back to Leeds last night"): one may be coming from anywhere.
 *
 * @example
 * travelHome(analyse("My dad is coming up from Bucharest this weekend.")[0], clauses, "Teodor", ctx, emit);
 * // emit("Teodor's dad", "home", "Bucharest", 6)
 */
export function travelHome(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  for (const c of clauses) {
    if (!TRAVEL_VERBS.has(c.verb) || c.negated || c.usedTo || c.subjects.length !== 1) continue;
    const own = c.subjects[0] === speaker;
    // "Pint on Friday would help. I'll come down to Harrogate": the speaker coming to a town is a visit to the
    // listener's home (not one the speaker is known to have)
    if (own && c.verb === "come" && (c.future || c.intent)) {
      const listener = ctx.speakers.find((x) => x !== speaker);
      const to = s.findIndex((t, i) => i > c.head && i < c.end && t.lower === "to" && isName(s[i + 1]));
      const p = to > 0 && s.slice(c.head + 1, to).every((t) => ["down", "up", "over", "out", "back", "across"].includes(t.lower)) ? placeAt(s, to + 1, c.end) : undefined;
      // (a listener whose home is known already, "Wicker Park", is visited there, or on a trip of the speaker's own)
      const theirs = listener ? ctx.known?.[listener]?.home : undefined;
      if (listener && p && (!theirs || theirs === p.value) && placesNamed(p.value).length > 0 && ctx.known?.[speaker]?.home !== p.value && !namesSomeone(ctx, p.value, { firstName: "value", known: true })) emit(listener, "home", p.value, to);
      continue;
    }
    if (c.intent) continue;
    if ((own && !(c.past && !c.future && c.verb !== "go" && c.verb !== "visit")) || (!own && ctx.speakers.includes(c.subjects[0]))) continue;
    for (let k = c.head + 1; k + 1 < c.end; k++) {
      // "from X" on the way here; "home to X" or "back to X" on the way back
      const from = !own && s[k].lower === "from" && (c.progressive || c.future || ["in", "up", "down", "over"].includes(s[k - 1]?.lower ?? ""));
      const home = s[k].lower === "to" && (s[k - 1]?.lower === "home" || s[k - 1]?.lower === "back");
      if (!(from || home) || !isName(s[k + 1])) continue;
      // "she'll come home to Munich at Christmas", "Rhea came home to Thane for Diwali": going home for a holiday is a
      // visit to where one comes from
      if (home && (c.future || own || s.some((t, i) => t.lower === "for" && HOLIDAYS.has(s[i + 1]?.lower ?? ""))) && s.some((t) => HOLIDAYS.has(t.lower))) return;
      const p = placeAt(s, k + 1, c.end);
      // ("just got back to Kalgoorlie this afternoon": one's own return told with its time, to a place the gazetteer
      // may not hold, that names no organisation or person)
      const dated = own && home && s[k - 1]?.lower === "back" && RETURN_TIMES.has(s[(p?.end ?? k) + 1]?.lower ?? "") && !!p && !organisationName(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", known: true });
      if (p && (dated || placesNamed(p.value).length + (ctx.seenAs?.[p.value] === "home" ? 1 : 0) > 0)) emit(c.subjects[0], "home", p.value, k);
      return;
    }
  }
}

/** Holidays, occasions and seasons: coming home for one of them is a visit. */
export const HOLIDAYS = new Set([...wordSet("occasions"), ...wordSet("seasons")]);

const GREETING_WORDS = new Set(["good", "morning", "evening", "afternoon", "night", "greetings", "hello", "hi", "hey", "love", "merry", "christmas", "xmas", "happy", "new", "year", "easter", "holidays", "hugs", "cheers", ","]);

/**
 * Where the speaker is at home, said in passing without the weather: a greeting sent from a town ("Greetings from
 * Tampere", "Merry Christmas from Porto!"), "home (safe / again) in X" opening a sentence ("Home safe in Galway."),
 * time spent in a town ("Two weeks in Bangalore now."), "commute from X" and "my building in X".
 *
 * @example
 * homeInPassing(analyse("Merry Christmas from Porto!")[0], "Beatriz", ctx, emit); // emit("Beatriz", "home", "Porto", 3)
 */
export function homeInPassing(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const town = (k: number) => (isName(s[k]) ? placeAt(s, k)?.value : undefined);
  const ok = (v: string | undefined): v is string => !!v && !namesSomeone(ctx, v);
  for (let k = 1; k + 1 < s.length; k++) {
    // ("Dear Jonas, greetings from Bengaluru!": the one greeted may be named first)
    if (s[k].lower === "from" && GREETING_WORDS.has(s[k - 1].lower) && s[k - 1].pos !== "PUNCT" && s.slice(0, k).every((t) => GREETING_WORDS.has(t.lower) || t.pos === "PUNCT" || t.lower === "dear" || isName(t))) {
      // ("Greetings from a very wet Ballincollig": the weather before the town)
      let j = k + 1;
      if (s[j]?.lower === "a" || s[j]?.lower === "an") {
        j++;
        while (s[j]?.pos === "ADV") j++;
        while (s[j]?.pos === "ADJ") j++;
      }
      const v = town(j);
      if (ok(v) && (j === k + 1 || s[j - 1].pos === "ADJ")) return emit(speaker, "home", v, k);
    }
  }
  // "Home safe in Galway.", "Home again in Leeds"
  if (s[0]?.lower === "home" && s[2] && ((s[1].lower === "in" && isName(s[2])) || (["safe", "again", "now"].includes(s[1].lower) && s[2].lower === "in"))) {
    const v = town(s[1].lower === "in" ? 2 : 3);
    if (ok(v)) return emit(speaker, "home", v, 0);
  }
  // "Two weeks in Bangalore now.", "Three years in Leeds already": time spent in a town up to now, said of oneself
  if (["NUM", "DET"].includes(s[0]?.pos ?? "") && ["day", "week", "month", "year"].includes(s[1]?.lemma ?? "") && s[2]?.lower === "in" && isName(s[3])) {
    const v = town(3);
    if (ok(v) && s.some((t) => t.lower === "now" || t.lower === "already")) return emit(speaker, "home", v, 2);
  }
  // "I'll commute from Leeds for now"
  for (let k = 1; k + 2 < s.length; k++) {
    if (s[k].lemma === "commute" && s[k + 1].lower === "from") {
      const v = town(k + 2);
      if (ok(v)) return emit(speaker, "home", v, k);
    }
  }
  // "Life in Polokwane is quiet", "I'm with my parents in Polokwane now"
  if (s[0]?.lower === "life" && s[1]?.lower === "in" && isName(s[2])) {
    const v = town(2);
    if (ok(v) && placeAt(s, 2) && s[placeAt(s, 2)!.end + 1]?.lemma === "be") return emit(speaker, "home", v, 1);
  }
  for (let k = 1; k + 3 < s.length; k++) {
    if (s[k].lower === "with" && ["my", "our"].includes(s[k + 1].lower) && s[k + 3]?.lower === "in" && isName(s[k + 4]) && s.some((t) => t.lower === "now") && s.slice(0, k).some((t) => t.lower === "i" || t.lower === "am" || t.lower === "staying" || t.lower === "living")) {
      const v = town(k + 4);
      if (ok(v)) return emit(speaker, "home", v, k);
    }
  }
  // an address: "41 Birch St, Halifax", "12 Rue des Lilas, Lyon" (a number, a street of one to four words, a comma and a
  // town), the speaker's own unless the sentence gives it to someone else ("my mum's address is …")
  for (let k = 0; k + 3 < s.length; k++) {
    if (s[k].pos !== "NUM" || !/^\d{1,4}[a-z]?$/i.test(s[k].text)) continue;
    let j = k + 1;
    while (j < s.length && j - k <= 4 && s[j].text !== "," && s[j].pos !== "PUNCT") j++;
    const street = s.slice(k + 1, j).map((t) => t.lower);
    if (s[j]?.text !== "," || !street.some((w) => STREETS.has(w.replace(/\.$/, ""))) || !isName(s[j + 1])) continue;
    if (s.slice(0, k).some((t) => t.text === "'s" || ["his", "her", "their", "your"].includes(t.lower))) return;
    const v = town(j + 1);
    if (ok(v) && placesNamed(v).length > 0) return emit(speaker, "home", v, j + 1);
  }
  // "the tram outside my building in Milan", "our apartment building in Al Barsha", "our block in Leith"
  for (let k = 1; k + 2 < s.length; k++) {
    const mine = (i: number) => s[i]?.lower === "my" || s[i]?.lower === "our";
    if ((s[k].lower === "building" || s[k].lower === "block") && (mine(k - 1) || (["apartment", "flat", "tower"].includes(s[k - 1].lower) && mine(k - 2))) && s[k + 1].lower === "in") {
      const v = town(k + 2);
      if (ok(v)) return emit(speaker, "home", v, k);
    }
  }
}

/**
 * The listener's home, said to them: "hope the weather holds for you over there in Graz" ("there in X" after a "you"
 * of the same sentence), and the speaker's, asked: "Any chance you can visit us in Copenhagen?".
 *
 * @example
 * homeSaidTo(analyse("Hope it holds for you over there in Graz.")[0]); // { listener: "Graz" }
 */
export function homeSaidTo(s: Tok[]): { listener?: string; speaker?: string } {
  for (let k = 1; k + 1 < s.length; k++) {
    if (s[k].lower !== "in" || !isName(s[k + 1])) continue;
    const v = placeAt(s, k + 1)?.value;
    if (!v) continue;
    if (s[k - 1].lower === "there" && s.slice(0, k - 1).some((t) => t.lower === "you" || t.lower === "your")) return { listener: v };
    // "driving down to you in Pietermaritzburg", "visiting you in Hilo", "staying with you in Perth"
    if ((s[k - 1].lower === "you" || s[k - 1].lower === "u") && ["to", "visit", "visiting", "with"].includes(s[k - 2]?.lower ?? "")) return { listener: v };
    if ((s[k - 1].lower === "me" || s[k - 1].lower === "us") && ["visit", "see"].includes(s[k - 2]?.lemma ?? "")) return { speaker: v };
  }
  return {};
}

const VISIT_VERBS = new Set(["see", "visit", "stay"]);

/**
 * A relation's home from a visit: "Going down to see my mum in Marseille", "staying with my sister Pooja in
 * Melbourne", "a weekend at my mum's in Dundee" → that relation's home (a town of the gazetteer, or a place the
 * conversation has seen as a home).
 *
 * @example
 * relationVisited(analyse("Going down to see my mum in Marseille this weekend.")[0], "Camille", ctx, "D2:1", emit);
 * // emit("Camille's mum", "home", "Marseille", 7)
 */
export function relationVisited(s: Tok[], speaker: string, ctx: SessionContext, turn: string, emit: IndirectEmit): void {
  for (let k = 1; k + 3 < s.length; k++) {
    if (s[k].lower !== "my") continue;
    const visit = VISIT_VERBS.has(s[k - 1].lemma) || (s[k - 1].lower === "with" && VISIT_VERBS.has(s[k - 2]?.lemma ?? "")) || s[k - 1].lower === "at";
    if (!visit) continue;
    const r = relationAt(s, k, speaker, ctx, turn);
    if (!r?.entity) continue;
    let j = r.end + 1;
    if (s[k - 1].lower === "at") {
      if (s[j]?.text !== "'s") continue;
      j++;
    }
    if (s[j]?.lower !== "in" || !isName(s[j + 1])) continue;
    const v = placeAt(s, j + 1)?.value;
    // "I'm still at my auntie's in Harrow", "living at my mum's in Dundee": the speaker lives there too
    const b = s[k - 2]?.lower === "still" ? k - 3 : k - 2;
    const dwelling = s[k - 1].lower === "at" && (["'m", "am"].includes(s[b]?.lower ?? "") || (["live", "stay"].includes(s[b]?.lemma ?? "") && s[b].pos === "VERB")) && s.slice(0, b).some((t) => t.lower === "i");
    if (!v || !(placesNamed(v).length > 0 || ctx.seenAs?.[v] === "home" || (dwelling && upper(v)))) continue;
    if (dwelling) emit(speaker, "home", v, j);
    return emit(r.entity, "home", v, j);
  }
  // "Visited Lotte in Hamburg", "staying with Paolo in Lyon": a person the conversation has named, by name
  for (let k = 1; k + 2 < s.length; k++) {
    const visit = VISIT_VERBS.has(s[k - 1].lemma) || (s[k - 1].lower === "with" && VISIT_VERBS.has(s[k - 2]?.lemma ?? ""));
    if (!visit || !isName(s[k]) || s[k + 1]?.lower !== "in" || !isName(s[k + 2])) continue;
    // a person: named before as one, or holding states in this conversation (no town, no organisation)
    const n = placeAt(s, k)?.value;
    const person = !!n && n === s[k].text && ((ctx.people ?? []).some((p) => p.name === n && !p.plural) || (!!ctx.known?.[n] && !ctx.seenAs?.[n] && placesNamed(n).length === 0));
    const who = person ? n : undefined;
    if (!who || ctx.speakers.includes(who)) continue;
    const v = placeAt(s, k + 2)?.value;
    if (v && (placesNamed(v).length > 0 || ctx.seenAs?.[v] === "home")) return emit(who, "home", v, k + 1);
  }
}

/**
 * The person a question asks after: "How's Mārtiņš doing?", "how is Sam getting on?", "How's Paolo?" (a person the
 * conversation knows). Not a town, an organisation, or a name the conversation has seen as a home or workplace.
 *
 * @example
 * askedPerson(analyse("How's Mārtiņš doing?")[0], ctx); // "Mārtiņš"
 */
export function askedPerson(sentence: Tok[], ctx: SessionContext): string | undefined {
  // ("raj how's Tanvi doing?", "Hey Mo, how's Ella doing?": after the listener's name or a greeting)
  let o = 0;
  while (o < 3 && (["hey", "hi", "so", "oh", "and", "ok", "btw", ","].includes(sentence[o]?.lower ?? "") || ctx.speakers.some((n) => n.toLowerCase() === sentence[o]?.lower))) o++;
  const s = o ? sentence.slice(o) : sentence;
  if (s[0]?.lower !== "how" || !["'s", "is", "s"].includes(s[1]?.lower ?? "")) return undefined;
  // "How's your mate Brad, the one with the boat?": a friend or relation of the listener's, named
  if (["your", "ur"].includes(s[2]?.lower ?? "") && (FRIENDS.has(s[3]?.lemma ?? "") || KIN_NOUNS.has(s[3]?.lemma ?? "")) && isName(s[4]) && s[4].pos === "PROPN") return s[4].text;
  // "How's your Josh?": a name owned by the listener, one of theirs
  if (["your", "ur"].includes(s[2]?.lower ?? "") && isName(s[3]) && s[3].pos === "PROPN" && (s[4]?.text === "?" || ["doing", "getting"].includes(s[4]?.lower ?? "")) && placesNamed(s[3].text).length === 0 && !ctx.seenAs?.[s[3].text]) return s[3].text;
  if (!isName(s[2])) return undefined;
  const p = placeAt(s, 2);
  if (!p || p.value.includes(" ") || placesNamed(p.value).length > 0 || ctx.seenAs?.[p.value]) return undefined;
  const next = s[p.end + 1]?.lower;
  const doing = next === "doing" || next === "getting" || next === "keeping" || next === "finding" || next === "settling" || next === "liking" || next === "loving" || next === "enjoying";
  const known = (ctx.people ?? []).some((r) => r.name === p.value && !r.plural) || !!ctx.known?.[p.value];
  return doing || known ? p.value : undefined;
}

const FRIENDS = new Set(["mate", "friend", "pal", "buddy", "flatmate", "roommate", "neighbour", "neighbor", "colleague"]);
const RUN_VERBS = new Set(["run", "manage", "own"]);
/** What one runs once: a race, a meeting, a course. */
const RUN_EVENTS = new Set(["marathon", "race", "half", "10k", "5k", "session", "sessions", "meeting", "workshop", "course", "quiz", "show", "event"]);

/**
 * Running a business said of oneself: "I run Panadería Rosales now", "I'm helping my aunt run Panadería Rosales",
 * "we manage the Crown & Anchor" → the speaker's workplace (in passing). The name must be no town, no speaker and no
 * person the conversation knows; the first person must come before the verb.
 *
 * @example
 * runsBusiness(analyse("I run Panadería Rosales now.")[0], "Camila", ctx, emit); // emit("Camila", "workplace", "Panadería Rosales", 1)
 */
export function runsBusiness(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  for (let k = 1; k + 1 < s.length; k++) {
    // now, not once ("I ran the London marathon")
    if (!RUN_VERBS.has(s[k].lemma) || s[k].pos !== "VERB" || !["run", "runs", "running", "manage", "manages", "managing", "own", "owns"].includes(s[k].lower)) continue;
    const at = s[k + 1].lower === "the" ? k + 2 : k + 1;
    if (!isName(s[at]) || !s.slice(0, k).some((t) => ["i", "we", "i'm", "we're"].includes(t.lower))) continue;
    if (s.slice(0, k).some((t) => ["not", "never", "if", "want", "would", "could"].includes(t.lower))) return;
    const v = placeAt(s, at)?.value;
    if (!v || RUN_EVENTS.has(v.split(" ").pop()!.toLowerCase()) || placesNamed(v).length > 0 || namesSomeone(ctx, v, { known: true })) continue;
    return emit(speaker, "workplace", v, k);
  }
}

/**
 * "I opened my own place! A little bistro in Brixton called Little Saffron.": a business the speaker opened, named
 * ("called" / "named") in that sentence or the next one of the turn.
 *
 * @example
 * openedBusiness(analyse("We opened a café called Bean There.")); // "Bean There"
 */
export function openedBusiness(sentences: Tok[][]): string | undefined {
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i];
    const k = s.findIndex((t, j) => t.lemma === "open" && t.pos === "VERB" && t.lower !== "open" && s.slice(0, j).some((x) => ["i", "we"].includes(x.lower)) && ["my", "our", "a", "an", "the"].includes(s[j + 1]?.lower ?? ""));
    if (k < 0 || s.slice(0, k).some((t) => ["not", "never", "if", "want", "would", "could", "should"].includes(t.lower)) || s[s.length - 1]?.text === "?") continue;
    for (const x of [s.slice(k), sentences[i + 1] ?? []]) {
      const c = x.findIndex((t) => (t.lower === "called" || t.lower === "named") && isName(x[x.indexOf(t) + 1]));
      const v = c >= 0 ? placeAt(x, c + 1)?.value : undefined;
      if (v && placesNamed(v).length === 0) return v;
    }
  }
  return undefined;
}

const FIRST_SPANS = new Set(["day", "days", "week", "weeks", "fortnight", "month", "months", "shift", "shifts", "feature", "project", "paycheck", "paycheque", "payslip", "client", "patient"]);
const LAST_SPANS = new Set(["day", "days", "shift", "shifts", "week", "weeks"]);

/**
 * "last day at Sampaguita was Friday", "my last shift at Corvale is Sunday", "doing my last shifts at Boots now": the
 * speaker's workplace ends (a statement's; "your last day at X?" asks).
 *
 * @example
 * lastDayAt(analyse("Last day at Sampaguita was Friday.")[0]); // "Sampaguita"
 */
export function lastDayAt(s: Tok[]): string | undefined {
  for (let k = 0; k + 3 < s.length; k++) {
    // ("my last few shifts at Boots")
    if (s[k].lower === "last" && s[k + 1].lower === "few" && LAST_SPANS.has(s[k + 2]?.lower ?? "")) s = [...s.slice(0, k + 1), ...s.slice(k + 2)];
    // ("my last week at the Pegasus")
    const at = s[k + 3]?.lower === "the" && s[k + 4] && upper(s[k + 4].text) ? k + 4 : k + 3;
    // ("next week's my last at the Royal Canadian Mint": the span left out)
    if (s[k].lower === "last" && s[k - 1]?.lower === "my" && s[k + 1].lower === "at") return placeAt(s, s[k + 2].lower === "the" ? k + 3 : k + 2)?.value;
    if (s[k].lower !== "last" || !LAST_SPANS.has(s[k + 1].lower) || s[k + 2].lower !== "at" || !upper(s[at].text)) continue;
    if (k > 0 && !["my", "our", "the", ",", "and", "so", "but"].includes(s[k - 1].lower)) continue;
    return placeAt(s, at)?.value;
  }
  return undefined;
}

const COUNT_WORDS = new Set(["one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"]);

/**
 * "How's the first week at Marlow & Finch?", "my first day at Corvale was chaos": the first days at an organisation
 * are a new job's, the listener's in a question, else the speaker's (not someone else's: "his first day at X").
 *
 * @example
 * firstDaysAt(analyse("My first week at Corvale was chaos.")[0]); // "Corvale"
 */
export function firstDaysAt(s: Tok[]): string | undefined {
  for (let k = 0; k + 2 < s.length; k++) {
    // "first (proper / full) week at X"
    const m = s[k + 1]?.pos === "ADJ" && FIRST_SPANS.has(s[k + 2]?.lower ?? "") ? k + 1 : k;
    if (s[k].lower !== "first" || !FIRST_SPANS.has(s[m + 1]?.lower ?? "") || s[m + 2]?.lower !== "at" || !s[m + 3] || !upper(s[m + 3].text)) continue;
    if (!["the", "my", "our", "your"].includes(s[k - 1]?.lower ?? "") && k > 0) continue;
    return placeAt(s, m + 3)?.value;
  }
  // "week 2 at Dar Al Shifa", "day 3 at X": a count of the first days, opening the sentence
  const span = s[0]?.lower ?? "";
  // ("day three at X": the count in words too)
  if (["day", "week", "month", "shift"].includes(span) && s[1]?.pos === "NUM" && (/^\d{1,2}$/.test(s[1].text) || COUNT_WORDS.has(s[1].lower)) && s[2]?.lower === "at" && s[3] && upper(s[3].text)) return placeAt(s, 3)?.value;
  // "Two weeks at Zeiss done.", "3 shifts at the Mater down": a count of days or weeks at a name, done
  const count = s[0]?.pos === "NUM" && (/^\d{1,2}$/.test(s[0].text) || COUNT_WORDS.has(s[0].lower)) && ["days", "weeks", "fortnights", "months", "shifts"].includes(s[1]?.lower ?? "") && s[2]?.lower === "at";
  const counted = count ? placeAt(s, 3) : undefined;
  if (counted && upper(counted.value) && ["done", "down", "completed", "survived"].includes(s[counted.end + 1]?.lower ?? "")) return counted.value;
  // "Nike day 1: got lost on campus": the name first (no town's)
  const named = isName(s[0]) && !s[0].date ? placeAt(s, 0) : undefined;
  const d = named ? named.end + 1 : -1;
  if (named && ["day", "week"].includes(s[d]?.lower ?? "") && s[d + 1]?.pos === "NUM" && (/^\d{1}$/.test(s[d + 1].text) || ["one", "two", "three"].includes(s[d + 1].lower)) && placesNamed(named.value).length === 0) return named.value;
  return undefined;
}
