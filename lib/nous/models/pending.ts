/**
 * What a session waits for between turns: the where-question one speaker asked the other (answered by replies.ts),
 * the home a question presumed, the home or workplace a speaker just ended, and the attribute told last.
 */
import type { ObservationKind, Triple } from "../types.js";
import type { SessionContext } from "./referents.js";

/** A where-question one speaker asked the other, waiting for its reply. */
export interface PendingQuestion {
  by: string;
  attribute: "home" | "workplace";
  kind: ObservationKind;
  /** "Still at Tarang?", "Still in Inverness?": the value the asker presumes (a yes confirms it). */
  still?: string;
  /** A question about the listener's work or home that names no value ("How's the job?"): a reply's name is weak evidence. */
  topic?: boolean;
  /** "How was your commute?": a topic answered by where one comes in from. */
  commute?: boolean;
  /** "Where does your sister live?", "where is she?": the third person asked about (the reply's value is theirs). */
  about?: string;
  /** "Which part of Toronto?": the town the listener lives in, asked where in it (the reply's place lies within it). */
  part?: string;
  /** "you're at one of the big banks": a workplace told by its kind; only a name opening the reply, no town or common word, names it. */
  byKind?: boolean;
}

export type WithQuestion = SessionContext & {
  asked?: PendingQuestion;
  /** The speaker whose turn answers a question, and about what ("Where are you now?" "Auckland. You?"). */
  answering?: { by: string; attribute: "home" | "workplace" };
  homeEnded?: string;
  /** The speaker who last ended a home or workplace this session, and which ("I'm not at Savannah Trails anymore"). */
  ended?: { entity: string; attribute: "home" | "workplace" };
  presumed?: { entity: string; home: string };
  lastAttribute?: Record<string, "home" | "workplace">;
  /** The speaker whose turn just before spoke of a trip and told of no home or job ("been travelling for work"). */
  tripTalk?: string;
  /** The speaker whose turn just before asked something ("do you want free ramen": a bare "where" then asks where it is). */
  askedLast?: string;
};

/** Notes whether the turn just read spoke of a trip and told of no home or job (a bare "where to?" then asks the trip's places). */
export function noteTripTalk(ctx: SessionContext, speaker: string, trip: boolean): void {
  (ctx as WithQuestion).tripTalk = trip ? speaker : undefined;
}

/** Notes the attribute of an entity's latest home or workplace observation this session (for a bare "where to?"). */
export function noteAttribute(ctx: SessionContext, entity: string, attribute: "home" | "workplace"): void {
  ((ctx as WithQuestion).lastAttribute ??= {})[entity] = attribute;
}

/** Notes the home a question presumed of the listener ("How's Toronto?"), for the listener's next turn. */
export function notePresumed(ctx: SessionContext, entity: string, home: string): void {
  (ctx as WithQuestion).presumed = { entity, home };
}

/**
 * The home a question presumed of this speaker in the other speaker's last turn, taken (cleared) now: a reply that
 * names another home without denying it ("How's Toronto?" "The flat in Leslieville is small") names a place within it.
 */
export function takePresumed(ctx: SessionContext, speaker: string): string | undefined {
  const c = ctx as WithQuestion;
  const p = c.presumed;
  if (p && (p.entity === speaker || !ctx.speakers.includes(p.entity))) c.presumed = undefined;
  return p?.entity === speaker ? p.home : undefined;
}

/** Notes that a speaker ended a home or a workplace this session (for "Where did you go?", "What now?"). */
export function noteEnded(ctx: SessionContext, entity: string, attribute: "home" | "workplace"): void {
  const c = ctx as WithQuestion;
  if (attribute === "home") c.homeEnded = entity;
  c.ended = { entity, attribute };
}

/**
 * Keeps a speaker's ending that the turn gave no new value ("Not in Tromsø anymore!" … "Stavanger since August."):
 * it waits through the speaker's next three turns, until one of them tells a value of its attribute (at `indirect`
 * confidence or more).
 */
export function notePendingEnd(ctx: SessionContext, speaker: string, ended: "home" | "workplace" | undefined, pending: SessionContext["pendingEnd"], triples: readonly Triple[], indirect: number): void {
  const named = (a: string) => triples.some((t) => t.entity === speaker && t.attribute === a && t.kind !== "ended" && !t.value.startsWith("not ") && (t.confidence ?? 1) >= indirect);
  if (ended && !named(ended)) ctx.pendingEnd = { entity: speaker, attribute: ended, turns: pending && pending.attribute === ended ? pending.turns + 1 : 0 };
  else if (ctx.pendingEnd?.entity === speaker) ctx.pendingEnd = undefined;
  if (ctx.pendingEnd && ctx.pendingEnd.turns >= 3) ctx.pendingEnd = undefined;
}
