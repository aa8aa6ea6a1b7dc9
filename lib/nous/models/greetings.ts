/**
 * What wishes, invitations and the hour say of where the speakers live: "It is nine o'clock in Bhubaneswar" (the
 * speaker's town), "I hope all is well in Coimbatore", "I hope Kitchener has thawed" (the listener's), "Come over to Whitby on
 * your day off" (the speaker's). All are indirect evidence.
 */
import type { Clause } from "./clause.js";
import { isName, type Tok } from "./nlp.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { organisationName, placeAt, townName } from "./states-common.js";
import { isCountry } from "./gazetteer.js";
import type { KindEmit } from "./moves.js";
import type { IndirectEmit } from "./states-indirect.js";

const COME_PARTICLES = new Set(["over", "up", "down", "round", "across"]);

/**
 * "Come over to Whitby on your day off", "You should come up to Leeds some weekend": an invitation to a town is to the
 * speaker's own (not "come back to X", which asks the listener home; not an organisation, a person or a known value).
 */
export function invitedTo(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: KindEmit): boolean {
  for (let k = 0; k + 2 < s.length; k++) {
    if (s[k].lemma !== "come" || s[k].pos !== "VERB") continue;
    const asked = k === 0 || s[k - 1].pos === "INTJ" || s[k - 1].pos === "PUNCT" || (["should", "must", "could"].includes(s[k - 1].lower) && ["you", "u", "ye"].includes(s[k - 2]?.lower ?? ""));
    const j = COME_PARTICLES.has(s[k + 1]?.lower ?? "") ? k + 2 : k + 1;
    if (!asked || s[j]?.lower !== "to" || !isName(s[j + 1])) continue;
    const value = placeAt(s, j + 1)?.value;
    if (!value || organisationName(value) || isCountry(value) || ctx.known?.[value] || namesSomeone(ctx, value, { firstName: "value", known: true }) || value.endsWith("'s")) continue;
    // ("Come to the match with me": an outing together)
    if (clauses.some((c) => c.negated && c.at <= k && k < c.end) || s.some((t, i) => t.lower === "with" && (s[i + 1]?.lower === "me" || s[i + 1]?.lower === "us"))) continue;
    emit(speaker, "home", value, "state");
    return true;
  }
  return false;
}

/**
 * "I hope all is well in Coimbatore", "I hope Thiruvananthapuram is treating you well", "I hope Kitchener has thawed
 * by now": a wish for a town, said to the listener, is for the listener's (a town of the gazetteer, not a country, a
 * person or the speaker's own known home).
 */
export function wishedWell(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  const hope = s.findIndex((t) => t.lemma === "hope" && t.pos === "VERB");
  if (hope < 0 || !clauses.some((c) => c.head === hope && c.subjects.length === 1 && c.subjects[0] === speaker && !c.past && !c.negated)) return;
  const other = ctx.speakers.find((x) => x !== speaker);
  // ("I hope you had a lovely time in Paris": what the listener did there is a trip)
  if (clauses.some((c) => c.at > hope && (c.past || c.subjects.some((e) => e === other)))) return;
  for (let k = hope + 1; k < s.length; k++) {
    if (!isName(s[k]) || !(s[k - 1].lower === "in" || s[k - 1].lower === "hope" || clauses.some((c) => c.at === k && !c.implicit))) continue;
    const p = placeAt(s, k);
    if (!p) continue;
    if (other && townName(p.value) && !isCountry(p.value) && ctx.known?.[speaker]?.home !== p.value && !namesSomeone(ctx, p.value, { firstName: "value", gendered: true, known: true })) emit(other, "home", p.value, k);
    return;
  }
}

const CLOCK = /^(?:o'clock|midnight|noon|midday|am|pm|a\.m\.|p\.m\.|\d{1,2}(?::\d\d)?(?:am|pm)?)$/i;

/**
 * "It is nine o'clock in Bhubaneswar and I am still at my desk", "It's 3am here in Auckland": the hour it is in a town,
 * told in the present, is the hour where the speaker is.
 */
export function clockIn(s: Tok[], speaker: string, ctx: SessionContext, emit: IndirectEmit): void {
  if (s[0]?.lower !== "it" || !(s[1]?.lower === "is" || s[1]?.lower === "'s")) return;
  const k = s.findIndex((t, i) => i > 2 && i <= 7 && t.lower === "in" && isName(s[i + 1]) && s.slice(2, i).some((x) => CLOCK.test(x.text)));
  const p = k > 0 ? placeAt(s, k + 1) : undefined;
  if (p && !organisationName(p.value) && !isCountry(p.value) && !namesSomeone(ctx, p.value, { firstName: "value", known: true })) emit(speaker, "home", p.value, k + 1);
}

/** The readings above, in order: an invitation first (it reads as a move otherwise), then the hour and a wish. (A greeting "from X" is read in states-at.ts.) */
export function greetings(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, passing: IndirectEmit, moved: KindEmit): boolean {
  if (invitedTo(s, clauses, speaker, ctx, moved)) return true;
  clockIn(s, speaker, ctx, passing);
  wishedWell(s, clauses, speaker, ctx, passing);
  return false;
}
