/** Readings of chat turns: clause bounds, places named beside a dwelling, replies to where-questions; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";
import { addressedPerson } from "./name-context.js";
import { dropEmoticons } from "./contractions.js";
import { extract } from "./extractor.js";

const talk = (turns: [string, string][], speakers = ["Ann", "Bob"]) => talkLines(turns, ["home", "workplace", "within"], { speakers });
/** Asserts that Ann saying `t` gives a line starting with `prefix` (with `present` false: gives none). */
const reads = (t: string, prefix: string, present = true) => {
  const lines = talk([["Ann", t]]);
  assert.equal(lines.some((l) => l.startsWith(prefix)), present, `${t}: ${lines.join("; ")}`);
};

test("a comma splice ends a clause: 'I didnt sleep, my shift at X was long' is no ended workplace", () => {
  const lines = talk([["Sudha", "I didnt sleep, my shift at Vidya Bhavan was long"]], ["Sudha", "Ramesh"]);
  assert.ok(lines.includes("Sudha | workplace | Vidya Bhavan"), lines.join("; "));
  // the negation still reads within its own clause
  const ended = talk([["Ramesh", "I dont work at Tesco anymore, I work at Boots now"]], ["Sudha", "Ramesh"]);
  assert.ok(ended.includes("Ramesh | workplace | Tesco | ended") && ended.some((l) => l.startsWith("Ramesh | workplace | Boots")), ended.join("; "));
});

test("a still-question about a named dwelling asks where the listener lives: 'You are still in that Karama flat na?' 'Yes, same flat.'", () => {
  for (const q of ["You are still in that Karama flat na?", "Are you still in the Karama flat?"]) {
    const lines = talk([["Sudha", q], ["Ramesh", "Yes, same flat."]], ["Sudha", "Ramesh"]);
    assert.ok(lines.includes("Ramesh | home | Karama"), `${q}: ${lines.join("; ")}`);
  }
  // an institution asked after with "in the" stays a workplace
  const mater = talk([["Sudha", "You still in the Mater?"], ["Ramesh", "Yes, same ward."]], ["Sudha", "Ramesh"]);
  assert.ok(mater.includes("Ramesh | workplace | Mater"), mater.join("; "));
});

test("a where-question without its auxiliary ('Where he stays?') asks where that person lives; 'where he works?' where they work", () => {
  const lines = talk(
    [
      ["Annapurna", "Our son-in-law Praveen is in Riyadh, kindly meet him once, he is feeling lonely"],
      ["Hari", "Of course. Where he stays?"],
      ["Annapurna", "Al Malaz, near the Jarir bookstore."],
      ["Hari", "And where he works?"],
      ["Annapurna", "STC."],
    ],
    ["Annapurna", "Hari"],
  );
  assert.ok(lines.includes("Praveen | home | Al Malaz") && lines.includes("Praveen | workplace | STC"), lines.join("; "));
});

test("an emoticon is no name: 'my office is in Pangyo (T_T)' names no workplace 'T _ T'", () => {
  assert.equal(dropEmoticons("commute is 1 hour+ (T_T)").trim(), "commute is 1 hour+");
  assert.equal(dropEmoticons("he looked so angry m(_ _)m ok").replace(/\s+/g, " "), "he looked so angry ok");
  assert.equal(dropEmoticons("T_T so sad ^^").trim(), "so sad");
  // brackets that hold words, letters or numbers stay
  assert.equal(dropEmoticons("see (a) and (1) at Boots (UK)"), "see (a) and (1) at Boots (UK)");
  // (with the fitted reading of names on, which took the face for a workplace's name)
  const values = extract({ id: "D1:1", speaker: "Kenta", text: "maybe late... my office is in Pangyo so commute is 1 hour+ (T_T)", timestamp: 0 }, { speakers: ["Soyeon", "Kenta"] }).triples.map((t) => t.value);
  assert.equal(values.some((v) => /\bT\b/.test(v)), false, values.join("; "));
});

test("'which company' with its mark dropped is a question a name answers: 'Pangyo?? which company' 'Kakao.'", () => {
  const lines = talk([["Kenta", "my office is in Pangyo"], ["Soyeon", "Pangyo?? which company"], ["Kenta", "Kakao."]], ["Soyeon", "Kenta"]);
  assert.ok(lines.includes("Kenta | workplace | Kakao"), lines.join("; "));
});

test("a question that names the listener's work by what they do there presumes their workplace", () => {
  const cases: [string, string][] = [
    ["how's the new team at Walgreens treating you", "Walgreens"],
    ["How's the new job at Kroger?", "Kroger"],
    ["How is work, same Omantel?", "Omantel"],
    ["how's the job, still Bupa?", "Bupa"],
    ["Is that near the Unilever factory where you're working?", "Unilever"],
    ["by the way how is Panasonic? still many meetings?", "Panasonic"],
  ];
  for (const [q, value] of cases) {
    const lines = talk([["Ann", q]]);
    assert.ok(lines.includes(`Bob | workplace | ${value} | 0.5`), `${q}: ${lines.join("; ")}`);
  }
  // a town is no workplace, and a trip is no job ("How's the weather at Brighton?", "the new team at Leeds")
  for (const q of ["How's the weather in Brighton?", "How's the new team at Leeds?", "Is that near the Leeds office where you work?"]) {
    const lines = talk([["Ann", q]]);
    assert.ok(!lines.some((l) => l.startsWith("Bob | workplace")), `${q}: ${lines.join("; ")}`);
  }
});

test("the office of a named organisation the speaker goes in to is their workplace; a town's office, someone's trip or a plan is not", () => {
  const lines = talk([["Ann", "Good thing I only go into the Sun Life office twice a week now."]]);
  assert.ok(lines.includes("Ann | workplace | Sun Life | 0.5"), lines.join("; "));
  for (const t of ["I went into the post office", "I'm going to go into the Leeds office"]) {
    const l = talk([["Ann", t]]);
    assert.ok(!l.some((x) => x.startsWith("Ann | workplace")), `${t}: ${l.join("; ")}`);
  }
});

test("a name the reply would take for the home asked about is no home when the reply reads it as the replier's workplace", () => {
  const lines = talk([["Bob", "How is it there?"], ["Ann", "Heineken has us on a new bottling line, so long days."]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | workplace | Heineken")), lines.join("; "));
  assert.ok(!lines.some((l) => l.startsWith("Ann | home | Heineken")), lines.join("; "));
  // a town still answers it
  const town = talk([["Bob", "How is it there?"], ["Ann", "Rotterdam is grey but fine."]]);
  assert.ok(town.some((l) => l.startsWith("Ann | home | Rotterdam")), town.join("; "));
});

test("a no, then the preposition asked with and a name, corrects a still-question: 'Still in Ottensen?' 'No, in Harburg now.'", () => {
  const home = talk([["Bob", "Still in Ottensen?"], ["Ann", "No, in Harburg now."]]);
  assert.ok(home.some((l) => l.startsWith("Ann | home | Harburg")), home.join("; "));
  const work = talk([["Bob", "still at Lidl?"], ["Ann", "nah, at Netto now"]]);
  assert.ok(work.some((l) => l.startsWith("Ann | workplace | Netto")), work.join("; "));
  // no name after the preposition: nothing new is named
  const none = talk([["Bob", "Still in Ottensen?"], ["Ann", "no, in the suburbs now"]]);
  assert.ok(!none.some((l) => l.startsWith("Ann | home | suburbs") || l.startsWith("Ann | home | the suburbs")), none.join("; "));
});

test("an organisation that calls, works or sends the listener, asked about, is their employer; a person or a relative is not", () => {
  for (const [q, v] of [["Anglian Water calls you in for every leak?", "Anglian Water"], ["Maersk works you hard huh?", "Maersk"]] as const) {
    const lines = talk([["Ann", q]]);
    assert.ok(lines.includes(`Bob | workplace | ${v} | 0.5`), `${q}: ${lines.join("; ")}`);
  }
  for (const q of ["Priya calls you every day?", "Mum sends you to the shop?"]) {
    const lines = talk([["Ann", q]]);
    assert.ok(!lines.some((l) => l.startsWith("Bob | workplace")), `${q}: ${lines.join("; ")}`);
  }
});

test("a place given by its kind and named in the next sentence ('It's called X') is that name; a name given already stays", () => {
  const lines = talk([["Ann", "I teach at a little language school. It's called Lingua Viva."]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | workplace | Lingua Viva")), lines.join("; "));
  const named = talk([["Ann", "I work at Asda. It's called Big Asda lol"]]);
  assert.ok(named.some((l) => l.startsWith("Ann | workplace | Asda")) && !named.some((l) => l.includes("Big Asda")), named.join("; "));
});

test("two capitalised nouns before a verb are a name that acts: 'Sun Life wants us in three days a week'", () => {
  // a run of them ending the sentence is read without error, and stays as tagged
  assert.doesNotThrow(() => talk([["Ann", "Thanks Rain Bird Sky Life"]]));
  for (const name of ["Rain Bird", "Sky Life"]) {
    const lines = talk([["Ann", `Anyway I'm back on Monday, ${name} wants us in three days a week now`]]);
    assert.ok(lines.some((l) => l.startsWith(`Ann | workplace | ${name}`)), `${name}: ${lines.join("; ")}`);
  }
});

test("'office is X' and 'flat is in X' with 'my' left out, opening the sentence or a clause after a comma, are the speaker's", () => {
  const lines = talk([["Ann", "both in Pune. flat is in Baner, office is Zensar in Kharadi."]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | home | Baner")), lines.join("; "));
  assert.ok(lines.some((l) => l.startsWith("Ann | workplace | Zensar")), lines.join("; "));
  // a vocative before the comma: not read
  const voc = talk([["Ann", "Tom, office is Zensar"]]);
  assert.ok(!voc.some((l) => l.startsWith("Ann | workplace")), voc.join("; "));
});

test("a town's idiom with a time after it ('Typical Hamilton in March.'), a greeting from a town with its weather, and 'Loving X.' of a town are the speaker's home", () => {
  for (const [t, v] of [["Typical Dunedin in June.", "Dunedin"], ["Classic Leeds on a Monday.", "Leeds"], ["Greetings from a very wet Galway!", "Galway"], ["Hello from a sunny Porto.", "Porto"], ["Loving Leeds.", "Leeds"]] as const) {
    reads(t, `Ann | home | ${v}`);
  }
  // a person's name is no town; a greeting from a person is not from home
  for (const t of ["Typical Dave in March.", "Loving Beyonce.", "Greetings from a friend."]) {
    reads(t, "Ann | home", false);
  }
});

test("a district named 'of' its town lies within it: 'a flat in the Latin Quarter of Paris'", () => {
  const lines = talk([["Ann", "Got a flat in the Latin Quarter of Paris, five minutes from the square."]]);
  assert.ok(lines.some((l) => l.startsWith("Latin Quarter | within | Paris")), lines.join("; "));
  // a country after "of" is no town the district lies in
  const country = talk([["Ann", "I live in the south of France now."]]);
  assert.ok(!country.some((l) => l.includes("| within | France")), country.join("; "));
});

test("a town whose own name has 'of' in it is read whole: 'a room in Port of Spain'", () => {
  const lines = talk([["Ann", "I rent a room in Port of Spain, St James side."]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | home | Port of Spain")), lines.join("; "));
  // "of" and a name the gazetteer does not join stays two places ("Bath" alone is a town)
  const two = talk([["Ann", "I live in Bath of all places."]]);
  assert.ok(two.some((l) => l.startsWith("Ann | home | Bath")) && !two.some((l) => l.includes("Bath of")), two.join("; "));
});

test("the side of a town left untold is no home, the part named after it is: 'I live on the Asian side, in Kadıköy'", () => {
  const lines = talk([["Ann", "I live on the Asian side, in Kadıköy, so I take the ferry."]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | home | Kadıköy")) && !lines.some((l) => l.includes("| Asian")), lines.join("; "));
  const alone = talk([["Ann", "I live on the Asian side."]]);
  assert.ok(!alone.some((l) => l.startsWith("Ann | home")), alone.join("; "));
  // a town's own side is still the town
  const town = talk([["Ann", "We live on the Gateshead side of the river."]]);
  assert.ok(town.some((l) => l.startsWith("Ann | home | Gateshead")), town.join("; "));
});

test("an organisation with its site before its verb acts as the employer: 'Countdown in Manukau has me on till 4'", () => {
  const lines = talk([["Bob", "You coming to the church fundraiser Saturday?"], ["Ann", "Depends on the roster. Countdown in Manukau has me on till 4"]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | workplace | Countdown")), lines.join("; "));
  const let_ = talk([["Ann", "Tesco in Leeds let me go."]]);
  assert.ok(let_.some((l) => l.startsWith("Ann | workplace | Tesco") && l.includes("ended")), let_.join("; "));
  // a role at a place is no organisation ("at" is left as it was)
  const role = talk([["Ann", "Principal at Aramoho gave me the week off."]]);
  assert.ok(!role.some((l) => l.startsWith("Ann | workplace | Principal")), role.join("; "));
});

test("a job fragment after a comma in the speaker's own sentence names the workplace: 'I'm on the trains, guard for Merseyrail'", () => {
  const lines = talk([["Ann", "I'm on the trains, guard for Merseyrail."]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | workplace | Merseyrail")), lines.join("; "));
  // after a person, the job is theirs
  const tom = talk([["Ann", "I met Tom, driver for Uber."]]);
  assert.ok(!tom.some((l) => l.startsWith("Ann | workplace")), tom.join("; "));
});

test("an employer giving a month off: 'KenGen gave me one month off'", () => {
  const lines = talk([["Ann", "Still in Naivasha. KenGen gave me one month off, then it's back to the plant."]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | workplace | KenGen")), lines.join("; "));
});

test("a place named alone, then one's dwelling, is home: 'Walthamstow, same flat above the chicken shop', 'Brunswick! Tiny apartment'", () => {
  for (const [t, v] of [["Walthamstow, same flat above the chicken shop.", "Walthamstow"], ["Brunswick! Tiny apartment above a bakery.", "Brunswick"]] as const) {
    reads(t, `Ann | home | ${v}`);
  }
  // a common word or an interjection alone names no place; a flat tyre is no dwelling
  for (const t of ["Ja, same house, same leaky gutter.", "Raining. Tiny flat, damp everywhere.", "Leeds, flat tyre again."]) {
    reads(t, "Ann | home", false);
  }
});

test("one's unit at a workplace, with no other subject: 'still on the children's ward at Broomfield'", () => {
  for (const [t, v] of [["Yeah still on the children's ward at Broomfield. Nights this week.", "Broomfield"], ["I'm on the night desk at the Guardian now.", "Guardian"]] as const) {
    reads(t, `Ann | workplace | ${v}`);
  }
  const sister = talk([["Ann", "My sister is on the children's ward at Broomfield."]]);
  assert.ok(!sister.some((l) => l.startsWith("Ann | workplace")), sister.join("; "));
});

test("'been with' an organisation named with 'the': 'I've been with the NHS', and chat's 'Been with the City of Regina since June'", () => {
  for (const [t, v] of [["I've been with the NHS since June.", "NHS"], ["I've been with the City of Regina since June.", "City of Regina"], ["Ha, no, I'm not at SaskPower anymore. Been with the City of Regina since June, water department", "City of Regina"]] as const) {
    const lines = talk([["Ann", t]]);
    assert.ok(lines.some((l) => (l === `Ann | workplace | ${v}` || l.startsWith(`Ann | workplace | ${v} | 0.`))), `${t}: ${lines.join("; ")}`);
  }
  // a family named with "the" is no organisation
  const smiths = talk([["Ann", "I'm with the Smiths this weekend."]]);
  assert.ok(!smiths.some((l) => l.startsWith("Ann | workplace")), smiths.join("; "));
});

test("'done at the X' ends a workplace: 'I'm done at the Guardian, actually'", () => {
  const lines = talk([["Ann", "I'm done at the Guardian, actually. Better hours now."]]);
  assert.ok(lines.includes("Ann | workplace | Guardian | ended"), lines.join("; "));
});

test("an employer keeping one in theatre, and a shift in an organisation named after a comma's clause", () => {
  const theatre = talk([["Ann", "Groote Schuur had me in theatre all week."]]);
  assert.ok(theatre.some((l) => l.startsWith("Ann | workplace | Groote Schuur")), theatre.join("; "));
  const shift = talk([["Ann", "I'll have to head off early though, I'm on the early shift in Apple Monday."]]);
  assert.ok(shift.some((l) => l.startsWith("Ann | workplace | Apple")), shift.join("; "));
  // a shift in a town names no workplace; someone else's shift is theirs
  const town = talk([["Ann", "My sister's fine, she's on the early shift at Tesco."]]);
  assert.ok(!town.some((l) => l.startsWith("Ann | workplace")), town.join("; "));
});

test("a workplace presumed by its kind, then a reply opening with its name: 'you're at one of the big banks' 'Westpac, in the graduate program'", () => {
  for (const [q, a, v] of [
    ["Your dad says you're at one of the big banks.", "Westpac, in the graduate program. It's right on the harbour", "Westpac"],
    ["That sounds nice. And you are working for the television company?", "Comcast, yes ma'am. Software.", "Comcast"],
    ["And the wine farm? Your mother says it is a very grand one.", "Spier, yeah, it's beautiful. Lots of cleaning tanks", "Spier"],
  ] as const) {
    const lines = talk([["Ann", q], ["Bob", a]]);
    assert.ok(lines.some((l) => l.startsWith(`Bob | workplace | ${v}`)), `${a}: ${lines.join("; ")}`);
  }
  // a common word or a town opening the reply names no workplace; a kind named in the turn already asks nothing
  for (const [q, a] of [["Did they offer you the job at the bakery?", "Good question, no idea yet."], ["You still at the big bank?", "Leeds, same branch."], ["Tobi got the job! Assistant manager at the Nando's in Camden.", "Peri-peri royalty."]] as const) {
    const lines = talk([["Ann", q], ["Bob", a]]);
    assert.ok(!lines.some((l) => l.startsWith("Bob | workplace | Good") || l.startsWith("Bob | workplace | Leeds") || l.startsWith("Bob | workplace | Peri")), `${a}: ${lines.join("; ")}`);
  }
});

test("a home found, presumed by its kind, then 'I did! In the Glebe': the place is the listener's home", () => {
  const lines = talk([["Ann", "How is Ottawa. Your grandmother says you found an apartment."], ["Bob", "I did! In the Glebe, right by the canal. It's tiny but the street is so pretty"]]);
  assert.ok(lines.some((l) => l.startsWith("Bob | home | Glebe")), lines.join("; "));
});

test("the listener's own flat in a place, whatever the clause's mood, and one's couch or stoep in a place", () => {
  const flat = talk([["Ann", "That won't do. You must go back to your own flat in Leith and have a proper meal."]]);
  assert.ok(flat.some((l) => l.startsWith("Bob | home | Leith")), flat.join("; "));
  for (const [t, v] of [["We sat on my couch in Glenwood all night.", "Glenwood"], ["Oupa and I are sitting on the stoep in George with our coffee.", "George"]] as const) {
    reads(t, `Ann | home | ${v}`);
  }
  // asked, it is no statement
  const asked = talk([["Ann", "Is your flat in Leith?"]]);
  assert.ok(!asked.some((l) => l.includes("| home | Leith")), asked.join("; "));
});

test("what someone else says of where the speaker lives is a tease: 'Your grandmother says I live at the Legion these days'", () => {
  const lines = talk([["Ann", "Fine. Your grandmother says I live at the Legion these days, I am only home to sleep."]]);
  assert.ok(lines.some((l) => l.startsWith("Ann | home | Legion | 0.2")), lines.join("; "));
});

test("a person addressed by a greeting or named by kin is no place: 'Morning Gogo', 'How's Uncle Walt's knee?'", () => {
  assert.ok(addressedPerson("Morning Gogo") && addressedPerson("Môre Ouma") && addressedPerson("Uncle Walt"));
  assert.ok(!addressedPerson("Gran Canaria") && !addressedPerson("Papa John's") && !addressedPerson("Leeds"));
  const lines = talk([["Ann", "Ha, tell Doris I'll keep an eye out. How's Uncle Walt's knee?"]]);
  assert.ok(!lines.some((l) => l.includes("Uncle Walt")), lines.join("; "));
});
