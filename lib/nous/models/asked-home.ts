/**
 * What a question takes for granted about the listener's place, asked after by a thing of it: "is the Inchicore flat
 * still freezing?", "is the flat still in Rathgar?", "hows the commute out of Naas" (the listener's home), "you still
 * with Eir?" (the listener's workplace); a night on the listener's couch ("ill be over to Dingle sat, can i crash on ur
 * couch": the listener's home); one taken on by an organisation ("Westpac took her on": hired there); and a dwelling
 * named by its town ("the Columbus house is finally unpacked": the speaker's home; "still in that Beaufort house?": the
 * listener's). All are indirect evidence.
 */
import { isCountry, placesNamed } from "./gazetteer.js";
import { wordSet } from "./lexicon.js";
import { isFirstName } from "./mentions.js";
import { isName, type Tok } from "./nlp.js";
import { namesSomeone, resolvePronoun, type SessionContext } from "./referents.js";
import { organisationName, placeAt } from "./states-common.js";

type Emit = (entity: string, attribute: "home" | "workplace", value: string) => void;

const DWELLINGS = new Set(["flat", "apartment", "house", "place", "gaff", "condo", "cottage"]);
const SLEPT_ON = new Set(["couch", "sofa", "floor", "futon"]);
const YOURS = new Set(["your", "ur", "yer", "yours"]);
const TAKEN = new Set(["me", "us", "him", "her"]);
const RELATIVES = new Set([...wordSet("family"), ...wordSet("partner")]);
const WEATHER = wordSet("weatherWords");
// (a workplace's state, asked after: "Amazon still hiring?", "Tesco still mad busy?"; and words that start no state)
const WORKS = new Set(["busy", "hiring", "open", "closed", "paying", "mad", "hectic", "short", "quiet", "dead", "slow", "crazy", "understaffed", "going", "there", "on", "around", "a", "the", "your", "ur", "yuh"]);

/** No person, speaker or country; for a home no organisation, for a workplace no place of the gazetteer. */
function fits(v: string | undefined, attribute: "home" | "workplace", ctx: SessionContext): v is string {
  if (!v || isCountry(v) || ctx.speakers.includes(v) || namesSomeone(ctx, v, { firstName: "value", gendered: true, known: true })) return false;
  return attribute === "home" ? !organisationName(v) && ctx.seenAs?.[v] !== "workplace" : placesNamed(v).length === 0 && !isFirstName(v.split(" ")[0]) && ctx.seenAs?.[v] !== "home";
}

/** A question's presumptions about the listener's home or workplace (see above). */
export function listenerAsked(s: Tok[], other: string | undefined, ctx: SessionContext, emit: Emit): void {
  if (!other || s.some((t) => ["he", "she", "they", "his", "her", "their"].includes(t.lower) || RELATIVES.has(t.lemma))) return;
  for (let k = 1; k + 1 < s.length; k++) {
    const t = s[k];
    // "is the Inchicore flat still freezing?": the listener's dwelling, named by its town
    if (t.lower === "the" && isName(s[k + 1]) && k <= 3 && ["is", "hows", "how's", "how"].includes(s[0].lower)) {
      const p = placeAt(s, k + 1);
      const d = p && s[p.end + 1];
      if (p && d && DWELLINGS.has(d.lower) && !p.value.includes(" " + d.text) && fits(p.value, "home", ctx)) return emit(other, "home", p.value);
    }
    // "is the flat still in Rathgar", "the commute out of Naas"
    const still = DWELLINGS.has(t.lower) && s[k - 1].lower === "the" && s[k + 1]?.lower === "still" && s[k + 2]?.lower === "in" ? k + 3 : -1;
    // ("is the traffic into Galway still a nightmare from Oranmore": the way in from one's town, asked after)
    // (now: "how was the traffic from Leeds?" asks after a trip)
    const way = (t.lower === "commute" || t.lower === "traffic") && s[k - 1].lower === "the" && !s.some((x) => ["was", "were", "did"].includes(x.lower)) ? s.findIndex((x, i) => i > k && i <= k + 8 && (x.lower === "from" || (x.lower === "out" && s[i + 1]?.lower === "of"))) : -1;
    const commute = way > 0 ? (s[way].lower === "from" ? way + 1 : way + 2) : -1;
    const at = still > 0 ? still : typeof commute === "number" ? commute : -1;
    if (at > 0 && isName(s[at])) {
      const v = placeAt(s, at)?.value;
      if (fits(v, "home", ctx)) return emit(other, "home", v);
    }
  }
  townStill(s, other, ctx, emit);
  // "still with Vodafone?", "you still with Eir?": a short question after the listener's employer ("and still with
  // Eir?" goes on about the one just talked of)
  const w = s[0].lower === "and" ? -1 : s.findIndex((t, i) => t.lower === "with" && s[i - 1]?.lower === "still" && i <= 3);
  if (w > 0 && isName(s[w + 1]) && s.length <= w + 5) {
    const p = placeAt(s, w + 1);
    if (p && s[p.end + 1]?.text === "?" && fits(p.value, "workplace", ctx)) emit(other, "workplace", p.value);
  }
}

/**
 * "Linden still dusty?", "Leeds still raining?", "Mandeville breeze still cool?": the listener's town (of the gazetteer)
 * asked after as it still is; "Snow reach Mississauga yet?": weather come to it. (presumed.ts reads the plainest form,
 * "Leeds still grey?", too; this one adds the weather word between, an adjective tagged as a verb and a name called.)
 */
function townStill(s: Tok[], other: string, ctx: SessionContext, emit: Emit): void {
  if (!s.some((t) => t.text === "?")) return;
  // (after "and", "so" or the listener's name called: "Alicia, Mandeville breeze still cool?")
  const a = ["and", "so"].includes(s[0].lower) ? 1 : isName(s[0]) && s[1]?.text === "," ? 2 : 0;
  let e = a;
  while (isName(s[e])) e++;
  const p = e > a ? placeAt(s, a, e) : undefined;
  if (p && p.end === e - 1) {
    const j = WEATHER.has(s[e]?.lemma ?? "") && s[e].text === s[e].lower ? e + 1 : e;
    const next = s[j + 1];
    // (a town of the gazetteer, not told already: "Selly Oak still loud?" after "a room in Selly Oak" is no news; an
    // adjective the tagger may take for a verb, "still cool?", just before the mark)
    if (s[j]?.lower === "still" && next && (next.pos === "ADJ" || WEATHER.has(next.lemma) || (next.pos === "VERB" && !/(?:ing|ed)$/.test(next.lower) && s[j + 2]?.text === "?")) && !WORKS.has(next.lower) && !isFirstName(p.value.split(" ")[0]) && placesNamed(p.value).length > 0 && ctx.seenAs?.[p.value] !== "home" && fits(p.value, "home", ctx)) return emit(other, "home", p.value);
  }
  const w = s.findIndex((t, i) => WEATHER.has(t.lemma) && ["reach", "hit"].includes(s[i + 1]?.lemma ?? "") && isName(s[i + 2]));
  const v = w >= 0 ? placeAt(s, w + 2)?.value : undefined;
  if (fits(v, "home", ctx) && placesNamed(v).length > 0) emit(other, "home", v);
}

/** "ill be over to Dingle sat, can i crash on ur couch": a night on the listener's couch, in the town one comes to. */
export function crashAt(s: Tok[], other: string | undefined, ctx: SessionContext, emit: Emit): void {
  const crash = s.findIndex((t, i) => t.lemma === "crash" && (s[i + 1]?.lower === "on" || s[i + 1]?.lower === "at") && (YOURS.has(s[i + 2]?.lower ?? "") && (SLEPT_ON.has(s[i + 3]?.lower ?? "") || s[i + 2].lower === "yours" || DWELLINGS.has(s[i + 3]?.lower ?? ""))));
  if (crash < 0 || !other) return;
  const to = s.findIndex((t, i) => t.lower === "to" && ["over", "up", "down", "out", "across"].includes(s[i - 1]?.lower ?? "") && isName(s[i + 1]));
  const v = to >= 0 ? placeAt(s, to + 1)?.value : undefined;
  if (fits(v, "home", ctx)) emit(other, "home", v);
}

/** "Westpac took her on", "Kerry Group took me on in March": taken on by an organisation is hired there. */
export function takenOn(s: Tok[], speaker: string, ctx: SessionContext, emit: Emit): void {
  const k = s.findIndex((t, i) => t.lemma === "take" && t.lower !== "take" && TAKEN.has(s[i + 1]?.lower ?? "") && s[i + 2]?.lower === "on" && i > 0);
  if (k < 0 || s.slice(0, k).some((t) => ["not", "n't", "never", "wo", "will", "would", "might"].includes(t.lower))) return;
  let a = k - 1;
  while (a > 0 && isName(s[a - 1])) a--;
  if (!isName(s[a]) || !(a === 0 || s[a - 1].pos === "PUNCT" || s[a - 1].lower === "the")) return;
  const v = placeAt(s, a, k)?.value;
  const who = s[k + 1].lower === "me" || s[k + 1].lower === "us" ? speaker : resolvePronoun(ctx, s[k + 1].lower, "", [speaker]);
  if (who && fits(v, "workplace", ctx)) emit(who, "workplace", v);
}

const NAMED_DWELLINGS = new Set(["house", "flat", "apartment", "condo", "townhouse", "duplex"]);
// (a stay, a visit, a sale, a holiday or a dwelling missed is no home now: "we stayed at the Tahoe house", "sold the Leeds flat")
// (and keys are another rule's: handed over, they make a new home; lost or left, they say nothing)
const NOT_LIVED = new Set(["miss", "key", "stay", "visit", "holiday", "vacation", "weekend", "trip", "sell", "sold", "old", "former", "used", "last", "airbnb", "rental", "buy", "viewing", "view"]);

/**
 * "the Columbus house is FINALLY unpacked", "back at the Ikego house", "the Warner Robins house is officially ours":
 * the speaker's own dwelling, named by its town; "still in that Beaufort house?": the listener's. Nobody else's (no
 * third person or relative in the sentence), and no stay, visit or sale.
 */
export function dwellingNamed(s: Tok[], speaker: string, other: string | undefined, ctx: SessionContext, emit: Emit): void {
  if (s.some((t) => ["he", "she", "they", "his", "her", "their", "them"].includes(t.lower) || RELATIVES.has(t.lemma) || NOT_LIVED.has(t.lemma) || NOT_LIVED.has(t.lower) || t.text.endsWith("'"))) return;
  // (a question without its mark starts with its auxiliary: "is the Balti house still packed"; an order is nobody's
  // statement: "Send me pics of the Baner flat")
  const asked = s.some((t) => t.text === "?") || s[0].pos === "AUX";
  if (s[0].pos === "VERB" && s[0].lower === s[0].lemma) return;
  for (let k = 0; k + 2 < s.length; k++) {
    if (!["the", "our", "that"].includes(s[k].lower) || !isName(s[k + 1])) continue;
    let e = k + 1;
    while (isName(s[e])) e++;
    const p = NAMED_DWELLINGS.has(s[e]?.lower ?? "") && s[e].text === s[e].lower ? placeAt(s, k + 1, e) : undefined;
    if (!p || p.end !== e - 1 || !fits(p.value, "home", ctx)) continue;
    if (asked) {
      // (the listener's, asked after as still theirs)
      // ("The Little Havana apartment big enough for two?": asked after at the question's start)
      if (other && (k <= 1 || s.slice(0, k).some((t) => t.lower === "still"))) emit(other, "home", p.value);
    } else if (s[k].lower !== "that" && !s.slice(0, k).some((t) => t.lower === "you" || t.lower === "your" || t.lower === "ur")) emit(speaker, "home", p.value);
    return;
  }
}
