/**
 * More kinds of indirect evidence, read from statements only (the caller skips questions and conditionals; an
 * organisation acting on the speaker as an employer is in states-employer.ts):
 *
 * - A work thing named after an organisation: "the Nordhavn Design Studio Christmas party", "the Tesco canteen" → the
 *   speaker's workplace (a name that is a person, a speaker or a known entity is not an organisation).
 * - Being there, said in passing: "Back in Lyon.", "Kisumu is home", and the local idioms "Very Chicago.", "Classic
 *   Mexico City.", "Boston in a nutshell.", "Welcome to Boston.", "Only in Lagos." → the speaker's home.
 * - A move told in passing: "Still getting used to Exeter", "Nantes is growing on me" → a new home; "You can visit
 *   me in Bilbao" → the home; "I miss the wind in Zaragoza", said of the speaker's known home → that home ended.
 * - Weather talk: "Stavanger in November is brutal", "It's so hot in Buenos Aires right now", "Denver had snow
 *   yesterday", "Good morning from Lagos!" → the speaker's home. Said now (present tense or a day's time word), with
 *   no trip in the sentence ("in Seville for the weekend, it's boiling" is a visit).
 */
import type { Clause } from "./clause.js";
import { kinWords, wordSet } from "./lexicon.js";
import { openingCommonWord } from "./common-words.js";
import { inLexicon, isName, type Tok, upper } from "./nlp.js";
import { listenersHome, namesSomeone, type SessionContext } from "./referents.js";
import { openingAdjective, organisationName, organisationShaped, placeAt, townName } from "./states-common.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import type { IndirectEmit } from "./states-indirect.js";
import { YEAR } from "./states-remarks.js";
import { movesUntold, type KindEmit } from "./moves.js";

const WEATHER = wordSet("weatherWords"), LEFT = wordSet("leaveDwellingVerbs"), TRIP = wordSet("tripWords");
/** Weekdays, months and seasons: "X in winter is …" speaks of a place at a time. */
const SEASONS = new Set([...wordSet("calendar"), ...wordSet("seasons")]);
const OCCASIONS = wordSet("occasions");

const POSTING = new Set(["post", "transfer", "relocate", "move", "station", "base"]);
const STINTS = new Set(["day", "week", "fortnight", "month", "season", "project", "contract"]);

/**
 * "My company posted me to Accra and I just stayed", "they transferred me to Leeds in May": an employer posting the
 * speaker to a town (of the gazetteer) is a move there, told in passing (not a trip, a plan or a refusal).
 *
 * @example
 * postedTo(analyse("My company posted me to Accra.")[0], "Nurul", ctx, emit); // emit("Nurul", "home", "Accra", 5)
 */
export function postedTo(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  for (let k = 1; k + 3 < s.length; k++) {
    if (s[k + 1].lower !== "me" || s[k + 2].lower !== "to" || s[k].pos !== "VERB" || !POSTING.has(s[k].lemma) || !isName(s[k + 3])) continue;
    // done: "posted", "have transferred"; not "want to transfer me", "didn't post me", "will move me"
    if (!/ed$/.test(s[k].lower) || s.slice(Math.max(0, k - 3), k).some((t) => t.pos === "PART" || t.lower === "never" || t.lower === "to" || t.lemma === "will" || t.lemma === "would")) continue;
    // ("for a month", "for two weeks": a stint, not a move)
    if (s.some((t, i) => t.text === "?" || TRIP.has(t.lemma) || TRIP.has(t.lower) || (t.lower === "for" && s.slice(i + 1, i + 4).some((x) => STINTS.has(x.lemma))))) return;
    const p = placeAt(s, k + 3);
    if (!p || !townName(p.value) || isCountry(p.value) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) continue;
    return emit(speaker, "home", p.value, k + 3);
  }
}

/**
 * "It's so hot in Buenos Aires right now", "Stavanger in November is brutal", "Denver had snow yesterday", "Good
 * morning from Lagos!": weather where the speaker is, said now.
 *
 * @example
 * weatherHome(analyse("Denver had snow yesterday.")[0], clauses, "Tom", ctx, emit); // emit("Tom", "home", "Denver", 0)
 */
export function weatherHome(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // "Dundee in November is a test of character": a town in a month or season, said now, is talk of its weather
  const season = s.some((t, i) => isName(t) && s[i + 1]?.lower === "in" && SEASONS.has(s[i + 2]?.lower ?? "") && s[i + 3]?.lemma === "be");
  // a temperature below zero or in degrees ("its -10 in Warsaw", "34° in Campinas") is weather talk too
  // ("minus thirty-four", "minus 20")
  const temperature = (t: Tok, i: number) => (t.pos === "NUM" && (/^[-−]\d/.test(t.text) || t.text.includes("°") || s[i + 1]?.text === "°")) || (t.lower === "minus" && s[i + 1]?.pos === "NUM");
  if (!(season || s.some((t, i) => WEATHER.has(t.lemma) || WEATHER.has(t.lower) || temperature(t, i))) || s.some((t) => TRIP.has(t.lemma) || TRIP.has(t.lower) || YEAR.test(t.text))) return;
  // ("I told him Ireland has more rain than sense": weather told to a third person is about the place, no home)
  // ("the sea must be lovely in Clontarf this weather": a guess at the listener's weather, read with a wish below)
  const guess = s.some((t, i) => t.lower === "must" && s[i + 1]?.lower === "be" && !s.slice(0, i).some((x) => ["i", "it", "we", "you", "u"].includes(x.lower)));
  if (!guess && clauses.some((c) => c.future || c.intent || c.negated || c.usedTo || ((c.verb === "say" || c.verb === "tell") && (c.subjects.some((e) => e !== speaker) || ["him", "her", "them"].includes(s[c.head + 1]?.lower ?? ""))))) return;
  // someone else's clause before the place makes it theirs ("my sister says it's freezing in Oslo"); one after it
  // does not ("still up in Darwin, wet season now, she sent me a video")
  const othersBefore = (k: number) => clauses.some((c) => c.at < k && c.subjects.some((e) => e !== speaker && !isName(s[c.at])));
  // a past clause counts only with a time word of the last days ("yesterday", "last night", "this morning")
  // "I hope the rains in Shillong have eased", "I hope the monsoon has been gentle with Dharwad": a wish for the
  // listener's weather, where the listener lives
  if (s.some((t) => t.lemma === "hope" && t.pos === "VERB") || guess) {
    const other = ctx.speakers.find((x) => x !== speaker);
    const k = s.findIndex((t, i) => ["in", "with", "over"].includes(t.lower) && isName(s[i + 1]) && (guess ? s : s.slice(0, i)).some((x) => WEATHER.has(x.lemma) || WEATHER.has(x.lower)));
    const p = k > 0 ? placeAt(s, k + 1) : undefined;
    if (other && p && !isCountry(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) && ctx.known?.[speaker]?.home !== p.value) emit(other, "home", p.value, k + 1);
    return;
  }
  // "I miss the wind in Zaragoza": weather one has left (or visits) is not where one lives
  if (clauses.some((c) => LEFT.has(c.verb))) return;
  const recent = s.some((t) => ["yesterday", "today", "tonight", "now", "morning", "night", "week"].includes(t.lower));
  if (clauses.some((c) => c.past) && !recent) return;
  // "rain coming in sideways over Barnsley", "fog's that thick over Stirling": weather over a town
  const weatherBefore = (k: number) => s.slice(0, k).some((t) => WEATHER.has(t.lemma) || WEATHER.has(t.lower));
  for (let k = 0; k < s.length; k++) {
    const prep = s[k - 1]?.lower;
    // a place as the subject of being or having weather ("Turin is freezing", "Denver had snow"), not a person acting
    // ("Winnipeg reached minus thirty-four": any verb, with a temperature)
    const subject = clauses.some((c) => c.at === k && !c.implicit && (c.verb === "be" || c.verb === "have" || c.copula || WEATHER.has(c.verb) || (c.verb === "reach" || c.verb === "hit") && s.some(temperature)));
    // "Manchester rain is enough for me": a name before a weather noun
    let e = k;
    while (isName(s[e + 1])) e++;
    const nounWeather = isName(s[k]) && WEATHER.has(s[e + 1]?.lemma ?? "") && (k === 0 || s[k - 1].pos === "PUNCT");
    // "for you over there in Graz": said of the listener's place
    if (prep === "in" && s[k - 2]?.lower === "there") continue;
    if (isName(s[k]) && othersBefore(k)) return;
    if (!isName(s[k]) || s[k].pos !== "PROPN" || WEATHER.has(s[k].lemma) || WEATHER.has(s[k].lower) || !(prep === "in" || prep === "from" || (prep === "over" && weatherBefore(k)) || subject || nounWeather || (season && s[e + 1]?.lower === "in" && SEASONS.has(s[e + 2]?.lower ?? "")))) continue;
    // "from" only in a greeting: "Good morning from Lagos", "Greetings from Oslo"
    // ("also hi from Oaxaca where its 30 degrees")
    if (prep === "from" && !s.slice(0, k - 1).every((t) => ["good", "morning", "evening", "afternoon", "greetings", "hello", "hi", "hey", "love", "also", "and", "so", ","].includes(t.lower))) continue;
    let stop = k;
    while (stop < s.length && !["right", "now", "today", "tonight", "yesterday", "this", "in", "at"].includes(s[stop].lower) && s[stop].pos !== "PUNCT") stop++;
    const p = nounWeather ? { value: s.slice(openingAdjective(s, k, e) ? k + 1 : k, e + 1).map((t) => t.text).join(" "), end: e } : placeAt(s, k, stop);
    if (!p || (isCountry(p.value) && placesNamed(p.value).length === 0) || namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) || listenersHome(ctx, speaker, p.value)) continue;
    // "House is freezing"; "Erste Bank is fine, a bit grey": an organisation's name by its last word has no weather
    if (openingCommonWord(s, k, p) || organisationName(p.value)) continue;
    // "Heffers in December is a war zone": a month or season alone names the weather of a town of the gazetteer only
    if (season && !subject && !nounWeather && prep !== "in" && prep !== "from" && prep !== "over" && !townName(p.value)) continue;
    // "Saw the ice storm in Toronto on the news, are you alive": weather seen on the news is the listener's
    if (s.some((t) => t.lemma === "news")) {
      const other = ctx.speakers.find((x) => x !== speaker);
      if (other && s.some((t) => t.lower === "you" || t.lower === "u" || t.lower === "your")) emit(other, "home", p.value, k);
      return;
    }
    emit(speaker, "home", p.value, k);
    return;
  }
}

const RESIDENT_NOUNS = wordSet("residentNouns");
const KIN = kinWords();
const GERUND_WORK = new Set(["working", "teaching", "nursing", "interning", "lecturing", "temping", "volunteering"]);
/** Stretches of time one spends at home ("a week home in Red Cliffs"). */
const STAY_SPANS = new Set(["week", "weekend", "fortnight", "day", "night", "month"]);
const IDIOM_BEFORE = new Set(["very", "classic", "typical", "peak", "only", "welcome", "loving"]);

/**
 * "Back in Lyon", "Kisumu is home", "Very Chicago.", "Boston in a nutshell.": the speaker's home, said in passing.
 *
 * @example
 * localHome(analyse("Classic Mexico City.")[0], [], "Pablo", ctx, emit); // emit("Pablo", "home", "Mexico City", 1)
 */
export function localHome(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit, ended?: (value: string) => void): void {
  // cheap test first: most sentences have no "back", "home" or "nutshell" and open with no idiom's word
  if (!IDIOM_BEFORE.has(s[0]?.lower ?? "") && !s.some((t) => t.lower === "back" || t.lower === "home" || t.lower === "nutshell" || t.lower === "things" || t.lower === "life" || t.lower === "out" || RESIDENT_NOUNS.has(t.lower))) return;
  // (a negation is read only by the resident's reading below: "we're not Timaru people any more")
  const resident = s.some((t) => RESIDENT_NOUNS.has(t.lower));
  // ("I was home in Colombo for Christmas": home for an occasion is a visit)
  if (s.some((t, i) => TRIP.has(t.lemma) || TRIP.has(t.lower) || (t.lower === "for" && OCCASIONS.has(s[i + 1]?.lower ?? ""))) || clauses.some((c) => c.future || c.intent || (c.negated && !resident) || c.usedTo)) return;
  const place = (k: number) => {
    const p = isName(s[k]) ? placeAt(s, k) : undefined;
    return p && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true }) ? p : undefined;
  };
  const words = s.filter((t) => t.pos !== "PUNCT");
  for (let k = 0; k < s.length; k++) {
    const t = s[k];
    // "(I'm) back in Lyon", not "back in 2019" (no name) nor someone else's ("she's back in Leeds")
    // "… to get home in Vitória", "home in Lyon by six": home in a town, unowned or the speaker's
    const owner = s[k - 1]?.lower;
    // ("a care home in Marlborough", "the nursing home in Leeds": a kind of home, an institution, not the speaker's)
    // ("then a week home in Red Cliffs": a stretch of time spent at home; "my parents' home in Cork" is theirs)
    if (t.lower === "home" && s[k + 1]?.lower === "in" && place(k + 2) && owner !== "his" && owner !== "her" && owner !== "their" && owner !== "your" && s[k - 1]?.text !== "'s" && s[k - 1]?.text !== "'" && (!["NOUN", "ADJ", "DET"].includes(s[k - 1]?.pos ?? "") || (STAY_SPANS.has(s[k - 1].lemma) && s[k - 2]?.pos !== "PRON"))) {
      const c = clauses.find((x) => x.at <= k && k < x.end);
      if (!c || ((c.subjects.length > 0 || c.implicit) && c.subjects.every((e) => e === speaker))) return emit(speaker, "home", place(k + 2)!.value, k);
    }
    // ("my friends back in Bengaluru", "what I miss is the food back in X": those left behind, where one was)
    if (t.lower === "back" && s[k + 1]?.lower === "in" && place(k + 2) && s[k - 1]?.pos !== "NOUN" && !s.some((x) => x.lemma === "miss")) {
      const c = clauses.find((x) => x.at <= k && k < x.end);
      if (!c || c.subjects.every((e) => e === speaker)) return emit(speaker, "home", place(k + 2)!.value, k);
    }
    // "back at mums in Birmingham", "back with my parents in Leeds": living with family again, in a town
    if (t.lower === "back" && ["at", "with"].includes(s[k + 1]?.lower ?? "")) {
      const i = s.findIndex((x, j) => j > k + 2 && j <= k + 5 && x.lower === "in");
      const c = clauses.find((x) => x.at <= k && k < x.end);
      const family = s.slice(k + 2, i).some((x) => KIN.has(x.lemma) || KIN.has(x.lower.replace(/'?s$/, "")));
      if (i > 0 && family && place(i + 1) && (!c || c.subjects.every((e) => e === speaker))) return emit(speaker, "home", place(i + 1)!.value, k);
    }
    // "Glad to get out of Stirling for a bit": a short break from the town one lives in
    if (t.lower === "out" && s[k + 1]?.lower === "of" && s[k - 1]?.lemma === "get" && place(k + 2) && s[place(k + 2)!.end + 1]?.lower === "for" && ["a", "the"].includes(s[place(k + 2)!.end + 2]?.lower ?? "")) {
      const c = clauses.find((x) => x.at <= k && k < x.end);
      if (!c || c.subjects.every((e) => e === speaker)) return emit(speaker, "home", place(k + 2)!.value, k);
    }
    // "I am an Otsu person now", "we are officially Red Deer residents": a resident of a town, the speaker being one
    let e = k;
    while (isName(s[e]) && isName(s[e + 1])) e++;
    if (isName(s[k]) && RESIDENT_NOUNS.has(s[e + 1]?.lower ?? "") && (k === 0 || ["a", "an", "be", "officially", "now", "proper", "not", "longer"].includes(s[k - 1]?.lemma ?? ""))) {
      const c = clauses.find((x) => x.at <= k && k < x.end);
      const value = placeAt(s, k, e + 1)?.value;
      // ("Derby lad, before you ask.": the same said verbless, opening the sentence)
      // ("Young people!": an ordinary word opening the sentence is no town)
      // ("after Saturday I officially Sengkang resident": the copula left out, as some Englishes do)
      const said = c ? c.copula && !c.negated && !c.noLonger && !c.past && c.subjects.length === 1 && c.subjects[0] === speaker : (k === 0 && s[e + 2]?.pos === "PUNCT" && townName(value ?? "") && !(e === k && inLexicon(s[k].lower) && !placesNamed(value ?? "").some((p) => p.population >= 100_000))) || (s[k - 1]?.lower === "officially" && ["i", "we"].includes(s[k - 2]?.lower ?? ""));
      // ("we're not Timaru people any more": no longer one)
      const left = !!c && c.copula && c.noLonger && c.subjects.length === 1 && c.subjects[0] === speaker;
      if (value && !namesSomeone(ctx, value, { firstName: "value", gendered: true, known: true }) && (said || (left && ended))) return said ? emit(speaker, "home", value, k) : ended!(value);
    }
    // "Kisumu is home", "York's home now"
    const pk = place(k);
    const end = pk ? (["now", "nowadays"].includes(s[pk.end + 3]?.lower ?? "") ? pk.end + 4 : pk.end + 3) : 0;
    if (pk && (s[pk.end + 1]?.lemma === "be" || s[pk.end + 1]?.text === "'s") && s[pk.end + 2]?.lower === "home" && (!s[end] || s[end].pos === "PUNCT" || s[end].pos === "CCONJ")) return emit(speaker, "home", pk.value, k);
  }
  // a fragment of two to five words: "Very Chicago.", "Welcome to Boston.", "Boston in a nutshell."
  if (words.length < 2 || words.length > 5 || clauses.some((c) => !c.implicit && c.subjects.length)) return;
  const first = words[0].lower;
  const at = IDIOM_BEFORE.has(first) ? (first === "welcome" || first === "only" ? 2 : 1) : 0;
  const k = s.indexOf(words[at]);
  // ("Kisumu things": the name ends before "things"; "Dumaguete life": before "life", a city (as "How's X life?",
  // replies.ts: "Highland life" is a way of living) or a home already seen)
  const tail = words[words.length - 1].lower;
  const things = (tail === "things" || tail === "life") && words.length === at + 2 ? s.indexOf(words[words.length - 1]) : -1;
  const p = things > 0 ? (isName(s[k]) && !namesSomeone(ctx, s[k].text, { firstName: "value", gendered: true, known: true }) ? placeAt(s, k, things) : undefined) : place(k);
  if (!p) return;
  const rest = s.slice(p.end + 1).filter((x) => x.pos !== "PUNCT").map((x) => x.lower).join(" ");
  // ("Kisumu things": what is typical of the town one lives in)
  // ("Typical Hamilton in March.", "Classic Leeds on a Monday": a time after the town)
  const timed = /^(?:in|on a|on) (\S+)$/.exec(rest);
  const idiom = at > 0 ? (rest === "" || (!!timed && first !== "welcome" && first !== "only" && isTime(timed[1]))) && (first !== "welcome" || words[1].lower === "to") && (first !== "only" || words[1].lower === "in") : rest === "in a nutshell" || rest === "things" || (rest === "life" && (placesNamed(p.value).some((x) => x.population >= 100_000) || ctx.seenAs?.[p.value] === "home"));
  // ("Welcome to WhatsApp!": a welcome to anything but a town of the gazetteer is no home)
  // ("Classic Trevor.", "Typical Dave.": after an adjective, a name that is no town of the gazetteer nor a home already
  // seen is someone's; "Only in Abergavenny" puts a place after its preposition)
  const placeIdiom = at === 0 || first === "only" || townName(p.value) || (first !== "welcome" && ctx.seenAs?.[p.value] === "home");
  if (idiom && placeIdiom) emit(speaker, "home", p.value, k);
}

const WORK_THINGS = wordSet("workThings");
const SHIFTS_AT = new Set(["nights", "lates", "earlies", "nightshifts", "double", "doubles"]);
/** Words naming a time (weekdays, months, seasons, holidays and occasions, "new year"), alone or plural. */
const TIMES = new Set([...SEASONS, ...wordSet("occasions"), "new year"]);
const isTime = (value: string): boolean => {
  const v = value.toLowerCase();
  return TIMES.has(v) || (v.endsWith("s") && TIMES.has(v.slice(0, -1)));
};

const GO_IN = new Set(["go", "head", "come", "pop"]);
/** A name's word, or a capitalised word the tagger read as a noun ("the Sun Life office"). */
const capitalisedWord = (t: Tok | undefined): boolean => !!t && (isName(t) || /^\p{Lu}/u.test(t.text));
/**
 * "I only go into the Sun Life office on Tuesdays", "heading in to the Aviva office tomorrow": the office of a named
 * organisation that the speaker goes in to (not a town's: "the Leeds office"; not someone's: "Tom's office").
 */
function officeGoneInto(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext): { value: string; at: number } | undefined {
  for (let k = 3; k < s.length; k++) {
    if (s[k].lemma !== "office" || s[k].pos !== "NOUN" || !capitalisedWord(s[k - 1])) continue;
    let a = k - 1;
    while (a > 0 && capitalisedWord(s[a - 1])) a--;
    if (s[a - 1]?.lower !== "the") continue;
    const into = s[a - 2]?.lower === "into" ? a - 2 : s[a - 2]?.lower === "to" && s[a - 3]?.lower === "in" ? a - 3 : -1;
    if (into < 1 || !GO_IN.has(s[into - 1].lemma)) continue;
    const gov = clauses.find((c) => c.head <= into - 1 && c.end > k);
    if (!gov || gov.subjects.length !== 1 || gov.subjects[0] !== speaker || gov.negated || gov.intent || gov.usedTo || gov.noLonger || gov.future) continue;
    const value = s.slice(a, k).map((t) => t.text).join(" ");
    if (townName(value) || isTime(value) || namesSomeone(ctx, value, { firstName: "first", known: true })) continue;
    return { value, at: a };
  }
  return undefined;
}

/** The ways of getting to work a commute is told by ("the train to Farfetch", "a 20 min bike to the SAP office"). */
const WAYS = new Set([...wordSet("commuteWords"), "tube", "tram", "ferry", "shuttle", "metro", "subway"]);
/**
 * "then the train to Farfetch with wet hair", "the bus out to OutSystems was a nightmare", "20 min bike to the SAP
 * office": one's way (a noun, with "the", "my" or a time before it) to an organisation's name (no town, no person),
 * told as it is, not asked, by one whose workplace is not known yet.
 */
function wayToWork(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext): { value: string; at: number } | undefined {
  // (where one's workplace is known, the way is to where it stands: "the drive out to Darfield")
  if (ctx.known?.[speaker]?.workplace || s.some((t) => t.text === "?") || clauses.some((c) => c.negated || c.intent || c.future || c.usedTo || c.subjects.some((e) => e !== speaker))) return undefined;
  for (let k = 1; k + 2 < s.length; k++) {
    if (!WAYS.has(s[k].lemma) || s[k].pos !== "NOUN" || !["the", "my", "our", "min", "mins", "minute", "minutes"].includes(s[k - 1].lower)) continue;
    const to = ["out", "over", "in", "up", "down"].includes(s[k + 1].lower) ? k + 2 : k + 1;
    if (s[to]?.lower !== "to") continue;
    const at = s[to + 1]?.lower === "the" ? to + 2 : to + 1;
    const p = isName(s[at]) ? placeAt(s, at) : undefined;
    if (!p || townName(p.value) || placesNamed(p.value).length || isCountry(p.value) || isTime(p.value) || namesSomeone(ctx, p.value, { firstName: "first", known: true }) || ctx.seenAs?.[p.value] === "home") continue;
    return { value: p.value, at };
  }
  return undefined;
}

/**
 * "The Nordhavn Design Studio Christmas party is in August", "the Tesco canteen", "the Shoprite staff room": a name
 * before a work thing.
 *
 * @example
 * workCompound(analyse("The Tesco canteen is shut.")[0], [], "Rhys", ctx, emit); // emit("Rhys", "workplace", "Tesco", 1)
 */
export function workCompound(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const office = officeGoneInto(s, clauses, speaker, ctx) ?? wayToWork(s, clauses, speaker, ctx);
  if (office) return emit(speaker, "workplace", office.value, office.at);
  if (!s.some((t) => WORK_THINGS.has(t.lemma) || t.lemma === "party" || t.lemma === "room" || SHIFTS_AT.has(t.lower) || t.lower === "day")) return;
  if (clauses.some((c) => c.negated || c.intent || c.usedTo || c.noLonger)) return;
  for (let k = 1; k < s.length; k++) {
    // "a run of nights at the QEII", "lates at Corvale": shifts worked at a place
    const at = s[k + 2]?.lower === "the" ? k + 3 : k + 2;
    // ("cover a double at the Shangri-La", "inventory day at Liverpool")
    // (a "double-double" is a coffee)
    const shift = (SHIFTS_AT.has(s[k].lower) && s[k - 1].text !== "-") || (s[k].lower === "day" && ["inventory", "stocktake", "induction"].includes(s[k - 1].lower));
    if (shift && s[k + 1]?.lower === "at" && s[at] && upper(s[at].text) && !clauses.some((c) => c.subjects.some((e) => e !== speaker))) {
      const p = placeAt(s, at);
      if (p && !ctx.known?.[p.value] && !ctx.speakers.includes(p.value)) return emit(speaker, "workplace", p.value, k);
    }
    const party = (s[k].lemma === "party" && ["christmas", "xmas", "office", "staff", "summer"].includes(s[k - 1].lower)) || (s[k].lemma === "room" && ["staff", "break"].includes(s[k - 1].lower));
    // ("Petronas onboarding tmr": the tagger may read an -ing noun as a verb)
    if (!(WORK_THINGS.has(s[k].lemma) && (s[k].pos === "NOUN" || s[k].lower.endsWith("ing"))) && !party) continue;
    let end = party ? k - 2 : k - 1;
    if (!isName(s[end]) || s[end].text === "'s") continue;
    let a = end;
    while (a > 0 && (isName(s[a - 1]) || s[a - 1].text === "&")) a--;
    // "my / our / the <Name> canteen" or the sentence's start; "his" or "Tom's" is someone else's
    const before = s[a - 1]?.lower;
    if (before !== undefined && !["the", "our", "my", "at", "in", "to", "from", ","].includes(before)) continue;
    const value = s.slice(a, end + 1).map((t) => t.text).join(" ");
    // "the Christmas rota", "the Monday meeting": a time, not an organisation
    if (isTime(value)) continue;
    // "the Seville staff party": a town names where, not who employs; "Plant canteen had …": a common word opening the sentence
    if (townName(value) || openingCommonWord(s, a, { value, end })) continue;
    const first = value.split(" ")[0];
    // (a clause's subject is noted as a person too, so only a person with a gender counts: "Petronas onboarding tmr"
    // after "Petronas" opened a clause)
    if (namesSomeone(ctx, value, { firstName: "first", gendered: true, known: true }) || (ctx.people ?? []).some((r) => r.name.split(" ")[0] === first && r.gender !== undefined) || ctx.seenAs?.[value] === "home") continue;
    return emit(speaker, "workplace", value, k);
  }
}


/**
 * "Still getting used to Exeter", "Nantes is growing on me", "come visit me in Bilbao", "I miss Zaragoza" (the
 * speaker's known home): a move told in passing.
 *
 * @example
 * movedInPassing(analyse("Still getting used to Exeter.")[0], clauses, "Yasmin", ctx, emit); // emit("Yasmin", "home", "Exeter", "change")
 */
export function movedInPassing(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: KindEmit): void {
  if (movesUntold(s, clauses, speaker, ctx, emit)) return;
  if (!s.some((t) => t.lower === "used" || t.lower === "growing" || t.lower === "me" || t.lower === "us" || t.lemma === "miss" || t.lower === "move")) return;
  const name = (k: number) => (isName(s[k]) && !ctx.known?.[s[k].text] && !ctx.speakers.includes(s[k].text) ? placeAt(s, k)?.value : undefined);
  // a negation or "used to" counts in the clause that holds the words ("I don't know how people survive August" is no
  // denial of "Still getting used to Athens")
  const denied = (k: number) => clauses.some((c) => (c.negated || c.usedTo) && (c.at <= k && k < c.end));
  // "(you can / come and) visit me in X", "come see us in X", "stay with me in X": whoever visits, the home is mine
  for (let k = 1; k + 2 < s.length; k++) if ((s[k].lower === "me" || s[k].lower === "us") && ["visit", "see", "with"].includes(s[k - 1].lemma) && s[k + 1].lower === "in" && name(k + 2)) return denied(k) ? undefined : emit(speaker, "home", name(k + 2)!, "state");
  if (clauses.some((c) => c.subjects.some((e) => e !== speaker && !isName(s[c.at])))) return;
  for (let k = 0; k < s.length; k++) {
    const t = s[k];
    // "getting used to X", "settling into X"
    if (t.lower === "used" && s[k - 1]?.lemma === "get" && s[k + 1]?.lower === "to" && name(k + 2)) return denied(k) ? undefined : emit(speaker, "home", name(k + 2)!, "change");
    // "The Nottingham move took over everything", "our Leeds move": a move to X, told in passing
    if (t.lower === "move" && t.pos === "NOUN" && k >= 2 && isName(s[k - 1])) {
      let a = k - 1;
      while (a > 0 && isName(s[a - 1])) a--;
      if (["the", "our", "my"].includes(s[a - 1]?.lower ?? "") && !s.slice(0, a).some((x) => x.lower === "his" || x.lower === "her" || x.lower === "their")) {
        const v = s.slice(a, k).map((x) => x.text).join(" ");
        if (!ctx.known?.[v] && !ctx.speakers.includes(v)) return denied(k) ? undefined : emit(speaker, "home", v, "change");
      }
    }
    // "X is growing on me"
    if (name(k) && s[placeAt(s, k)!.end + 1]?.lemma === "be" && s[placeAt(s, k)!.end + 2]?.lower === "growing" && s[placeAt(s, k)!.end + 3]?.lower === "on" && s[placeAt(s, k)!.end + 4]?.lower === "me") return denied(k) ? undefined : emit(speaker, "home", name(k)!, "change");
    // "I miss X", "I miss the wind in X": of the speaker's known home, it is over
    if (t.lemma === "miss" && t.pos === "VERB" && clauses.some((c) => c.head === k && c.subjects.length === 1 && c.subjects[0] === speaker && !c.past && !c.future && !c.intent)) {
      const known = ctx.known?.[speaker]?.home;
      for (let j = k + 1; j < Math.min(s.length, k + 6); j++) if (known && isName(s[j]) && placeAt(s, j)?.value === known) return denied(k) ? undefined : emit(speaker, "home", known, "ended");
    }
  }
}


/** Nothing but a stop (or "now", "these days") follows the name ending at `end`. */
const verblessAfter = (s: Tok[], end: number): boolean => {
  const t = s[end + 1];
  return !t || (t.pos === "PUNCT" && t.text !== "?") || ((t.lower === "now" || t.lower === "these") && (!s[end + 2] || s[end + 2].pos === "PUNCT" || s[end + 2].lower === "days"));
};

/**
 * "Still at Access Bank, still stuck in traffic", "Yes, still in Chennai", "Now at Grab": a subjectless "still / now at / with / in <Name>"
 * opening a sentence or after a comma is the speaker's ("I'm still at …"): a workplace, or with "in" a home.
 *
 * @example
 * elidedStill(analyse("Still at Access Bank, still stuck in traffic.")[0], ctx); // [{ attribute: "workplace", value: "Access Bank" }]
 */
export function elidedStill(s: Tok[], ctx: SessionContext): { attribute: "home" | "workplace"; value: string; ended?: boolean }[] {
  const out: { attribute: "home" | "workplace"; value: string; ended?: boolean }[] = [];
  // "Teaching at Bedok Green Secondary is mostly lovely": a work gerund as the subject of "is" (the tagger may not
  // read the capitalised gerund as a verb)
  if (GERUND_WORK.has(s[0]?.lower ?? "") && (s[1]?.lower === "at" || s[1]?.lower === "for") && s[2] && upper(s[2].text)) {
    const p = placeAt(s, 2);
    if (p && s.slice(p.end + 1).find((t) => t.pos === "AUX" || t.pos === "VERB")?.lemma === "be") out.push({ attribute: "workplace", value: p.value });
    else if (p && verblessAfter(s, p.end)) out.push({ attribute: "workplace", value: p.value });
    return out;
  }
  // "Teaching Form 3 at Naparima Heights College, they real loud": a verbless gerund of one's work, what one does, then
  // "at" a name (no town), and nothing but a stop after it
  if (GERUND_WORK.has(s[0]?.lower ?? "") && !s.some((t) => t.text === "?")) {
    const at = s.findIndex((t, i) => i > 1 && i <= 4 && t.lower === "at");
    const p = at > 0 && s.slice(1, at).every((t) => ["NOUN", "NUM", "PROPN", "ADJ", "DET"].includes(t.pos)) && isName(s[at + 1]) ? placeAt(s, at + 1) : undefined;
    if (p && verblessAfter(s, p.end) && placesNamed(p.value).length === 0) out.push({ attribute: "workplace", value: p.value });
    return out;
  }
  if (!s.some((t) => t.lower === "still" || t.lower === "now" || t.lower === "not")) return out;
  const anymore = s.some((t, i) => t.lower === "anymore" || (t.lower === "any" && s[i + 1]?.lower === "more"));
  for (let k = 0; k + 1 < s.length; k++) {
    const lead = s[k].lower;
    if (lead !== "still" && lead !== "now" && !(lead === "not" && anymore)) continue;
    // at the sentence's start (after "yes", "yep", "oh", a comma) or right after a comma or a stop
    const start = s.slice(0, k).every((t) => t.pos === "INTJ" || t.pos === "PUNCT" || ["yes", "yeah", "yep", "yup", "ya", "ja", "aye", "oh", "well", "and", "but", "so", "me"].includes(t.lower));
    // ("I'm down in Regina and still at SaskTel": after "and" when the sentence is the speaker's)
    const own = s[k - 1]?.lower === "and" && ["i", "we"].includes(s[0]?.lower ?? "");
    if (!start && !own && s[k - 1]?.text !== "," && !/\.$/.test(s[k - 1]?.text ?? "")) continue;
    // "still (living / working / based) in X"
    let j = ["living", "staying", "working", "based", "stationed"].includes(s[k + 1].lower) ? k + 2 : k + 1;
    // "Still in the same flat in Porto": the dwelling's place
    if (s[j]?.lower === "in" && s[j + 1]?.lower === "the" && s[j + 2]?.lower === "same" && DWELLINGS.has(s[j + 3]?.lemma ?? "") && s[j + 4]?.lower === "in") j += 4;
    // "Still B3 at Queen's Medical Centre", "still nights at the Royal": a ward, a unit or a shift before "at"
    let unit = false;
    if (lead === "still" && j === k + 1 && s[j]?.lower !== "at") {
      let u = j;
      while (u < j + 2 && s[u] && ["NOUN", "PROPN", "NUM"].includes(s[u].pos) && !s[u].date) u++;
      if (u > j && s[u]?.lower === "at") [j, unit] = [u, true];
    }
    // "Still Runcorn, sat in the rain", "yes, still Chennai": a town with no preposition is where the speaker lives
    if (lead === "still" && j === k + 1 && isName(s[j])) {
      const t = placeAt(s, j);
      const alone = !!t && (verblessAfter(s, t.end) || s[t.end + 1]?.text === "," || (["here", "too", "though"].includes(s[t.end + 1]?.lower ?? "") && verblessAfter(s, t.end + 1)));
      if (t && alone && townName(t.value) && !namesSomeone(ctx, t.value, { known: true })) out.push({ attribute: "home", value: t.value });
      // "Still Pune, still Koregaon Park": a place after a town the sentence held is a home too (within it)
      // (a place of the gazetteer, or a name of words that is no organisation's: not "still Tuen Mun, still PwC")
      else if (t && alone && out.some((o) => o.attribute === "home" && !o.ended) && (placesNamed(t.value).length > 0 || t.value.includes(" ")) && !organisationShaped(t.value) && ctx.seenAs?.[t.value] !== "workplace" && !isCountry(t.value) && !namesSomeone(ctx, t.value, { known: true })) out.push({ attribute: "home", value: t.value });
      // "Still Pret here.", "Still Morrisons. Still Armley too.": a name known as a workplace, or an organisation's
      else if (t && alone && placesNamed(t.value).length === 0 && !isCountry(t.value) && !namesSomeone(ctx, t.value, { firstName: "value", gendered: true, known: true }) && (organisationName(t.value) || ctx.seenAs?.[t.value] === "workplace" || Object.values(ctx.known ?? {}).some((x) => x.workplace === t.value))) out.push({ attribute: "workplace", value: t.value });
      continue;
    }
    const prep = s[j]?.lower;
    const n = s[j + 1];
    if (unit && (!isName(n) || placesNamed(placeAt(s, j + 1)?.value ?? "").length > 0)) continue;
    if (!prep || !["at", "with", "in"].includes(prep) || !n || !(isName(n) || (upper(n.text) && ["NOUN", "ADJ", "VERB"].includes(n.pos)))) continue;
    const p = placeAt(s, j + 1) ?? (n.pos === "VERB" ? { value: n.text, end: j + 1 } : undefined);
    if (!p || namesSomeone(ctx, p.value, { known: true })) continue;
    // "Ja, still with Karabo, she's doing her articles": one a pronoun goes on about is a partner, not an employer
    if (prep === "with" && !p.value.includes(" ") && s[p.end + 1]?.text === "," && ["she", "he"].includes(s[p.end + 2]?.lower ?? "")) continue;
    const attribute = prep === "in" && s[k + 1].lower !== "working" ? "home" : "workplace";
    out.push(lead === "not" ? { attribute, value: p.value, ended: true } : { attribute, value: p.value });
  }
  return out;
}

const DWELLINGS = wordSet("dwellingNouns");
