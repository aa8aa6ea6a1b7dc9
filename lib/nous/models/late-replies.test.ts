/** Questions answered late or loosely: a still-remark ending in "then", a reply opening with a greeting and the
 * asker's name, and a question the session ended on, answered when the next one opens; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, type SessionContext } from "./extractor.js";
import { nextSession } from "./referents.js";
import { talkLines, tripleLine } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'Still at X then' presumes the listener's value, which a reply confirms", () => {
  assert.deepEqual(talk([["Ann", "Still at Hartley & Finch then"], ["Bob", "Still there. Six years in March, scary"]]), ["Bob | workplace | Hartley & Finch"]);
  assert.deepEqual(talk([["Ann", "So still in Leeds then."], ["Bob", "Yep, same flat"]]), ["Bob | home | Leeds"]);
  // an exclamation is the speaker's own news, and without "then" it stays a statement
  assert.deepEqual(talk([["Ann", "Still at Hartley & Finch!"]]), ["Ann | workplace | Hartley & Finch"]);
  assert.deepEqual(talk([["Ann", "Still at Hartley & Finch."]]), ["Ann | workplace | Hartley & Finch"]);
});

test("a reply that greets the asker by name before it names the new job", () => {
  assert.deepEqual(talk([["Bob", "Ann!! how is the new gig treating you"], ["Ann", "Sasa Bob! It's good, very different from our chaos. PesaFlo is like 40 people but they actually write design docs"]]), ["Ann | workplace | PesaFlo | 0.5"]);
  assert.deepEqual(talk([["Bob", "how is the new gig treating you"], ["Ann", "Hola Bob! All good."]]), []);
});

test("a where- or still-question the session ended on is answered when the next session opens", () => {
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  const lines = (id: string, speaker: string, text: string, c: SessionContext) => extract({ id, speaker, text, timestamp: 0 }, c).triples.filter((t) => t.attribute === "home").map(tripleLine);
  assert.deepEqual(lines("D1:1", "Bob", "you get used to it. you still in Brighton?", ctx), []);
  assert.deepEqual(lines("D2:1", "Ann", "Hove actually, very important distinction.", nextSession(ctx, ["Ann", "Bob"])), ["Ann | home | Hove"]);
  // answered in its own session, it is not asked again
  const done: SessionContext = { speakers: ["Ann", "Bob"] };
  lines("D1:1", "Bob", "you still in Brighton?", done);
  lines("D1:2", "Ann", "Yep.", done);
  assert.deepEqual(lines("D2:1", "Ann", "Hove actually, very important distinction.", nextSession(done, ["Ann", "Bob"])), []);
});

test("a word of agreement alone is no new home, even where a town has that name", () => {
  assert.deepEqual(talk([["Bob", "We only moved from Ottawa in August."], ["Ann", "Maybe chips?"], ["Bob", "Deal. And I'll bring a box of Timbits."]]), ["Bob | home | Ottawa | ended"]);
  // (asked where, the town is the answer)
  assert.deepEqual(talk([["Bob", "We only moved from Ottawa in August."], ["Ann", "Where to?"], ["Bob", "Deal. Lovely little town in Kent."]]), ["Bob | home | Ottawa | ended", "Bob | home | Deal | change"]);
});

test("a newcomer welcomed to a town or a district is told where they now live", () => {
  const moved: [string, string] = ["Bob", "Still getting used to the weather, we only moved from Ottawa in August."];
  assert.deepEqual(talk([moved, ["Ann", "Welcome to the North End, officially. There's a street party on Saturday."]]), ["Bob | home | Ottawa | ended", "Bob | home | North End | 0.5"]);
  assert.deepEqual(talk([moved, ["Ann", "Welcome to Halifax, pal"]]).filter((x) => x.startsWith("Bob")), ["Bob | home | Ottawa | ended", "Bob | home | Halifax | 0.5"]);
  // a town's weather, a shop: nothing; said to someone who has not just moved, a local's idiom of the speaker's own town
  assert.deepEqual(talk([moved, ["Ann", "Welcome to Halifax summer, now you know how we feel"]]), ["Bob | home | Ottawa | ended"]);
  assert.deepEqual(talk([moved, ["Ann", "Welcome to Ikea!"]]), ["Bob | home | Ottawa | ended"]);
  assert.deepEqual(talk([["Ann", "Welcome to Halifax."]]), ["Ann | home | Halifax | 0.5"]);
});

test("how long the listener has stayed in a place, answered with a duration", () => {
  assert.deepEqual(talk([["Bob", "Good good. You stay in Bangsar South long already?"], ["Ann", "Sorry only saw your question now. Almost six years already lah, since the building was new."]]), ["Ann | home | Bangsar South"]);
  assert.deepEqual(talk([["Bob", "Eish, thanks for the warning. How long have you been in this block?"], ["Ann", "Almost four years now. Kilimani is noisy but I like being close to everything."]]), ["Ann | home | Kilimani | 0.5"]);
  // a duration that goes on into something else is no plain yes, only a reply that goes on about it
  assert.deepEqual(talk([["Bob", "You stay in Bangsar South?"], ["Ann", "Six years I've been waiting for this lift to be fixed."]]).filter((x) => x.startsWith("Ann")), ["Ann | home | Bangsar South | 0.5"]);
});

test("'I work there' after an organisation named in the turn; not after a town, a person or with a negation", () => {
  assert.deepEqual(talk([["Ann", "Maybe chips? I'll bring stuff from Sobeys, I get the staff discount since I work the bakery counter there."]]), ["Ann | workplace | Sobeys | 0.5"]);
  assert.deepEqual(talk([["Ann", "Got it from Sobeys. I work there now."]]), ["Ann | workplace | Sobeys | 0.5"]);
  assert.deepEqual(talk([["Ann", "We moved to Leeds. I work there too."]]), ["Ann | home | Leeds | change"]);
  assert.deepEqual(talk([["Ann", "Was at Sobeys. I don't work there."]]), []);
  assert.deepEqual(talk([["Ann", "Saw Sobeys. Do I work there?"]]), []);
});

test("'still working in <organisation>?' asked, a yes confirms it; 'home again in X' is a home", () => {
  assert.deepEqual(talk([["Ann", "You still working in Intel Bayan Lepas?"], ["Bob", "Yes, still there, night shift this month."]]), ["Bob | workplace | Intel Bayan Lepas"]);
  // a town after "working in" is where, not whom
  assert.deepEqual(talk([["Ann", "You still working in Leeds?"], ["Bob", "Yes, still there."]]).filter((x) => x.includes("workplace")), []);
  assert.deepEqual(talk([["Ann", "I cook at home again in Tanjung Tokong, no more hawker every night."]]), ["Ann | home | Tanjung Tokong | 0.5"]);
});

test("a still-question answered by going on about it, with no name, no no and no change, is confirmed weakly", () => {
  assert.deepEqual(talk([["Ann", "You still doing weekends at Bunnings?"], ["Bob", "Every Saturday and Sunday, garden section."]]), ["Bob | workplace | Bunnings | 0.5"]);
  assert.deepEqual(talk([["Ann", "Still at Tesco?"], ["Bob", "Left in May actually."]]), []);
  assert.deepEqual(talk([["Ann", "Still at Tesco?"], ["Bob", "Not for long, got an interview."]]), []);
});

test("back at an organisation from a date is the return to work; a listener's employer asked after by an acronym; someone else settling in", () => {
  assert.deepEqual(talk([["Bob", "Got my return date, by the way. Back at TfL on the 1st."]]), ["Bob | workplace | TfL | 0.5"]);
  assert.deepEqual(talk([["Bob", "Back at Leeds on Monday."]]), []);
  assert.deepEqual(talk([["Ann", "How's KPMG treating you?"]]), ["Bob | workplace | KPMG | 0.5"]);
  assert.deepEqual(talk([["Ann", "How's Tobi settling in at nursery?"]]), []);
  assert.deepEqual(talk([["Ann", "How you settling in at JPS?"]]), ["Bob | workplace | JPS | 0.5"]);
});

test("'How was your commute?' answered by where one comes in from", () => {
  assert.deepEqual(talk([["Ann", "How was your commute?"], ["Bob", "Grabe, two hours from Marikina. Two!"]]), ["Bob | home | Marikina | 0.5"]);
  assert.deepEqual(talk([["Ann", "how's the commute"], ["Bob", "MRT 40 min to work, not bad"]]), []);
});

test("'where you're at these days?' answered 'still <town> with mum'; 'I think I live in T3 already' is a joke", () => {
  assert.deepEqual(talk([["Ann", "idk, where you're at these days?"], ["Bob", "still Papatoetoe with mum n the fam."]]), ["Bob | home | Papatoetoe"]);
  assert.deepEqual(talk([["Bob", "omg 3 double shifts this week. I think I live in T3 already, bring my pillow to the office"]]), ["Bob | home | T3 | 0.2"]);
});
