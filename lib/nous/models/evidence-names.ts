/**
 * The offline answerer's last resort for a state the memory holds no belief about: a name of the right kind read
 * from the retrieved evidence, as a reader of the context would find it. "Where does Hiroshi work now?" with no
 * workplace belief, and the evidence "Work at Mitsuki Robotics is busy" said by Hiroshi → "Mitsuki Robotics".
 *
 * Only turns said by the entity, and sentences naming it (not for a relation: "Tom's mum") or going on about it in the
 * same turn through "she", "he", "her", "him", are read, the latest first.
 * - A home is a town of the gazetteer (no country; not a common word opening a sentence: "Best day of my career").
 * - A workplace is a name that is no town and no landmark ("… Bridge", "… Road") and that ends in an organisation's
 *   word ("… Robotics", "… Council"), starts with one ("Banco …", "Radio …", "Ysbyty …"), follows "at", "for" or
 *   "with", or is said by the entity before the kind of place one works in ("the Coralstone office") or, with two
 *   words, in a turn about its work ("Boss kept us late. Fernhill Glass waits for no one.").
 * - Failing those, the first name the evidence tells twice (once for what someone else says of the entity; not after
 *   "in", "from" or "to", not a day or a holiday, not a single word that only opens a sentence).
 * - Last of all: for a home, the latest name the entity said after "in" that no gazetteer holds ("my flat in
 *   Marchmont"; no organisation's name, no lower-case tail, not opening a sentence); for a workplace, the latest name
 *   of the kind the entity said itself, once (not two capitals alone, "QA", nor an ordinary word opening a sentence, "Let").
 * A titled name ("Mrs Pritchard") and a speaker are people. A lower-case tail is no part of a name ("the Okafor Power
 * vans"), and after a town only a local noun may follow ("the Caernarfon bus"; "the Lekki site" is a place in a town,
 * no home). Names of the entities the question links, values the memory holds as someone else's state of that kind,
 * and questions (not a tag after a comma, "…, you hear?", nor news asked, "Did you hear …?") are skipped.
 */
import { abbreviates, lexicalEvidence, shortFormOf } from "../query.js";
import type { EvidenceItem, QueryContext } from "../types.js";
import { fold, isCountry, placesNamed } from "./gazetteer.js";
import { wordSet } from "./lexicon.js";
import { analyse, inLexicon, isName, type Tok } from "./nlp.js";
import { newsAsked } from "./asked-about.js";
import { organisationName } from "./states-common.js";
import { LANDMARKS, isTimeName, nameFrom, namesIn } from "./name-context.js";

const RELATIONS = new Set([...wordSet("family"), ...wordSet("partner"), "flatmate", "roommate", "neighbour", "neighbor", "colleague", "cousin"]);
const POSSESSIVE = new Set(["my", "our", "his", "her", "their"]);
const THIRD = new Set(["he", "she", "they", "him"]);
const PRONOUNS = new Set(["he", "she", "her", "him", "his"]);
const HONORIFICS = wordSet("honorifics");
const KIN = wordSet("kinAddress");
const GREETINGS = wordSet("greetings");
const OPENERS = wordSet("organisationOpeners");
const CHAT = wordSet("chatWords");
const WORK_TALK = new Set([...wordSet("workContextNouns"), "work"]);
const WORK_KINDS = new Set([...wordSet("workplaceKinds"), "office", "site", "depot", "branch", "warehouse", "plant", "yard", "store", "ward"]);
/** Names that appear in exclamations ("thank God", "God help me", "Jesus"), never a home or a workplace. */
const EXCLAIMED = new Set(["God", "Jesus", "Christ", "Lord", "Allah", "Heaven", "Heavens"]);
const SAYING = new Set(["say", "tell", "ask", "think", "want", "text", "reckon"]);
const PLACE_PREPS = new Set(["in", "from", "to", "near", "around", "outside", "into"]);
/** "the Caernarfon bus", "Leeds traffic": a town's local nouns. */
const LOCAL = new Set([...wordSet("localNouns"), ...wordSet("commuteWords"), "beach", "seafront", "weather", "rain", "snow", "wind"]);

/** "Uncle Ray", "your uncle Ray", "my cousin Tomasz": a name after a word of kin or relation is a person. */
const kinNamed = (s: readonly Tok[], k: number, words: readonly string[]) => (words.length === 2 && KIN.has(words[0].toLowerCase())) || KIN.has(s[k - 1]?.lower ?? "") || RELATIONS.has(s[k - 1]?.lemma ?? "");

/**
 * Names no answer about `entity` takes: the entities the question links (and their first words), and the values the
 * memory holds, or an evidence line observes, as someone else's state of this kind, which are theirs ("Mert started at
 * Turkish Airlines").
 */
export function skipped(ctx: QueryContext, attribute: string, entity: string): Set<string> {
  const skip = new Set(ctx.linked.flatMap((l) => [l, l.split(/[\s']/)[0]]));
  for (const f of [...(ctx.states ?? []), ...ctx.facts]) if (f.entity !== entity && f.attribute === attribute) for (const v of [f.mode, ...f.alternatives.map((a) => a.value)]) skip.add(v);
  // … and, for a question about a speaker, what an evidence line observes as the other speaker's ("Lachlan workplace:
  // Northern Star")
  if ((ctx.speakers ?? []).includes(entity)) for (const e of ctx.evidence) if (e.entity !== entity && (ctx.speakers ?? []).includes(e.entity) && !ctx.linked.includes(e.entity) && e.attribute === attribute && e.observation) skip.add(e.observation);
  return skip;
}

/**
 * The speakers' names and their words, and the names the evidence uses as people's (`namedAsPeople`), without
 * accents ("Gearoid" is "Gearóid"), as `has(fold(word))` reads them.
 */
export function peopleOf(ctx: QueryContext, evidence: readonly EvidenceItem[] = lexicalEvidence(ctx)): Set<string> {
  const said = evidence.map((e) => /^([^:]+):/.exec(e.text)?.[1]).filter((x): x is string => !!x);
  return new Set([...said, ...(ctx.speakers ?? [])].flatMap((p) => [p, ...p.split(" ")]).concat(namedAsPeople(evidence)).map(fold));
}

/** Verbs whose subject is a person's name: "Donal says", "Ella thinks she lives on a farm", "Jenna reckons". */
const PERSON_DOES = new Set([...SAYING, "love", "hate", "laugh", "cry", "agree", "wonder", "swear", "promise", "complain", "mention"]);
/** Verbs whose object is a person's name: "Give Donal my best", "tell Liam", "ask Jenna", "thank Ravi". */
const TO_PERSON = new Set(["tell", "ask", "give", "text", "thank", "hug", "kiss", "congratulate", "remind"]);
/** Words before a name that make it a place or an employer ("at Boots", "in Leeds"), whatever else it does. */
/** Nouns of a person's own that a name may hold ("Dan's job", "Ravi's hands"). */
const PERSONAL = new Set(["job", "birthday", "wedding", "funeral", "hand", "face", "phone", "boyfriend", "girlfriend", "husband", "wife", "partner", "kid", "granddaughter", "grandson"]);
const FRIENDS = new Set(["friend", "pal", "mate", "buddy", "bestie", "boss", "manager", "flatmate", "housemate", "roommate", "colleague", "neighbour", "neighbor"]);
const POSSESSIVE_ANY = new Set(["my", "our", "your", "his", "her", "their"]);
const PERSON_NOUNS = new Set(["girl", "boy", "guy", "lad", "lass", "woman", "man", "baby", "son", "daughter", "kid", "friend"]);
const PLACE_OR_WORK_BEFORE = new Set(["at", "for", "in", "from", "to", "near", "into"]);
const namedCache = new WeakMap<readonly EvidenceItem[], string[]>();

/**
 * The one-word names the evidence uses as a person's by the grammar around them: the subject of a verb of saying,
 * thinking or feeling ("Donal says it's not worth the war"), the object of one of telling or giving ("Give Donal my
 * best"), or the holder of kin ("Donal's brother"); never a town of the gazetteer, an organisation's name, or a name
 * the evidence also puts after "at", "for", "in", "from", "to" or "near" ("still at Boots", "Boots says…").
 *
 * @example
 * namedAsPeople([{ text: "Noreen: Donal says it's not worth the war.", … }]); // ["Donal"]
 */
export function namedAsPeople(evidence: readonly EvidenceItem[]): string[] {
  const cached = namedCache.get(evidence);
  if (cached) return cached;
  const cued = new Set<string>();
  const placed = new Set<string>();
  for (const e of evidence) {
    for (const s of analyse(e.text)) {
      for (const { name: v, at, tail } of namesIn(s, 0, { townWord: false })) {
        // ("at the Lowe's in Lafayette")
        const bare = ["the", "a", "an"].includes(s[at - 1]?.lower ?? "");
        if (PLACE_OR_WORK_BEFORE.has(s[at - (bare ? 2 : 1)]?.lower ?? "")) placed.add(v);
        // ("the Lowe's job": a name after an article is no person's)
        if (bare) continue;
        if (v.includes(" ") || !/^\p{Lu}\p{Ll}+$/u.test(v)) continue;
        // (an English word that opens a sentence is no name; after a comma it may be: "Little girl, Ruby.")
        const opening = at === 0 || (at === 2 && s[1].text === ":") || (s[at - 1].pos === "PUNCT" && s[at - 1].text !== ",");
        if (opening && inLexicon(v.toLowerCase())) continue;
        // (the name is one word: the one after it is at + 1, whatever the name's tail)
        const next = s[at + 1];
        const prev = s[at - 1];
        const does = !tail.length && !!next && next.pos === "VERB" && PERSON_DOES.has(next.lemma);
        const told = !tail.length && !!prev && prev.pos === "VERB" && TO_PERSON.has(prev.lemma);
        const kin = next?.text === "'s" && (RELATIONS.has(s[at + 2]?.lemma ?? "") || PERSONAL.has(s[at + 2]?.lemma ?? ""));
        // "my flatmate Deepa", "my pal Jamie": a relation of someone's
        const related = !tail.length && (RELATIONS.has(prev?.lemma ?? "") || FRIENDS.has(prev?.lemma ?? "")) && POSSESSIVE_ANY.has(s[at - 2]?.lower ?? "");
        // "Little girl, Ruby." "a French girl, Sophie": a name set beside a word for a person
        const beside = prev?.text === "," && PERSON_NOUNS.has(s[at - 2]?.lemma ?? "") && (!next || next.pos === "PUNCT");
        // "Lol Jenna", "Yes Oga", "Thanks Ravi!": a name said to someone after an interjection that opens the sentence
        const called = !!prev && GREETINGS.has(prev.lower) && (at === 1 || (at === 3 && s[1].text === ":")) && (!next || next.pos === "PUNCT" || next.lower === "you");
        if (does || told || kin || related || beside || called) cued.add(v);
      }
    }
  }
  const out = [...cued].filter((v) => !placed.has(v) && placesNamed(v).length === 0 && !organisationName(v));
  namedCache.set(evidence, out);
  return out;
}


/**
 * Towns written in lower case in a sentence ("tucson is the surface of the sun", "windy on the front at whitley
 * bay"): two words that name a town of the gazetteer, one of them no English word, or one word that is no English
 * word and names a town of 100,000 or more.
 */
function townsInLowerCase(s: Tok[]): string[] {
  const out: string[] = [];
  const lower = (t: Tok | undefined) => !!t && /^\p{Ll}[\p{Ll}'-]+$/u.test(t.text);
  const cased = (w: string) => w.replace(/(^|[\s-])(\p{Ll})/gu, (_, a: string, b: string) => a + b.toUpperCase());
  for (let k = 0; k < s.length; k++) {
    if (!lower(s[k]) || CHAT.has(s[k].lower)) continue;
    const pair = lower(s[k + 1]) ? `${s[k].lower} ${s[k + 1].lower}` : undefined;
    if (pair && (!inLexicon(s[k].lower) || !inLexicon(s[k + 1].lower)) && placesNamed(cased(pair)).length > 0) {
      out.push(cased(pair));
      k++;
    } else if (s[k].text.length >= 4 && !inLexicon(s[k].lower) && placesNamed(cased(s[k].lower)).some((p) => p.population >= 100_000)) out.push(cased(s[k].lower));
  }
  return out;
}

/**
 * A name of the kind a state asks for in the evidence about `entity` (other than `ended`, a value the entity's belief
 * has left), or undefined.
 *
 * @example
 * nameFromEvidence(ctx, "workplace", "Hiroshi"); // "Mitsuki Robotics"
 */
export function nameFromEvidence(ctx: QueryContext, attribute: string, entity: string, ended?: string): string | undefined {
  if (attribute !== "home" && attribute !== "workplace") return undefined;
  const first = entity.split(/[\s']/)[0];
  const skip = skipped(ctx, attribute, entity);
  // the latest evidence first, as the question asks about now: the first name of the kind that has an
  // organisation's word ("… Robotics") or "at", "for" or "with" before it, else the first one the evidence names twice
  // (once for what others say of the entity)
  const found: { v: string; strong: boolean; plain: boolean }[] = [];
  const inPlace: string[] = [];
  const lowerTowns: string[] = [];
  const told = new Map<string, number>();
  const people = peopleOf(ctx);
  for (const e of [...lexicalEvidence(ctx)].sort((a, b) => b.timestamp - a.timestamp)) {
    const own = e.entity === entity;
    const sentences = analyse(e.text);
    const workTalk = sentences.some((x) => x.some((t) => WORK_TALK.has(t.lemma) || WORK_TALK.has(t.lower)));
    // (a sentence after one naming the entity, in the same turn, goes on about it through "she", "he", "her", "him")
    let named = false;
    for (const s of sentences) {
      const names = s.some((t) => t.text === first);
      const goesOn = named && !names && s.some((t) => PRONOUNS.has(t.lower)) && !s.some((t, i) => isName(t) && i > 0 && /^\p{Lu}\p{Ll}+$/u.test(t.text) && people.has(fold(t.text)));
      named ||= names;
      // a question states nothing ("does he like Turkish Airlines?"); what the entity says after naming someone else
      // is theirs ("My wife Yumi started at Nagoya City Hall", "he started at PKO Bank")
      // ("Okafor Power no dey pay for lateness, you hear?": a tag after a comma asks nothing)
      const comma = s.map((t) => t.text).lastIndexOf(",");
      // ("Did you hear the Whanganui council's digging up the road outside our dairy again?" tells)
      if (s[s.length - 1]?.text === "?" && !(comma > 0 && s.length - comma <= 5) && newsAsked(s[1]?.text === ":" ? s.slice(2) : s) < 0) continue;
      const spoken = e.text.startsWith(`${entity}:`);
      const aboutOther = (k: number) => s.slice(0, k).some((t, i) => THIRD.has(t.lower) || (POSSESSIVE.has(t.lower) && (RELATIONS.has(s[i + 1]?.lemma ?? "") || RELATIONS.has(s[i + 2]?.lemma ?? ""))));
      // a relation ("Tom's mum") only by its own evidence: a sentence naming Tom is about Tom
      if (!own && !spoken && (entity.includes("'s ") || (!names && !goesOn))) continue;
      if (attribute === "home" && spoken && !aboutOther(s.length)) lowerTowns.push(...townsInLowerCase(s));
      for (let k = 0; k < s.length; k++) {
        if (!isName(s[k])) continue;
        const n = nameFrom(s, k);
        if (!n) continue;
        const at = k;
        const before = s[k - 1]?.lower ?? "";
        if (spoken && aboutOther(k)) break;
        // "Mrs Pritchard's dressing": a titled name is a person
        // ("Hiya Auntie", "Thanks Dad": family words said to someone are people too)
        const words = n.value.split(" ");
        const person = HONORIFICS.has(s[k].lower.replace(/\.$/, "")) || HONORIFICS.has(s[k - 1]?.lower.replace(/\.$/, "") ?? "") || words.some((w) => people.has(fold(w))) || (words.some((w) => KIN.has(w.toLowerCase())) && words.every((w) => KIN.has(w.toLowerCase()) || GREETINGS.has(w.toLowerCase()))) || kinNamed(s, k, words);
        // a capitalised word that starts a sentence ("Respect yourself") is a name only when it is told again
        const opening = k === 0 || (k === 2 && s[1].text === ":") || s[k - 1].pos === "PUNCT";
        k = n.end;
        if (person || EXCLAIMED.has(n.value)) continue;
        // "in Da Nang": a town may start with a word that is no name
        const v = at > 0 && placesNamed(`${s[at - 1].text} ${n.value}`).length > 0 ? `${s[at - 1].text} ${n.value}` : n.value;
        const { tail } = n;
        if (attribute === "home" && tail.length && !tail.every((t) => LOCAL.has(t))) continue;
        if (skip.has(v) || skip.has(v.split(" ")[0]) || v.toLowerCase() === ended?.toLowerCase() || isCountry(v) || isTimeName(v)) continue;
        // ("Reading's been a nightmare" names a town)
        const town = placesNamed(v).length > 0 && !(opening && !v.includes(" ") && inLexicon(v.toLowerCase()) && s[at + 1]?.pos !== "AUX");
        const strong = attribute === "home" ? town : !town && (organisationName(v) || (v.includes(" ") && OPENERS.has(v.split(" ")[0].toLowerCase())) || ["at", "for", "with"].includes(before));
        // ("my flat in Marchmont": a name after "in" said by the entity, no town of the gazetteer, as a weak last resort)
        if (attribute === "home" && !town) {
          if (spoken && before === "in" && !tail.length && !organisationName(v) && !opening) inPlace.push(v);
          continue;
        }
        // ("Third Mainland Bridge today was pure suffering": a landmark on the way)
        if (attribute === "workplace" && (town || LANDMARKS.has(v.split(" ").pop()!.toLowerCase()))) continue;
        // ("Boss just told me I'm on Saturday. Lakeshore Auto Glass waits for no man"; "the Coralstone office")
        const kindAfter = tail.length === 1 && WORK_KINDS.has(tail[0]);
        found.push({ v, strong: strong || (attribute === "workplace" && spoken && ((v.includes(" ") && workTalk) || kindAfter)), plain: !/^\p{Lu}{1,2}$/u.test(v) && !(opening && !v.includes(" ") && inLexicon(v.toLowerCase())) });
        // ("Respect yourself" opens a sentence; "raining in Ghent" names where something is, not whom one works for)
        if (!(opening && !v.includes(" ")) && !PLACE_PREPS.has(before)) told.set(v, (told.get(v) ?? 0) + (spoken ? 1 : 0.5));
      }
    }
  }
  return found.find((x) => x.strong || (told.get(x.v) ?? 0) >= 2)?.v ?? inPlace[0] ?? lowerTowns.find((v) => !skip.has(v) && v.toLowerCase() !== ended?.toLowerCase()) ?? (attribute === "workplace" ? found.find((x) => x.plain && (told.get(x.v) ?? 0) >= 1)?.v : undefined);
}

/**
 * A weaker last resort, for when `nameFromEvidence` finds nothing: the name of the kind the evidence tells most, from
 * anyone and in questions too ("Your mother tells me Aberdeen had hail", said to Fiona, for where Fiona lives), a
 * name the entity says counting twice and one in a turn naming the entity one and a half times (someone else's
 * question half of that, a home "from" a town half again), the latest first on a tie. A home is a town of the gazetteer
 * (failing any, a name no dictionary or organisation holds that the entity said after "in", "from" or "near", or
 * opening its turn); a workplace a name that is no town, landmark, person or country, and either
 * an organisation's name, two words or more, or a word no dictionary holds ("Bluewave"). Values the memory holds as
 * someone else's state of the kind are skipped, as above.
 *
 * @example
 * looseNameFromEvidence(ctx, "home", "Fiona"); // "Aberdeen"
 */
export function looseNameFromEvidence(ctx: QueryContext, attribute: string, entity: string): string | undefined {
  if (attribute !== "home" && attribute !== "workplace") return undefined;
  const first = entity.split(/[\s']/)[0];
  const skip = skipped(ctx, attribute, entity);
  const people = peopleOf(ctx);
  const score = new Map<string, number>();
  const weak = new Map<string, number>();
  const other = attribute === "home" ? "workplace" : "home";
  for (const e of [...lexicalEvidence(ctx)].sort((a, b) => b.timestamp - a.timestamp)) {
    const weight = e.text.startsWith(`${entity}:`) ? 2 : e.text.includes(first) ? 1.5 : 1;
    // ("How is Pirelli, still the tyre man?" read as Olumide's home: a name of the kind asked for, filed as the other
    // state; not "moved to Kileleshwa": a name after "to" or "in" is a place)
    const told = e.text.indexOf(e.observation);
    const said = told > 0 ? /(\p{L}+)\s*$/u.exec(e.text.slice(0, told))?.[1]?.toLowerCase() ?? "" : "";
    if (e.entity === entity && e.attribute === other && !skip.has(e.observation) && (placesNamed(e.observation).length > 0) === (attribute === "home") && !isCountry(e.observation) && (attribute === "home" || !PLACE_PREPS.has(said))) {
      score.set(e.observation, (score.get(e.observation) ?? 0) + 2);
    }
    for (const s of analyse(e.text)) {
      // ("Did Ann like Vantor?": someone else's question counts half)
      const asked = s[s.length - 1]?.text === "?" && !e.text.startsWith(`${entity}:`) ? 0.5 : 1;
      for (let k = 0; k < s.length; k++) {
        if (!isName(s[k])) continue;
        const n = nameFrom(s, k);
        if (!n) continue;
        const at = k;
        k = n.end;
        const words = n.value.split(" ");
        const opening = at === 0 || (at === 2 && s[1].text === ":") || s[at - 1].pos === "PUNCT";
        if (HONORIFICS.has(s[at].lower.replace(/\.$/, "")) || words.some((w) => people.has(fold(w)) || KIN.has(w.toLowerCase()) || GREETINGS.has(w.toLowerCase()))) continue;
        const v = at > 0 && placesNamed(`${s[at - 1].text} ${n.value}`).length > 0 ? `${s[at - 1].text} ${n.value}` : n.value;
        if (skip.has(v) || skip.has(words[0]) || EXCLAIMED.has(v) || isCountry(v) || isTimeName(v)) continue;
        const common = !v.includes(" ") && inLexicon(v.toLowerCase());
        // ("Nokia cafeteria has pierogi today", "all Okafor Power vans": a name before a noun of work is an employer's,
        // even a town's name)
        const ofWork = attribute === "workplace" && n.tail.length > 0 && (WORK_TALK.has(n.tail[0]) || WORK_KINDS.has(n.tail[0]) || n.tail[0] === "van" || n.tail[0] === "vans");
        const town = placesNamed(v).length > 0 && !(opening && common) && !ofWork;
        const fits = attribute === "home"
          ? town && (!n.tail.length || n.tail.every((t) => LOCAL.has(t)))
          : !town && !LANDMARKS.has(words[words.length - 1].toLowerCase()) && !/^\p{Lu}{1,2}$/u.test(v) && (organisationName(v) || v.includes(" ") || !inLexicon(v.toLowerCase()));
        // ("Harish!!", "Bea, you there?": a name said to someone is a person)
        const vocative = opening && /^\p{Lu}\p{Ll}+$/u.test(v) && [",", "!"].includes(s[k + 1]?.text ?? "");
        // ("my colleague Mei Ling", "her boss Tunde", "Miss Shoe": a name after a relation or a title is a person, and
        // so is one who says or asks something: "Linnea says hi")
        const related = RELATIONS.has(s[at - 1]?.lemma ?? "") || ["friend", "boss", "manager"].includes(s[at - 1]?.lemma ?? "") || HONORIFICS.has(s[at - 1]?.lower.replace(/\.$/, "") ?? "") || (!v.includes(" ") && SAYING.has(s[k + 1]?.lemma ?? ""));
        // ("in Oban", "Oban to Mull": a place, no workplace, but "home from USP", "into Medtronic" are; "a package
        // from Guadalajara" tells where it came from, not where one lives)
        const before = s[at - 1]?.lower ?? "";
        const where = ["in", "to", "near", "around", "outside"].includes(before) || (s[k + 1]?.lower === "to" && isName(s[k + 2]));
        const w = (attribute === "home" && before === "from" ? weight / 2 : weight) * asked;
        if (fits && !vocative && !related && !(attribute === "workplace" && where)) score.set(v, (score.get(v) ?? 0) + w);
        // (failing a town: a name no dictionary holds, no organisation's, that the entity said after "in", "from" or
        // "near", or opening its turn: "coming from Umhlanga", "Bo-Kaap, the pink house")
        const placeLike = attribute === "home" && !town && !vocative && !related && !organisationName(v) && !n.tail.length && words.every((x) => /^\p{Lu}/u.test(x)) && !inLexicon(words[0].toLowerCase()) && e.text.startsWith(`${entity}:`);
        if (placeLike && (["in", "from", "near", "around"].includes(before) || (at === 2 && s[1].text === ":"))) weak.set(v, (weak.get(v) ?? 0) + w);
      }
    }
  }
  let best: string | undefined;
  for (const [v, n] of score) if (best === undefined || n > score.get(best)!) best = v;
  for (const [v, n] of best === undefined ? weak : []) if (best === undefined || n > weak.get(best)!) best = v;
  return best;
}

/**
 * The full name the evidence gives for an answer written short: its initials ("JLR" when the evidence names "Jaguar
 * Land Rover"), the start of one longer word ("Bloem" when it names "Bloemfontein"), or its words shortened ("Air NZ"
 * when it names "Air New Zealand"), or the hyphenated name it starts ("Leigh-on-Sea" when it names "leigh-on-sea"); else
 * the answer as it is.
 *
 * @example
 * fullerName(ctx, "JLR"); // "Jaguar Land Rover"
 */
export function fullerName(ctx: QueryContext, value: string): string {
  const acronym = /^\p{Lu}{2,5}$/u.test(value);
  const clipped = /^\p{Lu}\p{Ll}{3,}$/u.test(value) && !inLexicon(value.toLowerCase()) && placesNamed(value).length === 0;
  // "StatCan": clipped words run together, each the start of a word of the full name ("Statistics Canada")
  const parts = /^(?:\p{Lu}\p{Ll}{1,5}){2,3}$/u.test(value) ? value.match(/\p{Lu}\p{Ll}+/gu)! : undefined;
  const clips = (v: string) => { const w = v.split(" "); return !!parts && w.length === parts.length && w.every((x, i) => x.length > parts[i].length && x.startsWith(parts[i])); };
  // "Air NZ", "Makati Med": a name of two words or more, some of them shortened
  const words = value.includes(" ");
  // "Leigh" when the evidence names "leigh-on-sea": the hyphenated name it starts
  const hyphened = /^\p{Lu}\p{Ll}+$/u.test(value) ? new RegExp(`(?<![\\p{L}-])${value}(?:-\\p{Ll}+){2,3}(?![\\p{L}-])`, "iu") : undefined;
  const long = hyphened && lexicalEvidence(ctx).map((e) => hyphened.exec(e.text)?.[0]).find((x) => x !== undefined);
  if (long) return value + long.slice(value.length);
  if (!acronym && !clipped && !parts && !words) return value;
  for (const e of lexicalEvidence(ctx)) {
    for (const s of analyse(e.text)) {
      for (let k = 0; k < s.length; k++) {
        if (!isName(s[k])) continue;
        const n = nameFrom(s, k);
        if (!n) continue;
        k = n.end;
        const v = n.value;
        if (acronym ? shortFormOf(value, v) : parts ? clips(v) : words ? abbreviates(value, v) : !v.includes(" ") && v.length > value.length && v.startsWith(value)) return v;
      }
    }
  }
  return value;
}
