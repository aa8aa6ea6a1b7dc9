/**
 * Indirect evidence of a home or a workplace, read as lower-confidence observations (the extractor gives them
 * `indirectConfidence`): what people say in passing about where they live and work, repeated across sessions, is
 * what the Bayesian dimension accumulates, while a one-off statement moves it less.
 *
 * - Context nouns: "the canteen at X", "my desk at X", "my boss at X", "the rota at X" → the speaker's workplace;
 *   "our landlord (here) in X", "the neighbours in X", "my commute from X" → the speaker's home; "my commute to X"
 *   → the workplace. The place must be a name for a home ("the rent in the city" says nothing); "his boss at X" is
 *   the person "his" refers to.
 * - Being there: "here in X", "back home in X" → the speaker's home; "fourteen years at X" → the speaker's workplace.
 * - Repeated mention: a speaker naming again their own current home or workplace (known from earlier sessions of
 *   the conversation, `SessionContext.known`) as a clause's subject or after at / in / near ("Kingsbridge Hospital
 *   is chaotic", "Late opening at Whitlock Museum tonight") confirms it.
 * - Asked: a question about "your boss at X" or "the new flat in X" presumes the listener's (`asked`: the caller
 *   passes the listener as the speaker; "your" is then theirs, "my" nobody's).
 * Nothing is read from a question (but for what it presumes), a conditional, a clause under intent, a negated clause or one with "used to" /
 * "no longer"; a hedged sentence's observations are hedged by the caller.
 */
import type { Clause } from "./clause.js";
import { wordSet } from "./lexicon.js";
import { isName, type Tok, upper } from "./nlp.js";
import { namesSomeone, resolvePronoun, type SessionContext } from "./referents.js";
import { leftBehind, organisationName, placeAt, roomForStay, townName, type StateAttribute } from "./states-common.js";
import { isCountry, placesNamed } from "./gazetteer.js";

/** The home each entity was last said to have in this session (the context is a session's; `known` is carried). */
export type SessionHomes = SessionContext & { sessionHome?: Record<string, string>; sessionMoves?: Record<string, string> };

export type IndirectEmit = (entity: string, attribute: StateAttribute, value: string, at: number) => void;

const MEALS = new Set(["lunch", "lunchtime", "breakfast", "dinner", "tea", "night", "noon", "midnight", "work", "weekends", "night-time"]);
const WORK_CONTEXT = wordSet("workContextNouns"), DWELLINGS = wordSet("dwellingNouns"), HOME_CONTEXT = new Set([...wordSet("homeContextNouns"), ...DWELLINGS]);
/** What one does at a place as a customer or a visitor (buying, eating, exercising …), not as its worker. */
const CUSTOMER = new Set(["buy", "eat", "drink", "shop", "see", "meet", "watch", "play", "swim", "grab", "order", "spend", "park", "catch", "take", "book", "visit", "attend", "get", "have", "do", "like", "love", "hate", "enjoy", "keep", "leave", "find", "pick"]);
const SUBJECT_OPENERS = new Set(["the", "so", "and", "but", "oh", "well", "also", "anyway", "yeah", "yes", "ok", "okay"]);

/**
 * The holder of a context noun at k: my/our → the speaker, his/her/their → the pronoun's referent, else the subject
 * of the clause it is the object of, else the speaker.
 */
function holder(s: Tok[], k: number, speaker: string, ctx: SessionContext, turn: string, asked: boolean, subject?: string): string | undefined {
  for (let j = k - 1; j >= Math.max(0, k - 3); j--) {
    const t = s[j];
    if (t.lower === "my" || t.lower === "our") return asked ? undefined : speaker;
    if (t.lower === "your" && asked) return speaker;
    // ("Your landlord in Moss Side is a shark": the listener's home; "your shift at the clinic" tells nothing)
    if (t.lower === "your" && !asked && HOME_CONTEXT.has(s[k].lemma) && ctx.speakers.length === 2) return ctx.speakers.find((x) => x !== speaker);
    if (t.lower === "his" || t.lower === "her" || t.lower === "their") return resolvePronoun(ctx, t.lower, turn);
    // ("my parents' home in Cork": a plural's possessive, theirs)
    if (t.lower === "your" || (t.text === "'s" && t.pos !== "AUX") || (t.text === "'" && j > 0 && s[j - 1].lower.endsWith("s"))) return undefined;
    if (!(t.pos === "ADJ" || t.pos === "NOUN" || t.pos === "DET" || t.pos === "NUM")) break;
  }
  return subject ?? speaker;
}

const blocked = (c: Clause | undefined): boolean => !!c && (c.intent || c.negated || c.usedTo || c.noLonger);

/**
 * The indirect observations of one sentence (a statement: the caller skips questions and conditionals).
 *
 * @example
 * indirectStates(analyse("The canteen at Kingsbridge Hospital does decent coffee.")[0], [], "Marta", ctx, "D2:1", emit);
 * // emit("Marta", "workplace", "Kingsbridge Hospital", 1)
 */
export function indirectStates(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, turn: string, emit: IndirectEmit, asked = false): void {
  const clauseAt = (k: number) => clauses.find((c) => c.at <= k && k < c.end);
  // (each reading in a function of its own, so that one first taken late costs the optimising compiler only itself)
  const r: IndirectReading = { s, clauses, speaker, ctx, turn, emit, asked, clauseAt };
  for (let k = 0; k < s.length; k++) {
    const t = s[k];
    const work = WORK_CONTEXT.has(t.lemma) && t.pos === "NOUN";
    // "the flat in X": the tagger reads "flat" after a determiner as an adjective now and then
    // ("a tiny flat in X": an adjective before it; "a wee flat in X": the tagger reads "wee" as a noun)
    // ("Settled in now, little flat in Canton": after a comma, "little" read as an adverb)
    const det = (s[k - 1]?.pos === "ADJ" || s[k - 1]?.lower === "wee" || s[k - 1]?.lower === "little") && k > 1 ? s[k - 2] : s[k - 1];
    // ("a little one bed in Bray", "a two-bed in Drumcondra": a flat by its bedrooms)
    const beds = (t.lemma === "bed" || t.lemma === "bedroom") && ["one", "two", "three", "1", "2", "3"].includes((s[k - 1]?.text === "-" ? s[k - 2] : s[k - 1])?.lower ?? "");
    const home = (HOME_CONTEXT.has(t.lemma) || beds) && !(t.lemma === "room" && roomForStay(s)) && (t.pos === "NOUN" || t.pos === "VERB" || (t.pos === "ADJ" && (["the", "my", "our", "a", "new", ","].includes(det?.lower ?? "") || (det?.lower === "your" && !s.some((x) => x.text === "?"))) && s[k + 1]?.pos === "ADP"));
    // ("You must go back to your own flat in Leith": the listener's flat is there, whatever the clause's mood)
    const yours = !r.asked && home && !s.some((x) => x.text === "?") && (s[k - 1]?.lower === "your" || (s[k - 2]?.lower === "your" && s[k - 1].pos === "ADJ"));
    if (possessorsWork(r, k) || (blocked(clauseAt(k)) && !yours)) continue;
    if (work || home) contextPlace(r, k, work, home);
    else otherCues(r, k);
  }
  if (!asked) {
    habitualWork(s, clauses, emit);
    repeatedMentions(s, clauses, speaker, ctx, emit);
    contentIn(s, clauses, ctx, emit);
  }
}

/** A sentence being read for indirect observations, with what the readings below share. */
interface IndirectReading {
  s: Tok[];
  clauses: Clause[];
  speaker: string;
  ctx: SessionContext;
  turn: string;
  emit: IndirectEmit;
  asked: boolean;
  clauseAt: (k: number) => Clause | undefined;
}

/**
 * "on the Red Lion's payroll": the possessor of a work thing, named with "the", is a workplace (even under "might as
 * well be", the joke's own grammar: its cues hedge it); "Tom's office", "my sister's rota" are not. Whether the word
 * at k is such a thing.
 */
function possessorsWork({ s, speaker, emit, clauseAt }: IndirectReading, k: number): boolean {
  const t = s[k];
  if (!(WORK_CONTEXT.has(t.lemma) && t.pos === "NOUN" && s[k - 1]?.text === "'s" && s[k - 1].pos !== "AUX" && k >= 3)) return false;
  let a = k - 2;
  while (a > 0 && ["PROPN", "NOUN", "ADJ"].includes(s[a - 1].pos)) a--;
  // (a name: "the children's desk" is no workplace)
  const place = s[a - 1]?.lower === "the" && upper(s[a].text) ? placeAt(s, a, k - 1) : undefined;
  const gov = clauseAt(k);
  if (place && !(gov && (gov.negated || gov.usedTo || gov.noLonger))) emit(gov && gov.subjects.length === 1 ? gov.subjects[0] : speaker, "workplace", place.value, k);
  return true;
}

/** A thing of work or of home at k ("the canteen at X", "our flat in X", "my commute from X"): whose place it names. */
function contextPlace({ s, speaker, ctx, turn, emit, asked, clauseAt }: IndirectReading, k: number, work: boolean, home: boolean): void {
  const t = s[k];
  // "My mum lives in Bangalore" (the tagger may read "lives" as the noun): the verb of someone's clause, not
  // "life in X" said of the speaker
  if (t.lower === "lives" && k > 0 && !["our", "their", "my", "your", "the", "his", "her"].includes(s[k - 1].lower)) return;
  let p = k + 1;
  // ("home again in Tanjung Tokong", "the flat back in Leeds")
  if (["here", "over", "again", "back", "now"].includes(s[p]?.lower ?? "")) p++;
  const prep = s[p]?.lower;
  const commute = t.lemma === "commute";
  // ("sharing the place at Dzorwulu", "our house at Kasoa": a dwelling "at" a district, no organisation, told now)
  const dwellingAt = prep === "at" && DWELLINGS.has(t.lemma) && !clauseAt(k)?.past && isName(s[p + 1]) && !organisationName(placeAt(s, p + 1)?.value ?? "") && ctx.seenAs?.[placeAt(s, p + 1)?.value ?? ""] !== "workplace";
  const attr: StateAttribute | undefined = commute ? (prep === "from" ? "home" : prep === "to" || prep === "into" ? "workplace" : undefined) : work && prep === "at" ? "workplace" : home && (prep === "in" || prep === "near" || dwellingAt) ? "home" : undefined;
  const place = attr && placeAt(s, p + 1);
  // ("the canteen at lunch": a time, no name)
  // ("a flat in the Marais": a district with its article, no organisation)
  // (after a town the sentence named, the district within it is within.ts's: "in Portland, in an old house in the West End")
  const theDistrict = s[p + 1]?.lower === "the" && isName(s[p + 2]) && !!place && !organisationName(place.value) && !s.slice(0, k).some((x) => isName(x) && townName(x.text));
  if (!attr || !place || (attr === "home" && !isName(s[p + 1]) && !theDistrict) || (attr === "workplace" && (commute || MEALS.has(s[p + 1].lower)) && !isName(s[p + 1]))) return;
  // "still at Ecobank, head office at Ridge": the site of an organisation named just before it, no other workplace
  if (attr === "workplace" && !commute && siteOfNamed(s, k, ctx)) return;
  // "the DBS office at Marina Bay": the organisation named before its site is the workplace
  const value = (attr === "workplace" && !commute ? ownerBefore(s, k, ctx) : undefined) ?? place.value;
  // no possessive: the thing belongs to the clause's subject ("my mom sold the house in Regina"), else the speaker's
  const gov = clauseAt(k);
  // … or to the one it was found or bought for ("we've found him a flat in Marlborough")
  const forWhom = gov && gov.head < k && (s[gov.head + 1]?.lower === "him" || s[gov.head + 1]?.lower === "her") ? s[gov.head + 1].lower : undefined;
  if (forWhom) {
    const r = resolvePronoun(ctx, forWhom, turn, [speaker]);
    if (r && !ctx.speakers.includes(r)) emit(r, attr, value, k);
    return;
  }
  // "a care home in Marlborough", "the nursing home in Leeds": a kind of home named by a noun before it is an
  // institution, not the speaker's home (found for someone, above, it is theirs)
  if (t.lower === "home" && s[k - 1]?.pos === "NOUN") return;
  // ("Miss Gloria finally sold the house in Macon": a home sold or left is no sign of living there)
  if (gov && gov.head < k && (gov.verb === "sell" || gov.verb === "leave") && !s.slice(gov.head + 1, k).some((x) => x.pos === "VERB")) return;
  // (a place is no holder, unless surely a person of that name (a clause's subject alone is not): "Hollyhill is my home address now, the flat in Douglas is
  // just where I keep the cat"; "My brother Teo just bought a flat in Seville")
  const subject = gov && gov.head < k && gov.subjects.length === 1 && !((placesNamed(gov.subjects[0]).length || ctx.seenAs?.[gov.subjects[0]]) && !ctx.folk?.includes(gov.subjects[0])) && !(gov.verb === "be" && s.slice(gov.head + 1, gov.head + 4).some((x) => HOME_CONTEXT.has(x.lemma))) ? gov.subjects[0] : undefined;
  // ("just started. flatting in Newtown": a verbless "-ing" opening the sentence is the speaker's)
  const who = t.pos === "VERB" ? subject ?? (k === 0 && t.lower.endsWith("ing") && (gov?.subjects ?? []).every((e) => e === speaker) ? speaker : undefined) : holder(s, k, speaker, ctx, turn, asked, asked ? undefined : subject);
  // "They found a house in Roundhay" with "they" unresolved: someone else's, not the speaker's (unless "our house")
  const someoneElse = !!gov && gov.head < k && gov.subjects.length === 0 && ["he", "she", "they"].includes(s[gov.at]?.lower ?? "") && !s.slice(Math.max(0, k - 3), k).some((x) => x.lower === "my" || x.lower === "our");
  if (who && !(someoneElse && who === speaker)) emit(who, attr, value, k);
}

/**
 * What a word at k tells of where one lives or works by other cues: "Cork's treating me well", "fourteen years at Kew
 * Gardens", "back home in X", "Here at EPFL".
 */
function otherCues({ s, speaker, ctx, emit, asked }: IndirectReading, k: number): void {
  const t = s[k];
  if (!asked && t.lower === "treating" && isName(s[k - 2] ?? s[k - 1]) && (s[k - 1]?.text === "'s" || s[k - 1]?.lemma === "be") && s[k + 1]?.lower === "me") {
    // "Cork's treating me well": the answer to "how's Cork treating you?", about where one is
    let a = k - 2;
    while (a > 0 && isName(s[a - 1])) a--;
    const place = placeAt(s, a, k - 1);
    // ("Nestlé's treating me well": an employer, not a town)
    if (place) emit(speaker, !townName(place.value) && (organisationName(place.value) || ctx.seenAs?.[place.value] === "workplace") ? "workplace" : "home", place.value, k);
  } else if (!asked && t.date && t.pos === "NOUN" && /^(?:year|month)s?$/.test(t.lower) && s[k + 1]?.lower === "at" && isName(s[k + 2])) {
    // "fourteen years at Kew Gardens": time spent at a place is working there ("after ten years at X, I …" is an
    // ending, read by states.ts; "even after" is not)
    let a = k - 1;
    while (a >= 0 && s[a].date) a--;
    const after = s[a] && (s[a].lower === "after" || s[a].lower === "before") && s[a - 1]?.lower !== "even";
    const place = placeAt(s, k + 2);
    if (!after && place) emit(speaker, "workplace", place.value, k);
  } else if (!asked && (t.lower === "here" || (t.lower === "home" && s[k - 1]?.lower === "back")) && s[k + 1]?.lower === "in" && isName(s[k + 2])) {
    const place = placeAt(s, k + 2);
    if (place) emit(speaker, "home", place.value, k);
  } else if (!asked && t.lower === "here" && k === 0 && s[1]?.lower === "at" && isName(s[2])) {
    // "Here at EPFL it's exam season": where the speaker is, an organisation (no town), is where they work
    const place = placeAt(s, 2);
    if (place && placesNamed(place.value).length === 0 && !isCountry(place.value)) emit(speaker, "workplace", place.value, k);
  }
}

const CONTENT = new Set(["happy", "settled", "content", "comfortable"]);
/**
 * "He sounds very happy in Seattle", "I'm settled in Leeds now": someone content in a town, now, lives there (a town of
 * the gazetteer; the clause's one subject, no speaker's listener's guess).
 */
function contentIn(s: Tok[], clauses: Clause[], ctx: SessionContext, emit: IndirectEmit): void {
  for (const c of clauses) {
    if (!["be", "sound", "seem", "look", "feel"].includes(c.verb) || c.past || c.negated || c.intent || c.usedTo || c.future || c.subjects.length !== 1) continue;
    let k = c.head + 1;
    while (k < c.end && ["very", "really", "so", "quite", "pretty", "super", "properly", "much", "more", "now"].includes(s[k].lower)) k++;
    if (!CONTENT.has(s[k]?.lower ?? "") || s[k + 1]?.lower !== "in" || !isName(s[k + 2])) continue;
    // ("I'm happy in Pearl Bay" of a workplace "Pearl Bay Hospital": no town)
    const p = placeAt(s, k + 2);
    const worked = (v: string) => ctx.seenAs?.[v] === "workplace" || Object.values(ctx.known ?? {}).some((x) => x.workplace?.startsWith(v));
    if (p && townName(p.value) && !worked(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", known: true })) emit(c.subjects[0], "home", p.value, k + 2);
  }
}

/**
 * "He drives buses for Lakeland Coaches", "I run the pottery classes at Claybank Studio": a verb in the present
 * simple, its object, then "for" or "at" and a name, is work done for an organisation (not what one buys, eats, plays,
 * sees or watches at a place) (a habit, not an event: no past, perfect, future or modal; "cook for my family" names
 * nobody, "cook dinner for Tom" a person: one word, no "the"). A trade's verb (lexicon `workActVerbs`) says more:
 * "I'm driving for Scottish Water now" (going on, no object), "I fix turbines for Vestas" (one word after a plural
 * object), "I drive for Uber" (one word, no object).
 */
function habitualWork(s: Tok[], clauses: Clause[], emit: IndirectEmit): void {
  for (const c of clauses) {
    const trade = WORK_ACTS.has(c.verb);
    if (c.copula || c.past || (c.progressive && !trade) || c.perfect || c.future || c.intent || c.negated || c.usedTo || c.noLonger || c.subjects.length !== 1 || s[c.head]?.pos !== "VERB" || NOT_WORK.has(c.verb)) continue;
    let j = c.head + 1;
    while (j < c.end && (s[j].pos === "NOUN" || s[j].pos === "ADJ" || s[j].pos === "DET" || s[j].pos === "NUM")) j++;
    const at = s[j + 1]?.lower === "the" ? j + 2 : j + 1;
    // "I run the pottery classes at Claybank Studio": "at" too, but not after what one does as a customer
    if (s[j]?.lower === "at" && CUSTOMER.has(c.verb)) continue;
    const object = j > c.head + 1;
    if ((!object && !(trade && s[j]?.lower === "for")) || (s[j]?.lower !== "for" && s[j]?.lower !== "at") || !isName(s[at])) continue;
    // an organisation's name: two words or more, or "the" and a name ("for Tom" is a person), or one word after a
    // trade's plural object or none
    const place = placeAt(s, at, c.end);
    const plural = object && s[j - 1].pos === "NOUN" && s[j - 1].lower !== s[j - 1].lemma;
    if (!place) continue;
    if (at > j + 1 || place.value.includes(" ")) emit(c.subjects[0], "workplace", place.value, j);
    else if (trade && s[j].lower === "for" && (!object || plural) && placesNamed(place.value).length === 0 && !isCountry(place.value)) emit(c.subjects[0], "workplace", place.value, j);
  }
}

/**
 * Whether the work noun at `k` stands in apposition to an organisation named before it: after a comma, with no verb
 * between, the name before the comma naming no town, country or person ("Ecobank, head office at Ridge").
 */
function siteOfNamed(s: Tok[], k: number, ctx: SessionContext): boolean {
  let c = k - 1;
  while (c > 0 && s[c].text !== "," && s[c].pos !== "VERB" && s[c].pos !== "AUX") c--;
  if (c <= 0 || s[c].text !== "," || !isName(s[c - 1])) return false;
  let a = c - 1;
  while (a > 0 && isName(s[a - 1])) a--;
  const v = placeAt(s, a, c)?.value;
  return !!v && placesNamed(v).length === 0 && !isCountry(v) && !namesSomeone(ctx, v, { firstName: "value", gendered: true, known: true });
}

/** "the DBS office at Marina Bay": the name right before a work noun, after "the", when it names no town, country or person. */
function ownerBefore(s: Tok[], k: number, ctx: SessionContext): string | undefined {
  let a = k - 1;
  while (a > 0 && isName(s[a - 1])) a--;
  if (a >= k || s[a - 1]?.lower !== "the" || !isName(s[a])) return undefined;
  const v = placeAt(s, a, k)?.value;
  return v && placesNamed(v).length === 0 && !isCountry(v) && !namesSomeone(ctx, v, { firstName: "value", gendered: true, known: true }) ? v : undefined;
}

const WORK_ACTS = wordSet("workActVerbs");
const NOT_WORK = new Set(["have", "do", "get", "go", "come", "pay", "vote", "wait", "look", "care", "root", "see", "saw", "watch", "hear", "read", "visit", "meet", "book"]);
const PLAN_NOUNS = new Set(["plan", "move", "fund", "dream", "idea"]);

/** Repeated mention of the speaker's own known home or workplace, as a subject or after at / in / near. */
function repeatedMentions(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  // "I miss the wind in Zaragoza": missing a place is no sign of being there
  // ("Brno feels far away already", "Shah Alam already feels like a different life": nor is a place left behind)
  if (s.some((t) => t.lemma === "miss" && t.pos === "VERB") || leftBehind(s, 0, s.length)) return;
  const known = ctx.known?.[speaker];
  if (!known) return;
  for (const attr of ["home", "workplace"] as const) {
    const value = known[attr];
    if (!value) continue;
    const words = value.split(" ");
    for (let k = 0; k < s.length; k++) {
      // the whole name, or its first word standing alone ("Busy spell at Shannonside" for Shannonside Motors)
      const whole = k + words.length <= s.length && words.every((w, i) => s[k + i].text === w);
      if (!whole && !(words.length > 1 && s[k].text === words[0] && upper(words[0]) && !isName(s[k + 1]))) continue;
      // "Lisbon plan cancelled", "the Leeds move", "the Lisbon fund": a plan to go there is no sign of being there
      if (whole && PLAN_NOUNS.has(s[k + words.length]?.lemma ?? "") && s[k + words.length].pos === "NOUN") continue;
      const before = s[k - 1];
      const subject = !before || before.pos === "PUNCT" || before.pos === "INTJ" || SUBJECT_OPENERS.has(before.lower);
      // (a workplace's first word alone after "in" is a town: "still based in Alice" is not Alice Springs Hospital)
      const located = before && (before.lower === "at" || ((before.lower === "in" || before.lower === "near") && (whole || attr === "home")));
      const c = clauses.find((x) => x.at <= k && k < x.end);
      if ((subject || located) && !blocked(c)) {
        emit(speaker, attr, value, k);
        break;
      }
    }
  }
}

/**
 * Keeps a conversation's known current homes and workplaces up to date from a turn's state triples: a value stated
 * or announced (not hedged) becomes the entity's known value; an ending of it forgets it.
 */
export function noteKnown(ctx: SessionContext, triples: readonly { entity: string; attribute: string; value: string; kind?: string; confidence?: number }[], minConfidence: number): void {
  for (const t of triples) {
    if (t.attribute !== "home" && t.attribute !== "workplace") continue;
    const known = ((ctx.known ??= {})[t.entity] ??= {});
    if (t.kind === "ended") {
      if (known[t.attribute] === t.value) delete known[t.attribute];
    } else if ((t.confidence ?? 1) >= minConfidence && !t.value.startsWith("not ")) {
      known[t.attribute] = t.value;
      if (t.confidence === undefined) (ctx.seenAs ??= {})[t.value] = t.attribute;
      if (t.attribute === "home") ((ctx as SessionHomes).sessionHome ??= {})[t.entity] = t.value;
      if (t.attribute === "home" && t.kind === "change") ((ctx as SessionHomes).sessionMoves ??= {})[t.entity] = t.value;
    }
  }
}
