/**
 * Nous's offline models: no language model anywhere. Label: `offline:nous-rules-v1`.
 *
 * Extractor (rule-based, first person): each sentence of a turn is matched against patterns; the speaker is the
 * entity. "my <relation> <Name>" → (speaker, relation, Name) and an edge to Name; "my (favorite) <noun> is <x>"
 * → (speaker, [favorite] noun, x); "I'm a/an <x>" → (speaker, "is", x); "I (adverb)* <verb> <object>" →
 * (speaker, stem(verb), object) for a content verb; a shared photo → (speaker, "shared photo", caption). A turn
 * that matches nothing gives (speaker, "talked about", its first three content words), so every turn leaves a
 * delta. Capitalised words inside a sentence that are not common words are mentions (graph edges).
 *
 * Answerer (extractive, honest about it: it copies text, it does not understand): for "when" questions, the time
 * expression of the top evidence resolved against its date; for others, the observation of the best-ranked
 * delta whose value is not already in the question, or every value multi-valued recall holds when the question
 * asks for several things. (Answering present-tense questions with the dimension's mode instead was tried and
 * lowered single-hop F1 on LoCoMo from 10.16 to 9.64, so the answerer copies observations; the update rule and
 * decay therefore shape the fact lines an LLM answerer reads, not the offline answers.)
 */
import { porterStem } from "../scoring/porter.js";
import type { Extraction } from "../engine.js";
import { STOPWORDS, tokens } from "../retrieval/text.js";
import type { QueryContext, Triple, Turn } from "../types.js";
import { resolveTime } from "./temporal.js";

export const OFFLINE_LABEL = "offline:nous-rules-v1";

const RELATIONS = "friend|friends|sister|brother|mom|mother|dad|father|husband|wife|partner|son|daughter|boss|colleague|coworker|cousin|aunt|uncle|grandma|grandmother|grandpa|grandfather|dog|cat|pet|puppy|kid|neighbor|mentor|teacher|girlfriend|boyfriend";
const RELATION_RE = new RegExp(`\\bmy (${RELATIONS}),? ([A-Z][a-z]+)`, "g");
const MY_IS_RE = /\bmy (favorite |favourite )?([a-z]+(?: [a-z]+)?) (?:is|was|are|were) ([^.,!?;]+)/gi;
const I_AM_RE = /\bI(?:'m| am) (?:a |an )([a-z]+(?: [a-z]+){0,2})/gi;
const I_VERB_RE = /\bI(?:'ve| have|'d)? ((?:just |recently |finally |also |really |actually |already |even |still |now |usually |always |often )*)([a-z]+) ([^.,!?;]+)/gi;
const SKIP_VERBS = new Set(
  ("am was have had think know feel guess hope mean can will would could should do did don't dont didn't cant can't " +
    "wasn't won't be been am is are were gotta wanna wish bet agree believe suppose love's totally definitely really " +
    "just so too also hear see understand remember appreciate am'm").split(" "),
);
const IRREGULAR: Record<string, string> = {
  went: "go", got: "get", made: "make", took: "take", saw: "see", bought: "buy", ran: "run", found: "find",
  began: "begin", gave: "give", met: "meet", taught: "teach", wrote: "write", won: "win", left: "leave",
  brought: "bring", built: "build", came: "come", told: "tell", sang: "sing", drew: "draw", flew: "fly",
  swam: "swim", grew: "grow", lost: "lose", spent: "spend", felt: "feel", heard: "hear", kept: "keep",
};
const COMMON_CAPS = new Set(
  ("I I'm I've I'd I'll The A An And But So It It's That This What Wow Hey Hi Yes Yeah No Oh Thanks Thank " +
    "Congrats My We You He She They Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February " +
    "March April May June July August September October November December Mom Dad Love Haha OMG Awesome Great " +
    "Cool Nice Sure Sounds Good Glad Well Have Do Did Is Are Was How Why When Where Who Let Keep Take").split(" "),
);

function cleanValue(v: string, maxWords = 5): string {
  const words = v.trim().split(/\s+/).filter(Boolean);
  while (words.length && STOPWORDS.has(words[0].toLowerCase())) words.shift();
  return words.slice(0, maxWords).join(" ").replace(/[^\p{L}\p{N}]+$/u, "");
}

function contentWords(text: string, n: number): string {
  const out: string[] = [];
  for (const w of text.split(/[^\p{L}\p{N}'-]+/u)) {
    const lw = w.toLowerCase();
    if (lw.length > 3 && !STOPWORDS.has(lw)) out.push(lw);
    if (out.length === n) break;
  }
  return out.join(" ");
}

/**
 * Rule-based extraction of (entity, attribute, value) triples and mentioned names from one turn.
 * `caption` is the description of a photo shared in the turn, if any.
 *
 * @example
 * extractOffline({ id: "D1:1", speaker: "Ann", text: "I adopted a puppy named Rex.", timestamp: 0 });
 * // { triples: [{ entity: "Ann", attribute: "adopt", value: "puppy named Rex" }], mentions: ["Rex"] }
 */
export function extractOffline(turn: Turn, caption?: string): Extraction {
  const triples: Triple[] = [];
  const mentions: string[] = [];
  const add = (attribute: string, value: string) => {
    const v = cleanValue(value);
    if (v.length > 1 && !triples.some((t) => t.attribute === attribute && t.value === v)) triples.push({ entity: turn.speaker, attribute, value: v });
  };
  for (const sentence of turn.text.split(/(?<=[.!?])\s+/)) {
    for (const m of sentence.matchAll(RELATION_RE)) {
      add(m[1].toLowerCase(), m[2]);
      if (!mentions.includes(m[2])) mentions.push(m[2]);
    }
    for (const m of sentence.matchAll(MY_IS_RE)) add(`${m[1] ? "favorite " : ""}${m[2].toLowerCase()}`, m[3]);
    for (const m of sentence.matchAll(I_AM_RE)) add("is", m[1]);
    for (const m of sentence.matchAll(I_VERB_RE)) {
      const verb = m[2].toLowerCase();
      if (SKIP_VERBS.has(verb) || STOPWORDS.has(verb)) continue;
      add(IRREGULAR[verb] ?? porterStem(verb), m[3]);
    }
    const words = sentence.split(/\s+/);
    for (let i = 1; i < words.length; i++) {
      const w = words[i].replace(/[^\p{L}'-]/gu, "").replace(/'s$/, "");
      if (/^[A-Z][a-z]{2,}$/.test(w) && !COMMON_CAPS.has(w) && w !== turn.speaker && !mentions.includes(w)) mentions.push(w);
    }
  }
  if (caption) add("shared photo", caption.replace(/^(a )?(photo|picture|image) of /i, ""));
  if (triples.length === 0) {
    const topic = contentWords(turn.text, 3);
    triples.push({ entity: turn.speaker, attribute: "talked about", value: topic.length ? topic : "small talk" });
  }
  return { triples, mentions };
}

const TEMPORAL_Q = /^\s*(when\b|what (year|month|date|day|time)\b|how long ago\b|which (year|month)\b)/i;
const PLURAL_Q = /\b(what (are|were|kinds?|types?|activities|things|books|places|events)|which|list|all|some of)\b/i;

/**
 * The offline extractive answerer: returns a short answer copied or dated from the retrieved context.
 *
 * @example
 * answerOffline(ctx); // "7 May 2023" for "When did Caroline go to the support group?"
 */
export function answerOffline(ctx: QueryContext): string {
  const top = ctx.evidence[0];
  if (!top) return "Not mentioned in the conversation";
  if (TEMPORAL_Q.test(ctx.question)) return resolveTime(top.text, top.timestamp);
  const q = new Set(tokens(ctx.question));
  const novel = (v: string) => tokens(v).some((t) => !q.has(t));
  const best = ctx.evidence.find((e) => e.attribute !== "talked about" && novel(e.observation)) ?? top;
  const fact = ctx.facts.find((f) => f.entity === best.entity && f.attribute === best.attribute);
  if (PLURAL_Q.test(ctx.question) && fact && fact.recalled.length > 1) return fact.recalled.slice(0, 5).join(", ");
  return best.observation;
}
