/**
 * Free chat written by a language model is read for what it says: a request for a material, an offer
 * of units to a teammate, a call for help on a blocked path, a wait on a teammate's support block. The
 * parsed content is delivered like the typed message it amounts to, so chat has real effects; text with
 * none of these is chatter (a CHAT message with no effect).
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

const OFFER = /\b(i can (give|spare|send|bring|share|hand)|i('ll| will) (give|send|bring|share|hand)|i('m| am) (giving|sending|bringing)|here (are|is)|take (my|some|these)|you can have)\b/;
const REQUEST = /\b(need|needs|needed|short (of|on)|missing|out of|ran out|request|requesting|give me|send me|bring me|does anyone (have|hold)|anyone (have|has|got)|lacking)\b/;
const HELP = /\b(blocked|stuck|obstacle|cannot reach|can't reach|dig me out|need a pickaxe|path)\b/;
const WAIT = /\b(waiting (for|on)|wait for|place .{0,30} first|support (block|below)|block below)\b/;

/**
 * Reads one chat text against the task's materials.
 * @example
 * parseChat("I can give 5 oak planks to agent 0", ["stone", "oak_planks"]); // { type: "CAN_SUPPLY", item: 1, count: 5, to: 0 }
 */
export function parseChat(text: string, materials: readonly string[]): ParsedChat | null {
  const t = ` ${text.toLowerCase().replace(/[^a-z0-9_\s]/g, " ").replace(/\s+/g, " ")} `;
  let item = -1, at = -1;
  materials.forEach((m, i) => {
    for (const form of [m, m.replace(/_/g, " ")]) {
      const k = t.search(new RegExp(`\\b${form}s?\\b`));
      if (k >= 0 && (at < 0 || k < at)) { item = i; at = k; }
    }
  });
  const toM = t.match(/\bagent (\d+)\b/);
  const to = toM ? Number(toM[1]) : -1;
  let count = 0;
  if (at >= 0) {
    const before = t.slice(Math.max(0, at - 24), at).match(/(\d+)\s*(x\s*)?(\w+\s)?$/);
    if (before) count = Number(before[1]);
  }
  if (item >= 0 && OFFER.test(t)) return { type: "CAN_SUPPLY", item, count, to };
  if (item >= 0 && REQUEST.test(t)) return { type: "REQUEST_MATERIAL", item, count, to };
  if (HELP.test(t)) return { type: "REQUEST_HELP", item: -1, count: 0, to: -1 };
  if (WAIT.test(t)) return { type: "DEPENDENCY_WAIT", item: -1, count: 0, to };
  return null;
}
