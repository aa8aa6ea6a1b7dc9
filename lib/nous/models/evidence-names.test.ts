/** The answerer's last resort (evidence-names.ts), on a memory of sentences written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { Memory } from "../engine.js";
import { query } from "../query.js";
import { nameFromEvidence } from "./evidence-names.js";
import { answerOffline, questionStates } from "./offline.js";
import { memoryOfTurns as memoryOf } from "./testing.js";

const ask = (mem: Memory, q: string) => answerOffline(query(mem, q, { stateAttributes: questionStates(q) }));

test("with no belief about the state asked, the answer is a name of its kind from the evidence about the entity", () => {
  const mem = memoryOf([["Bob", "How was the week?"], ["Ann", "Long. The robot arm demo at Mitsuki Robotics went well, we might get the contract."], ["Bob", "Nice!"]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Mitsuki Robotics");
  // a town is no workplace; a home is a town
  const mem2 = memoryOf([["Ann", "Ugh, the trams in Lisbon were late again."], ["Bob", "classic"]]);
  assert.notEqual(ask(mem2, "Where does Ann work now?"), "Lisbon");
  assert.equal(ask(mem2, "Where does Ann live now?"), "Lisbon");
  // a belief, when there is one, answers
  const mem3 = memoryOf([["Ann", "I work at Corvale."], ["Ann", "The robot arm demo at Mitsuki Robotics went well."]]);
  assert.equal(ask(mem3, "Where does Ann work now?"), "Corvale");
});

test("the last resort skips what the entity says of someone else and questions", () => {
  const mem = memoryOf([["Ann", "My wife Yumi started at Nagoya City Hall this week."], ["Bob", "Does she like Orchard Software?"], ["Ann", "Busy week, the demo at Mitsuki Robotics went well."]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Mitsuki Robotics");
});

test("the last resort reads a titled name as a person and an organisation's opening word as an organisation", () => {
  const mem = memoryOf([["Ann", "The dentist list at Clínica Serrano ran late again."], ["Ann", "Spent the morning with Dr Okafor going over the rota."], ["Bob", "sounds long"]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Clínica Serrano");
  const mem2 = memoryOf([["Ann", "Banco Atlântico wants the audit by Friday."], ["Bob", "ugh"]]);
  assert.equal(ask(mem2, "Where does Ann work now?"), "Banco Atlântico");
});

test("the last resort takes a plain name the entity tells twice before one told once, and not a town's or a day's", () => {
  // told once, with nothing before it that marks a workplace: a name told twice comes first (the rules alone read
  // these turns: the fitted reading of names takes "Fernhill Glass sent the van out" for a workplace itself)
  const once = memoryOf([["Ann", "Fernhill Glass sent the van out early."], ["Bob", "nice"], ["Ann", "Ravensworth Print is loud."], ["Ann", "Ravensworth Print again today."]], undefined, { names: null });
  assert.equal(ask(once, "Where does Ann work now?"), "Ravensworth Print");
  const twice = memoryOf([["Ann", "Fernhill Glass sent the van out early."], ["Bob", "nice"], ["Ann", "The Fernhill Glass lot want me on Saturday now."], ["Ann", "Wednesdays are mine though, Wednesdays are sacred."]]);
  assert.equal(ask(twice, "Where does Ann work now?"), "Fernhill Glass");
  // told once, in a turn about the entity's work
  const boss = memoryOf([["Ann", "Boss kept us late again. Fernhill Glass waits for no one."], ["Bob", "nice"]]);
  assert.equal(ask(boss, "Where does Ann work now?"), "Fernhill Glass");
  // a name before the kind of place one works in, in one's own turn
  const office = memoryOf([["Ann", "Monday again and the AC in the Brightwater office is dripping on my desk."], ["Bob", "grim"]]);
  assert.equal(ask(office, "Where does Ann work now?"), "Brightwater");
  // a landmark on the way to work is no workplace
  const bridge = memoryOf([["Ann", "Kingsway Bridge was a car park again, two hours to get to the office."], ["Bob", "brutal"]]);
  assert.notEqual(ask(bridge, "Where does Ann work now?"), "Kingsway Bridge");
  // every sentence of the entity's own turn is read, not only the one that carries the name of its speaker
  const later = memoryOf([["Ann", "Thanks Bob!! Quiet one. The lads at Dunmore Logistics got me a cake shaped like a forklift."], ["Bob", "ha"]]);
  assert.equal(ask(later, "Where does Ann work now?"), "Dunmore Logistics");
  // "raining in Kelvindale" twice names where Ann is, not whom she works for
  const rain = memoryOf([["Ann", "Raining in Kelvindale again."], ["Bob", "shame"], ["Ann", "Still raining in Kelvindale, nine days now."]]);
  assert.equal(nameFromEvidence(query(rain, "Where does Ann work now?", { stateAttributes: ["workplace"] }), "workplace", "Ann"), undefined);
});

test("the last resort keeps a town before a local noun and drops a place within a town", () => {
  const bus = memoryOf([["Ann", "The Lisbon bus broke down outside the depot, walking the rest."], ["Bob", "oof"]]);
  assert.equal(ask(bus, "Where does Ann live now?"), "Lisbon");
  // "Best day ever": a common word opening a sentence names no town; "Crosby beach this morning" does name one
  const beach = memoryOf([["Ann", "Crosby beach this morning, fog to the knees."], ["Bob", "eerie"], ["Ann", "Best day of my career though."]]);
  assert.equal(ask(beach, "Where does Ann live now?"), "Crosby");
  // news asked as a question is told
  const news = memoryOf([["Ann", "Did you hear the Lisbon buses are on strike again?"], ["Bob", "no way"]]);
  assert.equal(ask(news, "Where does Ann live now?"), "Lisbon");
  const site = memoryOf([["Ann", "Long day on the Lisbon site."], ["Bob", "oof"]]);
  assert.notEqual(ask(site, "Where does Ann live now?"), "Lisbon");
});

test("a belief that has only left a value ('no longer Monaco') is answered with a name of the kind from the evidence", () => {
  const mem = memoryOf([["Ann", "I'm in Monaco now. Yacht, casino, the lot."], ["Bob", "Really?!"], ["Ann", "No 😂 Southport. The pier is as glamorous as it gets."]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Southport");
  const job = memoryOf([["Ann", "I don't work at Penneys anymore."], ["Bob", "oh?"], ["Ann", "Started in the creche at Little Acorns on Monday, the boss is lovely."]]);
  assert.equal(ask(job, "Where does Ann work now?"), "Little Acorns");
});

test("an answer written short is answered with the full name the evidence gives ('JLR', 'Bloem'); a town is not lengthened", () => {
  const jlr = memoryOf([["Ann", "Test day, we drove a prototype round the track. Jaguar Land Rover will send a ninja if I say more."], ["Bob", "ha"], ["Ann", "I work at JLR, I can't tell you anything."]]);
  assert.equal(ask(jlr, "Where does Ann work now?"), "Jaguar Land Rover");
  const bloem = memoryOf([["Ann", "Bloemfontein is about as far from the sea as you can get."], ["Bob", "how's Bloem?"], ["Ann", "I live in Bloem, it's fine."]]);
  assert.equal(ask(bloem, "Where does Ann live now?"), "Bloemfontein");
  const tunis = memoryOf([["Ann", "I live in Tunis."], ["Bob", "Flying Tunisair next week!"]]);
  assert.equal(ask(tunis, "Where does Ann live now?"), "Tunis");
});

test("the last resort skips a name said in an exclamation ('thank God', 'God help me')", () => {
  const god = memoryOf([["Ann", "Days now, thank God. The kettle works at last."], ["Bob", "ha"], ["Ann", "God help me, another audit tomorrow."]]);
  const ctx = query(god, "Where does Ann live now?", { stateAttributes: ["home"] });
  assert.equal(nameFromEvidence(ctx, "home", "Ann"), undefined);
});

test("clipped words run together ('StatCan') are answered with the name whose words they start ('Statistics Canada')", () => {
  const mem = memoryOf([["Ann", "Three weeks in at Statistics Canada and there is a form for everything."], ["Bob", "ha"], ["Ann", "My manager at StatCan has been very kind about the time off."]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Statistics Canada");
});

test("with no town of the gazetteer in the evidence, a name the entity said after 'in' answers where it lives, as the weakest resort", () => {
  const mem = memoryOf([["Ann", "The damp in my flat in Quarrybank is winning."], ["Bob", "open a window"]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Quarrybank");
  // a town of the gazetteer comes first; an organisation's name is not taken
  const mem2 = memoryOf([["Ann", "Meeting a friend in Quarrybank later."], ["Ann", "Leeds is grey today."]]);
  assert.equal(ask(mem2, "Where does Ann live now?"), "Leeds");
  const mem3 = memoryOf([["Ann", "Spent all day in Kestrel Logistics, the audit never ends."], ["Bob", "ha"]]);
  assert.notEqual(ask(mem3, "Where does Ann live now?"), "Kestrel Logistics");
});

test("for a workplace, last of all, a name the entity said once that is no town, landmark or person", () => {
  const mem = memoryOf([["Bob", "How's things?"], ["Ann", "Tired. Vantor had me on the phones all morning."], ["Bob", "Ugh."]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Vantor");
  // a name only someone else asked about is not enough for this resort (the weaker one after it may still guess it)
  const mem2 = memoryOf([["Bob", "Did Ann like Vantor?"], ["Ann", "Rain again."]]);
  const q = "Where does Ann work now?";
  assert.equal(nameFromEvidence(query(mem2, q, { stateAttributes: questionStates(q) }), "workplace", "Ann"), undefined);
});

test("a sentence after one naming the entity, in the same turn, goes on about it through a pronoun", () => {
  const mem = memoryOf([["Ann", "My cousin Sander rang. She says the penguins at Edinburgh Zoo are moody today."], ["Bob", "ha"]]);
  assert.equal(ask(mem, "Where does Sander work?"), "Edinburgh Zoo");
  // not when the entity is not named in that turn (and another was named since, whom the pronoun may stand for)
  const mem2 = memoryOf([["Ann", "My cousin Sander rang."], ["Bob", "My sister Kim is visiting."], ["Ann", "She says the penguins at Edinburgh Zoo are moody today."], ["Bob", "ha"]]);
  assert.notEqual(ask(mem2, "Where does Sander work?"), "Edinburgh Zoo");
});

test("the last resort reads a town written in lower case by the entity, and takes no family word said to someone for a workplace", () => {
  const mem = memoryOf([["Bob", "hows things"], ["Ann", "ugh so windy on the front at whitley bay, lost my hat"], ["Bob", "nooo"]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Whitley Bay");
  const mem2 = memoryOf([["Ann", "tucson is an oven today"], ["Bob", "stay cool"]]);
  assert.equal(ask(mem2, "Where does Ann live now?"), "Tucson");
  // an English word is no town ("bath"), nor is chat shorthand
  const mem3 = memoryOf([["Ann", "long bath tonight tbh"], ["Bob", "enjoy"]]);
  assert.notEqual(ask(mem3, "Where does Ann live now?"), "Bath");
  const mem4 = memoryOf([["Bob", "Hiya love"], ["Ann", "Hiya Auntie! Thanks Mam. Long week."], ["Bob", "rest up"]]);
  assert.ok(!/Auntie|Mam/.test(ask(mem4, "Where does Ann work now?")));
});
