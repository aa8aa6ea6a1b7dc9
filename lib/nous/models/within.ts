/**
 * Places within places, from how a turn names two homes of its speaker (no gazetteer: only what the conversation
 * says). A home named as a dwelling's place ("a flat in Salthill", "found a new apartment in Pinheiros") lies within
 * the place of the same turn that is the home at a coarser level:
 * - the place the other speaker's question presumed ("How's São Paulo?" "… I just found a new apartment in
 *   Pinheiros."), when the reply neither denies it nor ends or plans a home;
 * - the place the same turn moves to ("Moving to Leeds, found a flat in Headingley.").
 * - the speaker's known home, when the turn says the dwelling is the same one ("Same job, same house in Bodija."), or
 *   when that home was moved to earlier in the same session ("The Nottingham move took over everything." … "Got a
 *   little place in Beeston.").
 * - with the gazetteer (gazetteer.ts), a town named right after the home ("a place in Kralingen, Rotterdam", "Da'an
 *   in Taipei"), another home of the same turn that is a city it lies in ("Still in Leipzig, still in Connewitz"), and the speaker's known home when it is a city the new home can lie in ("How's Nairobi?" … "I'm in
 *   Kilimani now"; "I'm in Durban now" … "got a flat in Morningside"): a neighbourhood is no move to another town.
 * A turn that looks back ("the old flat", "used to", "before") says nothing of nesting.
 */
import { isCountry, isRegion, mayLieInCountry, mayLieWithin, placesNamed, regionHolds } from "./gazetteer.js";
import { isTimeName } from "./name-context.js";
import { isName, type Tok, upper } from "./nlp.js";
import { speakerNamed, type SessionContext } from "./referents.js";
import { organisationName, placeAt, STREETS } from "./states-common.js";

/** A home triple of a turn. */
interface HomeTriple {
  entity: string;
  attribute: string;
  value: string;
  kind?: string;
}

const DWELLING_IN = (place: string) => new RegExp(`\\b(?:flat|apartment|place|house|room|studio|bedsit|unit|condo|digs|pad|villa)\\b[^.!?]{0,40}?\\b(?:in|at)\\s+${place.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "iu");
const SAME_DWELLING = (place: string) => new RegExp(`\\bsame (?:old )?(?:flat|apartment|place|house|room|studio|unit|condo)\\b[^.!?]{0,20}?\\bin\\s+${place.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\b`, "iu");
const escape = (v: string) => v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** "Kralingen, Rotterdam", "Da'an in Taipei", "the North End of Halifax": the name after a home, a comma, "in" or "of" between. */
const TOWN_AFTER = (place: string) => new RegExp(`\\b${escape(place)}(?:,\\s*|\\s+in\\s+|\\s+of\\s+)(\\p{Lu}[\\p{L}'’-]*(?:\\s\\p{Lu}[\\p{L}'’-]*)?)`, "u");
const LOOKING_BACK = /\b(?:old|used to|before|previous|former|last year|miss)\b/i;
const DENIAL = /^\W*(?:no|nope|nah|not|actually|well,? actually)\b/i;

/**
 * The (inner, outer) place pairs a turn gives.
 *
 * @example
 * placesWithin("Huge, loud. I just found a new apartment in Pinheiros.", [{ entity: "Isa", attribute: "home", value: "Pinheiros", kind: "change" }], "Isa", "São Paulo");
 * // [["Pinheiros", "São Paulo"]]
 */
export function placesWithin(text: string, triples: readonly HomeTriple[], speaker: string, presumed?: string, known?: { home?: string; movedThisSession?: boolean }): [string, string][] {
  if (!presumed && !triples.some((t) => t.attribute === "home")) return [];
  if (LOOKING_BACK.test(text)) return [];
  const homes = triples.filter((t) => t.entity === speaker && t.attribute === "home" && upper(t.value) && !t.value.startsWith("not "));
  const out: [string, string][] = [];
  const push = (a: string, b: string) => {
    if (a !== b && !out.some(([x, y]) => x === a && y === b)) out.push([a, b]);
  };
  const ended = homes.some((t) => t.kind === "ended" || t.kind === "planned");
  if (presumed && !ended && !DENIAL.test(text)) {
    // a plain statement of another home, or a dwelling's place even when it is new
    for (const t of homes) if (t.kind !== "change" || DWELLING_IN(t.value).test(text)) push(t.value, presumed);
  }
  const moves = homes.filter((t) => (t.kind === "change" || t.kind === "planned") && !DWELLING_IN(t.value).test(text));
  // ("Sold the house in Brampton and moved to Surrey": a home left is not within the new one)
  for (const m of moves) for (const t of homes) if (t.value !== m.value && !homes.some((h) => h.value === t.value && h.kind === "ended") && DWELLING_IN(t.value).test(text)) push(t.value, m.value);
  // the known home, kept ("same house in X") or just moved to
  if (known?.home && !ended && !moves.length) {
    for (const t of homes) if (t.value !== known.home && DWELLING_IN(t.value).test(text) && (known.movedThisSession || SAME_DWELLING(t.value).test(text))) push(t.value, known.home);
  }
  // the gazetteer: a town named right after the home, or the known home when it is a city the home lies in; and for
  // someone else, two homes of the turn that nest ("she's in Auckland, in Otahuhu")
  const others = triples.filter((t) => t.entity !== speaker && t.attribute === "home" && upper(t.value) && t.kind !== "ended" && t.kind !== "planned");
  for (const t of others) for (const h of others) if (h.entity === t.entity && h.value !== t.value && (mayLieWithin(t.value, h.value) || regionHolds(h.value, t.value))) push(t.value, h.value);
  for (const t of homes) {
    if (t.kind === "ended" || t.kind === "planned") continue;
    const town = TOWN_AFTER(t.value).exec(text)?.[1];
    if (town && mayLieWithin(t.value, town)) push(t.value, town);
    else if (homes.some((h) => h.value !== t.value && h.kind !== "ended" && h.kind !== "planned" && h.value.toLowerCase() !== t.value.toLowerCase() && mayLieWithin(t.value, h.value) && (push(t.value, h.value), true))) continue;
    else if (known?.home && !ended && t.value !== known.home && !homes.some((h) => h.value === known.home) && mayLieWithin(t.value, known.home)) push(t.value, known.home);
  }
  return out;
}

/** Words that may stand between a home and the district after it ("in Cardiff now, Canton"). */
const BETWEEN = new Set(["now", "still", "though", "nowadays"]);
/** What follows a district named after its town: where in it it lies ("up the hill", "near the park", "in the east end"). */
const AFTER_DISTRICT = new Set(["up", "near", "just", "off", "by", "out", "down", "over"]);
/** "in the east end", "on the north side": a part of a town by its direction ("in the summer" is a time, no part). */
const TOWN_PARTS = new Set(["north", "south", "east", "west", "northern", "southern", "eastern", "western", "inner", "end", "side", "suburbs", "centre", "center", "hills"]);
const whereInTown = (s: Tok[], j: number) => AFTER_DISTRICT.has(s[j]?.lower ?? "") || ((s[j]?.lower === "in" || s[j]?.lower === "on") && s[j + 1]?.lower === "the" && TOWN_PARTS.has(s[j + 2]?.lower ?? ""));

const DWELLINGS = new Set(["flat", "apartment", "house", "place", "studio", "condo", "cottage", "terrace", "bungalow", "loft", "townhouse", "duplex", "room", "semi", "villa", "bedsit", "walk-up"]);

/**
 * A place named later in the sentence after its town with "in", set off by a comma ("I'm in Lagos for a few years, in
 * Lekki") or after a dwelling ("I'm up in Portland, Maine, in an old house in the West End"), with no other "in" or
 * sentence's end between.
 */
function districtAfter(s: Tok[], from: number): { value: string; end: number } | undefined {
  let dwelling = false;
  for (let m = from; m < s.length && m < from + 16; m++) {
    if ([".", "!", "?", ";"].includes(s[m].text) || s[m].lower === "but" || s[m].lower === "and") return undefined;
    if (DWELLINGS.has(s[m].lower)) dwelling = true;
    // ("Oslo, small flat on Grünerløkka": a dwelling on a district)
    if (s[m].lower !== "in" && !(s[m].lower === "on" && dwelling)) continue;
    // (", up in Felinfoel": a direction between; ", sharing in the Holylands": how one lives there)
    const set = s[m - 1]?.text === "," || ((["up", "down", "out", "over"].includes(s[m - 1]?.lower ?? "") || (s[m - 1]?.pos === "VERB" && s[m - 1].lower.endsWith("ing"))) && s[m - 2]?.text === ",");
    if (!set && !dwelling) continue;
    const at = s[m + 1]?.lower === "the" && isName(s[m + 2]) ? m + 2 : isName(s[m + 1]) ? m + 1 : -1;
    const p = at > 0 ? placeAt(s, at) : undefined;
    // (a dwelling on a street is no district: "a flat above a bakery on James Street North")
    if (p && !(s[m].lower === "on" && p.value.split(/\s+/).some((x) => STREETS.has(x.toLowerCase().replace(/\.$/, ""))))) return p;
  }
  return undefined;
}

/**
 * A district named right after the town that is the speaker's home, set off by a comma and followed by where in the
 * town it lies: "We're in Toronto, Leslieville in the east end" gives Leslieville as the speaker's home too, within
 * Toronto (as "in Leslieville, Toronto" gives the pair the other way round). Without the words of where, a name that
 * ends the sentence or its clause is a district too ("I'm in Leeds now, Headingley, married"), unless it is a
 * first-level region of the town's country ("Austin, Texas.", "Ames, Iowa.": `isRegion`). The district is capitalised
 * in every word, no speaker or person named in the session, no country, time or organisation, and a place the town, a
 * city of the gazetteer, may hold (`mayLieWithin`). A town after a country given as someone's home is theirs too
 * (`townsAfterCountry`).
 *
 * @example
 * districtsNamed(analyse("We're in Toronto, Leslieville in the east end."), [{ entity: "Ann", attribute: "home", value: "Toronto", kind: "state" }], "Ann", ctx);
 * // [{ entity: "Ann", attribute: "home", value: "Leslieville", kind: "state", within: "Toronto" }]
 */
export function districtsNamed<T extends HomeTriple & { confidence?: number }>(sentences: Tok[][], triples: readonly T[], speaker: string, ctx: SessionContext): (T & { within: string })[] {
  const out: (T & { within: string })[] = [];
  const homes = triples.filter((t) => t.entity === speaker && t.attribute === "home" && (t.kind === undefined || t.kind === "state" || t.kind === "change") && upper(t.value));
  for (const h of homes) {
    for (const s of sentences) {
      for (let k = 0; k < s.length; k++) {
        const town = isName(s[k]) ? placeAt(s, k) : undefined;
        if (!town || town.value !== h.value) continue;
        let j = town.end + 1;
        // ("in Leeds now, Headingley", "moved to Pune last month, Baner")
        while (BETWEEN.has(s[j]?.lower ?? "") || (s[j]?.date && s[j].text === s[j].lower)) j++;
        // ("Toronto, Leslieville in the east end", with where in the town it lies; or "Lagos …, in Lekki"; or a name
        // that ends the sentence or its clause and is no region of the town's country: "Cape Town, Observatory.", not
        // "Austin, Texas.")
        const comma = s[j]?.text === "," && isName(s[j + 1]) ? placeAt(s, j + 1) : undefined;
        // (", F&B" after it: a list of what one does there, "Hyderabad, Taj Krishna, F&B", no district)
        const next = comma && s[comma.end + 1], after = comma && s[comma.end + 2];
        const ends = !!comma && (!next || [".", "!", ";"].includes(next.text) || (next.text === "," && !!after && after.text === after.lower)) && !isRegion(comma.value, h.value);
        const d = comma && (whereInTown(s, comma.end + 1) || ends) ? comma : districtAfter(s, town.end + 1);
        if (!d) continue;
        const v = d.value;
        if (!v.split(" ").every((w) => /^\p{Lu}/u.test(w)) || triples.some((x) => x.value === v)) continue;
        // ("Still in Cardiff, in Canton", "in Bangalore, in Whitefield": a place set right after the town, as a part of
        // it, lies within it unless it is a large town itself; the gazetteer's far-off namesakes do not count)
        const apposed = s[town.end + 1]?.text === "," && (s[town.end + 2]?.lower === "in" || s[town.end + 3]?.lower === "in") && placesNamed(v).every((p) => p.population < 500_000);
        if (speakerNamed(ctx, v) || (ctx.people ?? []).some((p) => p.name === v) || isCountry(v) || isTimeName(v) || organisationName(v) || !(apposed || mayLieWithin(v, h.value))) continue;
        out.push({ ...h, value: v, within: h.value });
      }
    }
  }
  return [...out, ...townsAfterCountry(sentences, triples, ctx)];
}

/**
 * "Kadian is in Canada now. Brampton, outside Toronto.": a verbless sentence opening with a town, after a sentence that
 * gave someone a country as their home, names the town of it (a town of the gazetteer in that country; no region,
 * person or organisation).
 */
function townsAfterCountry<T extends HomeTriple & { confidence?: number }>(sentences: Tok[][], triples: readonly T[], ctx: SessionContext): (T & { within: string })[] {
  const out: (T & { within: string })[] = [];
  for (const h of triples.filter((t) => t.attribute === "home" && (t.kind === undefined || t.kind === "state" || t.kind === "change") && isCountry(t.value))) {
    const from = sentences.findIndex((s) => s.some((t) => t.text === h.value.split(" ")[0]));
    const s = from >= 0 ? sentences[from + 1] : undefined;
    const town = s && isName(s[0]) && !s.some((t) => t.pos === "VERB" || t.pos === "AUX") ? placeAt(s, 0) : undefined;
    if (!town || ![",", "."].includes(s![town.end + 1]?.text ?? ".")) continue;
    const v = town.value;
    if (isCountry(v) || isRegion(v) || speakerNamed(ctx, v) || (ctx.people ?? []).some((p) => p.name === v) || isTimeName(v) || organisationName(v) || placesNamed(v).length === 0 || !mayLieInCountry(v, h.value)) continue;
    out.push({ ...h, value: v, within: h.value });
  }
  return out;
}

/**
 * The known home of `entity` that a city told in passing may hold ("How's Rathmines?" … "the rent in Dublin though":
 * Rathmines lies within Dublin, and Dublin is no second home), if any.
 *
 * @example
 * knownHomeWithin({ speakers: ["Ann", "Bob"], known: { Ann: { home: "Rathmines" } } }, "Ann", "Dublin"); // "Rathmines"
 */
export function knownHomeWithin(ctx: SessionContext, entity: string, city: string): string | undefined {
  const home = ctx.known?.[entity]?.home;
  return home && mayLieWithin(home, city) ? home : undefined;
}
