/** Times are no places, a district after its town, one reading of a name per turn, and the ranker's admissible names; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import type { Triple } from "../types.js";
import { isTimeName, NAME_SHAPE_FEATURES } from "./name-context.js";
import { dropCrossedReadings } from "./news.js";
import { admissible, RANKER_FEATURES } from "./ranker.js";
import { talkLines, memoryOfTurns } from "./testing.js";
import type { EvidenceItem } from "../types.js";
import { namedAsPeople } from "./evidence-names.js";
import { mayLieInCountry } from "./gazetteer.js";
import { answerOffline, questionStates } from "./offline.js";
import { query } from "../query.js";
import type { Memory } from "../engine.js";

const ask = (mem: Memory, q: string) => answerOffline(query(mem, q, { stateAttributes: questionStates(q) }));
const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace", "within"]);

test("a time is a day, a month, a holiday or a season, singular or plural, and never a name in capitals", () => {
  for (const v of ["Christmas", "Tuesdays", "Tuesday", "Easter", "Diwali", "Sundays", "July"]) assert.equal(isTimeName(v), true, v);
  for (const v of ["SATS", "Paris", "Chrissie", "Tesco", "Wednesbury"]) assert.equal(isTimeName(v), false, v);
});

test("a time is no home and no workplace: 'Tuesdays and Thursdays, yes' answers when, not where", () => {
  const lines = talk([
    ["Bob", "Are you still doing the two days a week at the Royal Infirmary?"],
    ["Ann", "Tuesdays and Thursdays, yes. The pharmacy team would be lost without me."],
  ]);
  assert.equal(lines.some((l) => /Tuesdays|Thursdays/.test(l)), false, lines.join("; "));
});

test("a district after its town, with where in the town it lies, is the home within the town; a region after a town is not", () => {
  assert.deepEqual(talk([["Ann", "We're in Toronto, Leslieville in the east end, in a wee semi."]]), ["Ann | home | Toronto", "Ann | home | Leslieville", "Leslieville | within | Toronto"]);
  assert.deepEqual(talk([["Ann", "Still in Seattle, Capitol Hill up the top of Pine."]]), ["Ann | home | Seattle", "Ann | home | Capitol Hill", "Capitol Hill | within | Seattle"]);
  // ("Texas", "Iowa": no town of the gazetteer, and nothing says where in the town)
  assert.deepEqual(talk([["Ann", "I live in Austin, Texas."]]), ["Ann | home | Austin"]);
  assert.deepEqual(talk([["Ann", "I live in Des Moines, Iowa in the summer."]]), ["Ann | home | Des Moines"]);
  // a place after its town with "in", set off by a comma or after a dwelling
  assert.deepEqual(talk([["Ann", "Good! I'm up in Portland, Maine, in an old house in the West End with very creaky stairs."]]), ["Ann | home | Portland", "Ann | home | West End", "West End | within | Portland"]);
  assert.deepEqual(talk([["Ann", "I'm in Toronto for a few years, in Leslieville."]]), ["Ann | home | Leslieville", "Ann | home | Toronto", "Leslieville | within | Toronto"]);
  // (a flat by the canal names no place)
  assert.deepEqual(talk([["Ann", "I live in Leeds, in a flat by the canal."]]), ["Ann | home | Leeds"]);
  // (a person after the comma is no district)
  assert.deepEqual(talk([["Ann", "I'm in London, Tom says hi."]]), ["Ann | home | London"]);
});

test("one name read firmly as a workplace and weakly as a home of the same entity keeps the firm reading", () => {
  const t = (attribute: string, value: string, confidence?: number): Triple => ({ entity: "Ann", attribute, value, kind: "state", ...(confidence ? { confidence } : {}) });
  const triples = [t("home", "Flipkart", 0.5), t("workplace", "Flipkart"), t("home", "Bengaluru", 0.5)];
  dropCrossedReadings(triples);
  assert.deepEqual(triples, [t("workplace", "Flipkart"), t("home", "Bengaluru", 0.5)]);
  // both weak, or both firm: both stay (nothing says which)
  const weak = [t("home", "Aramco", 0.5), t("workplace", "Aramco", 0.5)];
  dropCrossedReadings(weak);
  assert.equal(weak.length, 2);
  const firm = [t("home", "Leeds"), t("workplace", "Leeds")];
  dropCrossedReadings(firm);
  assert.equal(firm.length, 2);
});

test("the ranker admits no English word that only opens a sentence ('Cold?'), but one after a preposition", () => {
  const x = (on: string[]) => RANKER_FEATURES.map((f) => (on.includes(f) ? 1 : 0));
  assert.equal(admissible("workplace", x(["spoken", "question", "opening", "commonWord"])), false);
  assert.equal(admissible("workplace", x(["spoken", "opening", "commonWord", "before_at"])), true);
  assert.equal(admissible("workplace", x(["spoken", "opening", "multiWord"])), true);
  assert.ok(NAME_SHAPE_FEATURES.slice(0, 9).every((f) => f.startsWith("before_")));
});

test("a country by the short name English gives it, or a nation of the United Kingdom, is a country", async () => {
  const { isCountry } = await import("./gazetteer.js");
  for (const v of ["US", "the UK", "Scotland", "Wales", "Spain", "United Kingdom"]) assert.equal(isCountry(v), true, v);
  for (const v of ["Leeds", "Georgia Tech", "Jersey City"]) assert.equal(isCountry(v), false, v);
});

test("a word with a letter drawn out three times is a cry, no name", async () => {
  const { analyse, isName } = await import("./nlp.js");
  const s = analyse("Yayyy Luton Airport finally said yes!")[0];
  assert.equal(isName(s[0]), false);
  assert.equal(isName(s[1]), true);
});

test("initials before a name are its first word ('with BC Ferries'); 'in A&E' is no home; 'with two kids' no workplace", () => {
  assert.deepEqual(talk([["Ann", "I've been with BC Ferries long enough that the seagulls know me."]]), ["Ann | workplace | BC Ferries"]);
  assert.deepEqual(talk([["Ann", "Still at King's, up at Denmark Hill, still in A&E, still eating lunch standing up."]]), ["Ann | workplace | King's"]);
  assert.deepEqual(talk([["Ann", "I basically do this job with two kids."]]), []);
});

test("'Which factory do you work at?' and 'Who do you work for?' ask where the listener works", () => {
  assert.deepEqual(talk([["Bob", "Which factory do you work at again?"], ["Ann", "Intel, six years already."]]), ["Ann | workplace | Intel"]);
  assert.deepEqual(talk([["Bob", "Who do you work for now?"], ["Ann", "Intel, six years already."]]), ["Ann | workplace | Intel"]);
});

test("an ordinary word opening a reply before 'since' names nothing ('Permanent since last summer')", () => {
  assert.deepEqual(talk([["Bob", "Ha, you're still at the library then?"], ["Ann", "It was, and then it wasn't. Permanent since last summer."]]), []);
});

test("'where r u even working now' and 'Any news on the job front?' ask about the listener's work", () => {
  assert.deepEqual(talk([["Bob", "where r u even working now"], ["Ann", "Delta, the corporate office by the airport."]]), ["Ann | workplace | Delta"]);
  assert.deepEqual(talk([["Bob", "Any news on the job front?"], ["Ann", "Acme Robotics, still. Same desk."]]).filter((l) => l.includes("workplace")).length, 1);
});

test("'Where are you again?' asks the listener's home; 'How's the new-ish job?' the listener's work", () => {
  assert.deepEqual(talk([["Bob", "Where are you again, Walthamstow or the other one"], ["Ann", "Walthamstow, you've been here twice!!"]]), ["Ann | home | Walthamstow"]);
  assert.deepEqual(talk([["Bob", "How's the new-ish job?"], ["Ann", "Fine. Ocado still feels massive."]]), ["Ann | workplace | Ocado | 0.5"]);
});

test("the daily way out to a name that is no town is to work ('still driving out to Glanbia every morning')", () => {
  assert.deepEqual(talk([["Ann", "Still here, still driving out to Glanbia every morning, still complaining about it."]]), ["Ann | workplace | Glanbia | 0.5"]);
  assert.deepEqual(talk([["Ann", "I drive to Leeds every morning."]]), []);
  assert.deepEqual(talk([["Ann", "We drove to Glanbia every morning last year."]]), []);
});

test("the listener's landlord or neighbours in a place: the listener's home ('Your landlord in Moss Side is a shark')", () => {
  assert.deepEqual(talk([["Ann", "Your landlord in Leeds is a shark."]]), ["Bob | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Ann", "My landlord in Leeds is a shark."]]), ["Ann | home | Leeds | 0.5"]);
});

test("shifts one has worked, counted, somewhere: the workplace ('I'd just done three nights in a row at University Hospital Limerick')", () => {
  assert.deepEqual(talk([["Ann", "I'd just done three nights in a row at University Hospital Limerick."]]), ["Ann | workplace | University Hospital Limerick | 0.5"]);
});

test("a sentence opening with the way out ('Out to Glanbia every morning.') reads without failing", () => {
  assert.doesNotThrow(() => talk([["Ann", "Out to Glanbia every morning."]]));
});

test("a name the grammar makes a person's is no answer: 'Donal says', 'Give Donal my best', 'Donal's brother'", () => {
  const item = (text: string) => ({ text, observation: text, entity: "Ann", attribute: "chat", timestamp: 0, evidenceId: text, filled: false }) as unknown as EvidenceItem;
  assert.deepEqual(namedAsPeople([item("Ann: The hedge man has won. Donal says it's not worth the war.")]), ["Donal"]);
  assert.deepEqual(namedAsPeople([item("Bob: Give Donal my best.")]), ["Donal"]);
  assert.deepEqual(namedAsPeople([item("Ann: Donal's brother left us his cottage.")]), ["Donal"]);
  // (an employer may say things too, when the evidence also puts it after "at"; a town never is a person)
  assert.deepEqual(namedAsPeople([item("Ann: Boots says I'm on nights."), item("Ann: Still at Boots.")]), []);
  assert.deepEqual(namedAsPeople([item("Ann: Leeds says hello.")]), []);
  // a relation's name, a name beside a word for a person, a name called after an interjection, a person's own things
  assert.deepEqual(namedAsPeople([item("Ann: My flatmate Deepa just signed up with an agency.")]), ["Deepa"]);
  assert.deepEqual(namedAsPeople([item("Bob: Yeah sorry, new baby! Little girl, Ruby.")]), ["Ruby"]);
  assert.deepEqual(namedAsPeople([item("Ann: Lol Jenna.")]), ["Jenna"]);
  assert.deepEqual(namedAsPeople([item("Ann: Ravi's hands are wrecked.")]), ["Ravi"]);
  // ("the Lowe's job", "at the Lowe's in Lafayette": a name after an article is a shop's)
  assert.deepEqual(namedAsPeople([item("Ann: Took the Lowe's job.")]), []);
  const mem = memoryOfTurns([
    ["Bob", "I hope Limerick is treating you well and that Donal took you somewhere nice."],
    ["Ann", "The hedge man has won, we're cutting it back. Donal says it's not worth the war."],
    ["Bob", "Peace in our time! Give Donal my best."],
  ]);
  assert.notEqual(ask(mem, "Where does Bob work now?"), "Donal");
});

test("a home that is a country is answered with the town of the evidence that lies in it, as an address is written", () => {
  assert.equal(mayLieInCountry("Leipzig", "Germany"), true);
  assert.equal(mayLieInCountry("Leipzig", "Portugal"), false);
  assert.equal(mayLieInCountry("Cardiff", "Wales"), true);
  assert.equal(mayLieInCountry("Cathays", "Wales"), true);
  const said = (country: string) => memoryOfTurns([["Ann", `I live in ${country} now, moved last spring.`], ["Bob", "How is it?"], ["Ann", "Good! The trams in Leipzig were late again today though."]]);
  assert.equal(ask(said("Germany"), "Where does Ann live now?"), "Leipzig, Germany");
  // (a town that lies elsewhere is no part of the answer)
  const mem2 = said("Portugal");
  assert.equal(ask(mem2, "Where does Ann live now?"), "Portugal");
});

test("a workplace told only by a kind of workplace is answered with the name of one the evidence gives, of that kind first", () => {
  const mem = memoryOfTurns([["Ann", "I work at the hospital, nights mostly."], ["Bob", "Tough."], ["Ann", "The car park at Westmead Hospital is a nightmare though."]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Westmead Hospital");
  // (or one told with the kind's word: "the bakery … Crumbs Bakehouse")
  const mem2 = memoryOfTurns([["Ann", "I work at the bakery downstairs, early starts."], ["Bob", "Nice."], ["Ann", "The bakery is Crumbs Bakehouse, best rye in town, if I say so myself."]]);
  assert.equal(ask(mem2, "Where does Ann work now?"), "Crumbs Bakehouse");
  // (not a name told apart from the kind: the kind was perhaps a joke, which the belief's confidence weighs)
  const mem3 = memoryOfTurns([["Ann", "I work at the bakery downstairs, early starts."], ["Bob", "Nice."], ["Ann", "Crumbs Bakehouse does the best rye in town, if I say so myself."]]);
  assert.equal(ask(mem3, "Where does Ann work now?"), "bakery downstairs");
  // (a common noun that is no kind of workplace is left to the belief's confidence: "my real employer is the coffee machine";
  // the name is the listener's here, since Ann's own "Kestrel Analytics has free coffee at least" is read as her workplace)
  assert.equal(ask(memoryOfTurns([["Ann", "I work at the coffee machine, basically."], ["Bob", "Kestrel Analytics has free coffee at least."]]), "Where does Ann work now?"), "coffee machine");
  // (no name anywhere: the kind)
  assert.equal(ask(memoryOfTurns([["Ann", "I work at the hospital, nights mostly."], ["Bob", "Tough."]]), "Where does Ann work now?"), "hospital");
});

test("an English word that opens a sentence is no town remarked on, unless a verb follows it ('Bath is so much calmer')", () => {
  assert.deepEqual(talk([["Ann", "On the ferry from Manly again. Best commute in the world."]]).filter((l) => l.includes("Best")), []);
  assert.deepEqual(talk([["Ann", "Honestly the best thing we ever did. Bath is so much calmer than Brighton."]]).filter((l) => l.startsWith("Ann | home | Bath")).length, 1);
});

test("'Where in KL are you again?' asks the listener's home; 'our apartment building in Al Barsha' is the speaker's", () => {
  const lines = talkLines([["Nurul", "Now I'm back home in KL already."], ["Emre", "Where in KL are you again?"], ["Nurul", "Cheras, near the Taman Connaught night market. Very dangerous for my diet."]], ["home"], { speakers: ["Nurul", "Emre"] });
  assert.ok(lines.includes("Nurul | home | Cheras"), lines.join("; "));
  assert.deepEqual(talkLines([["Luz", "Hot! But our apartment building in Al Barsha has a pool."]], ["home"], { speakers: ["Luz", "Kenji"] }), ["Luz | home | Al Barsha | 0.5"]);
});

test("a name the memory holds as a home is no workplace read from the evidence ('Where does Mei work?' is not her Cheras)", () => {
  const mem = memoryOfTurns([["Ann", "Teh tarik was good. There's a very good one near my house in Cheras."], ["Bob", "Deal. But your side jam like crazy."], ["Ann", "Cheras jam is a lifestyle."]]);
  assert.equal(ask(mem, "Where does Ann live now?"), "Cheras");
  assert.notEqual(ask(mem, "Where does Ann work now?"), "Cheras");
});

test("'Which part of Toronto?' asks where in the town the listener lives: the reply's place lies within it", () => {
  const turns: [string, string][] = [["Ann", "Okay bot, I live in Toronto, I'm freezing."], ["Bob", "Ha. Which part of Toronto?"], ["Ann", "Scarborough. Lots of space, long bus ride downtown."]];
  assert.ok(talk(turns).includes("Scarborough | within | Toronto"), talk(turns).join("; "));
  assert.equal(ask(memoryOfTurns(turns), "Where does Ann live now?"), "Scarborough, Toronto");
  // (England's Scarborough, as big as a city, does not stop the one the question places in Toronto; Manchester is no part of London)
  assert.equal(ask(memoryOfTurns([["Ann", "I live in London these days."], ["Bob", "Which part of London?"], ["Ann", "Manchester. Long story."]]), "Where does Ann live now?").includes("Manchester, London"), false);
  // (not of someone else: "Which part of Leeds is your sister in?")
  assert.equal(talk([["Bob", "Which part of Leeds is your sister in?"], ["Ann", "Headingley. Student land."]]).some((l) => l.startsWith("Ann | home")), false);
});

test("'Tell it where you live' asks as a question does; 'Kreuzberg. Berlin.' is the home within the town after it", () => {
  const turns: [string, string][] = [["Bob", "It is. Tell it where you live so it stops asking me."], ["Ann", "Kreuzberg. Berlin. Next to a kebab shop that never closes."]];
  assert.ok(talk(turns).includes("Kreuzberg | within | Berlin"), talk(turns).join("; "));
  assert.equal(ask(memoryOfTurns([...turns, ["Bob", "Dream."], ["Ann", "You need a holiday. Come to Berlin."]]), "Where does Ann live now?"), "Kreuzberg, Berlin");
  assert.ok(talk([["Bob", "Right, go on, tell the robot where you are."], ["Ann", "Rathmines. Dublin. Paying more for one room than you pay for a house."]]).includes("Ann | home | Rathmines"));
  // (a dictionary word opening a remark is no name: the reply is the next sentence)
  const lines = talk([["Bob", "Tell it where you are so it can remind me."], ["Ann", "Good idea, you were late by two weeks last year. Gurgaon, Sector 56."]]);
  assert.equal(lines.some((l) => l.includes("Good")), false, lines.join("; "));
});

test("'Do you still live in Johannesburg?' is a still-question: 'Pretoria, actually' names the home, not a yes", () => {
  const lines = talk([["Bob", "Do you still live in Johannesburg? I'm trying to work out the time difference."], ["Ann", "Pretoria, actually, always has been. Hatfield, close to the university."]]);
  assert.ok(lines.includes("Ann | home | Pretoria"), lines.join("; "));
  assert.equal(lines.includes("Ann | home | Johannesburg"), false, lines.join("; "));
});

test("'Walked home to Drumcondra in the drizzle': the way home on foot or by bike, told in the past, is still the daily way", () => {
  assert.ok(talk([["Ann", "Walked home to Drumcondra in the drizzle and a lad asked me the way to Croke Park."]]).some((l) => l.startsWith("Ann | home | Drumcondra")));
  assert.ok(talk([["Ann", "Biked home to Kralingen in the rain again. Very Dutch of me."]]).some((l) => l.startsWith("Ann | home | Kralingen")));
  // (a drive home in the past is a trip: "Drove home to Cork for the weekend")
  assert.equal(talk([["Ann", "Drove home to Cork last night, Mam's birthday."]]).some((l) => l.startsWith("Ann | home | Cork")), false);
});

test("'I'm in Gachibowli now, it's twice the size': a clause after a comma says nothing of a short stay", () => {
  assert.ok(talk([["Ann", "I'm in Gachibowli now, the flat's twice the size."]]).some((l) => l.startsWith("Ann | home | Gachibowli") && !l.endsWith("0.5")));
  // ("twice" of the stay itself still makes it a trip)
  assert.equal(talk([["Ann", "I'm in Lisbon twice this month, for work."]]).some((l) => l.startsWith("Ann | home | Lisbon")), false);
});

test("'I'm in the renal unit at Westmead now, did I tell you?': a tag that asks nothing leaves the statement, and a unit names its hospital", () => {
  assert.ok(talk([["Ann", "I'm in the renal unit at Westmead now, did I tell you? Since March."]]).some((l) => l.startsWith("Ann | workplace | Westmead")));
  // (a town after a unit only: "I'm in the pub at Leeds" names no workplace)
  assert.equal(talk([["Ann", "I'm in the pub at Leeds."]]).some((l) => l.includes("workplace | Leeds")), false);
  // (a guess at the listener stays a question: "You're at Westmead now, did I tell you?" is no statement of Ann's)
  assert.equal(talk([["Ann", "You're at Westmead now, did I tell you?"]]).some((l) => l.startsWith("Ann | workplace")), false);
});

test("'I am software developer at SAP': a job without its article, as many write English, still names the workplace", () => {
  assert.deepEqual(talk([["Ann", "I am software developer at SAP in Walldorf."]]).filter((l) => l.includes("workplace")), ["Ann | workplace | SAP"]);
  assert.ok(talk([["Ann", "I am teacher in Mannheim."]]).includes("Ann | home | Mannheim"));
});

test("'Where does Carmen work?' is answered by a workplace the evidence names before a job ('You are only pharmacist')", () => {
  const mem = memoryOfTurns([["Bob", "You are not a grandmother. You are only a pharmacist, haha."], ["Ann", "Ha. Farmacia Plaza Mayor is full of students with hangovers every morning."]]);
  assert.equal(ask(mem, "Where does Ann work now?"), "Farmacia Plaza Mayor");
});

test("'getting to the NIH campus takes an hour': the way to a named organisation's site is the way to work", () => {
  assert.ok(talk([["Ann", "Great, except the commute. I'm in Silver Spring and getting to the NIH campus takes an hour on a bad day."]]).some((l) => l.startsWith("Ann | workplace | NIH")));
  // (a town's office is some firm's, not the town: "the Leeds office")
  assert.equal(talk([["Ann", "Getting to the Leeds office takes forever."]]).some((l) => l.includes("workplace | Leeds")), false);
});

test("'still with the pharmacy?' 'Yep, the Shoppers on Whyte Avenue': a yes names the workplace asked after by its kind", () => {
  const lines = talk([["Bob", "And you, still with the pharmacy?"], ["Ann", "Yep, the Shoppers on Whyte Avenue, a ten-minute walk from my apartment."]]);
  assert.ok(lines.includes("Ann | workplace | Shoppers"), lines.join("; "));
  // (asked after by its name, the yes keeps it: "still at Fonterra?" "Yep, the Te Rapa site.")
  assert.ok(talk([["Bob", "First one, are you still at Fonterra?"], ["Ann", "Yep, the Te Rapa site. Home's fifteen minutes up the road."]]).includes("Ann | workplace | Fonterra"));
});

test("'Whereabouts in Lucknow again?' asks where in the town the listener lives, as 'which part of' does", () => {
  const lines = talk([["Bob", "Ah right, I keep forgetting you went back home. Whereabouts in Lucknow again?"], ["Ann", "Gomti Nagar, my parents' place. The second floor is ours."]]);
  assert.ok(lines.includes("Gomti Nagar | within | Lucknow"), lines.join("; "));
});

test("'I get home to Kharadi around seven if the traffic behaves': a habit with its time, then 'if', states the habit", () => {
  assert.ok(talk([["Ann", "After eight my time. I get home to Kharadi around seven if the traffic behaves, which it never does"]]).some((l) => l.startsWith("Ann | home | Kharadi")));
  // (a change or a modal before the "if" is a plan or a wish: no home)
  assert.equal(talk([["Ann", "I'd live in Leeds every day if I could."]]).some((l) => l.startsWith("Ann | home | Leeds")), false);
  assert.equal(talk([["Ann", "I move to Leeds every year if the rent goes up."]]).some((l) => l.startsWith("Ann | home | Leeds")), false);
});
