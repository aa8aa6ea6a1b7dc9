/**
 * The paraphrase grammar of the balanced belief-dynamics benchmark: how people in its conversations say where they
 * live and work, change it, stop, or joke about it. Written as a writer would talk, not from the extractor's word
 * lists: some sentences say a state without any verb the extractor knows ("Another busy week at {X}."), some true
 * statements carry laughter ("Haha yes, still at {X}."), some jokes carry no cue at all ("Send my post to {J}, that's
 * where I live now."), and some changes are told with no change word ("I live in {X}."). A sentence = optional
 * opener + a core from the kind's list + optional tail; then, rarely, chat noise (lower case, dropped apostrophes).
 *
 * Slots: {X} the value said, {O} the value before (for endings and moves), {J} a joke's place.
 */
import type { Rng } from "../../core/rng.js";

export type Attribute = "home" | "workplace";
/** What a sentence says: a plain state, a change (cued by its words or not), an ending, a joke (cued or not). */
export type Utterance = "state" | "change-cued" | "change-plain" | "ended" | "joke-cued" | "joke-plain";

export const CORES: Record<Attribute, Record<Utterance, readonly string[]>> = {
  home: {
    state: [
      "I live in {X}.", "Still in {X}, still happy.", "{X} has been home for a while now.", "Our street in {X} is so quiet at night.",
      "We're renting a little place in {X}.", "The rent in {X} keeps going up.", "I've been living in {X} for years.",
      "Back home in {X} it's raining again.", "Nothing beats the view from my flat in {X}.", "Haha yes, I still live in {X}.",
      "we r still in {X}, nothing new", "My neighbours in {X} had a party last night.",
    ],
    "change-cued": [
      "We moved to {X} last month!", "Big news: we packed up and moved to {X}.", "I'm in {X} now, the move went fine.",
      "Finally relocated to {X}.", "New city, new me: I live in {X} now.", "We left {O} and found a flat in {X}.",
      "I've just moved into a house in {X}.",
    ],
    "change-plain": ["I live in {X}.", "Life in {X} is good.", "My flat in {X} is lovely.", "The rent in {X} keeps going up."],
    ended: ["I don't live in {O} anymore.", "I'm not in {O} any more.", "No longer living in {O}!", "We moved out of {O} in the spring."],
    "joke-cued": [
      "Haha, I basically live at {J} these days.", "At this rate I'll be paying rent at {J} lol.", "I practically live in {J} now 😂",
      "lol {J} is my second home",
    ],
    "joke-plain": [
      "I live at {J} now, I'm there all the time.", "{J} is my home now, honestly.", "Send my post to {J}, that's where I live now.",
      "I've moved into {J}, or that's what it feels like.",
    ],
  },
  workplace: {
    state: [
      "I work at {X}.", "Another busy week at {X}.", "{X} is keeping me busy.", "I've been with {X} for three years.",
      "My shift at {X} starts early tomorrow.", "Still working at {X}, still enjoying it.", "Haha yes, still at {X}.",
      "My boss at {X} is great.", "i work at {X}, its fine", "Payday at {X} cannot come soon enough.",
    ],
    "change-cued": [
      "I started a new job at {X}!", "I joined {X} last month.", "{X} hired me!", "I'm at {X} now, started on Monday.",
      "Switched jobs, I work for {X} now.", "Left {O} and signed with {X}.",
    ],
    "change-plain": ["I work at {X}.", "Work at {X} is going well.", "{X} is keeping me busy.", "My boss at {X} is great."],
    ended: ["I quit {O}.", "I left {O} last month.", "I don't work at {O} anymore.", "No longer at {O}."],
    "joke-cued": ["Haha, I basically work at {J} now.", "lol my real employer is {J}.", "At this rate I practically work at {J}."],
    "joke-plain": ["My office is {J} these days, I'm there all day.", "I work at {J} now, I swear.", "I've been hired by {J}, apparently."],
  },
};

const OPENERS = ["", "", "", "Oh, ", "So, ", "Anyway, ", "Update: ", "Honestly, "];
const TAILS = ["", "", "", " Crazy times.", " How about you?", " Can't complain."];

/** Small talk between the statements: reactions (some laughing), questions, and wishes that state nothing. */
export const SMALL_TALK = [
  "That's great to hear!", "How was your weekend?", "Haha, same here.", "Sounds lovely.", "Tell me more!", "lol classic",
  "I had a slow week, nothing new.", "Nice, good for you!", "Ugh, Mondays.", "Did you watch the match?", "Oh no, hope you're ok.",
];
/** Distractors: other people's states, wishes and conditionals, with a place {C} or a company {W}. */
export const DISTRACTORS = [
  "My cousin lives in {C}.", "If I lived in {C}, I would surf every day.", "My friend works at {W}.", "I'd love to work at {W} someday.",
  "My sister is thinking about moving to {C}.", "Have you ever been to {C}?", "My neighbour got a job at {W}.",
];

/** How a current value is asked, and the value before a change. */
export const ASK: Record<Attribute, { current: readonly string[]; before: readonly string[] }> = {
  home: { current: ["Where does {P} live now?", "Which city is {P} living in these days?", "What city does {P} call home now?"], before: ["Where did {P} live before {X}?"] },
  workplace: { current: ["Where does {P} work now?", "Who does {P} work for now?", "Where is {P} working at the moment?"], before: ["Where did {P} work before {X}?"] },
};

const fill = (t: string, v: Record<string, string>) => t.replace(/\{(\w)\}/g, (_, k: string) => v[k] ?? "");

/**
 * One sentence of the given kind: opener, core and tail, with rare chat noise (lower case or dropped apostrophes,
 * each with probability 0.08).
 *
 * @example
 * say(rng, "home", "ended", { O: "Lisbon" }); // e.g. "Anyway, No longer living in Lisbon!"
 */
export function say(rng: Rng, attribute: Attribute, kind: Utterance, slots: Record<string, string>): string {
  const cores = CORES[attribute][kind].filter((c) => !c.includes("{O}") || slots.O !== undefined);
  let text = fill(OPENERS[rng.int(OPENERS.length)] + cores[rng.int(cores.length)] + TAILS[rng.int(TAILS.length)], slots);
  if (rng.bernoulli(0.08)) text = text.toLowerCase();
  else if (rng.bernoulli(0.08)) text = text.replace(/'/g, "");
  return text;
}

export const fillSlots = fill;
