/**
 * Answers by fragment: when one speaker asks the other where they live or work ("Where is home these days?",
 * "Where do you work now?", "Where did you end up?") and the reply opens with a bare name ("Lübeck, it's quieter",
 * "Aarhus."), the name is the replier's state. A bare "Where did you go?" asks about a home only right after the
 * other speaker ended one in this session ("We don't live in Hamburg anymore." "Where did you go?"); otherwise it is
 * a trip. Asked in the past ("did you move / go / end up"), the reply is a change; asked in the present, a state.
 */
import type { ObservationKind } from "../types.js";
import { isName, type Tok } from "./nlp.js";
import type { SessionContext } from "./referents.js";
import { placeAt } from "./states-common.js";

/** A where-question one speaker asked the other, waiting for its reply. */
export interface PendingQuestion {
  by: string;
  attribute: "home" | "workplace";
  kind: ObservationKind;
}

type WithQuestion = SessionContext & { asked?: PendingQuestion; homeEnded?: string };

const HOME_Q = /\bwhere\b.*\b(?:live|living|home|move|moved|based|settle|settled|end(?:ed)? up)\b/i;
const WORK_Q = /\bwhere\b.*\b(?:work|working|job)\b/i;
const GO_Q = /^\s*where did you go\s*\?\s*$/i;
const PAST_Q = /\b(?:did|have) you\b|\bmoved\b|\bended up\b/i;

/** Notes a where-question about the listener's home or workplace (the listener must be the other speaker). */
export function noteQuestion(ctx: SessionContext, speaker: string, text: string): void {
  const c = ctx as WithQuestion;
  c.asked = undefined;
  if (!/\b(?:you|home)\b/i.test(text)) return;
  const other = ctx.speakers.find((s) => s !== speaker);
  const attribute = WORK_Q.test(text) ? "workplace" : HOME_Q.test(text) || (GO_Q.test(text) && c.homeEnded === other) ? "home" : undefined;
  if (attribute) c.asked = { by: speaker, attribute, kind: PAST_Q.test(text) || GO_Q.test(text) ? "change" : "state" };
}

/** Notes that a speaker ended a home this session (for "Where did you go?"). */
export function noteEndedHome(ctx: SessionContext, entity: string): void {
  (ctx as WithQuestion).homeEnded = entity;
}

/**
 * The state a reply gives by fragment, if the turn answers a pending where-question with a bare name; clears the
 * question either way (only the next turn of the other speaker can answer it).
 *
 * @example
 * noteQuestion(ctx, "Tomasz", "Where are you living now?");
 * replyState(ctx, "Ingrid", analyse("Lübeck, it's quieter.")); // { attribute: "home", value: "Lübeck", kind: "state" }
 */
export function replyState(ctx: SessionContext, speaker: string, sentences: Tok[][]): { attribute: "home" | "workplace"; value: string; kind: ObservationKind } | undefined {
  const c = ctx as WithQuestion;
  const q = c.asked;
  if (!q || q.by === speaker) return undefined;
  c.asked = undefined;
  const s = sentences[0];
  if (!s) return undefined;
  let k = 0;
  while (k < s.length && (s[k].pos === "INTJ" || s[k].lower === "oh" || s[k].lower === "well" || s[k].text === ",")) k++;
  if (!isName(s[k])) return undefined;
  // the name stands alone: the sentence ends, or a comma or a dash follows it
  let stop = k;
  while (stop < s.length && s[stop].pos !== "PUNCT") stop++;
  const p = placeAt(s, k, stop);
  if (!p || p.end !== stop - 1 || (stop < s.length && ![",", ".", "!", "-", "—", "–"].includes(s[stop].text))) return undefined;
  return { attribute: q.attribute, value: p.value, kind: q.kind };
}
