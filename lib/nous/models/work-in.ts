/**
 * Work told "in" an organisation, as Irish English (and some British) says it: "5am start in Aldi", "pulling pints in
 * Kehoe's til close", "stuck on calls in Optum til 6", "the canteen in Intel", "im off at 4 in Fields", "still on
 * nights in the Galway Clinic?". "In" before a name is mostly a town's, so the name must be no place of the gazetteer,
 * no country, no person and no home seen, and a word of the working day must come just before it. All is indirect
 * evidence.
 */
import { isCountry, placesNamed } from "./gazetteer.js";
import { wordSet } from "./lexicon.js";
import { isName, type Tok } from "./nlp.js";
import { isTimeName } from "./name-context.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { organisationShaped, placeAt } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";

/**
 * Words of the working day that may come just before "in <organisation>": of a shop's, a bar's or an office's work
 * ("tills", "calls", "canteen"), or of any site's, a district's too ("nights in Ballycoolin", "my desk in Pangyo"), which
 * need the name to look like an organisation's.
 */
const SHOP_WORDS = new Set(["calls", "tills", "till", "canteen", "tours"]);
const SITE_WORDS = new Set(["shift", "shifts", "nights", "earlies", "lates", "doubles", "overtime", "desk", "rota", "wards", "working", "busy"]);
/** A hospital's units, said "in": no employer ("nights in the ED", "on nights in ICU"). */
const UNITS = wordSet("wardUnits");
/** Work done by its object ("pulling pints", "collecting glasses", "stacking shelves"). */
const DONE = new Map([["pulling", "pints"], ["collecting", "glasses"], ["stacking", "shelves"], ["serving", "tables"]]);
const NEGATIONS = new Set(["not", "n't", "never", "anymore", "used", "longer", "quit", "left"]);
const THIRD = new Set(["he", "she", "they", "hes", "shes", "he's", "she's", "his", "her", "their"]);
/** Someone else named before the place ("my brother is on the tills in X"). */
const OTHER_PEOPLE = new Set([...wordSet("family"), ...wordSet("partner"), "mate", "friend", "flatmate", "roommate", "colleague", "boss", "neighbour", "neighbor"]);
const YOU = new Set(["you", "u", "ye", "ya"]);
const CLOCK = /^(?:\d{1,2}(?::\d\d)?(?:am|pm)?|half|noon|midnight|close|closing|late|early)$/i;

/**
 * Whether the words just before "in" at k (at most five, no comma or other preposition between) are of a working day:
 * "shop" for a shop's or an office's, "site" for any site's, or undefined.
 */
function workingBefore(s: Tok[], k: number): "shop" | "site" | undefined {
  for (let i = k - 1; i >= 0 && i >= k - 5; i--) {
    const t = s[i];
    if (t.text === "," || t.lower === "at" || t.lower === "to" || t.lower === "from" || t.lower === "in") {
      // "im off at 4 in Fields", "on til 4 in the SuperValu": a time one is at work until, or leaves at
      return t.lower === "at" && i === k - 2 && CLOCK.test(s[k - 1].text) && s[i - 1]?.lower === "off" ? "shop" : undefined;
    }
    // ("5am start in Aldi", "an early start in Tesco": the noun, not "I start in Google in June", a plan)
    if (t.lower === "start" && i > 0 && !["i", "we", "you", "u", "to", "will", "'ll"].includes(s[i - 1].lower)) return "shop";
    if ((t.lower === "til" || t.lower === "till" || t.lower === "until") && i === k - 2 && CLOCK.test(s[k - 1].text) && s[i - 1]?.lower === "on") return "shop";
    if ((SHOP_WORDS.has(t.lower) && !(t.lower === "till" && CLOCK.test(s[i + 1]?.text ?? ""))) || DONE.get(s[i - 1]?.lower ?? "") === t.lower) return "shop";
    // ("in the clean room in Boston Scientific": a room of work)
    if (t.lower === "room" && ["clean", "break", "staff", "server", "control"].includes(s[i - 1]?.lower ?? "")) return "shop";
    if (SITE_WORDS.has(t.lower)) return "site";
  }
  return undefined;
}

/**
 * "pulling pints in Kehoe's til close" → the speaker works at Kehoe's; "still on nights in the Galway Clinic?" → the
 * listener does (a question with "you" or none). Not with someone else in the sentence, not negated or ended.
 *
 * @example
 * workIn(analyse("5am start in Aldi, unloading pallets like a donkey")[0], "Liam", "Ann", ctx, emit); // emit("Liam", "workplace", "Aldi", 3)
 */
export function workIn(s: Tok[], speaker: string, other: string | undefined, ctx: SessionContext, emit: IndirectEmit): void {
  for (let k = 1; k + 1 < s.length; k++) {
    if (s[k].lower !== "in" || !(isName(s[k + 1]) || (s[k + 1].lower === "the" && isName(s[k + 2])))) continue;
    const cue = workingBefore(s, k);
    if (!cue) continue;
    const named = placeAt(s, k + 1);
    // (the capitalised words: "Optum til 6" is the name and a time)
    const words = named?.value.split(" ") ?? [];
    while (words.length > 1 && words[words.length - 1] === words[words.length - 1].toLowerCase()) words.pop();
    const p = named && { value: words.join(" ") };
    // (a site's words need an organisation's look: its kind's word or an initialism, a possessive "Kehoe's", "the", or
    // a town after it, "in Lidl in Tallaght")
    const looks = !!p && (organisationShaped(p.value) || p.value.endsWith("'s") || s[k + 1].lower === "the" || ctx.seenAs?.[p.value] === "workplace" || (s[named!.end + 1]?.lower === "in" && isName(s[named!.end + 2])));
    if (!p || UNITS.has(p.value.toLowerCase()) || (cue === "site" && !looks)) return;
    if (placesNamed(p.value).length > 0 || isCountry(p.value) || isTimeName(p.value) || ctx.speakers.includes(p.value) || ctx.seenAs?.[p.value] === "home") return;
    if (namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) return;
    const before = s.slice(0, k);
    if (s.some((t) => NEGATIONS.has(t.lower)) || before.some((t) => THIRD.has(t.lower) || OTHER_PEOPLE.has(t.lemma) || (isName(t) && ctx.folk?.includes(t.text)))) return;
    const asked = s.some((t) => t.text === "?");
    const who = asked ? (before.some((t) => t.lower === "i" || t.lower === "im" || t.lower === "we") ? undefined : other) : before.some((t) => YOU.has(t.lower)) ? undefined : speaker;
    if (who) emit(who, "workplace", p.value, k + 1);
    return;
  }
}
