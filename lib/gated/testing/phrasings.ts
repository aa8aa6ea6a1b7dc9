/**
 * Chat phrasings and the parse each must give (`parseChat`), in three sets:
 * - DEV: written for the parser and used to build it (its rules were chosen on these);
 * - HELD_OUT: written with their parses before the parser was; the parser was not changed after it was first run
 *   on them;
 * - MINDCRAFT: sentences written by MindCraft's authors in their bots' example conversations
 *   (kolbytn/mindcraft @ 00127506, profiles/tasks/construction_profile.json, crafting_profile.json and
 *   profiles/defaults/_default.json; the natural-language part only: commands such as `!givePlayer(…)` and the
 *   "name: (FROM OTHER BOT)" prefix left out). Their parses were written down after they had been read during the
 *   parser's design, but the parser was not changed after it was first run on them.
 * An entry's `want` is null for chatter (no request, offer, help or wait).
 */
import type { ParsedChat } from "../models/chat-parse.js";

export interface Phrasing { text: string; want: ParsedChat | null }

/** Materials of DEV and HELD_OUT: stone 0, oak_planks 1, glass 2, glass_pane 3, stone_bricks 4, oak_door 5. */
export const MATERIALS = ["stone", "oak_planks", "glass", "glass_pane", "stone_bricks", "oak_door"];
/** Materials of MINDCRAFT. */
export const MINDCRAFT_MATERIALS = ["stone", "oak_planks", "oak_door", "iron_ingot", "iron_nugget", "obsidian", "cyan_wool", "oak_log", "cobblestone", "stick"];

const req = (item: number, count = 0, to = -1): ParsedChat => ({ type: "REQUEST_MATERIAL", item, count, to });
const offer = (item: number, count = 0, to = -1): ParsedChat => ({ type: "CAN_SUPPLY", item, count, to });
const help: ParsedChat = { type: "REQUEST_HELP", item: -1, count: 0, to: -1 };
const wait = (to = -1): ParsedChat => ({ type: "DEPENDENCY_WAIT", item: -1, count: 0, to });

export const DEV: Phrasing[] = [
  { text: "I can give 5 oak planks to agent 0.", want: offer(1, 5, 0) },
  { text: "Running low: I need 7 glass, does anyone have some?", want: req(2, 7) },
  { text: "My path is blocked, can someone dig me out?", want: help },
  { text: "Waiting for agent 2 to place the block below.", want: wait(2) },
  { text: "Great work everyone, keep going!", want: null },
  { text: "I need more time", want: null },
  { text: "sending 2 glass your way", want: offer(2, 2) },
  { text: "I have 10 spare glass", want: offer(2, 10) },
  { text: "I don't need glass", want: null },
  { text: "I do not need any more stone, thanks.", want: null },
  { text: "No longer need oak planks, agent 1.", want: null },
  { text: "I'm short 3 stone bricks.", want: req(4, 3) },
  { text: "Could someone send me 4 stone?", want: req(0, 4) },
  { text: "Can you spare 3 glass panes?", want: req(3, 3) },
  { text: "I can spare 3 glass panes for agent 2.", want: offer(3, 3, 2) },
  { text: "Agent 1, I'm out of oak planks.", want: req(1, 0, 1) },
  { text: "Taking care of the roof now.", want: null },
  { text: "Need 2 oak doors please", want: req(5, 2) },
  { text: "I've got extra stone if anyone wants it.", want: offer(0) },
  { text: "Here are 6 stone for you, agent 0.", want: offer(0, 6, 0) },
  { text: "Anyone got glass? I need eight.", want: req(2, 8) },
  { text: "I need two more stone bricks", want: req(4, 2) },
  { text: "I'm stuck behind an obstacle.", want: help },
  { text: "I'm not stuck anymore, thanks.", want: null },
  { text: "I can't spare any glass right now.", want: null },
  { text: "I have 3 glass.", want: null },
  { text: "Does anyone have spare oak planks?", want: req(1) },
  { text: "I'll bring you 4 oak planks.", want: offer(1, 4) },
  { text: "Please place the support block first, agent 0.", want: wait(0) },
  { text: "I need a pickaxe to get through here.", want: help },
  { text: "Stone: need 5 more.", want: req(0, 5) },
  { text: "I'm fine on glass, but I could use 3 stone.", want: req(0, 3) },
  { text: "Do you need any glass? I have 4 extra.", want: offer(2, 4) },
  { text: "We are missing 6 glass panes on the east wall.", want: req(3, 6) },
  { text: "agent 2: could you pass me 1 oak door?", want: req(5, 1, 2) },
  { text: "Giving agent 1 three stone now.", want: offer(0, 3, 1) },
  { text: "no glass needed here", want: null },
  { text: "I've placed all my stone.", want: null },
  { text: "Take 5 of my stone bricks, agent 2.", want: offer(4, 5, 2) },
  { text: "Thanks, the glass arrived.", want: null },
];

export const HELD_OUT: Phrasing[] = [
  { text: "Heads up, I'm dropping 3 oak planks at your spot, agent 0.", want: offer(1, 3, 0) },
  { text: "Short on stone bricks — 5 would do it.", want: req(4, 5) },
  { text: "Nah, I've got enough glass.", want: null },
  { text: "Who has glass panes? I'm 2 short.", want: req(3, 2) },
  { text: "You can have my last 2 oak doors.", want: offer(5, 2) },
  { text: "The path east is blocked by a boulder.", want: help },
  { text: "I won't be needing the stone after all.", want: null },
  { text: "Could I borrow 4 glass?", want: req(2, 4) },
  { text: "There are 7 extra stone here, agent 2, they're yours.", want: offer(0, 7, 2) },
  { text: "Still waiting on agent 1's foundation.", want: wait(1) },
  { text: "All good on oak planks.", want: null },
  { text: "Pass me 3 stone when you get a chance", want: req(0, 3) },
];

// stone 0, oak_planks 1, oak_door 2, iron_ingot 3, iron_nugget 4, obsidian 5, cyan_wool 6, oak_log 7, cobblestone 8, stick 9
export const MINDCRAFT: Phrasing[] = [
  { text: "I need 30 stones to build level 1 of blueprint, but I only have 20. Can you pass me some stones if you have any?", want: req(0, 10) },
  { text: "Sure, I'll pass you 10 stones.", want: offer(0, 10) },
  { text: "I've received the stones, let me start placing them.", want: null },
  { text: "I've got stone. What about you?", want: null },
  { text: "Looks like the first level requires only stone, why don't you build that since you have stone?", want: null },
  { text: "I have 10 oak logs. What do you have?", want: null },
  { text: "Let me give you the stones and you can craft the pickaxe.", want: offer(0) },
  { text: "I have 10 iron_nugget and 3 mushroom.", want: null },
  { text: "Seems like we need 2 iron_ingot, but wait, we need the iron_ingot for getting 10 iron_nugget, since you already have 10 iron_nugget, I don't need to search for 2 iron_ingots in the world, could you give me the 10 iron_nugget ?", want: req(4, 10) },
  { text: "I have 1 cyan_wool and 1 oak_planks. Let me give those to you", want: offer(6, 1) },
  { text: "Hey lucas, we're trying to craft an ender_chest. We need 2 more obsidian. Do you have any?", want: req(5, 2) },
  { text: "Hey zoe, we're making a hopper. We need 1 more iron_ingot and 2 more oak_planks. Can you help?", want: req(3, 1) },
  { text: "Nothing much miner_32, what do you need?", want: null },
  { text: "Let's see... I have a wooden pickaxe, cobblestone, and cooked chicken", want: null },
  { text: "I collected 9 oak logs. I need a pickaxe first, which requires planks and sticks.", want: help },
  { text: "I have crafted 9 oak planks. Now I need sticks.", want: req(9) },
];
