/**
 * Work and homes named in passing (states-at.ts, replies.ts, clause.ts, nlp.ts) and short forms of a value
 * (query.ts), on sentences written here (not taken from any conversation set): each rule with sentences it must read
 * and sentences it must leave alone.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";
import { nextSession, type SessionContext } from "./referents.js";
import { foldShortForms, shortFormOf } from "../query.js";
import { organisationName } from "./states-common.js";
import { isCountry, mayLieWithin, placesNamed } from "./gazetteer.js";

const talk = (turns: [string, string][], ctx?: SessionContext) => talkLines(turns, ["home", "workplace"], ctx);
const states = (text: string) => talk([["Ann", text]]);

test("'at <Name>' in the speaker's own statement is the speaker's workplace, at the indirect confidence", () => {
  assert.deepEqual(states("Had another reorg at Pellham today, my desk is now by the lifts."), ["Ann | workplace | Pellham | 0.5"]);
  assert.deepEqual(states("I finish at Dorset Motors at six, so I can meet you after."), ["Ann | workplace | Dorset Motors | 0.5"]);
  assert.deepEqual(states("Got my long-service pin at Corvale this morning."), ["Ann | workplace | Corvale | 0.5"]);
  assert.deepEqual(states("I've been at the Wexley Trust archive since the spring."), ["Ann | workplace | Wexley Trust | 0.5"]);
  // a joke's cue lowers it as every indirect rule
  assert.deepEqual(states("still answering phones at Brightline lol"), ["Ann | workplace | Brightline | 0.2"]);
});

test("'at <Name>' on an outing, an errand, a trip, an application, with company, or said of someone else is no workplace", () => {
  for (const text of [
    "Dinner at Luigi's was lovely.",
    "We went to Ikea and then grabbed lunch at Wagamama.",
    "Landed at Heathrow at 6am, shattered.",
    "I applied for a job at Harrow Labs.",
    "I'm at the Crown with Sam.",
    "I was at the Crown till midnight.",
    "Tom works hard at Pellham.",
    "I won't be at Corvale next year.",
    "I used to be on the tills at Corvale.",
    "Spent the whole weekend at Whistler.",
  ]) assert.deepEqual(states(text), [], text);
});

test("a name opening a sentence before an adverb and a verb is a subject ('Pranav just joined Microsoft')", () => {
  assert.deepEqual(talkLines([["Ann", "Pranav just joined Microsoft."]], ["workplace"]), ["Pranav | workplace | Microsoft | change"]);
  assert.deepEqual(talkLines([["Ann", "grey here. Linnea finally started at Volvo."]], ["workplace"]), ["Linnea | workplace | Volvo | change"]);
  // an adverb opening a sentence is no name
  assert.deepEqual(talkLines([["Ann", "Honestly just started at Volvo."]], ["workplace"]).filter((x) => !x.startsWith("Ann")), []);
});

test("a verb after a short verbless lead-in and a comma is the speaker's ('big news, started at X')", () => {
  assert.deepEqual(states("Big news, started at Corvale on Monday."), ["Ann | workplace | Corvale | change"]);
  // a lead-in with a verb of its own is a clause already
  assert.deepEqual(states("Tom said, started at Corvale on Monday."), []);
});

test("a reply about the listener's work names it: compound and accented topics, a possessive inside a name", () => {
  assert.deepEqual(talk([["Bob", "How's the café?"], ["Ann", "Quiet! Bramble Café is empty today."]]), ["Ann | workplace | Bramble Café | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's the vet practice?"], ["Ann", "Mad. Harbour Vets had six puppies in."]]), ["Ann | workplace | Harbour Vets | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's the bakery?"], ["Ann", "Busy! Dunn's Bakery sold out by ten."]]), ["Ann | workplace | Dunn's Bakery | 0.5"]);
  // "How's <Name ending in an organisation's word>?" asks about a workplace, a town's name about a home
  assert.deepEqual(talk([["Bob", "How's Orchard Software?"]]), ["Ann | workplace | Orchard Software | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's Leipzig?"]]), ["Ann | home | Leipzig | 0.5"]);
});

test("'Still at the clinic?' 'Yes, <Name> in <Place>': the name the yes gives is the workplace, not where it is", () => {
  assert.deepEqual(talk([["Bob", "Are you still at the dental clinic?"], ["Ann", "Yes, Harbour Dental in Leith. Four days a week."]]), ["Ann | workplace | Harbour Dental"]);
  // a home is still read as before: both the confirmed town and the dwelling's place within it
  assert.deepEqual(talk([["Bob", "Still in Galway?"], ["Ann", "Yep, same flat in Salthill."]]), ["Ann | home | Galway", "Ann | home | Salthill"]);
});

test("an organisation's name ends in an organisation's word; a short form joins the full name's probability", () => {
  assert.equal(organisationName("Orchard Software"), true);
  assert.equal(organisationName("Copperleaf Café"), true);
  assert.equal(organisationName("Leipzig"), false);
  assert.equal(organisationName("Bank"), false);
  assert.equal(shortFormOf("Kestrel Ridge", "Kestrel Ridge Vet Clinic"), true);
  assert.equal(shortFormOf("the clinic", "Kestrel Ridge Vet Clinic"), true);
  assert.equal(shortFormOf("DB", "Deutsche Bahn"), true);
  assert.equal(shortFormOf("York", "New York"), true);
  assert.equal(shortFormOf("Kestrel Motors", "Kestrel Ridge Vet Clinic"), false);
  assert.deepEqual(foldShortForms([{ value: "clinic", p: 0.5 }, { value: "Kestrel Ridge Vet Clinic", p: 0.3 }, { value: "Kestrel Ridge", p: 0.2 }]), [{ value: "Kestrel Ridge Vet Clinic", p: 1 }]);
  // an ending of the short form is an ending of the full name
  assert.deepEqual(foldShortForms([{ value: "not hotel", p: 0.6 }, { value: "Dunmore Hotel", p: 0.4 }]).map((d) => d.value), ["not Dunmore Hotel", "Dunmore Hotel"]);
  // a short form of two names that do not nest is left alone
  assert.deepEqual(foldShortForms([{ value: "Park", p: 0.5 }, { value: "Roath Park", p: 0.3 }, { value: "Park Hotel", p: 0.2 }]).map((d) => d.value), ["Park", "Roath Park", "Park Hotel"]);
});

test("the gazetteer tells a neighbourhood from a town: a place within the known home city, or a city named after it", () => {
  assert.equal(mayLieWithin("Kilimani", "Nairobi"), true);
  assert.equal(mayLieWithin("Manchester", "London"), false);
  assert.equal(mayLieWithin("Hove", "London"), false);
  assert.equal(mayLieWithin("Nairobi", "Nairobi"), false);
  // the outer place must be a city of the gazetteer
  assert.equal(mayLieWithin("Tollgate", "Salthill"), false);
  const within = (turns: [string, string][]) => talkLines(turns, ["within"]);
  assert.deepEqual(within([["Ann", "Big news: found a place in Tollgate, Rotterdam. Keys on Friday."]]), ["Tollgate | within | Rotterdam"]);
  assert.deepEqual(within([["Bob", "How's Nairobi?"], ["Ann", "Good! I'm in Tollgate now, did I tell you"]]), ["Tollgate | within | Nairobi"]);
  assert.deepEqual(within([["Ann", "Still in Leipzig, still in Tollgate, still happy."]]), ["Tollgate | within | Leipzig"]);
  // a move to another city is a move
  assert.deepEqual(within([["Bob", "How's Nairobi?"], ["Ann", "I'm in Mombasa now, did I tell you"]]), []);
  // leaving the known home: the new place is not within it
  assert.deepEqual(within([["Bob", "How's Leipzig?"], ["Ann", "I left Leipzig! Found a flat in Tollgate."]]), []);
});

test("a country lies in no city", () => {
  assert.equal(isCountry("Sweden"), true);
  assert.equal(mayLieWithin("Spain", "London"), false);
  assert.deepEqual(talkLines([["Bob", "How's London?"], ["Ann", "Loving Spain so far, I'm in Spain now."]], ["within"]), []);
});

test("'Are you still teaching?' asks about the listener's work; 'Year 4' and 'Loud but good' name no place", () => {
  assert.deepEqual(talk([["Bob", "Are you still teaching?"], ["Ann", "Yep, Year 4 at Marlow Primary. Third year there now."]]), ["Ann | workplace | Marlow Primary | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's nursing going?"], ["Ann", "Tiring. Ward 7 at St Brennan's, nights mostly."]]), ["Ann | workplace | St Brennan's | 0.5"]);
  assert.deepEqual(talk([["Ann", "Got it!! Thanks for sending it."], ["Bob", "How's the new street?"], ["Ann", "Loud but friendly. There's a bakery downstairs."]]), []);
  // a name after news of a job is still the new job
  assert.deepEqual(talk([["Ann", "Got a job! Admiral, in Cardiff, claims handler."]]), ["Ann | workplace | Admiral | change"]);
});

test("'my mum's finally retired and moved to X': 's is 'has' after a relation, and a participle read as an adjective is the verb", () => {
  assert.deepEqual(talkLines([["Ann", "my mum's finally retired and moved to Tarbert"]], ["home"]), ["Ann's mum | home | Tarbert | change"]);
  assert.deepEqual(talkLines([["Ann", "My dad has finally retired and moved to Tarbert."]], ["home"]), ["Ann's dad | home | Tarbert | change"]);
  // a possessive stays one
  assert.deepEqual(talkLines([["Ann", "my mum's house in Tarbert is tiny"]], ["home"]).filter((x) => x.startsWith("Ann |")), []);
});

test("a job and its organisation across a comma; a name asked back is the next pronoun's person", () => {
  assert.deepEqual(talkLines([["Ann", "my sister Runa just moved to Bergen."], ["Bob", "what does she do?"], ["Ann", "she's a geologist, at the Fjordlab Institute now"]], ["workplace"]), ["Runa | workplace | Fjordlab Institute | change"]);
  assert.deepEqual(talkLines([["Bob", "how's the new flatmate?"], ["Ann", "Tomas? Good, barely see him. He's a porter at Westgate Infirmary, nights mostly"]], ["workplace"]), ["Tomas | workplace | Westgate Infirmary"]);
});

test("trips are no home; 'still in the same flat in X', 'X's freezing', 'still X?' of a town and 'settled in X?' are", () => {
  assert.deepEqual(states("I've been in Tarbert for work three times this month."), []);
  assert.deepEqual(states("Not much news. Still in the same flat in Porto."), ["Ann | home | Porto"]);
  assert.deepEqual(states("Good. Glasgow's freezing though."), ["Ann | home | Glasgow | 0.5"]);
  assert.deepEqual(talk([["Bob", "Where are you these days, still Leicester?"], ["Ann", "Yeah, same house as ever"]]), ["Ann | home | Leicester"]);
  // a name no town of the gazetteer is a workplace, as before
  assert.deepEqual(talk([["Bob", "Still Corvale?"], ["Ann", "Yeah, same desk as ever"]]), ["Ann | workplace | Corvale"]);
  assert.deepEqual(talk([["Bob", "Are you settled in Galway now?"]]), ["Ann | home | Galway | 0.5"]);
  // "Tom's wedding" stays a possessive
  assert.deepEqual(states("Tom's wedding in Porto was lovely."), []);
});

test("'I GOT IT' after an interview at X is a new job at X; a new value stated after an ending is no fragment's", () => {
  assert.deepEqual(talk([["Ann", "I had an interview today!! at Westgate Infirmary"], ["Bob", "fingers crossed"], ["Ann", "I GOT IT."]]), ["Ann | workplace | Westgate Infirmary | change"]);
  assert.deepEqual(talk([["Ann", "Applied for a job at Harrow Labs, fingers crossed."], ["Ann", "Got the job!"]]), ["Ann | workplace | Harrow Labs | change"]);
  // no application: the news waits for its value, as before
  assert.deepEqual(talk([["Ann", "Got the job!"], ["Ann", "Corvale, in Leeds."]]), ["Ann | workplace | Corvale | change"]);
  // not applying is no application
  assert.deepEqual(talk([["Ann", "I didn't apply for the job at Harrow Labs."], ["Ann", "Got it!"]]), []);
  assert.deepEqual(states("Good! I left Brookside, I'm at Westgate Vets now. Emergency work."), ["Ann | workplace | Brookside | ended", "Ann | workplace | Westgate Vets | change"]);
  assert.deepEqual(states("Starting at Westgate on the 1st, handed in my notice at Corvale today"), ["Ann | workplace | Westgate | planned | 0.5", "Ann | workplace | Corvale | ended"]);
  assert.deepEqual(states("First proper week at Harrow Labs done."), ["Ann | workplace | Harrow Labs | 0.5"]);
});

test("lower-case towns after a preposition of place are names; 'when did you move to X?' takes the move as known", () => {
  assert.deepEqual(talk([["Bob", "hows montreal"]]), ["Ann | home | Montreal | 0.5"]);
  assert.deepEqual(states("finally back in cape town"), ["Ann | home | Cape Town | 0.5"]);
  // an English word stays one
  assert.deepEqual(states("we went to reading week"), []);
  assert.deepEqual(talk([["Bob", "wait, when did you move to Sapporo??"]]), ["Ann | home | Sapporo | 0.5"]);
  assert.deepEqual(talk([["Bob", "are you going to move to Sapporo?"]]), []);
});

test("reading one text does not change how the next is read (the tagger learns words; 's stands apart)", () => {
  const before = talkLines([["Ann", "Mum's flying in from Lahore next week."]], ["home"]);
  talkLines([["Bob", "Mum's. Then back to work on the 27th."]], ["home"]);
  assert.deepEqual(talkLines([["Ann", "Mum's flying in from Lahore next week."]], ["home"]), before);
  assert.deepEqual(before, ["Ann's mum | home | Lahore | 0.5"]);
});

test("someone coming from or going home to a town lives there; 'Mum' alone is the speaker's; leaving a town is a move", () => {
  assert.deepEqual(states("My dad is coming up from Bucharest this weekend."), ["Ann's dad | home | Bucharest | 0.5"]);
  assert.deepEqual(talkLines([["Ann", "my cousin Youssef is visiting from Casablanca"], ["Ann", "Youssef flew home to Casablanca yesterday"]], ["home"]), ["Youssef | home | Casablanca | 0.5", "Youssef | home | Casablanca | 0.5"]);
  // the speaker's own travel says nothing of the speaker's home
  assert.deepEqual(states("I'm coming back from Lisbon tomorrow."), []);
  assert.deepEqual(states("Mum's settled in Eastbourne now."), ["Ann's mum | home | Eastbourne | change"]);
  assert.deepEqual(talkLines([["Ann", "My brother Pawel has just left Kraków, he started at Norbank in Warsaw."]], ["home", "workplace"]), ["Pawel | home | Kraków | ended", "Pawel | workplace | Norbank | change", "Pawel | home | Warsaw | change | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's the planning team at Kestrel District Council?"]]), ["Ann | workplace | Kestrel District Council | 0.5"]);
});

test("'moved to <organisation>' is a new workplace; 'Declan's found a flat in X' is Declan's", () => {
  assert.deepEqual(talkLines([["Ann", "I moved to Westgate University Hospital in June."]], ["home", "workplace"]), ["Ann | workplace | Westgate University Hospital | change"]);
  assert.deepEqual(talkLines([["Ann", "Declan's found a flat in Leith."]], ["home"]), ["Declan | home | Leith | change"]);
});

test("laughter opening a reply before a comma or a yes answers the other speaker; a joke's own cues still mark it", () => {
  assert.deepEqual(states("ha, we're in Limerick now"), ["Ann | home | Limerick | change"]);
  assert.deepEqual(states("haha yeah, I work at Corvale now"), ["Ann | workplace | Corvale | change"]);
  assert.deepEqual(states("haha I basically live at the gym"), ["Ann | home | gym | 0.2"]);
  assert.deepEqual(states("I live at the office now haha"), ["Ann | home | office | 0.2"]);
});

test("homes said in passing: a greeting from a town, 'home safe in X', 'my building in X', 'Manchester rain', 'over there in X' to the listener, 'visit us in X?'", () => {
  assert.deepEqual(states("Merry Christmas from Porto! Is it really summer there?"), ["Ann | home | Porto | 0.5"]);
  assert.deepEqual(states("Greetings from Tampere, where it is -18."), ["Ann | home | Tampere | 0.5"]);
  assert.deepEqual(states("Home safe in Galway. Thanks again."), ["Ann | home | Galway | 0.5"]);
  assert.deepEqual(states("The tram outside my building in Milan is so noisy."), ["Ann | home | Milan | 0.5"]);
  assert.deepEqual(states("Manchester rain is enough for me."), ["Ann | home | Manchester | 0.5"]);
  assert.deepEqual(talk([["Bob", "Hope the weather holds for you over there in Graz."]]), ["Ann | home | Graz | 0.5"]);
  assert.deepEqual(talk([["Bob", "Any chance you can visit us in Copenhagen in March?"]]), ["Bob | home | Copenhagen | 0.5"]);
  // a greeting to someone, a trip, a denial in another clause
  assert.deepEqual(states("Hello from the other side."), []);
  assert.deepEqual(states("Still getting used to Athens, I don't know how people survive August."), ["Ann | home | Athens | change | 0.5"]);
  assert.deepEqual(talk([["Ann", "I handed in my notice at the opera today."], ["Bob", "Do you have a plan?"], ["Ann", "Sort of. My uncle needs someone."]]), ["Ann | workplace | opera | ended"]);
});

test("'started with a bang' is no job; time spent in a town up to now, a town in a month, 'commute from X' are homes; '&' names an organisation", () => {
  assert.deepEqual(states("Started with a bang, my street is a river."), []);
  assert.deepEqual(states("Two weeks in Bangalore now. Boxes everywhere."), ["Ann | home | Bangalore | 0.5"]);
  assert.deepEqual(states("Two weeks in Spain this summer, can't wait."), []);
  assert.deepEqual(states("Dundee in November is a test of character."), ["Ann | home | Dundee | 0.5"]);
  assert.deepEqual(states("I'll commute from Leeds for now."), ["Ann | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's the new place treating you?"], ["Ann", "Lovely. Everyone at Arden & Kell takes a lunch break."]]), ["Ann | workplace | Arden & Kell | 0.5"]);
  assert.equal(organisationName("Marks & Spencer"), true);
});

test("'Thanks! Yes, same place.' confirms; 'left the hospital' ends the known one; 'a branch of X'; life and family in a town; outings at a beach", () => {
  assert.deepEqual(talk([["Bob", "Still at Standard Bank, right?"], ["Ann", "Thanks Lucia! Yes, same place, just a bigger desk."]]), ["Ann | workplace | Standard Bank"]);
  assert.deepEqual(talk([["Ann", "Night shifts this week at the hospital."], ["Ann", "I left the hospital in March and now I manage a branch of Ernest Chemists."]]), ["Ann | workplace | hospital", "Ann | workplace | hospital | ended", "Ann | workplace | Ernest Chemists | 0.5"]);
  assert.deepEqual(states("Life in Polokwane is quiet."), ["Ann | home | Polokwane | 0.5"]);
  assert.deepEqual(states("I'm with my parents in Polokwane now, working remotely."), ["Ann | home | Polokwane | change"]);
  assert.deepEqual(states("I'm taking my nieces to the beach at Malvarrosa."), []);
  assert.deepEqual(states("Mine sends me home with five jars of soup."), []);
  // an organisation acting as an employer still is one
  assert.deepEqual(states("Apple gave us all a day off after, which was nice."), ["Ann | workplace | Apple | 0.5"]);
});

test("'left X for Y' between towns is a move to Y", () => {
  assert.deepEqual(talkLines([["Ann", "My brother just left Paris for Marseille."]], ["home"]), ["Ann's brother | home | Paris | ended", "Ann's brother | home | Marseille | change"]);
  // a job left for a town is no home
  assert.deepEqual(talkLines([["Ann", "I left Corvale for a startup."]], ["home"]), []);
});

test("a visit to a relation in a town is the relation's home", () => {
  assert.deepEqual(states("Going down to see my mum in Marseille this weekend."), ["Ann's mum | home | Marseille | 0.5"]);
  assert.deepEqual(states("Third weekend in a row at my mum's in Dundee."), ["Ann's mum | home | Dundee | 0.5"]);
  assert.deepEqual(states("I met my friend in a café."), []);
});

test("lower-case organisations ending in an organisation's word, with a word the model does not know, are names", () => {
  assert.deepEqual(states("busy at work, brindley architects has me on 3 projects at once"), ["Ann | workplace | Brindley Architects | 0.5"]);
  assert.deepEqual(states("started at riverbend medical center last week"), ["Ann | workplace | Riverbend Medical Center | change"]);
  // known words only stay as they are
  assert.deepEqual(states("i work at the city council"), ["Ann | workplace | city council"]);
});

test("'X's in <town>' is 'X is in <town>'; short stays are no home", () => {
  assert.deepEqual(states("Pooja's in Melbourne now, she loves it."), ["Pooja | home | Melbourne | change"]);
  assert.deepEqual(states("Mom's in Winnipeg now."), ["Ann's mom | home | Winnipeg | change"]);
  // a house, not a person's place: "at my mum's in Dundee" stays a visit (at the indirect confidence)
  assert.deepEqual(states("Third weekend in a row at my mum's in Dundee."), ["Ann's mum | home | Dundee | 0.5"]);
  for (const text of ["I'm in Paris for the weekend.", "We're in Rome this week.", "I'm in Leeds until Friday.", "I'm in Oslo on holiday."]) assert.deepEqual(states(text), [], text);
});

test("a named person visited in a town lives there; going home for Christmas is a visit", () => {
  assert.deepEqual(talk([["Bob", "Lotte got the job at Airbus!"], ["Bob", "Visited Lotte in Hamburg last weekend."]]), ["Lotte | workplace | Airbus | change", "Lotte | home | Hamburg | 0.5"]);
  assert.deepEqual(talk([["Bob", "My cousin Lotte moved to Hamburg."], ["Bob", "But she'll come home to Munich at Christmas."]]), ["Lotte | home | Hamburg | change"]);
  // a town visited is no person
  assert.deepEqual(talk([["Bob", "Visited Hamburg in August."]]), []);
});

test("a subjectless answer to 'How's <person> doing?' is that person's", () => {
  assert.deepEqual(talk([["Bob", "How's Marek doing?"], ["Ann", "Passed his exams! Still at Norbank, now with a bigger ego."]]), ["Marek | workplace | Norbank"]);
  assert.deepEqual(talk([["Bob", "How's your sister?"], ["Ann", "Still in Leeds, loving it."]]), ["Ann's sister | home | Leeds"]);
  // said in the first person it stays the speaker's
  assert.deepEqual(talk([["Bob", "How's Marek doing?"], ["Ann", "Good! I'm still at Norbank myself."]]), ["Ann | workplace | Norbank"]);
  // a town asked after is no person
  assert.deepEqual(talk([["Bob", "How's Leeds?"], ["Ann", "Still at Norbank, still busy."]]), ["Ann | home | Leeds | 0.5", "Ann | workplace | Norbank"]);
});

test("an address is its writer's home; a holiday rota or a department is no organisation or home", () => {
  assert.deepEqual(states("41 birch st, halifax, same as always."), ["Ann | home | Halifax | 0.5"]);
  assert.deepEqual(states("My mum's address is 3 Hill Road, Leeds."), []);
  assert.deepEqual(states("Christmas rota came out and I'm on the 25th."), []);
  assert.deepEqual(states("Moved to the planning department, more maps."), []);
});

test("a name asked back names the relation just mentioned ('my brother's moving' 'Sam??')", () => {
  assert.deepEqual(talkLines([["Ann", "my sister finally got the transfer"], ["Bob", "Ishita?? to where"]], ["family"]), ["Ann | family | sister", "Ann | family | sister Ishita"]);
  // not a town, and not when the same speaker goes on
  assert.deepEqual(talkLines([["Ann", "my sister finally got the transfer"], ["Bob", "Hyderabad??"]], ["family"]), ["Ann | family | sister"]);
  assert.deepEqual(talkLines([["Ann", "my sister finally got the transfer"], ["Ann", "Ishita?? yes"]], ["family"]), ["Ann | family | sister"]);
});

test("a lease signed in a town and 'shifting to' are homes; a town's job is no employer; 'X life' needs a city", () => {
  assert.deepEqual(states("Big news, I signed a lease in Trento!"), ["Ann | home | Trento | 0.5"]);
  assert.deepEqual(states("Then shifting to Bangalore only."), ["Ann | home | Bangalore | planned | 0.5"]);
  assert.deepEqual(states("We rented a car in Faro."), []);
  assert.deepEqual(states("ok big news, i took the seattle job"), []);
  assert.deepEqual(states("I took the Bosch job."), ["Ann | workplace | Bosch | change"]);
  assert.deepEqual(talk([["Bob", "How's Highland life?"]]), []);
  assert.deepEqual(talk([["Bob", "How's Dubai life?"]]), ["Ann | home | Dubai | 0.5"]);
});

test("running a business now is one's workplace; a race run once is not", () => {
  assert.deepEqual(states("I'm helping my aunt run Panadería Rosales, up at 5am every day."), ["Ann | workplace | Panadería Rosales | 0.5"]);
  assert.deepEqual(states("I manage the Crown & Anchor these days."), ["Ann | workplace | Crown & Anchor | 0.5"]);
  for (const text of ["I ran the London Marathon.", "I'm running the Berlin Marathon next week.", "My sister runs Bella Pasta.", "I don't run Bella Pasta."]) assert.deepEqual(states(text), [], text);
});

test("'she's left X' is 'she has left'; a pronoun refers back, never to a relation named later in its sentence; 'lives' is someone's verb", () => {
  assert.deepEqual(talk([["Ann", "My mum moved. She's left Pune to live with my sister."]]), ["Ann's mum | home | Pune | ended"]);
  // "My mum lives in X" is the mum's home, not the speaker's life in X
  assert.deepEqual(states("My mum lives with my sister in Bangalore now."), ["Ann's mum | home | Bangalore | change"]);
});

test("'Which hotel?' after a workplace told by its kind: the teller's next fragment names it", () => {
  const turns: [string, string][] = [["Ann", "My cousin flew out to Dubai! She's working at a hotel there."], ["Bob", "Dubai, wow. Which hotel?"], ["Ann", "Atlantis The Palm. The huge pink one."]];
  assert.deepEqual(talkLines(turns, ["workplace"]), ["Ann's cousin | workplace | hotel", "Ann's cousin | workplace | Atlantis The Palm"]);
  // not asked which: the next fragment names nothing; nor does the asker's own reply
  assert.deepEqual(talkLines([turns[0], ["Bob", "Nice!"], ["Ann", "Atlantis The Palm. The huge pink one."]], ["workplace"]), ["Ann's cousin | workplace | hotel"]);
  assert.deepEqual(talkLines([turns[0], turns[1], ["Bob", "Atlantis The Palm?"]], ["workplace"]), ["Ann's cousin | workplace | hotel"]);
});

test("a home left, then a town named in the same sentence, is a move there; 'first week in X?' presumes a new home", () => {
  assert.deepEqual(states("My brother Themba has finally left Durban, he's got a post at a law firm in Cape Town."), ["Themba | home | Durban | ended", "Themba | workplace | law firm", "Themba | home | Cape Town | change | 0.5"]);
  assert.deepEqual(states("I left Leeds in May."), ["Ann | home | Leeds | ended"]);
  assert.deepEqual(talk([["Bob", "First week in Tainan, verdict?"]]), ["Ann | home | Tainan | 0.5"]);
});

test("a last day at an organisation ends the workplace; a first feature there and an employer putting one on a project begin it", () => {
  assert.deepEqual(states("Yesss. Last day at Sampaguita was Friday, training starts Monday."), ["Ann | workplace | Sampaguita | ended"]);
  assert.deepEqual(talk([["Bob", "Is your last day at Tesco on Friday?"]]), []);
  assert.deepEqual(states("Shipped my first feature at Maplewave today!"), ["Ann | workplace | Maplewave | 0.5"]);
  assert.deepEqual(states("National Trust put me on the Tredegar House project."), ["Ann | workplace | National Trust | 0.5"]);
});

test("a hyphenated name is one word; 'a <kind> called X' is X; 'work (as …) in <organisation>' is a workplace", () => {
  assert.deepEqual(states("Morning from Aix-en-Provence, the market is heaving."), ["Ann | home | Aix-en-Provence | 0.5"]);
  assert.deepEqual(states("I teach at Dar Al-Hikma."), ["Ann | workplace | Dar Al-Hikma"]);
  // (a short lower-case word between two capitalised parts: "Sutton-in-Ashfield", "Southend-on-Sea")
  assert.deepEqual(states("Finally a weekend at home in Sutton-in-Ashfield."), ["Ann | home | Sutton-in-Ashfield | 0.5"]);
  assert.deepEqual(states("I live in Southend-on-Sea."), ["Ann | home | Southend-on-Sea"]);
  assert.deepEqual(states("I work in a tiny agency called Bright Pebble."), ["Ann | workplace | Bright Pebble"]);
  assert.deepEqual(states("I work as a welder in Tarsus Engineering."), ["Ann | workplace | Tarsus Engineering"]);
  // a town after "work in" is no workplace; "Berlin-based" stays two words
  assert.deepEqual(states("I work in Leeds."), []);
  assert.deepEqual(states("I work as a nurse in Leeds."), []);
  assert.deepEqual(states("I met a Berlin-based painter."), []);
});

test("'X hired him' is the workplace of the man named before, never of X itself or the speaker", () => {
  assert.deepEqual(states("Big news: Tomasz quit the brewery and Halden Freight hired him straight away."), ["Tomasz | workplace | Halden Freight | change"]);
  assert.deepEqual(states("They hired him at Halden Freight."), []);
});

test("renting in a town is living there; renting a thing there is not", () => {
  assert.deepEqual(states("My son Piet is renting in Gouda with two friends."), ["Piet | home | Gouda"]);
  assert.deepEqual(states("I rent in Leith now."), ["Ann | home | Leith | change"]);
  assert.deepEqual(states("We rented a car in Perth."), []);
});

test("'Which shop?' after 'I'm at the shop till 2': the teller's next fragment names the workplace, a number word inside it", () => {
  const turns: [string, string][] = [["Ann", "Can't, I'm at the bakery till 4 on Sunday."], ["Bob", "Which bakery?"], ["Ann", "Seven Sheaves, on the corner by the church."]];
  assert.deepEqual(talkLines(turns, ["workplace"]), ["Ann | workplace | Seven Sheaves"]);
  // someone else at the place, an interview, or no question after it: nothing
  assert.deepEqual(talkLines([["Ann", "Mum is at the bakery till 4."], turns[1], turns[2]], ["workplace"]), []);
  assert.deepEqual(talkLines([["Ann", "I had an interview at the bakery today."], turns[1], turns[2]], ["workplace"]), []);
  assert.deepEqual(talkLines([turns[0], ["Bob", "Nice."], turns[2]], ["workplace"]), []);
});

test("a town remarked on now ('Tamworth's dead quiet', 'Hobart traffic', 'life in Perth') is the speaker's home, at the indirect confidence", () => {
  assert.deepEqual(states("Tamworth's dead quiet since the show ended."), ["Ann | home | Tamworth | 0.5"]);
  assert.deepEqual(states("Hobart traffic is getting silly."), ["Ann | home | Hobart | 0.5"]);
  assert.deepEqual(states("Life in Perth is slow but I like it."), ["Ann | home | Perth | 0.5"]);
  for (const text of ["Is Hobart nice?", "Hobart was lovely on our trip.", "Hobart will be cold next week.", "My sister says Hobart is cold."]) assert.deepEqual(states(text), [], text);
});

test("the daily way between home and work: from a town is the home, 'home from X' or 'from X to my flat' the workplace", () => {
  assert.deepEqual(states("I'm still commuting in from Geelong every day."), ["Ann | home | Geelong | 0.5"]);
  assert.deepEqual(states("I cycle home from Brightwell Labs along the canal."), ["Ann | workplace | Brightwell Labs | 0.5"]);
  assert.deepEqual(states("drove from Kestrel Dairy to my flat in the fog"), ["Ann | workplace | Kestrel Dairy | 0.5"]);
  for (const text of ["I took the train from Geelong to Ballarat.", "My sister cycles home from Brightwell Labs.", "We drove from Geelong yesterday."]) assert.deepEqual(states(text), [], text);
});

test("a verbless opening naming one's work: '<job word> at X', '<work>, <organisation>'", () => {
  assert.deepEqual(states("supervisor at Marrow Mills, so nights for me."), ["Ann | workplace | Marrow Mills | 0.5"]);
  assert.deepEqual(states("payroll admin, Kettering Beverages. Riveting stuff."), ["Ann | workplace | Kettering Beverages | 0.5"]);
  for (const text of ["dinner at Luigi's, then bed.", "great news, Kettering Beverages.", "supervisor at Geelong"]) assert.deepEqual(states(text), [], text);
});

test("a job found or taken 'in' a town or a kind of place is at the organisation named after it", () => {
  assert.deepEqual(states("Ayumi found a job in Sendai, at Hokuto Logistics."), ["Ayumi | workplace | Hokuto Logistics | change"]);
  assert.deepEqual(states("I got a post in a clinic in Porto, Clínica Ribeira."), ["Ann | workplace | Clínica Ribeira | change"]);
  assert.deepEqual(states("She got a job in Leeds."), []);
});

test("an employer acting on a man or woman named before is their employer", () => {
  assert.deepEqual(states("My brother Sipho is fine. Karoo Freight sent him to Durban for a month."), ["Sipho | workplace | Karoo Freight | 0.5"]);
});

test("a greeting opening a reply names no place; a town the reply remarks on does", () => {
  const turns: [string, string][] = [["Bob", "Happy Easter! How's the new place?"], ["Ann", "Happy Easter! It's lovely. Bendigo is smaller but I like it."]];
  assert.deepEqual(talkLines(turns, ["home"]), ["Ann | home | Bendigo | 0.5"]);
});

test("'<long / slow / busy> day at X' is a working day at X; an outing in company or someone else's day is not", () => {
  assert.deepEqual(states("Slow shift at Marrow Mills, I read half a novel."), ["Ann | workplace | Marrow Mills | 0.5"]);
  for (const text of ["Long day at Legoland with the kids!", "His long day at Marrow Mills ended at nine.", "Busy week at Geelong?"]) assert.deepEqual(states(text), [], text);
});

test("a hedging adverb in a verbless aside hedges the aside, not the statement; laughter still marks the sentence", () => {
  assert.deepEqual(states("I'm in Tarija since June, basically a sauna, 30 degrees."), ["Ann | home | Tarija"]);
  assert.deepEqual(states("I basically live at the library now."), ["Ann | home | library | 0.2"]);
  assert.deepEqual(states("I'm in Tarija since June, lol."), ["Ann | home | Tarija | 0.2"]);
});

test("a remark dated by a year tells no present home; 'X's gone quiet' does", () => {
  assert.deepEqual(states("Hobart summer school 2015, best month of my life."), []);
  assert.deepEqual(states("Tamworth's gone quiet since the show."), ["Ann | home | Tamworth | 0.5"]);
});

test("'got the keys' announces a new home the next fragment names; 'cycled in to X' is the way to work", () => {
  assert.deepEqual(states("Got the keys Friday!! Gorebridge, two bed cottage, needs work."), ["Ann | home | Gorebridge | change"]);
  assert.deepEqual(states("I cycled in to Marrow Mills in the rain."), ["Ann | workplace | Marrow Mills | 0.5"]);
  assert.deepEqual(states("I cycled in to Geelong in the rain."), []);
});

test("a move with no place takes the home named before, unless the sentence leaves it or a future or negation governs it", () => {
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  talk([["Ann", "Hobart traffic is getting silly."]], ctx);
  assert.deepEqual(talk([["Ann", "They won't even notice I've moved."]], ctx), []);
  assert.deepEqual(talk([["Ann", "We moved up in May, left Hobart in a van."]], ctx), ["Ann | home | Hobart | ended"]);
});

test("a word wink gives no lemma ('cannot') is read, not a crash", () => {
  assert.deepEqual(states("cannot, straight shift at Marrow Mills that week."), ["Ann | workplace | Marrow Mills"]);
  assert.deepEqual(states("I cannot believe I work at Marrow Mills now."), ["Ann | workplace | Marrow Mills | change"]);
});

test("an interjection the tagger took for a name opens the sentence; 'still in X' after it is the speaker's home", () => {
  assert.deepEqual(states("Aye still in Dingwall, nine years now."), ["Ann | home | Dingwall"]);
  assert.deepEqual(states("Aye, the bus is still in Dingwall."), []);
});

test("'You still down in X?' and 'You're (in) X, aye?' ask about the home a yes confirms; a bare name answers them too", () => {
  assert.deepEqual(talk([["Bob", "You still down in Mosgiel?"], ["Ann", "Still here. Wind straight off the hills."]]), ["Ann | home | Mosgiel"]);
  assert.deepEqual(talk([["Bob", "And you're Timaru, aye?"], ["Ann", "Yep. Sea and wind."]]), ["Ann | home | Timaru"]);
  assert.deepEqual(talk([["Bob", "You're in Canada I heard?"], ["Ann", "Kamloops, in the interior."]]), ["Ann | home | Kamloops"]);
  assert.deepEqual(talk([["Bob", "You're in Canada I heard?"], ["Ann", "Not for long, haha."]]), []);
});

test("'Auckland. You?' asks back what the speaker was just asked; the next reply answers it", () => {
  assert.deepEqual(talk([["Bob", "Where are you living now?"], ["Ann", "Mosgiel. You?"], ["Bob", "Dingwall. Rain, mostly."]]), ["Ann | home | Mosgiel", "Bob | home | Dingwall"]);
  assert.deepEqual(talk([["Bob", "Nice weather today."], ["Ann", "Lovely. You?"], ["Bob", "Knackered, mostly. Long week."]]), []);
});

test("'where is it you go every day?' asks about work", () => {
  assert.deepEqual(talk([["Bob", "Where is it you're going every day?"], ["Ann", "Harlow Mutual, on George St."]]), ["Ann | workplace | Harlow Mutual"]);
});

test("an offer ('you can stay with my sis in X') states no home; nor does 'we live in a society'", () => {
  assert.deepEqual(talk([["Bob", "Do it. You can stay with my sis in Ngaruawahia."]]), []);
  assert.deepEqual(states("We live in a society."), []);
});

test("'my (whole) block / street in X' is the speaker's home", () => {
  assert.deepEqual(states("Power's out on my whole block in Dunedin tonight."), ["Ann | home | Dunedin"]);
});

test("an acronym acting is an organisation: a later 'he' is the man named before it", () => {
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  talk([["Ann", "Dennis got transferred. TSC has posted him to a school up north."]], ctx);
  assert.deepEqual(talk([["Ann", "He lives in Isiolo during the week."]], ctx), ["Dennis | home | Isiolo"]);
});

test("someone remembered is a person; a comma joins a verb agreeing with a third person to their clause", () => {
  assert.deepEqual(talk([["Ann", "Remember Sander, the exchange student?"], ["Bob", "Legend."], ["Ann", "He's moved back home, lives in Utrecht."]]), ["Sander | home | Utrecht"]);
  assert.deepEqual(states("My sister got married, lives in Ghent now."), ["Ann's sister | home | Ghent | change"]);
  assert.deepEqual(states("I moved out, lives are busy."), []);
});

test("'what's X like to live in?' presumes the listener's home; 'what's X like?' does not", () => {
  assert.deepEqual(talk([["Bob", "What's Nyeri like to live in?"]]), ["Ann | home | Nyeri | 0.5"]);
  assert.deepEqual(talk([["Bob", "What's Nyeri like?"]]), []);
});

test("a name's 'll is 'will'; a town set after a country names the home within it", () => {
  assert.deepEqual(talk([["Ann", "Gary'll be chuffed. He's away in Canada now, Calgary, drives trucks."]]), ["Gary | home | Calgary | change"]);
  assert.deepEqual(states("I'm in Canada, Toronto to be exact."), ["Ann | home | Toronto"]);
  assert.deepEqual(states("I moved to Spain, Anna says hi."), ["Ann | home | Spain | change"]);
});

test("'she's a <job> in <town>' tells where she lives; 'in training' is no town", () => {
  assert.deepEqual(talk([["Ann", "My sister Rachelle is a nanny in Hong Kong."]]), ["Rachelle | home | Hong Kong"]);
  assert.deepEqual(talk([["Ann", "My sister Rachelle is a nurse in training."]]), []);
});

test("a temperature below zero or in degrees is weather talk; a wish for the rain to ease is the listener's, not the speaker's", () => {
  assert.deepEqual(states("its -10 in Olsztyn, come here instead"), ["Ann | home | Olsztyn | 0.5"]);
  assert.deepEqual(states("34° in Sorocaba today."), ["Ann | home | Sorocaba | 0.5"]);
  assert.deepEqual(states("I hope the rains in Sorocaba have eased."), ["Bob | home | Sorocaba | 0.5"]);
});

test("a town the listener plainly lives in, remarked on, is not the speaker's home", () => {
  assert.deepEqual(talk([["Bob", "im in Olsztyn now. moved in march."], ["Ann", "olsztyn is gorgeous, castle and everything"]]), ["Bob | home | Olsztyn | change"]);
  assert.deepEqual(talk([["Ann", "olsztyn is gorgeous, castle and everything"]]), ["Ann | home | Olsztyn | 0.5"]);
});

test("'home in X' is the speaker's home; someone else's getting home is not", () => {
  assert.deepEqual(states("2 hours on the bridge to get home in Sorocaba."), ["Ann | home | Sorocaba | 0.5"]);
  assert.deepEqual(states("She got home in Sorocaba at six."), []);
});

test("more organisation heads: a hospital named '<X> General', a games studio, a mutual, a lodge, a shop", () => {
  for (const v of ["Harrowgate General", "Kestrel Games", "Lothian Mutual", "Craigellachie Lodge", "Onda Sul Surf Shop", "Casco Bay Lobster Co"]) assert.equal(organisationName(v), true, v);
  assert.equal(organisationName("General"), false);
});

test("a verbless '<worker> at <organisation>' names one's work, even opening with a capitalised common word; an outing does not", () => {
  assert.deepEqual(states("Yard man at Eastern Bay Hardware, Monday."), ["Ann | workplace | Eastern Bay Hardware | 0.5"]);
  assert.deepEqual(states("Christmas dinner at Eastern Bay Hardware."), []);
  assert.deepEqual(states("Birthday party at Eastern Bay Hardware."), []);
});

test("chat's 'shes' and 'hes' are 'she is' and 'he is'", () => {
  assert.deepEqual(talk([["Ann", "my flatmate Sander quit the surf shop"], ["Ann", "hes a barista at Café Maré now."]]), ["Sander | workplace | Café Maré | change"]);
  assert.deepEqual(talk([["Ann", "my mom sold up"], ["Ann", "shes moving to Sorocaba to be near my aunt."]]), ["Ann's mom | home | Sorocaba | planned | 0.5"]);
});

test("'week 2 at X' counts the first days of a job; '<job> now at X' names it; a terrace is a dwelling", () => {
  assert.deepEqual(states("week 2 at Dar Al Shifa. I had lunch sitting down."), ["Ann | workplace | Dar Al Shifa | 0.5"]);
  assert.deepEqual(states("week 2 at the beach."), []);
  assert.deepEqual(states("clinical instructor now at KMTC Nakuru."), ["Ann | workplace | KMTC Nakuru | 0.5"]);
  assert.deepEqual(states("tiny terrace in Penarth, 2 min from the sea."), ["Ann | home | Penarth"]);
});

test("'Where abouts?' asks where the place just told of is; 'your Eilidh' is a person, 'my Roche colleagues' is not", () => {
  assert.deepEqual(talk([["Ann", "We've put an offer in on a wee cottage on Arran!"], ["Bob", "No way! Where abouts?"], ["Ann", "Lamlash. Right out over the bay."]]), ["Ann | home | Lamlash | change"]);
  assert.deepEqual(talk([["Ann", "Your Eilidh and my Tui used to run riot."], ["Bob", "How's Tui these days?"]]), []);
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  talk([["Ann", "Dinner with my Roche colleagues, then my Tui rang."]], ctx);
  assert.deepEqual((ctx.people ?? []).map((p) => p.name), ["Tui"]);
});

test("the possessor of a work thing is a workplace only when named: 'the children's desk' is not", () => {
  assert.deepEqual(states("I'm on the children's desk on Tuesdays."), []);
  assert.deepEqual(states("I'm on the Red Lion's payroll now."), ["Ann | workplace | Red Lion | 0.5"]);
});

test("a town remarked on to the listener ('Verdun is lucky to have you') is not the speaker's home; a later clause's 'you' does not stop a remark", () => {
  assert.deepEqual(states("Verdun is lucky to have you."), []);
  assert.deepEqual(states("Wrocław is beautiful and snowing, as you well know."), ["Ann | home | Wrocław | 0.5"]);
});

test("the workplace after a job: 'work as civil engineer in X', 'a cook in a hotpot restaurant, X', 'work in a laboratory, at X'", () => {
  assert.deepEqual(states("I work as civil engineer in Hawler Construction."), ["Ann | workplace | Hawler Construction"]);
  assert.deepEqual(states("I am a cook in a hotpot restaurant, Lao Ma Hotpot, in Chengdu."), ["Ann | workplace | Lao Ma Hotpot"]);
  assert.deepEqual(states("I work in a laboratory, at Deccan Genomics in Hyderabad."), ["Ann | workplace | Deccan Genomics"]);
  assert.deepEqual(states("I am a nurse in a big hospital."), []);
});

test("'still in the old kitchen?' asks about no home", () => {
  assert.deepEqual(talk([["Bob", "Are you in the new branch now or still in the old kitchen?"], ["Ann", "Still in the old one on our street."]]), []);
});

test("'X is my home' needs a name before the copula and nothing but adverbs after it; 'my home town' and 'from my home' are not it", () => {
  assert.deepEqual(states("The school is Lanna Wellness School, in Chiang Mai, my home town."), []);
  assert.deepEqual(states("The factory is near Amman, so I drive forty minutes from my home."), []);
  assert.deepEqual(states("Sorocaba is really my home now."), ["Ann | home | Sorocaba"]);
});

test("a greeting in another language opens a reply; the listener greeted by name is no answer", () => {
  assert.deepEqual(talk([["Bob", "Where in Oman do you live?"], ["Ann", "Marhaba Bob, nice to meet you! I live in Sohar, by the sea."]]), ["Ann | home | Sohar"]);
});

test("'guess who starts at X' is the speaker's news; '<organisation>, <job>.' names one's work", () => {
  assert.deepEqual(states("guess who starts at the Kölner Zoo on Monday!"), ["Ann | workplace | Kölner Zoo | planned | 0.5"]);
  assert.deepEqual(states("Harlow City Museum, education officer."), ["Ann | workplace | Harlow City Museum | 0.5"]);
  assert.deepEqual(states("Leeds, nurse."), []);
  assert.deepEqual(talk([["Ann", "Harlow City Museum, education officer, lovely colleagues."]]), []);
});

test("a common word capitalised to open a sentence is no place: 'House is freezing', 'Couch at Mum's for now'; 'I swear' hedges", () => {
  assert.deepEqual(states("House is freezing, the kids are whinging."), []);
  assert.deepEqual(talk([["Ann", "I moved out of the Porirua flat on Sunday."], ["Ann", "Couch at Mum's for now."]]), ["Ann | home | Porirua | ended"]);
  assert.deepEqual(talk([["Ann", "I've left Harlow Mutual."], ["Ann", "Admiral, in Cardiff, claims handler."]]), ["Ann | workplace | Harlow Mutual | ended", "Ann | workplace | Admiral | change"]);
  assert.deepEqual(states("I swear I live at the playground now."), ["Ann | home | playground | 0.2"]);
});

test("'still at the insurance place?' is answered by a name, a trailing yes cut off; a correction's organisation answers 'still at the bank?'", () => {
  assert.deepEqual(talk([["Bob", "lol still at the insurance place?"], ["Ann", "Kestrel Insurance ja. on the claims side now"]]), ["Ann | workplace | Kestrel Insurance"]);
  assert.deepEqual(talk([["Bob", "still at the bank?"], ["Ann", "credit union, they get mad when u call it a bank. Saguaro Credit Union"]]), ["Ann | workplace | Saguaro Credit Union"]);
});

test("'I'm doing marketing at X now' is work at X; shopping is an outing", () => {
  assert.deepEqual(states("im doing marketing at Adinkra Media now"), ["Ann | workplace | Adinkra Media | change"]);
  assert.deepEqual(states("I'm doing my shopping at Tesco."), []);
});

test("'I am an Otsu person now', 'we are officially Red Deer residents': the speaker lives there; someone else or a negation does not", () => {
  assert.deepEqual(states("I am an Otsu person now! Everything is in boxes."), ["Ann | home | Otsu | 0.5"]);
  assert.deepEqual(states("We are officially Red Deer residents."), ["Ann | home | Red Deer | 0.5"]);
  assert.deepEqual(states("I'm not a Leeds person."), []);
});

test("the town after a landmark ('a house near the water in Sydney'); a town after a country, set off by ', in'", () => {
  assert.deepEqual(talk([["Ann", "My sister found a little house near the water in Sydney."]]), ["Ann's sister | home | Sydney | change"]);
  assert.deepEqual(talk([["Ann", "My daughter Rhea is in Canada as well now, in Toronto."]]), ["Rhea | home | Toronto | change"]);
  assert.deepEqual(states("I work at Harlow Mutual, in Leeds."), ["Ann | workplace | Harlow Mutual"]);
});

test("'a village near York' still names a home; 'the office is basically my home' is still a (hedged) home", () => {
  assert.deepEqual(talk([["Ann", "My parents live in a village near York."]]), ["Ann's parents | home | village"]);
  assert.deepEqual(states("The office is basically my home now."), ["Ann | home | office | 0.2"]);
});

test("a town named before one's dwelling ('my Tampines flat', 'your Croydon place') is its holder's home; a flat sold or missed is not", () => {
  assert.deepEqual(states("Here 33 degree and the aircon in my Tampines flat die already"), ["Ann | home | Tampines"]);
  assert.deepEqual(talk([["Bob", "hi"], ["Ann", "Your flat in Croydon must be full of dust"]]), ["Bob | home | Croydon"]);
  assert.deepEqual(states("I sold my Leeds flat last year."), []);
  assert.deepEqual(states("We still miss our Leeds house."), []);
  // (an office is no dwelling: "My Google office" names a workplace, employer-things.test.ts)
  assert.deepEqual(states("My Google office is tiny."), ["Ann | workplace | Google"]);
});

test("where one writes from: 'Whitehorse since the spring', 'update from Canmore', 'writing from Bhopal now'; not a trip or a question", () => {
  assert.deepEqual(states("yep! Whitehorse since the spring, loving it"), ["Ann | home | Whitehorse | 0.5"]);
  assert.deepEqual(states("ok update from Canmore: a bear walked down Main Street yesterday"), ["Ann | home | Canmore | 0.5"]);
  assert.deepEqual(states("I'm writing from Bhopal now, full sasural life"), ["Ann | home | Bhopal | 0.5"]);
  assert.deepEqual(states("Update from the Brightwell Bakery: chaos"), []);
  assert.deepEqual(states("Writing from Lisbon now, the conference is great"), []);
});

test("'I'm on reception at X', 'she's on the tills at X': a post at a place is work there; a plan is a plan", () => {
  assert.deepEqual(states("I'm on reception at the Marine Parade Hotel, people shouting about parking all day"), ["Ann | workplace | Marine Parade Hotel"]);
  assert.deepEqual(talk([["Ann", "My sister is on the tills at Lidl."]]), ["Ann's sister | workplace | Lidl"]);
  assert.deepEqual(states("I'm going to be on reception at the Ritz."), ["Ann | workplace | Ritz | planned | 0.5"]);
});

test("'right now' ends a name; weather nouns and a town ('Auckland wind is brutal'); 'wah' is an interjection; names in any script stay whole", () => {
  assert.deepEqual(states("Living in Wrexham right now is like living inside a film set"), ["Ann | home | Wrexham | change"]);
  assert.deepEqual(states("Auckland wind is brutal this week"), ["Ann | home | Auckland | 0.5"]);
  assert.deepEqual(states("Wah sideways rain here"), []);
  assert.deepEqual(states("fog in Płock today, my whole street looks like silent hill"), ["Ann | home | Płock | 0.5"]);
});

test("'of' and a name after an organisation's head belongs to the name ('Bank of Ireland'); a parent named by the word alone opens a sentence in lower case too; 'Ha' is an interjection", () => {
  assert.deepEqual(states("still at Bank of Ireland, still in mortgages"), ["Ann | workplace | Bank of Ireland"]);
  assert.deepEqual(states("I work at the University of Ghana."), ["Ann | workplace | University of Ghana"]);
  assert.deepEqual(talk([["Ann", "dad's got a part-time job at Lahinch Golf Club"]]), ["Ann's dad | workplace | Lahinch Golf Club"]);
  assert.deepEqual(talk([["Ann", "so mum moved to Leeds"]]), ["Ann's mum | home | Leeds | change"]);
  assert.deepEqual(talk([["Ann", "Ha Gus is fine, he got that job at the Table Mountain cableway"]]), ["Gus | workplace | Table Mountain cableway | 0.2"]);
});

test("a verbless gerund of one's work before 'at' a name is the workplace ('Teaching Form 3 at X, …'); 'driving home to X' is the home; a town before a work thing names no employer", () => {
  assert.deepEqual(states("Same place, same heat. Teaching Form 3 at Naparima Heights College, they real loud"), ["Ann | workplace | Naparima Heights College"]);
  assert.deepEqual(states("Teaching kids at Leeds?"), []);
  assert.deepEqual(states("Real talk, driving home to Handsworth at 10pm is dread"), ["Ann | home | Handsworth | 0.5"]);
  assert.deepEqual(states("I was driving home to Leeds for Christmas."), []);
  assert.deepEqual(states("The Leeds canteen is shut."), []);
});

test("'call X home' needs the name right before 'home' (a phone call on the way home is none); a common word opening the sentence before a work thing is no employer", () => {
  assert.deepEqual(states("Ok. Wrap up well, I'll call Mummy from Piccadilly on my way home"), []);
  assert.deepEqual(states("We've called Kyoto home for ten years."), ["Ann | home | Kyoto"]);
  assert.deepEqual(states("Plant canteen had gulab jamun today to celebrate"), []);
  assert.deepEqual(states("Tesco canteen had gulab jamun today"), ["Ann | workplace | Tesco | 0.5"]);
});

test("a name given to an animal or a thing ('a gecko I've named Kevin') is asked after as no town, in later sessions too; a town remark is barred only by a clause of its own", () => {
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  assert.deepEqual(talk([["Ann", "there's a gecko living in the bathroom that I've named Kevin"]], ctx), []);
  assert.deepEqual(talk([["Bob", "how's Kevin"], ["Ann", "Kevin is thriving, the dogs are terrified of him"]], nextSession(ctx, ["Ann", "Bob"])), []);
  assert.deepEqual(talk([["Bob", "how's Kevin"]]), ["Ann | home | Kevin | 0.5"]);
  assert.deepEqual(talk([["Ann", "bored no, Athlone's grand, but I'll tell you a secret"]]), ["Ann | home | Athlone | 0.5"]);
  assert.deepEqual(states("Leeds was lovely"), []);
});

test("'is Halifax still foggy?' presumes the listener's town (a town of the gazetteer, not a person); 'on my doorstep in X' is a home; Irish towns have their English names", () => {
  assert.deepEqual(talk([["Bob", "So how's the other side of the Atlantic, is Halifax still foggy?"]]), ["Ann | home | Halifax | 0.5"]);
  assert.deepEqual(talk([["Bob", "is Tom still sick?"]]), []);
  assert.deepEqual(states("the sea is on my doorstep in Mumbles"), ["Ann | home | Mumbles"]);
  assert.deepEqual(["Galway", "Limerick", "Wexford"].map((x) => placesNamed(x)[0]?.country), ["IE", "IE", "IE"]);
});

test("'you two / you both … left X' is the listener's; 'back at mums in X', 'back with my parents in X' is a home", () => {
  assert.deepEqual(talk([["Ann", "I still can't believe you two packed up and left Albuquerque."]]), ["Bob | home | Albuquerque | ended"]);
  assert.deepEqual(states("back at mums in Birmingham like im 17"), ["Ann | home | Birmingham | 0.5"]);
  assert.deepEqual(states("back with my parents in Leeds for now"), ["Ann | home | Leeds | 0.5"]);
});

test("a joke's sign-off ('forward my mail', 'address all mail accordingly') marks the turn up to it as a joke; a plain move is not marked", () => {
  assert.deepEqual(states("i officially live at Confins airport now. gate 7. forward my mail"), ["Ann | home | Confins airport | 0.2"]);
  assert.deepEqual(states("it's -40 and I have officially relocated to Cancun. please address all mail accordingly"), ["Ann | home | Cancun | 0.2"]);
  assert.deepEqual(states("I have relocated to Cancun. The flat is lovely."), ["Ann | home | Cancun | change"]);
});

test("'I hope the new semester at X has started smoothly' is a wish for the listener's work, not the speaker's", () => {
  assert.deepEqual(talk([["Ann", "Good morning. I hope the new semester at Karavali Engineering College has started smoothly."]]), ["Bob | workplace | Karavali Engineering College | 0.5"]);
});

test("a town acting as the subject of a present clause of its own is a remark on living there ('Charlottetown gets its streets back'); a match, hearsay or what a town has is not", () => {
  assert.deepEqual(states("Beautiful and empty now. Charlottetown gets its streets back every September."), ["Ann | home | Charlottetown | 0.5"]);
  assert.deepEqual(states("Leeds play Chelsea tonight"), []);
  assert.deepEqual(states("Haha. Hobart sounds very peaceful."), []);
  assert.deepEqual(states("London has great museums"), []);
  assert.deepEqual(states("Charlottetown got its streets back last September."), []);
});

test("'glad to get out of X for a bit' names the home one leaves for a while; '<town> things' is what is typical of one's town; month and weekday abbreviations are no places", () => {
  assert.deepEqual(states("Glad to get out of Stirling for a bit, it's all roadworks"), ["Ann | home | Stirling | 0.5"]);
  assert.deepEqual(states("we were doing deliveries and swatting at the same time. Kisumu things"), ["Ann | home | Kisumu | 0.5"]);
  assert.deepEqual(states("I'm coming home in Dec! landing JKIA then"), []);
});

test("the speaker's own return told in the past ('when I came back to Izmir') names the home, not a trip out or a holiday; 'Winnipeg reached minus thirty-four' is weather", () => {
  assert.deepEqual(states("I was very happy to see the sea again when I came back to Izmir."), ["Ann | home | Izmir | 0.5"]);
  assert.deepEqual(states("I went back to Paris for a week"), []);
  assert.deepEqual(states("I'm coming back to Leeds"), []);
  assert.deepEqual(states("Winnipeg reached minus thirty-four this morning."), ["Ann | home | Winnipeg | 0.5"]);
});

test("a condition someone is reported to set ('my manager at X says if you …') leaves the statement before it; 'the one I work at, X' names the workplace", () => {
  assert.deepEqual(states("Also my branch manager at Heartland Credit Union says if you bring that peach cobbler again she'll open an account just for you."), ["Ann | workplace | Heartland Credit Union"]);
  assert.deepEqual(states("If I got the job I'd move to Leeds"), []);
  assert.deepEqual(states("I think I live on the M4 now, if you're sending a card send it there"), []);
  assert.deepEqual(states("the one I work at, Café Turri, the fancy one at the top of the hill."), ["Ann | workplace | Café Turri"]);
});

test("'at <town>' in one's own statement is where something happened, not an employer", () => {
  assert.deepEqual(states("We had a shipment of pepper rejected at Rotterdam this week over a moisture reading."), []);
  assert.deepEqual(states("Got my 5 year pin at Bluestone today lol"), ["Ann | workplace | Bluestone | 0.2"]);
});

test("weather over a town ('rain coming in sideways over Kendal') is the speaker's home; a town gridlocked or flooded now is a town remark", () => {
  assert.deepEqual(states("rain coming in sideways over barnsley, no gardening today"), ["Ann | home | Barnsley | 0.5"]);
  assert.deepEqual(states("Fog rolling in over Perth this morning."), ["Ann | home | Perth | 0.5"]);
  assert.deepEqual(states("ice on the roads and carlisle's gridlocked so I'm staying in"), ["Ann | home | Carlisle | 0.5"]);
  // no weather word, a flight, or a past trip: nothing
  for (const text of ["I flew over Kendal on the way to Glasgow.", "The plane circled over Perth for an hour.", "It rained over Kendal on our holiday last year."]) assert.deepEqual(states(text), [], text);
});

test("'u' in chat is 'you': 'kez u working at the Crown tonight' asks after the listener, and states nothing of the speaker", () => {
  assert.deepEqual(talk([["Bob", "kez u working at the crown tonight"]]).filter((l) => l.startsWith("Bob")), []);
  assert.deepEqual(talk([["Bob", "u still at Halvorsen Electric?"], ["Ann", "yep same place"]]), talk([["Bob", "you still at Halvorsen Electric?"], ["Ann", "yep same place"]]));
  // a letter inside a word or a name is left alone
  assert.deepEqual(states("I did a u-turn outside Halvorsen Electric."), []);
});

test("a verbless job fragment may open with an interjection and a comma ('nope, apprentice electrician at X now')", () => {
  assert.deepEqual(states("nope, apprentice electrician at Halvorsen Electric now. got zapped twice already"), ["Ann | workplace | Halvorsen Electric | 0.5"]);
  assert.deepEqual(states("yeah, nurse at Kettering General now"), ["Ann | workplace | Kettering General | 0.5"]);
  // a greeting before someone else's job, or a town: nothing
  assert.deepEqual(states("nope, my sister is a nurse at Kettering General."), ["Ann's sister | workplace | Kettering General"]);
  assert.deepEqual(states("yeah, teacher at Leeds."), []);
});

test("'Someone came into the shop today' then 'Which shop?': the teller's named reply is the workplace where customers come in", () => {
  const turns: [string, string][] = [["Ann", "A customer came into the shop today and asked for a blue book."], ["Bob", "Which shop is this, so I can visit?"], ["Ann", "Quillmore Books, on Causewayside."]];
  assert.deepEqual(talkLines(turns, ["workplace"]), ["Ann | workplace | Quillmore Books"]);
  // the speaker going into a shop is a customer; no question, no reading
  assert.deepEqual(talkLines([["Ann", "I went into the shop today for milk."], turns[1], turns[2]], ["workplace"]), []);
  assert.deepEqual(talkLines([turns[0], ["Bob", "Ha, nice."], turns[2]], ["workplace"]), []);
});

test("'Derby lad, before you ask' and 'then I'm a Sheffield man': a resident of a town, said of oneself", () => {
  assert.deepEqual(states("Derby lad, before you ask. Born and bred."), ["Ann | home | Derby | 0.5"]);
  assert.deepEqual(states("Then I'm a Sheffield man."), ["Ann | home | Sheffield | 0.5"]);
  // praise ("Good man."), someone else's, or a plural remark: nothing
  for (const text of ["Good man. Mine has been coming tomorrow for weeks.", "My brother is a Leeds lad.", "Leeds lads are the worst."]) assert.deepEqual(states(text), [], text);
});

test("an employer posting the speaker to a town ('my company posted me to Accra') is a move there; a stint, a plan or a refusal is not", () => {
  assert.deepEqual(states("My company posted me to Accra and I just stayed."), ["Ann | home | Accra | 0.5"]);
  assert.deepEqual(states("Work transferred me to Leeds in May."), ["Ann | home | Leeds | 0.5"]);
  for (const text of ["They sent me to Leeds for a month.", "They want to transfer me to Leeds.", "They haven't moved me to Leeds.", "They moved me to Leeds for the project.", "Did they transfer me to Leeds?"]) assert.deepEqual(states(text), [], text);
});

test("a reply to where one lives now may open with 'in' or name a dwelling in the town ('In Halifax.', 'Her spare room in Halifax.')", () => {
  const asked = (reply: string) => talk([["Bob", "where are you now?"], ["Ann", reply]]);
  assert.deepEqual(asked("In Halifax."), ["Ann | home | Halifax"]);
  assert.deepEqual(asked("Her spare room in Halifax. She has a garden."), ["Ann | home | Halifax"]);
  assert.deepEqual(asked("A flat in Leith, tiny."), ["Ann | home | Leith"]);
  for (const reply of ["In the garden.", "In bed lol", "Stuck in traffic in Leeds."]) assert.deepEqual(asked(reply), [], reply);
  // no question before it: nothing
  assert.deepEqual(talk([["Bob", "nice weather"], ["Ann", "In Halifax."]]), []);
});

test("a town asked alone as the turn's only question ('saw ur post!! Adelaide??') and answered yes is the listener's home; an echo or a suggestion is not", () => {
  assert.deepEqual(talk([["Bob", "saw ur post!! adelaide??"], ["Ann", "yep packed up and left in june."]]), ["Ann | home | Adelaide"]);
  assert.deepEqual(talk([["Bob", "Where should we meet? Leeds?"], ["Ann", "yes fine"]]), []);
  assert.deepEqual(talk([["Ann", "I'm in Durban now, moved for a job."], ["Bob", "Durban!? Wow"], ["Ann", "Warmer water, fewer parrots"]]), ["Ann | home | Durban | change"]);
});

test("'Dumaguete life' is a remark on the city one lives in; 'Highland life' or 'island life' is a way of living", () => {
  assert.deepEqual(states("The sunset on the boulevard is insane. Dumaguete life."), ["Ann | home | Dumaguete | 0.5"]);
  for (const text of ["Island life.", "Highland life", "Student life."]) assert.deepEqual(states(text), [], text);
});

test("a remark naming nothing before a reply that opens with a name ('lol I never update that. Lagos, Lekki side') is passed over; a denial is not", () => {
  const asked = (reply: string) => talk([["Bob", "where are you based these days?"], ["Ann", reply]]);
  assert.deepEqual(asked("lol I never update that. Lagos, Lekki side, been here three years"), ["Ann | home | Lagos"]);
  assert.deepEqual(asked("Sorry for the slow reply. Gemma says hi."), []);
  assert.deepEqual(asked("Where are YOU based? Leeds, right?"), []);
});

test("an organisation's wifi or intranet is the speaker's workplace, as its canteen is; a hotel's or a town's is not", () => {
  assert.deepEqual(states("on the platform until thursday. Equinor wifi is holding up for once"), ["Ann | workplace | Equinor | 0.5"]);
  for (const text of ["the hotel wifi is awful", "Leeds wifi is awful", "Tom's Corvale intranet is down"]) assert.deepEqual(states(text), [], text);
});

test("a where-question about a third person ('Where does your sister live?', 'Where's Tom working now?') gives the reply's name to that person", () => {
  assert.deepEqual(talk([["Ann", "My sister is visiting."], ["Bob", "Where does your sister live?"], ["Ann", "Leeds."]]), ["Ann's sister | home | Leeds"]);
  assert.deepEqual(talk([["Ann", "Tom is doing well."], ["Bob", "Where's Tom working now?"], ["Ann", "Brightwell Bakery, on the high street."]]), ["Tom | workplace | Brightwell Bakery"]);
  // a name first mentioned in the where-question is a person asked after (people.ts); no question: nothing for them
  assert.deepEqual(talk([["Bob", "Where does Zed live?"], ["Ann", "Leeds."]]).filter((l) => l.startsWith("Zed")), ["Zed | home | Leeds"]);
  assert.deepEqual(talk([["Ann", "My sister is visiting."], ["Bob", "Nice."], ["Ann", "Leeds."]]), []);
});

test("'moved (back) in with my sister in Margate' names the town after the company kept", () => {
  assert.deepEqual(states("I moved in with my sister in Margate."), ["Ann | home | Margate | change"]);
  assert.deepEqual(states("I moved back in with my parents in Leeds."), ["Ann | home | Leeds | change"]);
  assert.deepEqual(states("We moved in together in Leeds."), ["Ann | home | Leeds | change"]);
  assert.deepEqual(states("I moved in with Tom in March."), []);
});

test("a home found for someone ('we've found him a flat in Marlborough') is theirs; a care home is no one's own home; a relation keeps the name it was given ('my grandad Bill' … 'Grandad')", () => {
  const bill: [string, string] = ["Ann", "Off to see my grandad Bill this weekend."];
  assert.deepEqual(talk([bill, ["Ann", "Grandad had a fall. We've found him a flat in Marlborough."]]), ["Bill | home | Marlborough | change"]);
  assert.deepEqual(talk([bill, ["Ann", "Grandad had a fall. We've found him a care home in Marlborough."]]), ["Bill | home | Marlborough | 0.5"]);
  assert.deepEqual(states("The care home in Marlborough is hiring."), []);
  assert.deepEqual(states("We found a flat in Marlborough."), ["Ann | home | Marlborough | change"]);
  // an unnamed relation stays the holder's
  assert.deepEqual(talk([["Ann", "My grandad moved to Swindon."]]), ["Ann's grandad | home | Swindon | change"]);
});

test("inside a sentence, a capitalised adverb or adjective before a name opens the name ('at Sooner Electric')", () => {
  assert.deepEqual(states("nope, apprentice electrician at Sooner Electric now."), ["Ann | workplace | Sooner Electric | 0.5"]);
  // a sentence's first word, or a greeting, stays what it is
  assert.deepEqual(states("Happy Christmas from Leeds!"), ["Ann | home | Leeds | 0.5"]);
});

test("'for real??' after a home or a job is told: a reply naming a place corrects it ('nah invercargill.'); a town sends its regards", () => {
  const joke: [string, string] = ["Ann", "my fingers are frozen. i live in antarctica basically"];
  assert.deepEqual(talk([joke, ["Bob", "for real??"], ["Ann", "nah invercargill. bottom of the south island"]]), ["Ann | home | Antarctica | 0.2", "Ann | home | Invercargill"]);
  assert.deepEqual(talk([joke, ["Bob", "for real??"], ["Ann", "yes!! so cold"]]), ["Ann | home | Antarctica | 0.2"]);
  assert.deepEqual(talk([joke, ["Bob", "haha nice"], ["Ann", "Invercargill."]]), ["Ann | home | Antarctica | 0.2"]);
  assert.deepEqual(states("Invercargill sends its regards."), ["Ann | home | Invercargill | 0.5"]);
  assert.deepEqual(states("Mum sends her regards."), []);
});

test("'me and Callum found a flat in Perth': the speaker and the other both move; 'They found a house in Roundhay' with 'they' unresolved is nobody's known", () => {
  assert.deepEqual(states("I've moved. Me and Callum found a flat in Perth."), ["Ann | home | Perth | change", "Callum | home | Perth | change"]);
  assert.deepEqual(states("Got fed up with the rent, so me and my sister found a flat in Perth."), ["Ann | home | Perth | change", "Ann's sister | home | Perth | change"]);
  assert.deepEqual(states("They found a house in Roundhay."), []);
  assert.deepEqual(states("We found a house in Roundhay."), ["Ann | home | Roundhay | change"]);
});

test("'Home is a box room in Swindon': the town a common noun sits in; 'Home being …' is the same copula", () => {
  assert.deepEqual(states("Home is a box room in Swindon."), ["Ann | home | Swindon"]);
  assert.deepEqual(states("Home being a box room in Swindon which the landlord calls a studio."), ["Ann | home | Swindon"]);
  assert.deepEqual(states("Home is Leeds these days."), ["Ann | home | Leeds"]);
});

test("a first night in a town is a move; a move told with no place goes to the town named before it; a plan called off and a town left behind end it", () => {
  assert.deepEqual(states("First night in Nottingham. Boxes everywhere."), ["Ann | home | Nottingham | change | 0.5"]);
  assert.deepEqual(states("Our first week in Perth, the kids love it."), ["Ann | home | Perth | change | 0.5"]);
  assert.deepEqual(states("First night in Rome, the hotel is lovely."), []);
  // (asked, it presumes the listener's new home: test 35)
  assert.deepEqual(states("First night in Nottingham?"), ["Bob | home | Nottingham | 0.5"]);
  assert.deepEqual(states("I took the job at the bank in Charlotte and we moved in October."), ["Ann | workplace | bank | change", "Ann | home | Charlotte | change | 0.5"]);
  assert.deepEqual(states("We moved in October."), []);
  assert.deepEqual(states("Lisbon plan cancelled, the van needs a new clutch."), ["Ann | home | Lisbon | ended | 0.5"]);
  assert.deepEqual(states("The Leeds move is off."), ["Ann | home | Leeds | ended | 0.5"]);
  assert.deepEqual(states("Kirkcaldy's behind me now."), ["Ann | home | Kirkcaldy | ended | 0.5"]);
  assert.deepEqual(states("Pretoria traffic is behind me forever."), ["Ann | home | Pretoria | ended | 0.5"]);
  // a town that feels far away is no town one lives in
  assert.deepEqual(states("Lincoln already feels far away."), []);
});

test("'Which depot, the Royal Mail one?' answered 'That's the one' names the workplace; customers coming into a named place is where one serves", () => {
  assert.deepEqual(talk([["Ann", "Rota's out. Saturday lates at the depot again."], ["Bob", "Which depot, the Royal Mail one by the retail park?"], ["Ann", "That's the one. Sorting parcels till ten."]]), ["Ann | workplace | Royal Mail"]);
  assert.deepEqual(talk([["Ann", "Rota's out. Saturday lates at the depot again."], ["Bob", "Which depot, the Royal Mail one by the retail park?"], ["Ann", "Ha. Parcels till ten."]]), []);
  assert.deepEqual(states("Spring means everybody and their uncle comes into Kessler's Hardware wanting grass seed."), ["Ann | workplace | Kessler's Hardware | 0.5"]);
  assert.deepEqual(states("Everyone came into Tesco today."), ["Ann | workplace | Tesco | 0.5"]);
  for (const text of ["People come into London for work.", "Everyone I know comes into Tesco.", "My mum came into Tesco."]) assert.deepEqual(states(text), [], text);
});

test("'Still B3 at Queen's Medical Centre': a ward or shift between 'still' and 'at' leaves the workplace", () => {
  assert.deepEqual(states("Still B3 at Queen's Medical Centre. Nothing changes there."), ["Ann | workplace | Queen's Medical Centre"]);
  assert.deepEqual(states("Still Bob at the Plough."), []);
});

test("a name and a yes opening a turn ('Tegan yeah. still up in Darwin') make its subjectless remarks that person's; a subjectless sentence after one about a third person goes on about them", () => {
  assert.deepEqual(states("Tegan yeah. still up in Darwin, wet season now."), ["Tegan | home | Darwin | 0.5"]);
  assert.deepEqual(states("Ok. still up in Darwin, wet season now."), ["Ann | home | Darwin | 0.5"]);
  assert.deepEqual(states("Our supervisor Priya is leaving! Got a job with Severn Trent, the water lot."), ["Priya | workplace | Severn Trent | change"]);
  assert.deepEqual(states("Priya is leaving! I got a job with Severn Trent."), ["Ann | workplace | Severn Trent | change"]);
});

test("ordinary words and chat shorthand are no towns: 'Same shouting …', 'Heffers in December', 'Geelong tho', 'Nervous and weirdly happy'", () => {
  assert.deepEqual(states("Same shouting but at least it matters."), []);
  assert.deepEqual(states("Heffers in December is a war zone."), []);
  assert.deepEqual(states("Dundee in November is a test of character."), ["Ann | home | Dundee | 0.5"]);
  assert.deepEqual(states("bit of a commute from Geelong tho"), ["Ann | home | Geelong | 0.5"]);
  assert.deepEqual(talk([["Ann", "Last day at Maddox & Pryce today."], ["Bob", "And Monday?"], ["Ann", "Nervous and weirdly happy."]]), ["Ann | workplace | Maddox & Pryce | ended"]);
  // a question about him is not about the listener
  assert.deepEqual(talk([["Bob", "Is he settled in Bloemfontein?"]]), []);
  assert.deepEqual(talk([["Bob", "You settled in Bloemfontein?"]]), ["Ann | home | Bloemfontein | 0.5"]);
});

test("'You are at the hospital still?' and 'still coding … at Bitsmith?' ask about the listener's work a yes confirms; a name with a capitalised verb is one fragment", () => {
  assert.deepEqual(talk([["Bob", "Haha. You are at the hospital still?"], ["Ann", "yep, Alice Springs Hospital, emergency."]]), ["Ann | workplace | Alice Springs Hospital", "Ann | home | Alice | 0.5"]);
  assert.deepEqual(talk([["Bob", "You're at Tesco still?"], ["Ann", "yep."]]), ["Ann | workplace | Tesco"]);
  assert.deepEqual(talk([["Bob", "You? still coding for those boys at Bitsmith?"], ["Ann", "Yes yes, still with them."]]), ["Ann | workplace | Bitsmith"]);
  assert.deepEqual(talk([["Bob", "Still at the hospital?"], ["Ann", "yep, Alice Springs Hospital."], ["Ann", "left the hospital. Royal Flying Doctor Service, still based in Alice"]]), ["Ann | workplace | Alice Springs Hospital", "Ann | home | Alice | 0.5", "Ann | workplace | Alice Springs Hospital | ended", "Ann | workplace | Royal Flying Doctor Service | change", "Ann | home | Alice | 0.5"]);
});

test("a word that matches a town only without its accents ('God help me', Göd) is no town; 'everything's 10 minutes away' leaves the town one remarks on", () => {
  assert.deepEqual(states("28 small humans in my class this year, God help me"), []);
  assert.deepEqual(states("God is good!"), []);
  assert.deepEqual(states("Malmo is freezing."), ["Ann | home | Malmo | 0.5"]);
  assert.deepEqual(states("Las Cruces is smaller but everything's 10 minutes away."), ["Ann | home | Las Cruces | 0.5"]);
});

test("'Still herding sheep at St Mary's?' answered 'Ah, no!' ends it; 'at Easter' is a time; 'at Sundaram Motors I have been doing …' fronted is the workplace", () => {
  assert.deepEqual(talk([["Bob", "Long time. Still herding sheep at St Mary's?"], ["Ann", "Ah, no! I left at Easter. I'm at Little Acorns now."]]), ["Ann | workplace | St Mary's | ended", "Ann | workplace | Little Acorns | change"]);
  assert.deepEqual(talk([["Bob", "Still at Tesco?"], ["Ann", "Nope. Left in May."]]), ["Ann | workplace | Tesco | ended"]);
  assert.deepEqual(talk([["Bob", "Still at Tesco?"], ["Ann", "No, still there, sadly."]]), []);
  assert.deepEqual(states("I left at Easter."), []);
  assert.deepEqual(states("It's just that at Sundaram Motors I have been doing the same gearbox drawings for three years."), ["Ann | workplace | Sundaram Motors | 0.5"]);
  for (const text of ["At Tesco I bought milk.", "At Tesco I always buy milk.", "At Tesco I've been buying milk for years.", "At Heathrow I waited for hours."]) assert.deepEqual(states(text), [], text);
});

test("\"Hannah's a lead engineer now at Cascade Aviation\": 's before 'a' is 'is', and 'now' may stand before 'at'; 'at St Mary's now.' stays a possessive; a word of address opens no fragment", () => {
  assert.deepEqual(states("Hannah's a lead engineer now at Cascade Aviation."), ["Hannah | workplace | Cascade Aviation | change"]);
  assert.deepEqual(states("Hannah's a nightmare."), []);
  assert.deepEqual(talk([["Ann", "Tom is great."], ["Ann", "He's a nurse, at St Mary's now."]]), ["Tom | workplace | St Mary's | change"]);
  assert.deepEqual(talk([["Ann", "I've handed my notice in at the depot."], ["Bob", "Well done."], ["Ann", "Gran, ankle's all healed."]]), ["Ann | workplace | depot | ended"]);
});

test("'And you're back at the mine?' asks about the listener's work a yes names; 'a dumpling place in Braddon, Little Lantern' is Little Lantern; 'Much bigger kitchen' is no fragment", () => {
  assert.deepEqual(talk([["Bob", "And you're back at the mine?"], ["Ann", "yep, back on the haul trucks at Golden Mile Mining."]]), ["Ann | workplace | Golden Mile Mining"]);
  assert.deepEqual(states("trial shift tomorrow at a dumpling place in Braddon, Little Lantern. fingers crossed"), ["Ann | workplace | Little Lantern", "Ann | home | Braddon | 0.5"]);
  assert.deepEqual(states("We got a flat in Leith, Edinburgh."), ["Ann | home | Leith | change"]);
  assert.deepEqual(states("I've left Chez Gaston. Much bigger kitchen, banquets for three hundred."), ["Ann | workplace | Chez Gaston | ended"]);
});

test("'The bookshop? Wordsmith?' asks about the listener's work by its kind and a name; 'Ja that's the one' confirms it", () => {
  assert.deepEqual(talk([["Bob", "The bookshop? Wordsmith?"], ["Ann", "Ja that's the one, still there, still underpaid"]]), ["Ann | workplace | Wordsmith"]);
  assert.deepEqual(talk([["Bob", "The bookshop? Wordsmith?"], ["Ann", "lol what"]]), []);
  assert.deepEqual(talk([["Bob", "The beach? Brighton?"], ["Ann", "Yes!"]]), []);
});

test("'St James's Hospital working you to the bone?' presumes the listener's workplace; 'How is the Chicago summer treating you?' their home; 'Welcome to WhatsApp!' and 'Best hospital in Leeds' name nothing", () => {
  assert.deepEqual(talk([["Bob", "St James's Hospital working you to the bone again?"], ["Ann", "Always. Best hospital in Leeds, worst rota in Leeds."]]), ["Ann | workplace | St James's Hospital | 0.5"]);
  assert.deepEqual(talk([["Bob", "How is the Chicago summer treating you?"]]), ["Ann | home | Chicago | 0.5"]);
  assert.deepEqual(talk([["Bob", "How is the wedding treating you?"]]), []);
  assert.deepEqual(states("Welcome to WhatsApp!"), []);
  assert.deepEqual(states("Welcome to Boston."), ["Ann | home | Boston | 0.5"]);
});

test("news asked as a question ('Gran, did you hear Ailsa got the job?', 'Did you hear Tom moved to Leeds?') is told", () => {
  assert.deepEqual(states("Did you hear Tom moved to Leeds?"), ["Tom | home | Leeds | change"]);
  assert.deepEqual(states("Gran, have you heard Priya started at Asda?"), ["Priya | workplace | Asda | change"]);
  assert.deepEqual(states("Did you hear the news?"), []);
  assert.deepEqual(states("Did Tom move to Leeds?"), []);
});

test("what almost happened did not ('i almost moved to hoboken'); a stay for an offsite is a trip; weather seen on the news is the listener's", () => {
  assert.deepEqual(states("ngl i almost moved to hoboken out of spite"), []);
  assert.deepEqual(states("I almost quit Tesco today."), []);
  assert.deepEqual(states("I nearly always work at Tesco on Sundays."), ["Ann | workplace | Tesco"]);
  assert.deepEqual(states("i'll be in Berlin for the nordwave offsite anyway, send pics"), []);
  assert.deepEqual(talk([["Bob", "Saw the ice storm in Toronto on the news, are you alive"]]), ["Ann | home | Toronto | 0.5"]);
  assert.deepEqual(talk([["Bob", "Saw the floods in Leeds on the news."]]), []);
});

test("'Your sister was the one up north?' 'Tegan yeah. still up in Darwin, …, she sent me a video': the name names the sister, the home is hers; weather another reports is not the speaker's", () => {
  assert.deepEqual(talkLines([["Bob", "How's your family? Your sister was the one up north, wasn't she?"], ["Ann", "Tegan yeah. still up in Darwin, wet season now, she sent me a video of a croc"]], ["home", "family"]), ["Ann | family | sister Tegan", "Tegan | home | Darwin | 0.5"]);
  assert.deepEqual(states("My sister says it's freezing in Oslo."), []);
  assert.deepEqual(states("It's freezing in Oslo, my sister says."), []);
});

test("a move the speaker spoke of ('thinking seriously about moving up to Newcastle') is where a later placeless move goes ('did it!! moved up on the weekend')", () => {
  assert.deepEqual(talk([["Ann", "thinking seriously about moving up to Newcastle. mate's got a spare room"], ["Ann", "did it!! moved up on the weekend."]]), ["Ann | home | Newcastle | change | 0.5"]);
  assert.deepEqual(talk([["Ann", "My brother is thinking about moving to Newcastle."], ["Ann", "We moved on the weekend."]]), []);
  assert.deepEqual(talk([["Ann", "I'm not moving to Newcastle."], ["Ann", "We moved on the weekend."]]), []);
});

test("'I've never lived outside Karachi' is a home, not an ending", () => {
  assert.deepEqual(states("I've never lived outside Karachi in my life"), ["Ann | home | Karachi"]);
  assert.deepEqual(states("I don't live in Leeds anymore."), ["Ann | home | Leeds | ended"]);
});

test("'I never lived outside Kyoto before', said on moving away, stays an ending", () => {
  assert.deepEqual(states("I am nervous, I never lived outside Kyoto before."), ["Ann | home | Kyoto | ended"]);
});

test("'Still Runcorn, sat in the rain': a town after a bare 'still' is the speaker's home; an organisation is not read so", () => {
  assert.deepEqual(states("Still Runcorn, sat in the rain."), ["Ann | home | Runcorn"]);
  assert.deepEqual(states("Yes, still Wipro, still Chennai."), ["Ann | home | Chennai"]);
  assert.deepEqual(states("still Leeds United till I die"), []);
});

test("'your shift at X' and 'your house in X' are the listener's, never the speaker's", () => {
  assert.deepEqual(talk([["Ann", "I hope your shift at Kirkby Hospital wasn't too long today."]]), ["Bob | workplace | Kirkby Hospital | 0.5"]);
  assert.deepEqual(talk([["Ann", "I hope your shift at the clinic went well."]]), []);
  assert.deepEqual(talk([["Ann", "Your cousin said there was a party at your house in Dunford."]]), ["Bob | home | Dunford"]);
  // the listener's own verb may take the house away
  assert.deepEqual(talk([["Ann", "I heard you sold your flat in Dunford."]]), []);
});

test("an idiom before a name: 'Classic Trevor.' names a person, 'Only in Abergavenny.' and 'Classic Bristol.' a home", () => {
  assert.deepEqual(states("Classic Trevor."), []);
  assert.deepEqual(states("Typical Dave."), []);
  assert.deepEqual(states("Classic Bristol."), ["Ann | home | Bristol | 0.5"]);
  assert.deepEqual(states("Only in Abergavenny."), ["Ann | home | Abergavenny | 0.5"]);
});

test("'Is that still X or did they rebrand?' asks after the listener's workplace; 'still at the check-in desk?' names none", () => {
  assert.deepEqual(talk([["Bob", "Back into the depot tomorrow, God help me."], ["Ann", "Is that still Marlow Freight or did they rebrand?"], ["Bob", "Still Marlow Freight. The sign's lost a letter."]]), ["Bob | workplace | Marlow Freight"]);
  assert.deepEqual(talk([["Bob", "you still at the check-in desk then?"], ["Ann", "Ya still. Same uniform, same sore feet"]]), []);
});

test("'moving back to my parents in X' is a move home; 'Come over to X' invites to the speaker's town, not to a shop, a country or back", () => {
  assert.deepEqual(states("Ok, decided. Moving back to my parents in Tarnby."), ["Ann | home | Tarnby | planned | 0.5"]);
  assert.deepEqual(states("I moved to my nan's in Tarnby."), ["Ann | home | Tarnby | change"]);
  assert.deepEqual(states("I'm not moving back to my parents in Tarnby."), []);
  assert.deepEqual(states("Come over to Whitby on your day off and we'll get chips."), ["Ann | home | Whitby | 0.5"]);
  assert.deepEqual(states("You should come up to Tarnby some weekend."), ["Ann | home | Tarnby | 0.5"]);
  for (const text of ["Come back to Tarnby, we miss you!", "Come to the Tarnby match with me.", "Come to Norway in June!", "Don't come to Tarnby, it's grim."]) assert.deepEqual(states(text), [], text);
});

test("'the end of my road in X' is the speaker's home; a verb of something else's leaves it there", () => {
  assert.deepEqual(states("Get the tram, it stops at the end of my road in Tarnby now."), ["Ann | home | Tarnby"]);
});

test("a yes to 'Is this still X?' that says which town X is in keeps X; 'Tradition apparently.' names no new workplace; 'Day three at X.'", () => {
  assert.deepEqual(talk([["Bob", "Is this still Westwood Primary?"], ["Ann", "aye, same wee school in East Kilbride"]]), ["Ann | workplace | Westwood Primary"]);
  assert.deepEqual(states("Last shift at Lagan Cold Store done. The lads gave me a frozen chicken as a leaving present. Tradition apparently."), ["Ann | workplace | Lagan Cold Store | ended"]);
  assert.deepEqual(states("Day three at Skyscanner. They have a slide."), ["Ann | workplace | Skyscanner | 0.5"]);
});

test("'cabin crew now, Cebu Pacific.' after a no names the new workplace; the keys to a dwelling make a new home; a move's turn drops its own remark on the old town", () => {
  assert.deepEqual(talk([["Bob", "still at Coral Bay Resort?"], ["Ann", "nope! cabin crew now, Cebu Pacific. 6 weeks in"]]), ["Ann | workplace | Coral Bay Resort | ended", "Ann | workplace | Cebu Pacific | change"]);
  assert.deepEqual(talk([["Bob", "Still at the bank?"], ["Ann", "No, left in May. Staff nurse now, Royal Derby Hospital."]]), ["Ann | workplace | bank | ended", "Ann | workplace | Royal Derby Hospital | change"]);
  assert.deepEqual(states("Drowning in boxes. We finally got the keys to the Bishan flat!"), ["Ann | home | Bishan | change"]);
  assert.deepEqual(states("I lost the keys to the Tarnby flat."), []);
  assert.deepEqual(states("Got fed up with the rent in Tarnby, so me and Callum found a flat in Dunford."), ["Ann | home | Dunford | change", "Callum | home | Dunford | change"]);
});

test("greetings and wishes: 'greetings from X' is the speaker's town, 'I hope all is well in X' the listener's, a trip wished well is neither", () => {
  assert.deepEqual(states("Dear Jonas, greetings from Bengaluru!"), ["Ann | home | Bengaluru | 0.5"]);
  assert.deepEqual(talk([["Ann", "Hi Bob, I hope all is well in Coimbatore."]]), ["Bob | home | Coimbatore | 0.5"]);
  assert.deepEqual(talk([["Ann", "I hope Thiruvananthapuram is treating you well."]]), ["Bob | home | Thiruvananthapuram | 0.5"]);
  assert.deepEqual(talk([["Ann", "I hope the monsoon has been gentle with Dharwad this year."]]), ["Bob | home | Dharwad | 0.5"]);
  assert.deepEqual(talk([["Ann", "I hope you had a lovely time in Paris."]]), []);
  assert.deepEqual(talk([["Ann", "I hope Priya is well."]]), []);
});

test("'my place in downtown Toronto' is Toronto; 'my friends back in X' and 'in X every single weekend' are no home; whom one heard from is a person", () => {
  assert.deepEqual(states("I drive in against the traffic from my place in downtown Toronto."), ["Ann | home | Toronto"]);
  assert.deepEqual(states("What I miss most is my friends back in Bengaluru."), []);
  assert.deepEqual(states("We've been in Medicine Hat every single weekend since Easter."), []);
  assert.deepEqual(talk([["Bob", "Have you heard from Ashwin lately?"], ["Ann", "Last I heard he was still in Waterloo."]]), ["Ashwin | home | Waterloo"]);
});

test("'like we're in Cancún' is a likeness, no home; a name 'she' stood for is a person in later sessions, so 'How's Noor?' asks after no town", () => {
  assert.deepEqual(states("Marlene keeps the heat at 24 like we're in Cancún."), []);
  assert.deepEqual(states("It's so hot, as if I'm in Dubai."), []);
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  talk([["Ann", "Noor made feijoa chutney, she's leaving a jar on your step."]], ctx);
  assert.deepEqual(talk([["Bob", "How's Noor?"]], nextSession(ctx, ["Ann", "Bob"])), []);
});

test("the hour in a town is the speaker's ('It is nine o'clock in Bhubaneswar'); 'StatCan' is answered with the full name the evidence gives", () => {
  assert.deepEqual(states("It is nine o'clock in Bhubaneswar and I am still at my desk."), ["Ann | home | Bhubaneswar | 0.5"]);
  assert.deepEqual(states("It's 3am here in Auckland, can't sleep."), ["Ann | home | Auckland | 0.5"]);
  assert.deepEqual(states("It is nine o'clock in the morning."), []);
});
