/**
 * News that names no value ("Got a job!", "We moved!", "Got laid off today"), for the next fragment to name, and a
 * workplace a turn both ends and states.
 */
import type { Triple } from "../types.js";

/** News of a new job or a move that names no value ("Got a job!", "I got it!", "We moved!"). */
const NEW_JOB = /^(?:(?:so|and|well|guess what)\W+)?(?:i(?: 've| have)? |we(?: 've| have)? )?(?:got|landed|found|started|accepted|took) (?:a |an |the |my )?(?:new )?(?:job|position|role|offer)\W*$|^(?:new job|i got it|got it)\W*$/i;
const NEW_HOME = /^(?:(?:so|and|well|guess what)\W+)?(?:(?:i|we)(?: 've| have)? (?:finally |just )?(?:moved|relocated)(?: out)?|(?:(?:i|we)(?: 've| have)? )?(?:finally |just )?(?:got the keys|signed (?:a|the) (?:new )?lease)(?: \w+)?|(?:(?:i|we)(?: 've| have)? )?(?:finally |just )?(?:found|bought|rented) (?:a|our|my) (?:new )?(?:place|flat|house|apartment)|(?:got |get |getting )?(?:the )?keys (?:on|this|next|tomorrow|today)(?: \w+)?)\W*$/i;
/** A job lost, with no name: "got laid off today", "I quit!", "They made me redundant." */
const JOB_LOST = /^(?:(?:so|and|but|well|guess what|update|between us|honestly)\W+)*(?:(?:i|we)(?: 've| have| was| were| got)? |(?:got|been|was) )?(?:just |finally )?(?:(?:got |been |was )?(?:laid off|fired|sacked|made redundant|let go)|quit|resigned|handed in my notice)(?: today| yesterday| this week| this morning| last week)?\W*$|^(?:they|the company|work) (?:just )?(?:made|let) (?:me|us) (?:redundant|go)(?: today| yesterday| this week| this morning| last week)?\W*$/i;

/**
 * The news a sentence's words give without a value: a new job ("job"), a job lost ("lost"), a move ("home"), or
 * none ("ETHAN i got an offer": a speaker's name may open it, and "Aunty, found a place!" a word calling the listener).
 *
 * @example
 * valuelessNews(["got", "laid", "off", "today"], isSpeakerName); // "lost"
 */
export function valuelessNews(words: string[], isSpeakerName: (n: string) => boolean): "job" | "lost" | "home" | undefined {
  // (a speaker's name, or a word calling the listener before a comma: "Aunty, found a place!", "Mum, I got the job!")
  // ("I got it Hamish!!": the listener's name after it)
  let last = words.length - 1;
  while (last > 0 && /^\W+$/.test(words[last])) last--;
  const bare = last > 0 && isSpeakerName(words[last]) ? [...words.slice(0, last), ...words.slice(last + 1)] : words;
  const text = (isSpeakerName(bare[0] ?? "") ? bare.slice(bare[1] === "," ? 2 : 1) : bare[1] === "," && /^\p{Lu}\p{Ll}+$/u.test(bare[0] ?? "") ? bare.slice(2) : bare).join(" ");
  if (NEW_JOB.test(text)) return "job";
  if (JOB_LOST.test(text)) return "lost";
  return NEW_HOME.test(text) ? "home" : undefined;
}

/**
 * "Last shift at Mallusk is Friday": a workplace the turn ends is not also stated by it; "got hired at FedEx, day
 * shift at the hub": a workplace by its kind beside one the turn names is a part of it (both removed in place).
 */
export function dropStatedEnded(triples: Triple[]): void {
  for (let i = triples.length - 1; i >= 0; i--) {
    const t = triples[i];
    if (t.kind === "ended" || t.attribute !== "workplace") continue;
    const mine = triples.filter((x) => x !== t && x.entity === t.entity && x.attribute === t.attribute);
    if (mine.some((x) => x.kind === "ended" && x.value === t.value) || (/^\p{Ll}/u.test(t.value) && mine.some((x) => x.kind !== "ended" && /^\p{Lu}/u.test(x.value)))) triples.splice(i, 1);
  }
}

/**
 * One name read both as a home and as a workplace of the same entity in one turn, one reading firm and the other weak
 * (a name the rules read firmly as the speaker's workplace and a weaker reading as a home, as "Flipkart" in a tune
 * set): the weak reading goes; both stay when both are firm or both weak (removed in place).
 */
export function dropCrossedReadings(triples: Triple[]): void {
  const firm = (t: Triple) => (t.confidence ?? 1) >= 1;
  for (let i = triples.length - 1; i >= 0; i--) {
    const t = triples[i];
    if ((t.attribute !== "home" && t.attribute !== "workplace") || t.kind === "ended" || firm(t)) continue;
    const other = t.attribute === "home" ? "workplace" : "home";
    const crossed = triples.find((x) => x.entity === t.entity && x.attribute === other && x.value === t.value && x.kind !== "ended");
    if (crossed && firm(crossed)) triples.splice(i, 1);
  }
}
