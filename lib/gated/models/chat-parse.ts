/**
 * Free chat written by a language model is read for what it says: a request for a material, an offer of units to a
 * teammate, a call for help on a blocked path, a wait on a teammate's support block. The parsed content is delivered
 * like the typed message it amounts to, so chat has real effects; text with none of these is chatter (a CHAT message
 * with no effect).
 *
 * How a text is read (English):
 * 1. It is cut into clauses (at . ! ? ; : — and at "but", "though", "however", "although", and commas).
 * 2. In each clause: the materials it names (the task's names, with spaces for underscores, plurals, and a material's
 *    last word when no other material shares it: "planks" for oak_planks), and its intent, tested in this order:
 *    a refused offer ("I can't spare any glass") → nothing; a question offering ("do you need any glass?", "anyone
 *    want stone?") → offer; a question asking ("can you spare 3 glass?", "does anyone have glass?") → request; a need
 *    negated ("I don't need glass", "no longer need …", "I have enough …", "fine on …") → nothing; an offer ("I can
 *    give …", "sending 2 glass your way", "I have 10 spare glass", "take 5 of my …", "here are …") → offer; a need
 *    ("I need …", "short on …", "out of …", "give me …") → request; then a blocked path (unless negated: "not stuck
 *    anymore") → help; a wait on a support → wait. A request that names no material (here or before) may still be a
 *    call for help or a wait ("I need a pickaxe to get through here").
 * 3. A clause with an intent but no material takes the material (and count) of the clause before it ("Anyone got
 *    glass? I need eight.", "I have 1 cyan_wool. Let me give those to you").
 * 4. Quantities: the number (digits or words: one … twenty, thirty, forty, fifty, a couple, a dozen) within three
 *    words before the material ("10 spare glass", "2 more obsidian", "5 of my stone bricks"), else the first number
 *    after it in the clause ("glass x4", "stone: need 5"); a need followed by "but I only have M" asks for the
 *    difference. An ask without a number takes the number of another clause with the same intent and material.
 * 5. Of several intents, direct ones (a question asking or offering, an imperative, a first-person offer) win over
 *    statements ("we need 2 …"), and a material's request or offer over help and waits; ties go to the earlier clause.
 * 6. The addressee is the first "agent N" of the text.
 */

export interface ParsedChat {
  type: "REQUEST_MATERIAL" | "CAN_SUPPLY" | "REQUEST_HELP" | "DEPENDENCY_WAIT";
  /** Material index (−1 for help and waits). */
  item: number;
  /** Units named in the text (0 when none). */
  count: number;
  /** The addressee named in the text ("agent 2"), or −1. */
  to: number;
}

const NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  thirteen: 13, fourteen: 14, fifteen: 15, sixteen: 16, seventeen: 17, eighteen: 18, nineteen: 19, twenty: 20,
  thirty: 30, forty: 40, fifty: 50, couple: 2, dozen: 12,
};

const REFUSED_OFFER = /\b(can ?not|can t|cant|couldn t|won t|unable to) (give|spare|send|share|pass|hand|lend|part with)\b|\bno (spare|extra)\b|\bnone to spare\b|\bnothing to spare\b|\bdon t have (any )?(spare|extra)\b/;
const OFFER_QUESTION = /\b(do|does) (you|anyone|anybody|someone|somebody|either of you) (need|want)\b|\b(anyone|anybody|someone|somebody|who) (needs?|wants?)\b|\bneed (any|some)\b|\bwant (any|some)\b/;
const ASK_QUESTION = /\b(can|could|would|will) (you|someone|anyone|anybody|somebody|one of you)\b|\b(do|does) (you|anyone|anybody|someone|somebody) (have|has|got|hold)\b|\b(anyone|anybody|someone|somebody|who) (have|has|got|holds?)\b|\b(could|can|may) i (borrow|get|have|take)\b/;
const NEED_NEGATED = /\b(don t|dont|do not|doesn t|does not|didn t|did not|no longer|won t be|will not be|not|never) (need|needs|needing|needed|require|want)\b|\bno ([a-z_]+ ){1,3}needed\b|\bnot needed\b|\b(have|got|has|ve got) enough\b|\b(fine|good|set|ok|okay|covered) (on|for)\b|\bno need\b/;
const OFFER = /\b(i|we)( can| could| will| ll| m| am| are| re| d| would)? (give|giving|spare|sparing|send|sending|bring|bringing|share|sharing|hand|handing|pass|passing|drop|dropping|lend|lending|toss|tossing|leave|leaving)\b|^(giving|sending|bringing|dropping|passing|handing|tossing)\b|\b(your|their) way\b|\bon (its|their|the) way\b|\bhere (are|is|you go|s)\b|\btake (my|some|these|those|them|it|a few|\d+)\b|\byou can have\b|\blet me (give|send|pass|hand|bring|drop)\b|\b(have|got|has|with|are|is|ve got) (\d+ |a few |some |plenty of )?(spare|extra)\b|\bto spare\b|\bup for grabs\b|\b(they re|it s|these are|those are) yours\b|\bhappy to (give|share|send|pass)\b|\bif anyone wants\b/;
const NEED = /\bneed(s|ed)?\b|\bcould use\b|\brunning (low|short|out)\b|\blow on\b|\bshort\b|\bout of\b|\bran out\b|\bmissing\b|\black(ing)?\b|\b(give|send|bring|pass|hand|lend|toss|throw) me\b|\brequest(ing)?\b|\brequire\b|\blooking for\b|\bborrow\b/;
const HELP = /\b(blocked|stuck|obstacle|boulder|trapped|cannot reach|can t reach|cant reach|dig me out|can t get through|cannot get through|need a pickaxe|no pickaxe|pickaxe broke|broke my pickaxe)\b/;
const HELP_NEGATED = /\b(not|no longer|isn t|is not|aren t) (blocked|stuck|trapped)\b|\bunstuck\b|\bunblocked\b|\bfree now\b/;
const WAIT = /\bwaiting (for|on)\b|\bwait (for|on)\b|\bplace .{0,30} first\b|\bsupport (block|below)\b|\bblock below\b/;
const ONLY_HAVE = /\b(only|just) (have|got|hold) (\d+)\b/;

type Intent = "offer" | "request" | "help" | "wait" | null;
interface Clause { text: string; tokens: string[]; mentions: { item: number; at: number }[]; intent: Intent; direct: boolean; fallback: Intent }
interface Candidate { type: ParsedChat["type"]; item: number; count: number; strength: number; order: number }

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’‘`]/g, "'").replace(/'/g, " ").replace(/[^a-z0-9_.!?;:,—–\s-]/g, " ");
}

/** Every phrase that names a material: its name, with spaces, plural; its last word when no other material has it. */
function forms(materials: readonly string[]): { words: string[]; item: number }[] {
  const heads = new Map<string, number>();
  materials.forEach((m) => { const h = m.split("_").at(-1)!; heads.set(h, (heads.get(h) ?? 0) + 1); });
  const out: { words: string[]; item: number }[] = [];
  materials.forEach((m, i) => {
    const spaced = m.replace(/_/g, " ");
    for (const f of new Set([m, spaced])) out.push({ words: f.split(" "), item: i });
    const h = m.split("_").at(-1)!;
    if (m.includes("_") && heads.get(h) === 1 && !materials.includes(h)) out.push({ words: [h], item: i });
  });
  return out.sort((a, b) => b.words.length - a.words.length);
}

const plural = (w: string, t: string) => t === w || t === `${w}s` || t === `${w}es`;

function mentionsOf(tokens: string[], fs: { words: string[]; item: number }[]): { item: number; at: number }[] {
  const out: { item: number; at: number }[] = [];
  for (let k = 0; k < tokens.length; k++) {
    for (const f of fs) {
      const n = f.words.length;
      if (k + n > tokens.length) continue;
      let ok = true;
      for (let j = 0; j < n - 1 && ok; j++) ok = tokens[k + j] === f.words[j];
      if (ok && plural(f.words[n - 1], tokens[k + n - 1])) { out.push({ item: f.item, at: k }); k += n - 1; break; }
    }
  }
  return out;
}

function numberAt(t: string | undefined): number {
  if (t === undefined) return 0;
  if (/^\d+$/.test(t)) return Number(t);
  const x = /^x(\d+)$/.exec(t) ?? /^(\d+)x$/.exec(t);
  return x ? Number(x[1]) : NUMBERS[t] ?? 0;
}

/** The quantity of the mention at token k: a number within three words before it, else the first number after it. */
function countFor(tokens: string[], k: number, end: number): number {
  for (let j = k - 1; j >= Math.max(0, k - 3); j--) { const v = numberAt(tokens[j]); if (v > 0) return v; }
  for (let j = k + 1; j < end; j++) { const v = numberAt(tokens[j]); if (v > 0) return v; }
  return 0;
}

function intentOf(t: string, question: boolean): { intent: Intent; direct: boolean } {
  if (REFUSED_OFFER.test(t)) return { intent: null, direct: false };
  if (question && OFFER_QUESTION.test(t)) return { intent: "offer", direct: true };
  if (ASK_QUESTION.test(t)) return { intent: "request", direct: true };
  if (NEED_NEGATED.test(t)) return { intent: HELP.test(t) && !HELP_NEGATED.test(t) ? "help" : null, direct: false };
  if (OFFER.test(t)) return { intent: "offer", direct: true };
  if (NEED.test(t)) return { intent: "request", direct: /\b(give|send|bring|pass|hand|lend|toss|throw) me\b/.test(t) };
  if (HELP.test(t) && !HELP_NEGATED.test(t)) return { intent: "help", direct: false };
  if (WAIT.test(t)) return { intent: "wait", direct: false };
  return { intent: null, direct: false };
}

/**
 * Reads one chat text against the task's materials.
 * @example
 * parseChat("I can give 5 oak planks to agent 0", ["stone", "oak_planks"]); // { type: "CAN_SUPPLY", item: 1, count: 5, to: 0 }
 * parseChat("sending 2 glass your way", ["glass"]); // { type: "CAN_SUPPLY", item: 0, count: 2, to: -1 }
 * parseChat("I don't need glass", ["glass"]); // null
 */
export function parseChat(text: string, materials: readonly string[]): ParsedChat | null {
  const norm = normalise(text);
  const toM = /\bagent ?(\d+)\b/.exec(norm);
  const to = toM ? Number(toM[1]) : -1;
  const fs = forms(materials);
  const pieces = norm.split(/([.!?;:,—–]|\s-\s|\bbut\b|\bthough\b|\bhowever\b|\balthough\b)/);
  const clauses: Clause[] = [];
  for (let i = 0; i < pieces.length; i += 2) {
    const body = pieces[i].replace(/\s+/g, " ").trim();
    if (!body) continue;
    const question = pieces[i + 1] === "?";
    const tokens = body.split(" ");
    const { intent, direct } = intentOf(body, question);
    // a clause that asks for no material may still be a call for help or a wait ("I need a pickaxe to get through")
    const fallback: Intent = HELP.test(body) && !HELP_NEGATED.test(body) ? "help" : WAIT.test(body) ? "wait" : null;
    clauses.push({ text: body, tokens, mentions: mentionsOf(tokens, fs), intent, direct, fallback });
  }
  const cands: Candidate[] = [];
  const other = (c: Clause, i: number, intent: Intent) => {
    if (intent === "help" || intent === "wait") cands.push({ type: intent === "help" ? "REQUEST_HELP" : "DEPENDENCY_WAIT", item: -1, count: 0, strength: 0, order: i });
  };
  clauses.forEach((c, i) => {
    if (c.intent === null) return;
    if (c.intent === "help" || c.intent === "wait") return other(c, i, c.intent);
    let item = -1, count = 0;
    if (c.mentions.length) {
      item = c.mentions[0].item;
      count = countFor(c.tokens, c.mentions[0].at, c.tokens.length);
      const next = clauses[i + 1];
      const only = next && next.mentions.length === 0 ? ONLY_HAVE.exec(next.text) : null;
      if (c.intent === "request" && only && Number(only[3]) < count) count -= Number(only[3]);
    } else {
      // no material here: the clause before names it ("Anyone got glass? I need eight.")
      const prev = clauses.slice(0, i).reverse().find((p) => p.mentions.length > 0);
      if (!prev) return other(c, i, c.fallback);
      item = prev.mentions[0].item;
      count = c.tokens.map(numberAt).find((v) => v > 0) ?? countFor(prev.tokens, prev.mentions[0].at, prev.tokens.length);
    }
    cands.push({ type: c.intent === "offer" ? "CAN_SUPPLY" : "REQUEST_MATERIAL", item, count, strength: c.direct ? 2 : 1, order: i });
  });
  if (cands.length === 0) return null;
  const best = cands.reduce((a, b) => (b.strength > a.strength ? b : a));
  let count = best.count;
  if (count === 0) count = cands.find((c) => c !== best && c.type === best.type && c.item === best.item && c.count > 0)?.count ?? 0;
  if (best.item < 0) return { type: best.type, item: -1, count: 0, to: best.type === "DEPENDENCY_WAIT" ? to : -1 };
  return { type: best.type, item: best.item, count, to };
}
