/**
 * Where-questions about a third person ("Where does your sister live?", "where is she?", "Where's Tom working now?"):
 * who is asked about, and whether their home or their work. replies.ts notes the question; the reply's name is theirs.
 * Also the news a question tells ("did you hear Ailsa got the job?") and the name a reply to "Which hotel?" opens with.
 */
import { relationAt } from "./clause.js";
import { relativeWords, wordSet } from "./lexicon.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { inLexicon, isName, nameAt, type Tok } from "./nlp.js";
import { addPerson, namesSomeone, resolvePronoun, type SessionContext, speakerNamed } from "./referents.js";
import { DWELLING, organisationName, placeAt, townName } from "./states-common.js";
import { shortFormOf } from "../query.js";

/**
 * The third person a where-question asks about: "Where does your sister live?" (the listener's sister), "where is
 * she?" (the person the pronoun stands for), "Where's Tom working now?" (a person named before), and what it asks
 * (work with a verb of working, else home).
 *
 * @example
 * thirdAsked([analyse("Where does your sister live?")[0]], "Bob", ctx); // { entity: "Ann's sister", attribute: "home" }
 */
export function thirdAsked(q: Tok[][], speaker: string, ctx: SessionContext): { entity: string; attribute: "home" | "workplace" } | undefined {
  for (const s of q) {
    // ("What does Daiki do again?": what someone does for a living is where they work)
    const w = s.findIndex((t, i) => t.lower === "where" || t.lower === "wheres" || (t.lower === "what" && s[i + 1]?.lower === "does"));
    if (w < 0) continue;
    const what = s[w].lower === "what";
    // ("Where he stays?", "Where your sister works now?": a question asked without its auxiliary)
    const bare = s[w].lower === "where" && s[s.length - 1]?.text === "?" && (["he", "she", "your", "ur"].includes(s[w + 1]?.lower ?? "") || isName(s[w + 1]));
    let k = s[w].lower === "wheres" || bare ? w + 1 : w + 2;
    if (s[w].lower === "where" && !bare && !["does", "is", "'s", "do", "are"].includes(s[w + 1]?.lower ?? "")) continue;
    let entity: string | undefined;
    const t = s[k];
    if (!t) continue;
    if (t.lower === "he" || t.lower === "she") entity = resolvePronoun(ctx, t.lower, "", ctx.speakers);
    else if (t.lower === "your" || t.lower === "ur") {
      const r = relationAt(s.map((x, i) => (i === k ? { ...x, lower: "your" } : x)), k, speaker, ctx, "");
      entity = r?.entity;
      if (r) k = r.end;
    } else if (isName(t) && !ctx.speakers.includes(t.text)) {
      const n = nameAt(s, k);
      if (n && ((ctx.people ?? []).some((p) => p.name === n.name) || ctx.known?.[n.name])) entity = n.name;
      if (n) k = n.end;
    }
    if (!entity || ctx.speakers.includes(entity)) continue;
    const rest = s.slice(k + 1).map((x) => x.lower).join(" ");
    if (what) {
      if (/^do\b/.test(rest)) return { entity, attribute: "workplace" };
      continue;
    }
    return { entity, attribute: /\b(?:work|works|working|job)\b/.test(rest) ? "workplace" : "home" };
  }
  return undefined;
}

/** A street's name ("Albany Road", "Cumberland St"): where someone lives, never a workplace's. */
export const STREET = /\b(?:Road|Rd|Street|St|Avenue|Ave|Lane|Drive|Close|Crescent|Terrace|Grove|Gardens)$/;

/**
 * A person's name asked alone as a question ("Fenella?", "how is Pooja?", "How about your boy Ethan?"): one the
 * session knows as a person's, or a word no lexicon holds, no speaker's, town's or known value's ("Shop? Still at the
 * bookshop?" names no one).
 */
export function nameAlone(q: Tok[], ctx: SessionContext): string | undefined {
  let w = q.filter((t) => t.pos !== "PUNCT");
  // "how is Pooja?", "How about your boy Ethan?": the one a how-question asks after, by name alone
  const how = w.findIndex((t, i) => i <= 1 && t.lower === "how" && ["is", "'s", "about"].includes(w[i + 1]?.lower ?? ""));
  if (how >= 0) w = w.slice(w[how + 2]?.lower === "your" ? how + 4 : how + 2);
  if (w.length !== 1 || !isName(w[0]) || w[0].pos !== "PROPN") return undefined;
  const person = (ctx.people ?? []).some((r) => r.name === w[0].text && r.gender !== undefined) || !inLexicon(w[0].lower);
  return person && !speakerNamed(ctx, w[0].text) && placesNamed(w[0].text).length === 0 && !ctx.seenAs?.[w[0].text] ? w[0].text : undefined;
}

/** Kinds of workplace, by the word ("mine", "office", "plant"). */
export const WORKPLACE_KIND = new Set(["mine", ...wordSet("workplaceKinds")]);

/**
 * "and job?" "Rakuten, the Futako-tamagawa office.": a reply opening with a name of one word no dictionary holds, then
 * which of its sites ("the … office"), and nobody's name, names the workplace asked after.
 */
export function orgAlone(r: Tok[], ctx: SessionContext): { name: string; end: number } | undefined {
  const t = r[0];
  const site = r[1]?.text === "," && r[2]?.lower === "the" && r.slice(3, 7).some((x) => WORKPLACE_KIND.has(x.lemma));
  if (!t || t.pos !== "PROPN" || !isName(t) || inLexicon(t.lower) || !site) return undefined;
  const person = speakerNamed(ctx, t.text) || (ctx.people ?? []).some((p) => p.name.split(" ")[0] === t.text);
  return person || placesNamed(t.text).length > 0 ? undefined : { name: t.text, end: 0 };
}

/**
 * Who a still-question (its "still" at `st`) is about when not the listener: "Is Jens still at Deutsche Welle?" (a
 * person named before), "Is she still in your department at …?" (the one the pronoun stands for), "Fenella? Still in
 * Whitby?" (`lone`, the name asked just before). "" when it is about a third person nobody can be found for; undefined
 * when it is about the listener.
 */
export function stillAbout(s: Tok[], st: number, lone: string | undefined, ctx: SessionContext): string | undefined {
  // ("how is she, still at Makati Medical Center?": the one asked after, then the still-question)
  const howIs = st > 3 && s[st - 1].text === "," && ["is", "'s"].includes(s[st - 3].lower) && s[st - 4].lower === "how";
  const subject = howIs ? s[st - 2] : st > 0 && ["is", "'s", "does"].includes(s[st - 2]?.lower ?? "") ? s[st - 1] : undefined;
  if (subject && (subject.lower === "he" || subject.lower === "she")) return resolvePronoun(ctx, subject.lower, "", ctx.speakers) ?? "";
  // ("ur bro still at Penang General Hospital?": the relation this turn's question asked after, no "you" in it)
  if (!subject) return lone ?? (ctx.askedAbout && !s.some((t) => t.lower === "you" || t.lower === "u") ? ctx.askedAbout.person : undefined);
  // (a capitalised word after the auxiliary, mid-sentence, is a name even where the tagger took it for a verb or the
  // lexicon holds it as a word: "Is Will still in Leeds?", "Iwan, is Cai still in London?")
  const capital = s.indexOf(subject) > 0 && /^\p{Lu}\p{Ll}+$/u.test(subject.text) && subject.pos !== "PRON";
  if (!(isName(subject) || capital) || speakerNamed(ctx, subject.text)) return undefined;
  if ((ctx.people ?? []).some((r) => r.name === subject.text) || ctx.known?.[subject.text]) return subject.text;
  // ("Is Daniel still in Miri?": a name no lexicon, gazetteer or organisation holds is someone's, named for the first time)
  return (capital || !inLexicon(subject.lower)) && placesNamed(subject.text).length === 0 && !isCountry(subject.text) && !organisationName(subject.text) ? subject.text : "";
}

/** "did you take the Safaricom offer in the end?": the organisation whose offer, job or role it asks about (no town). */
export function offerAsked(s: Tok[]): string | undefined {
  const took = s.findIndex((t, i) => t.lower === "did" && ["you", "u"].includes(s[i + 1]?.lower ?? "") && ["take", "accept"].includes(s[i + 2]?.lemma ?? ""));
  const offer = took >= 0 ? s.findIndex((t, i) => i > took + 3 && ["offer", "job", "position", "role"].includes(t.lemma)) : -1;
  const v = offer > 0 && isName(s[offer - 1]) ? placeAt(s, took + 3, offer)?.value : undefined;
  return v && !townName(v) ? v : undefined;
}

/** "wait, you left the council?": the listener's known workplace (`work`) the question says they left. */
export function leftAsked(s: Tok[], work: string | undefined): string | undefined {
  const left = s.findIndex((t, i) => (t.lower === "you" || t.lower === "u") && ["left", "quit"].includes(s[i + 1]?.lower ?? ""));
  const what = left >= 0 ? placeAt(s, left + 2)?.value.toLowerCase() : undefined;
  return what && work && (work.toLowerCase() === what || work.toLowerCase().split(" ").includes(what)) ? work : undefined;
}

const TELL_VERBS = new Set(["tell", "give", "send", "text"]);

/**
 * "tell it where you're working now", "Tell the bot where you live": a request, asked as a question is, for where the
 * listener works or lives.
 *
 * @example
 * tellWhere(analyse("lol. tell it where you work")[1]); // true
 */
export function tellWhere(s: Tok[]): boolean {
  // (most sentences have no verb of telling: nothing else to look at)
  if (!s.some((t) => TELL_VERBS.has(t.lemma))) return false;
  // ("Give me your current address", "tell me your address properly this time")
  const address = (i: number) => s[i + 1]?.lower === "me" && ["your", "ur"].includes(s[i + 2]?.lower ?? "") && (s[i + 3]?.lower === "address" || s[i + 4]?.lower === "address");
  return s.some((t, i) => (t.lemma === "tell" && s.slice(i + 1, i + 5).some((w, j) => w.lower === "where" && ["you", "u", "ur", "you're"].includes(s[i + 2 + j]?.lower ?? ""))) || (["tell", "give", "send", "text"].includes(t.lemma) && address(i)));
}

/**
 * Where the news starts in a question that tells it ("Gran, did you hear Ailsa got the job?", "Have you heard the
 * council's digging up the road again?", "Can you tell I've been on nights?"), after interjections and a word calling the listener; -1 for any other
 * sentence.
 *
 * @example
 * newsAsked(analyse("Gran, did you hear Ailsa got the job?")[0]); // 5 (Ailsa)
 */
export function newsAsked(s: Tok[]): number {
  if (s[s.length - 1]?.text !== "?") return -1;
  let k = 0;
  while (k < s.length && (s[k].pos === "INTJ" || s[k].pos === "PUNCT" || (s[k + 1]?.text === "," && ["did", "have"].includes(s[k + 2]?.lower ?? "")))) k += s[k + 1]?.text === "," && s[k].pos !== "PUNCT" ? 2 : 1;
  const heard = s.slice(k, k + 3).map((t) => t.lower).join(" ");
  // ("Can you tell I've been on nights at the Royal Stoke?": a rhetorical question telling it)
  return heard === "did you hear" || heard === "have you heard" || ((heard === "can you tell" || heard === "could you tell") && s[k + 3]?.lower === "i") ? k + 3 : -1;
}

/**
 * The name a reply to "Which hotel?" opens with: "Atlantis The Palm. The huge pink one.", "The Royal Infirmary, in
 * Leeds.", "St James's." (a run of capitalised words, "the", "&" and "'s" inside it; a verb or another word ends it).
 *
 * @example
 * whichAnswer(analyse("Atlantis The Palm. The huge pink one.")[0]); // "Atlantis The Palm"
 */
export function whichAnswer(s: Tok[]): string | undefined {
  let k = 0;
  while (k < s.length && (s[k].pos === "INTJ" || ["oh", "um", "it", "it's", "its", "is", "'s", "at", "the"].includes(s[k].lower))) k++;
  let e = k;
  // a capitalised number word in a name ("Frankton Four Square", "Seven Sheaves")
  const numberWord = (i: number) => s[i].pos === "NUM" && /^\p{Lu}\p{Ll}+$/u.test(s[i].text) && (i > k || isName(s[i + 1]));
  while (e < s.length && (isName(s[e]) || numberWord(e) || ((s[e].lower === "the" || s[e].text === "&" || s[e].text === "'s") && e > k))) e++;
  while (e > k && !isName(s[e - 1]) && s[e - 1].text !== "'s") e--;
  if (e === k || !(e === s.length || s[e].pos === "PUNCT" || ["in", "on", "near", "by"].includes(s[e].lower))) return undefined;
  return s.slice(k, e).map((t) => t.text).join(" ").replace(/ 's\b/g, "'s");
}

/**
 * The first name of a reply that is the asked workplace or a longer name of it: "Still at Guinness?" "Yes o, Guinness
 * Ghana, the brewery at Kaase" names "Guinness Ghana", not where it is.
 *
 * @example
 * fullAsked(analyse("Yes o, Guinness Ghana, the brewery at Kaase.")[0], "Guinness"); // "Guinness Ghana"
 */
export function fullAsked(s: Tok[], asked: string): string | undefined {
  for (let k = 0; k < s.length; k++) {
    const p = isName(s[k]) ? placeAt(s, k) : undefined;
    if (!p) continue;
    if (p.value === asked || p.value.startsWith(`${asked} `) || shortFormOf(asked, p.value)) return p.value;
    k = p.end;
  }
  return undefined;
}

/**
 * A home reply's town, then a district of it opening the next sentence before a comma: "Chch still. Riccarton,
 * flatting with my cousin near the mall." gives Riccarton within Chch (a district: no person, speaker, country or
 * organisation, and not the town again).
 *
 * @example
 * districtAfter({ attribute: "home", value: "Penang", kind: "state" }, analyse("Ya, still in Penang. Tanjung Bungah, the condo facing the sea."), ctx);
 * // { attribute: "home", value: "Tanjung Bungah", kind: "state", within: "Penang" }
 */
export function districtAfter<R extends { attribute: "home" | "workplace"; value: string; kind: string; indirect?: boolean; within?: string }>(r: R | undefined, sentences: Tok[][], ctx: SessionContext): R | undefined {
  if (!r || r.attribute !== "home" || r.within || r.indirect || r.kind !== "state") return r;
  const i = sentences.findIndex((s) => s.some((t, k) => isName(t) && placeAt(s, k)?.value === r.value));
  // ("Still in JB lah, Mount Austin.": in the same sentence, after a comma, a name that ends it, every word
  // capitalised ("Titahi Bay end", "Community 25" are not names), and no town of the gazetteer, so no larger place:
  // "Salthill, Galway")
  const here = i >= 0 ? sentences[i] : [];
  const at = here.findIndex((t, k) => isName(t) && placeAt(here, k)?.value === r.value);
  let j = at >= 0 ? placeAt(here, at)!.end + 1 : -1;
  if (j > 0 && PARTICLES.has(here[j]?.lower ?? "")) j++;
  const same = j > 0 && here[j]?.text === "," && isName(here[j + 1]) ? placeAt(here, j + 1) : undefined;
  if (same && same.value.split(" ").every((w) => /^\p{Lu}/u.test(w)) && (!here[same.end + 1] || [".", "!"].includes(here[same.end + 1].text)) && placesNamed(same.value).length === 0 && !speakerNamed(ctx, same.value) && !(ctx.people ?? []).some((x) => x.name === same.value) && !organisationName(same.value)) return { ...r, value: same.value, within: r.value };
  const next = i >= 0 ? sentences[i + 1] : undefined;
  // ("Montreal still. The Plateau, third floor walk-up": with "the" before the district, which names no person)
  const the = next?.[0]?.lower === "the" ? 1 : 0;
  const p = next && isName(next[the]) ? placeAt(next, the) : undefined;
  // (no person: "Kwesi, my brother, says hi" goes on with a verb of its own)
  if (!p || next![p.end + 1]?.text !== "," || (!the && next!.slice(p.end + 2).some((t) => (t.pos === "VERB" || t.pos === "AUX") && !t.lower.endsWith("ing"))) || p.value === r.value || speakerNamed(ctx, p.value) || (ctx.people ?? []).some((x) => x.name === p.value) || isCountry(p.value) || organisationName(p.value)) return r;
  return { ...r, value: p.value, within: r.value };
}

/**
 * A home asked after that the reply names as a place of work: "You're still in Salesforce Tower?" "Still at Salesforce,
 * 29th floor." (the reply's "at" and a name that opens the asked one) is the workplace the reply names.
 *
 * @example
 * workedAt({ attribute: "home", value: "Salesforce Tower", kind: "state" }, analyse("Still at Salesforce, 29th floor."));
 * // { attribute: "workplace", value: "Salesforce", kind: "state" }
 */
export function workedAt<R extends { attribute: "home" | "workplace"; value: string }>(r: R | undefined, sentences: Tok[][]): R | undefined {
  const s = sentences[0] ?? [];
  const at = r?.attribute === "home" ? s.findIndex((t, k) => t.lower === "at" && isName(s[k + 1]) && k <= 2) : -1;
  const p = at >= 0 ? placeAt(s, at + 1) : undefined;
  return r && p && r.value.startsWith(`${p.value} `) ? { ...r, attribute: "workplace", value: p.value } : r;
}

/**
 * The third person a pending where-question asks about, when `speaker` answers it; registered as a referent, since
 * the answer may come in a later session ("Where does she work?" … "Sorry, just saw this. She's a nurse at X.").
 */
export function thirdAnswered(asked: { by: string; about?: string } | undefined, speaker: string, ctx: SessionContext): string | undefined {
  const about = asked?.by !== speaker ? asked?.about : undefined;
  if (about && !(ctx.people ?? []).some((p) => p.name === about)) addPerson(ctx, { name: about, turn: "" });
  return about;
}

/** Chat particles that may close a clause before its comma ("still in JB lah, Mount Austin"). */
const PARTICLES = new Set(["lah", "la", "lor", "leh", "ah", "mah", "o", "oh", "sha", "tho", "though", "still"]);

const LIVING = new Set(["staying", "living", "based", "residing", "sharing", "renting", "flatting", "live", "stay", "reside"]);

/**
 * "You still staying in Shah Alam?", "still living at your mum's?": the question (or "Do you still live in Johannesburg?") without the verb of living between
 * "still" and its place ("still in Shah Alam?"), as the readers of still-questions take it.
 *
 * @example
 * stillLiving(analyse("You still staying in Shah Alam?")[0]).map((t) => t.text).join(" "); // "You still in Shah Alam ?"
 */
export function stillLiving(s: Tok[]): Tok[] {
  return s.filter((t, i) => !(LIVING.has(t.lower) && s[i - 1]?.lower === "still" && ["in", "at", "with"].includes(s[i + 1]?.lower ?? "")));
}

/** Words for someone other than the speaker and the listener. */
export const THIRD_PERSON = new Set(["he", "she", "they", "he's", "she's", "they're", "his", "her", "their"]);
const RELATIVES = relativeWords();

const PARTS = new Set(["part", "area", "side", "end", "bit", "suburb", "neighbourhood", "neighborhood", "district", "corner"]);

/**
 * The town a question asks where in it the listener lives: "Which part of Toronto?", "What area of Seoul are you
 * staying in?", "Whereabouts in Lucknow again?" (a name of the gazetteer's, after "which" or "what", a word for a part
 * and "of", or after "whereabouts in"); not of someone else
 * ("Which part of Leeds is your sister in?") nor of work ("what part of Leeds do you work in?").
 *
 * @example
 * partAsked(analyse("Ha. Which part of Toronto?").filter(isQuestion)); // "Toronto"
 */
export function partAsked(q: Tok[][]): string | undefined {
  for (const s of q) {
    // ("Whereabouts in Lucknow again?": "whereabouts in" and the town)
    const about = s.findIndex((t, i) => t.lower === "whereabouts" && s[i + 1]?.lower === "in" && isName(s[i + 2]));
    const k = about >= 0 ? about - 1 : s.findIndex((t, i) => (t.lower === "which" || t.lower === "what") && PARTS.has(s[i + 1]?.lemma ?? "") && s[i + 2]?.lower === "of" && isName(s[i + 3]));
    if (k < -1 || (k === -1 && about < 0)) continue;
    const town = placeAt(s, k + 3);
    const rest = s.slice((town?.end ?? k + 3) + 1);
    if (!town || placesNamed(town.value).length === 0 || rest.some((t) => THIRD_PERSON.has(t.lower) || t.lemma === "work" || RELATIVES.has(t.lemma))) continue;
    return town.value;
  }
  return undefined;
}

/** "did I tell you?", "have I mentioned it?", "you know?", "can you believe it?": a tag that asks nothing of the listener. */
const TOLD_TAG = /^(?:did i (?:tell|mention)|have i (?:told|mentioned)|you know|can you believe|would you believe)\b/;

/**
 * A statement of the speaker's own with a tag after a comma that asks nothing: "I'm in the renal unit at Westmead now,
 * did I tell you?" (the speaker is its subject: "you're at Westmead now, you know?" still guesses at the listener).
 */
export function toldTag(s: Tok[]): boolean {
  const comma = s.map((t) => t.text).lastIndexOf(",");
  if (comma < 2 || s.length - comma > 7) return false;
  const tag = s.slice(comma + 1, -1).map((t) => t.lower).join(" ").replace(/ ' /g, "'");
  return TOLD_TAG.test(tag) && ["i", "we", "i'm", "my", "our"].includes(s.find((t) => t.pos !== "INTJ" && t.pos !== "PUNCT")?.lower ?? "");
}

/**
 * "(still in) the Karama flat", "that Karama flat", "the Tampines place": a name before a word for a dwelling, a
 * home asked after, whatever the determiner.
 */
export function dwellingNamed(s: Tok[], k: number): { value: string; end: number } | undefined {
  const p = placeAt(s, k, s.length, { demonstrative: true });
  if (p && DWELLING.has(s[p.end + 1]?.lemma ?? "")) return p;
  // "still in the same unit in Penrith?", "still in your old flat in Leith?": the dwelling, then its place
  let j = k;
  // ("the flat": the tagger may read the dwelling as an adjective)
  while (j < k + 3 && !DWELLING.has(s[j]?.lemma ?? "") && (["DET", "ADJ", "PRON"].includes(s[j]?.pos ?? "") || ["same", "old", "little"].includes(s[j]?.lower ?? ""))) j++;
  // ("still in the flat on the Ormeau Road?": on a street)
  const at = s[j + 1]?.lower === "in" ? j + 2 : s[j + 1]?.lower === "on" ? (s[j + 2]?.lower === "the" ? j + 3 : j + 2) : -1;
  return j > k && at > 0 && (DWELLING.has(s[j]?.lemma ?? "") || s[j]?.lower === "unit") && isName(s[at]) ? placeAt(s, at) : undefined;
}

const KINDS = new Set(["job", "company", "startup", "farm", "winery", "plant", "mill", "charity", ...wordSet("workplaceKinds")]);
const YOU = new Set(["you", "u", "your", "ur", "yours"]);
const NAMED_BY = new Set(["at", "with", "for", "in", "called", "named"]);
const FOUND = new Set(["found", "got", "bought", "rented"]);
const GOT_AT = new Set(["at", "for", "with", "of", "got", "get", "getting", "started", "start", "joined", "landed", "took"]);

/**
 * "Your dad says you're at one of the big banks.", "And you are working for the television company?", "Did Derek ever
 * get that job he was after?": a workplace told only by its kind ("the" or "that", modifiers, a workplace's word or
 * "job"), left unnamed, of the listener (the turn speaks to them) or of a person the sentence names; or a home the
 * listener found ("you found an apartment"). A reply that opens with a name names it (replies.ts); `about` is the
 * person, undefined for the listener.
 */
export function kindPresumed(sentences: Tok[][], ctx: SessionContext): { attribute: "home" | "workplace"; about?: string } | undefined {
  const toListener = sentences.some((s) => s.some((t) => YOU.has(t.lower)));
  // ("Tobi got the job! Assistant manager at the Nando's in Camden.": the turn names it)
  if (sentences.some((s) => s.some((t, i) => ["at", "for", "with"].includes(t.lower) && (isName(s[i + 1]) || (s[i + 1]?.lower === "the" && isName(s[i + 2])))))) return undefined;
  for (const s of sentences) {
    for (let i = 1; i < s.length; i++) {
      // "you found an apartment", "got a flat": a home got, by its kind
      if (DWELLING.has(s[i].lemma) && ["a", "an"].includes(s[i - 1].lower) && FOUND.has(s[i - 2]?.lower ?? "") && ["you", "u"].includes(s[i - 3]?.lower ?? "")) return { attribute: "home" };
      if (s[i].pos !== "NOUN" || !KINDS.has(s[i].lemma) || isName(s[i])) continue;
      let d = i - 1;
      while (d > 0 && d >= i - 3 && (s[d].pos === "ADJ" || s[d].pos === "NOUN") && !isName(s[d])) d--;
      if (!["the", "that"].includes(s[d]?.lower ?? "")) continue;
      // (where one works: after "at", "for", "with", "one of", or a verb of getting it; or a short question of its own:
      // "And the wine farm?"; not "Did you find a flat closer to the office?")
      const short = d <= 1 && s.length <= 7 && s[s.length - 1].text === "?";
      if (!(GOT_AT.has(s[d - 1]?.lower ?? "") || short) || s.some((t) => DWELLING.has(t.lemma))) continue;
      // ("the job at Tesco", "the bank in Leeds": named, or placed, already)
      if (isName(s[i + 1]) || (NAMED_BY.has(s[i + 1]?.lower ?? "") && (isName(s[i + 2]) || isName(s[i + 3])))) continue;
      const person = s.find((t) => isName(t) && !ctx.speakers.includes(t.text) && namesSomeone(ctx, t.text, { firstName: "value", gendered: true, known: true }));
      if (person) return { attribute: "workplace", about: person.text };
      if (toListener) return { attribute: "workplace" };
    }
  }
  return undefined;
}
