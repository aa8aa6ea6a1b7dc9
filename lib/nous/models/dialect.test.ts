/** Scots spellings and dropped g's read as their English words, news said to someone by name, a plural's apostrophe in
 * a name, an organisation by its kind then its name, a question left open across sessions; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("Scots spellings of closed-class words read as English: tae, fae, wi, intae, noo, 'no at … any mair'", () => {
  assert.deepEqual(talk([["Ann", "We've left Dundee, moved up tae Elgin last month."]]), ["Ann | home | Dundee | ended", "Ann | home | Elgin | change"]);
  assert.deepEqual(talk([["Ann", "Naw, I'm no at the Crichton any mair. Left in June."]]), ["Ann | workplace | Crichton | ended"]);
  assert.deepEqual(talk([["Ann", "He's moved intae a flat in Leith wi his pal."]]).length, 0);
  assert.deepEqual(talk([["Ann", "My brother Callum's moved intae a flat in Leith wi his pal."]]), ["Callum | home | Leith | change"]);
  // a dropped g on the verbs of living and working
  assert.deepEqual(talk([["Ann", "I'm livin in Dunfermline noo."]]), ["Ann | home | Dunfermline | change"]);
  // "ye" is "you"; "ma" stays (it may be one's mother)
  assert.deepEqual(talk([["Bob", "Ye still at the Western?"], ["Ann", "Aye, still there."]]), ["Ann | workplace | Western"]);
});

test("news with the listener's name after it, or a word calling the listener before it, is still news with no value", () => {
  const turns: [string, string][] = [["Ann", "I've applied for a porter job at Ninewells Hospital."], ["--", ""], ["Ann", "I got it Bob!! Start in a fortnight."]];
  assert.deepEqual(talk(turns), ["Ann | workplace | Ninewells Hospital | change"]);
  assert.deepEqual(talk([["Ann", "Mum, found a flat! Gorgie, near the football ground."]]), ["Ann | home | Gorgie | change"]);
});

test("'finished up in <organisation>' ends the workplace; 'finished up in <town>' does not", () => {
  assert.deepEqual(talk([["Ann", "I finished up in Dunnes after the summer."]]), ["Ann | workplace | Dunnes | ended"]);
  assert.deepEqual(talk([["Ann", "I finished up in Leeds last year."]]), []);
});

test("an organisation by its kind, then its name after a comma ('I'm with a small charity now, Shelter Cymru')", () => {
  assert.deepEqual(talk([["Ann", "I'm with a small charity now, Shelter Cymru, doing their comms."]]), ["Ann | workplace | Shelter Cymru | change"]);
  assert.deepEqual(talk([["Ann", "I'm at a startup now, Kestrel Labs."]]), ["Ann | workplace | Kestrel Labs | change"]);
  // a person after the comma is no organisation
  assert.deepEqual(talk([["Ann", "I'm with a friend, Tom."]]), []);
});

test("a plural's apostrophe stays inside a name; a semi is a dwelling", () => {
  assert.deepEqual(talk([["Ann", "Started at Farmers' Market Co-op last week."]]).map((x) => x.split(" | ")[2]), ["Farmers' Market Co-op"]);
  assert.deepEqual(talk([["Ann", "We bought a semi in Douglas in the end."]]), ["Ann | home | Douglas | change"]);
});

test("a question about someone left open when the session ends: the next session's 'she' is them", () => {
  const turns: [string, string][] = [["Ann", "The house is round the corner from my sister Nuala."], ["Bob", "Nuala's the one who was teaching?"], ["--", ""], ["Ann", "She was, she's doing admin at Beaumont now."]];
  assert.deepEqual(talk(turns), ["Nuala | workplace | Beaumont | change"]);
});

test("Nigerian Pidgin 'still dey' and 'don dey' before a place read as 'still in' and 'have been in'", () => {
  assert.deepEqual(talk([["Bob", "How far? You still dey Yaba?"], ["Ann", "Yaba for life, my guy."]]), ["Ann | home | Yaba"]);
  assert.deepEqual(talk([["Ann", "Me I don dey Ikeja since last year."]]), ["Ann | home | Ikeja"]);
});

test("'still doing <work> for <organisation>' is the workplace when the name is an organisation's; 'a favour for Tom' is not", () => {
  assert.deepEqual(talk([["Ann", "Still doing offshore logistics for Subsea Seven, believe it or not."]]), ["Ann | workplace | Subsea Seven | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm doing a favour for Tom."]]), []);
});

test("Pidgin 'I still dey <place>' and 'I don pack comot from <place> ma'; an offer with 'if you want' conditions nothing", () => {
  assert.deepEqual(talk([["Ann", "Me I still dey Mushin, no shaking."]]), ["Ann | home | Mushin"]);
  assert.deepEqual(talk([["Ann", "I don pack comot from Ibadan ma! Yesterday na my last night there."]]), ["Ann | home | Ibadan | ended"]);
  assert.deepEqual(talk([["Ann", "I'm still in Macroom if you want a pint."]]), ["Ann | home | Macroom"]);
  assert.deepEqual(talk([["Ann", "I'd move to Leeds if you wanted."]]), []);
});

test("Scots 'ah' before a verb is 'I', 'wis', 'daeing', 'gaun'; Jamaican 'inna' and 'di'; an interjection 'Ah' stays", async () => {
  const { expandContractions } = await import("./contractions.js");
  assert.equal(expandContractions("sorry wis on the bus. ah'm at the Lidl in Motherwell now"), "sorry was on the bus. I am at the Lidl in Motherwell now");
  assert.equal(expandContractions("so whit ye daeing noo, still gaun offshore"), "so what you doing now, still going offshore");
  assert.equal(expandContractions("Ah, nice one"), "Ah, nice one");
  assert.equal(expandContractions("mi still a work at NCB inna New Kingston, di branch busy"), "mi still a work at NCB in New Kingston, the branch busy");
  assert.deepEqual(talk([["Ann", "ah'm at the Lidl in Motherwell now, tills and that"]]), ["Ann | workplace | Lidl | change"]);
});

test("Patois 'mi' before kin is 'my', 'bredda' a brother", async () => {
  const { expandContractions } = await import("./contractions.js");
  assert.equal(expandContractions("Den mek mi brag. Mi daughter Kezia pass her exam"), "Den mek mi brag. My daughter Kezia pass her exam");
  assert.equal(expandContractions("Mi bredda Clive call from England."), "My brother Clive call from England.");
});
