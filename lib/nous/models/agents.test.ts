/**
 * Organisations acting as employers and weather talk (states-agents.ts), fragments that name a new value after an
 * ending or a piece of news (replies.ts, extractor.ts), places within places, and names the tagger cannot place, on
 * sentences written here (not taken from any conversation set): each rule with a sentence it must read and one it
 * must leave alone.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { SessionContext } from "./extractor.js";
import { talkLines } from "./testing.js";
import { analyse } from "./nlp.js";
import { fragmentValue } from "./fragments.js";

const talk = (turns: [string, string][], ctx?: SessionContext) => talkLines(turns, ["home", "workplace", "within"], ctx);
const states = (text: string) => talk([["Ann", text]]);

test("an organisation acting on the speaker as an employer is the speaker's workplace, at the indirect confidence", () => {
  assert.deepEqual(states("Harrowgate Freight is sending me to Rotterdam next week."), ["Ann | workplace | Harrowgate Freight | 0.5"]);
  assert.deepEqual(states("Pellow Foods has us doing stocktakes all weekend."), ["Ann | workplace | Pellow Foods | 0.5"]);
  assert.deepEqual(states("Corvale gave us all a day off for the anniversary."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(states("Mintrow is moving our team to the fourth floor."), ["Ann | workplace | Mintrow | 0.5"]);
  assert.deepEqual(states("So Pellow Foods let me go on Friday."), ["Ann | workplace | Pellow Foods | ended"]);
  // a relation, a speaker, a gift or a message are no employer's acts
  assert.deepEqual(talk([["Ann", "My sister Dora lives nearby."], ["Ann", "Dora sent me to the chemist."]]).filter((x) => x.includes("workplace")), []);
  assert.deepEqual(states("Bob gave us a lift to the station."), []);
  assert.deepEqual(states("Corvale sent me a birthday card."), []);
  assert.deepEqual(states("Corvale didn't send me to Rotterdam."), []);
});

test("weather where the speaker is, said now, is the speaker's home; weather on a trip or in the past is not", () => {
  assert.deepEqual(states("It's so humid in Durban right now."), ["Ann | home | Durban | 0.5"]);
  assert.deepEqual(states("Tromsø had snow again yesterday."), ["Ann | home | Tromsø | 0.5"]);
  assert.deepEqual(states("Good morning from Kisumu, it is raining again."), ["Ann | home | Kisumu | 0.5"]);
  assert.deepEqual(states("We were in Seville for the weekend and it was boiling."), []);
  assert.deepEqual(states("Oslo was freezing when I lived there."), []);
  assert.deepEqual(states("Windy here today."), []);
});

test("after an ending, a verbless name is the new value; a question after it asks for the new one", () => {
  assert.deepEqual(states("Not in Tromsø anymore! Bergen since March."), ["Ann | home | Tromsø | ended", "Ann | home | Bergen | change"]);
  assert.deepEqual(talk([["Ann", "I'm not at Pellow Foods anymore."], ["Bob", "whoa, what now?"], ["Ann", "Logistics at Mintrow in Leeds."]]), ["Ann | workplace | Pellow Foods | ended", "Ann | workplace | Mintrow | change"]);
  assert.deepEqual(talk([["Ann", "I'm no longer living in Derby."], ["Bob", "Where are you?"], ["Ann", "Leeds. Staying with my aunt."]]), ["Ann | home | Derby | ended", "Ann | home | Leeds | change"]);
  assert.deepEqual(states("Got a job! Corvale, in Leeds, on the tills. Long hours."), ["Ann | workplace | Corvale | change"]);
  // no ending, no news: a name alone says nothing
  assert.deepEqual(states("Long week. Corvale again tomorrow."), []);
  const s = analyse("Marketing at Mintrow in Leeds.")[0];
  assert.equal(fragmentValue(s, "workplace", { speakers: ["Ann", "Bob"] }), "Mintrow");
  assert.equal(fragmentValue(analyse("I work at Mintrow.")[0], "workplace", { speakers: ["Ann", "Bob"] }), undefined);
});

test("a place the reply names within the one the question asked about is within it", () => {
  assert.deepEqual(talk([["Bob", "Still in Galway?"], ["Ann", "Yep, same flat in Salthill."]]), ["Ann | home | Galway", "Salthill | within | Galway", "Ann | home | Salthill"]);
  assert.deepEqual(talk([["Bob", "How's Leeds treating you?"], ["Ann", "The flat in Headingley is tiny but fine."]]).filter((x) => x.includes("within")), ["Headingley | within | Leeds"]);
  // a reply that denies or moves is no containment
  assert.deepEqual(talk([["Bob", "How's Leeds treating you?"], ["Ann", "No idea, I moved to York in May."]]).filter((x) => x.includes("within")), []);
});

test("taking an organisation's offer is a change of workplace; a name of accented letters is a name", () => {
  assert.deepEqual(states("I took the Corvale offer in the end."), ["Ann | workplace | Corvale | change"]);
  assert.deepEqual(states("Dora got the job at Škoda!"), ["Dora | workplace | Škoda | change"]);
  // "How's Corvale?" after the job: a workplace, not a home
  assert.deepEqual(talk([["Ann", "I took the Corvale offer."], ["Bob", "How's Corvale?"]]), ["Ann | workplace | Corvale | change"]);
});

test("a place said in passing: back in X, X is home, the local idioms; not someone else's or a trip", () => {
  assert.deepEqual(states("Back in Truro. The kettle is on."), ["Ann | home | Truro | 0.5"]);
  assert.deepEqual(states("Kells is home, my sister is here."), ["Ann | home | Kells | 0.5"]);
  assert.deepEqual(states("Very Galway."), ["Ann | home | Galway | 0.5"]);
  assert.deepEqual(states("Classic Mexico City."), ["Ann | home | Mexico City | 0.5"]);
  assert.deepEqual(states("Leeds in a nutshell."), ["Ann | home | Leeds | 0.5"]);
  assert.deepEqual(states("Welcome to Leeds."), ["Ann | home | Leeds | 0.5"]);
  assert.deepEqual(states("She is back in Leeds for the conference."), []);
  assert.deepEqual(states("Very nice."), []);
});

test("a work thing named after an organisation is the speaker's workplace; someone else's is not", () => {
  assert.deepEqual(states("The Corvale Christmas party is in August."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(states("the Pellow Foods canteen is shut again"), ["Ann | workplace | Pellow Foods | 0.5"]);
  assert.deepEqual(states("His Pellow Foods badge broke."), []);
});

test("a move told in passing: getting used to X, X growing on me, visit me in X; missing a known home ends it", () => {
  assert.deepEqual(states("Still getting used to Exeter, the hills are no joke."), ["Ann | home | Exeter | change | 0.5"]);
  assert.deepEqual(states("Nantes is growing on me."), ["Ann | home | Nantes | change | 0.5"]);
  assert.deepEqual(states("You can visit me in Bilbao instead."), ["Ann | home | Bilbao | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's Zaragoza?"], ["Ann", "It rains every day here. I miss the wind in Zaragoza."]]), ["Ann | home | Zaragoza | 0.5", "Ann | home | Zaragoza | ended | 0.5"]);
  // missing a place that is not one's home says nothing of it
  assert.deepEqual(states("I miss Paris so much."), []);
  assert.deepEqual(talk([["Bob", "How's Bristol?"], ["Ann", "I left Bristol in May."]]), ["Ann | home | Bristol | 0.5", "Ann | home | Bristol | ended"]);
});

test("'s after a name before a participle is 'has'; a shift is no place; a subjectless 'still at X' is the speaker's", () => {
  assert.deepEqual(states("My sister Dora's just moved to Leeds."), ["Dora | home | Leeds | change"]);
  assert.deepEqual(states("My flatmate Kit's started at Wexley Infirmary."), ["Kit | workplace | Wexley Infirmary | change"]);
  assert.deepEqual(states("Dora's flat is tiny."), []);
  assert.deepEqual(states("Kit has moved to nights at Wexley Infirmary."), ["Kit | workplace | Wexley Infirmary"]);
  assert.deepEqual(states("Loud as ever. Still at Pellow Foods, still stuck in traffic."), ["Ann | workplace | Pellow Foods"]);
  assert.deepEqual(states("Yes, still in Truro."), ["Ann | home | Truro"]);
  assert.deepEqual(states("It is still in Truro, the parcel."), []);
});

test("an ending waits for its new value through the speaker's next turns; 'not staying in X anymore', 'now at X'", () => {
  assert.deepEqual(talk([["Ann", "ok update: I'm not in Derby anymore"], ["Bob", "since when!!"], ["Ann", "since sunday lol. Leeds. my mate had a room going"]]), ["Ann | home | Derby | ended", "Ann | home | Leeds | change"]);
  assert.deepEqual(states("Not staying in Kells anymore, gave the landlord notice today."), ["Ann | home | Kells | ended"]);
  assert.deepEqual(states("Yes! Now at Corvale, in operations."), ["Ann | workplace | Corvale"]);
  // with no ending, a later name alone is nothing
  assert.deepEqual(talk([["Ann", "Long day."], ["Bob", "since when!!"], ["Ann", "since sunday lol. Leeds."]]), []);
});

test("a dwelling's place in the turn that moves, or that answers a presumed home, lies within it", () => {
  assert.deepEqual(talk([["Bob", "How's São Paulo?"], ["Ann", "Huge and loud. I just found a new apartment in Pinheiros."]]).filter((x) => x.includes("within")), ["Pinheiros | within | São Paulo"]);
  assert.deepEqual(states("Moving to Leeds next month, found a flat in Headingley.").filter((x) => x.includes("within")), ["Headingley | within | Leeds"]);
  // looking back is no nesting
  assert.deepEqual(states("Moved to Leeds in May. The old flat in York was too small.").filter((x) => x.includes("within")), []);
});

test("a work gerund as the subject of 'is' is a workplace now; a gerund on its own is a plan", () => {
  assert.deepEqual(states("Teaching at Wexley Academy is mostly lovely."), ["Ann | workplace | Wexley Academy"]);
  assert.deepEqual(states("Working at Corvale is fine."), ["Ann | workplace | Corvale"]);
  assert.deepEqual(states("Starting at Corvale on Monday."), ["Ann | workplace | Corvale | planned | 0.5"]);
  assert.deepEqual(states("Swimming at Castle Pool is my new hobby."), []);
});

test("the first days at an organisation: the listener's in a question, the speaker's in a statement, nobody's with 'his'", () => {
  assert.deepEqual(talk([["Bob", "How's the first week at Marlow & Finch?"]]), ["Ann | workplace | Marlow & Finch | 0.5"]);
  assert.deepEqual(states("My first day at Corvale was chaos."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(states("His first day at Corvale was chaos."), []);
});

test("'the X move' is a move; the same dwelling, or one found after a move in the session, lies within the known home", () => {
  assert.deepEqual(talk([["Ann", "Sorry, it's been chaos. The Leeds move took over everything."], ["Bob", "wait, Leeds?"], ["Ann", "A month ago. Got a little place in Headingley."]]), ["Ann | home | Leeds | change | 0.5", "Ann | home | Headingley | change", "Headingley | within | Leeds"]);
  assert.deepEqual(talk([["Bob", "how's Ibadan"], ["Ann", "Not much news. Same job, same house in Bodija."]]).filter((x) => x.includes("within")), ["Bodija | within | Ibadan"]);
  // his move is not mine
  assert.deepEqual(states("His Leeds move fell through."), []);
});

test("nights at a place are worked there; an ordinary word opening a reply is no name", () => {
  assert.deepEqual(states("Just finished a run of nights at the Royal Wexley."), ["Ann | workplace | Royal Wexley | 0.5"]);
  assert.deepEqual(talk([["Bob", "how's the ward?"], ["Ann", "Short staffed as always."]]), []);
  assert.deepEqual(talk([["Bob", "How's the job?"], ["Ann", "Corvale is fine, busy."]]), ["Ann | workplace | Corvale | 0.5"]);
});

test("'I'm at the <Name> Museum': a name whose last word is a kind of workplace is one, said in the present", () => {
  assert.deepEqual(states("Nah, I'm at the Wexley Museum, same direction."), ["Ann | workplace | Wexley Museum"]);
  assert.deepEqual(states("I'm at the Red Lion with Tom."), []);
  assert.deepEqual(states("I was at the Wexley Museum yesterday."), []);
});
