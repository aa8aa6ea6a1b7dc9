/** Everyday phrasings of home and work: job fragments, departments, self-introductions, beliefs of others, and names the tagger misreads; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("a job fragment names the workplace after a time adverb, a capitalised job word or 'the'; an outing with a time named does not", () => {
  assert.deepEqual(talk([["Ann", "Still a cashier at Tesco."]]), ["Ann | workplace | Tesco"]);
  assert.deepEqual(talk([["Ann", "Developer at Shopify."]]), ["Ann | workplace | Shopify | 0.5"]);
  assert.deepEqual(talk([["Ann", "Junior developer at Shopify, started in May."]]), ["Ann | workplace | Shopify | 0.5"]);
  assert.deepEqual(talk([["Ann", "Quality inspector at the Honda plant over in East Liberty."]]), ["Ann | workplace | Honda plant | 0.5"]);
  assert.deepEqual(talk([["Ann", "Poker at Dan's tonight."]]), []);
  assert.deepEqual(talk([["Ann", "Soccer at Riverside Park tonight."]]), []);
  assert.deepEqual(talk([["Ann", "Brother at Google."]]), []);
  assert.deepEqual(talk([["Ann", "Dinner at Nando's."]]), []);
});

test("'I'm in sales at Google' (a department at a name); being in bed or in town somewhere is not working there", () => {
  assert.deepEqual(talk([["Ann", "I'm in sales at Google."]]), ["Ann | workplace | Google | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm in charge at Tesco now."]]), ["Ann | workplace | Tesco | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm in bed at Mum's."]]), []);
  assert.deepEqual(talk([["Ann", "We're in town at the Ritz."]]), []);
  assert.deepEqual(talk([["Ann", "I'm on the line at Vauxhall in Ellesmere Port."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Vauxhall | 0.5"]);
});

test("a speaker introducing themselves with a list of names: the first town is the home, the first other name the workplace", () => {
  assert.deepEqual(talk([["Ann", "Hi. I'm Ann, MTN, Abuja, Wuse 2. Four facts."]]), ["Ann | workplace | MTN | 0.5", "Ann | home | Abuja | 0.5"]);
  assert.deepEqual(talk([["Ann", "Remember this: Ann, Wipro, Pune, loves biryani, hates Mondays."]]), ["Ann | workplace | Wipro | 0.5", "Ann | home | Pune | 0.5"]);
  assert.deepEqual(talk([["Ann", "Ann, Hyderabad."]]), ["Ann | home | Hyderabad | 0.5"]);
  assert.deepEqual(talk([["Ann", "Ann, nice to meet you."]]), []);
  assert.deepEqual(talk([["Ann", "Ann, Sue, Tom."]]), []);
});

test("what others think of the speaker is hedged ('My kids think I work at the arena'), and so is thinking one lives or works somewhere now", () => {
  assert.deepEqual(talk([["Ann", "My kids think I work at the arena."]]), ["Ann | workplace | arena | 0.2"]);
  assert.deepEqual(talk([["Ann", "Mum thinks that I live at the gym."]]), ["Ann | home | gym | 0.2"]);
  // one knows where one works: "I think I work for STC now, they should pay me" is hyperbole
  assert.deepEqual(talk([["Ann", "I think I work for STC now, they should pay me."]]), ["Ann | workplace | STC | 0.2"]);
  assert.deepEqual(talk([["Ann", "Think I work for Woolies now, unpaid."]]), ["Ann | workplace | Woolies | 0.2"]);
  assert.deepEqual(talk([["Ann", "I think I live on tram 8 now."]]), ["Ann | home | tram 8 | 0.2"]);
  // a plan, or a claim without "now", is not
  assert.deepEqual(talk([["Ann", "I think I'll work at Tesco next year."]]), ["Ann | workplace | Tesco | planned | 0.5"]);
  assert.deepEqual(talk([["Ann", "I think I work at Tesco, yes."]]), ["Ann | workplace | Tesco"]);
});

test("'the Novartis campus where I work'; 'a tiny flat in X'; 'a week home in X'; 'my parents' home in Cork' is theirs", () => {
  assert.deepEqual(talk([["Ann", "It's five minutes from the Novartis campus where I work."]]), ["Ann | workplace | Novartis | 0.5"]);
  assert.deepEqual(talk([["Ann", "The hospital where I work is in Leeds."]]), []);
  assert.deepEqual(talk([["Ann", "I'm in a tiny flat in Phibsborough."]]), ["Ann | home | Phibsborough | 0.5"]);
  assert.deepEqual(talk([["Ann", "Two weeks at the pit, then a week home in Red Cliffs."]]), ["Ann | home | Red Cliffs | 0.5"]);
  assert.deepEqual(talk([["Ann", "My parents' home in Cork is for sale."]]), []);
  assert.deepEqual(talk([["Ann", "She works at a care home in Derby."]]), []);
});

test("a capitalised word the tagger read as a verb after a preposition is a name ('I'm in Charleston now', 'at Ford')", () => {
  assert.deepEqual(talk([["Ann", "I'm in Charleston now."]]), ["Ann | home | Charleston | change"]);
  assert.deepEqual(talk([["Ann", "I'm at Ford now."]]), ["Ann | workplace | Ford | change"]);
  assert.deepEqual(talk([["Ann", "We're retooling the line at Ford."]]), ["Ann | workplace | Ford | 0.5"]);
});

test("'How's BASF?' asks after a workplace (an acronym naming no place); 'How's NYC?' after a home", () => {
  assert.deepEqual(talk([["Bob", "How's BASF? Still making chemicals?"]]), ["Ann | workplace | BASF | 0.5"]);
  assert.deepEqual(talk([["Bob", "How's NYC?"]]), ["Ann | home | NYC | 0.5"]);
  assert.deepEqual(talk([["Bob", "how's PH"]]), ["Ann | home | PH | 0.5"]);
});

test("leaving one employer for another; an employer paying one's rent or keeping one busy; 'Same humidity' names no town", () => {
  assert.deepEqual(talk([["Ann", "I left Adidas for Puma in May."]]), ["Ann | workplace | Adidas | ended", "Ann | workplace | Puma | change"]);
  assert.deepEqual(talk([["Ann", "I left Leeds for London in May."]]), ["Ann | home | Leeds | ended", "Ann | home | London | change"]);
  assert.deepEqual(talk([["Ann", "BMW pays my rent, the cactus contributes nothing."]]), ["Ann | workplace | BMW | 0.5"]);
  assert.deepEqual(talk([["Ann", "Embraer keeps me busy."]]), ["Ann | workplace | Embraer | 0.5"]);
  assert.deepEqual(talk([["Ann", "The kids keep me busy."]]), []);
  assert.deepEqual(talk([["Ann", "Gorgeous. Same humidity, different balloons."]]), []);
});

test("a place found or keys given, then a town alone, is the new home; a school place got is not", () => {
  assert.deepEqual(talk([["Ann", "Okay, update. I found a place. Philadelphia! Half the rent."]]), ["Ann | home | Philadelphia | change"]);
  assert.deepEqual(talk([["Ann", "Yes! Keys on Friday. Brighton, two minutes from the sea."]]), ["Ann | home | Brighton | change"]);
  assert.deepEqual(talk([["Ann", "We got the place!! St Oliver's!"]]), []);
});

test("a company named by its web address is one name ('Kazi.io'), and a sentence does not end at its dot", () => {
  assert.deepEqual(talk([["Ann", "I joined Kazi.io, we do payroll for contractors."]]), ["Ann | workplace | Kazi.io | change"]);
  assert.deepEqual(talk([["Ann", "I work at Helio.ai now."]]), ["Ann | workplace | Helio.ai | change"]);
});

test("questions that presume the listener's home or workplace: 'Still by the river in Staines?', 'your place is in X?', 'Nidd Vale still working you to the bone?'; not a person driving one mad", () => {
  assert.deepEqual(talk([["Bob", "Still by the river in Staines?"]]), ["Ann | home | Staines | 0.5"]);
  assert.deepEqual(talk([["Bob", "Remind me, your place is in Stewartville?"]]), ["Ann | home | Stewartville | 0.5"]);
  assert.deepEqual(talk([["Bob", "Nidd Vale still working you to the bone?"]]), ["Ann | workplace | Nidd Vale | 0.5"]);
  assert.deepEqual(talk([["Bob", "Tom still driving you mad?"]]), []);
});

test("a condition set after ', so if' leaves the main clause standing; a sentence opening with 'if' stays conditional; 'our compound in X' is a home", () => {
  assert.deepEqual(talk([["Ann", "Mind, from ours in Pontarddulais it's only twenty minutes, so if you ever need to crash the spare room is yours."]]), ["Ann | home | Pontarddulais"]);
  assert.deepEqual(talk([["Ann", "If I get the job at Google, I'll move to Dublin."]]), []);
  assert.deepEqual(talk([["Ann", "Our compound in Maitama is too small for her now."]]), ["Ann | home | Maitama | 0.5"]);
});

test("'Work?' asked alone is answered by the name that opens the reply ('Pret on Borough High Street.'); a statement about the listener put as a question is confirmed by a yes", () => {
  assert.deepEqual(talk([["Bob", "Ayyo. Work?"], ["Ann", "Pret on Borough High Street. Up at 4:30 for the bakes."]]), ["Ann | workplace | Pret | 0.5"]);
  assert.deepEqual(talk([["Bob", "You're the new doctor at Dubbo Base Hospital, aren't you?"], ["Ann", "That's me, emergency department."]]), ["Ann | workplace | Dubbo Base Hospital"]);
  assert.deepEqual(talk([["Bob", "You work at Tesco, right?"], ["Ann", "Yep."]]), ["Ann | workplace | Tesco"]);
  assert.deepEqual(talk([["Bob", "You live in Leeds, yeah?"], ["Ann", "Yeah."]]), ["Ann | home | Leeds"]);
  assert.deepEqual(talk([["Bob", "Did you hear Tom is at Tesco now?"], ["Ann", "Yes!"]]), ["Tom | workplace | Tesco | change"]);
});

test("a name before a staff room or a break room is the speaker's workplace; a town's is not", () => {
  assert.deepEqual(talk([["Ann", "We always break ours in the Shoprite staff room."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Shoprite | 0.5"]);
  assert.deepEqual(talk([["Ann", "The Leeds staff room is cold."]]), []);
});

test("'What does Daiki do again?' asks after Daiki's workplace; a reply about someone asked after goes on about them", () => {
  assert.deepEqual(talk([["Ann", "My flatmate Daiki eats my food."], ["Bob", "What does Daiki do again?"], ["Ann", "Panasonic, something with batteries."]]), ["Daiki | workplace | Panasonic"]);
  assert.deepEqual(talk([["Ann", "My sister Jasmin finally arrived in Dublin."], ["Bob", "Where's she staying?"], ["Ann", "Kilburn. Got a job at the Mater already."]]), ["Jasmin | home | Kilburn", "Jasmin | workplace | Mater | change"]);
  assert.deepEqual(talk([["Bob", "What does it do?"], ["Ann", "Tesco."]]), []);
});

test("an employer letting one work remotely or giving one a weekend is the speaker's workplace; a parent is not", () => {
  assert.deepEqual(talk([["Ann", "I'm home Thursday anyway, United lets me do two days remote."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | United | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm off Saturday, Nestlé have finally given me a weekend."]]), ["Ann | workplace | Nestlé | 0.5"]);
  assert.deepEqual(talk([["Ann", "Mum lets me work from home."]]), []);
});

test("'Emeka, how's your sister getting on? Chioma, isn't it?': the asker names the relation, and the reply's 'she' is her", () => {
  assert.deepEqual(talk([["Bob", "Ann, how's your sister getting on? Chioma, isn't it?"], ["Ann", "That's her. She's moved up to Newark and loves it."]]), ["Chioma | home | Newark | change"]);
  assert.deepEqual(talk([["Bob", "How's your sister? Leeds, isn't it?"], ["Ann", "Yes. She loves it."]]).filter((x) => x.startsWith("Leeds")), []);
});

test("a question about the listener's relation presumes nothing of the listener; the reply's subjectless remarks go on about the relation ('still lives with my parents in Behala')", () => {
  assert.deepEqual(talk([["Bob", "how's your brother, the one at the bank in Kolkata?"], ["Ann", "Varun? he quit the bank, he's at Deloitte now. much happier. still lives with my parents in Behala though"]]), ["Varun | workplace | Deloitte | change", "Varun | home | Behala"]);
  assert.deepEqual(talk([["Bob", "How's life in Leeds?"]]), ["Ann | home | Leeds | 0.5"]);
});

test("'Flat in Armley, damp everywhere.', 'Room in Peckham, 900 a month': a verbless dwelling in a place is the home; 'Still Morrisons.' a known workplace", () => {
  assert.deepEqual(talk([["Ann", "Raining. Flat in Armley, damp everywhere."]]), ["Ann | home | Armley | 0.5"]);
  assert.deepEqual(talk([["Ann", "Room in Peckham, 900 a month for a cupboard"]]), ["Ann | home | Peckham | 0.5"]);
  assert.deepEqual(talk([["Ann", "Room in the Hilton, lovely."]]), []);
  assert.deepEqual(talk([["Ann", "His flat in Leeds is nice."]]).filter((x) => x.startsWith("Ann")), []);
  assert.deepEqual(talk([["Ann", "Morrisons have me on kiosk all week."], ["Ann", "Still Morrisons."]]), ["Ann | workplace | Morrisons | 0.5", "Ann | workplace | Morrisons"]);
  assert.deepEqual(talk([["Ann", "Still Dave, still useless."]]), []);
  assert.deepEqual(talk([["Ann", "Me still Hyderabad, Taj Krishna, F&B."]]), ["Ann | home | Hyderabad"]);
});

test("'Work's been mad at Deloitte lately': the speaker's work judged at a name", () => {
  assert.deepEqual(talk([["Ann", "Work's been mad at Deloitte lately."]]), ["Ann | workplace | Deloitte | 0.5"]);
  assert.deepEqual(talk([["Ann", "Work is quiet at Tesco."]]), ["Ann | workplace | Tesco | 0.5"]);
});

test("the daily drive in from a place, asked of the listener, presumes their home; a trip's drive does not", () => {
  assert.deepEqual(talk([["Bob", "How's the drive in from Sandy Bay these days?"]]), ["Ann | home | Sandy Bay | 0.5"]);
  assert.deepEqual(talk([["Bob", "Much of a drive from Swords?"]]), ["Ann | home | Swords | 0.5"]);
  assert.deepEqual(talk([["Bob", "How was the drive from Leeds?"]]), []);
  assert.deepEqual(talk([["Bob", "Will you commute from Leipzig?"]]), []);
  // the daily tram in, and the drive back home at night
  assert.deepEqual(talk([["Bob", "You still getting the tram in from Didsbury?"]]), ["Ann | home | Didsbury | 0.5"]);
  assert.deepEqual(talk([["Bob", "Go home and sleep. How long's the drive back to Shawlands at this hour?"]]), ["Ann | home | Shawlands | 0.5"]);
  assert.deepEqual(talk([["Bob", "Are you getting the train from Leeds tomorrow?"]]), []);
});

test("a still-question about a unit or shift at an organisation asks after the workplace; about a third person, theirs", () => {
  assert.deepEqual(talk([["Bob", "Still in NICU at Mediclinic City Hospital?"], ["Ann", "Yes still, same unit."]]), ["Ann | workplace | Mediclinic City Hospital"]);
  assert.deepEqual(talk([["Bob", "Are you still on the stroke unit at Ysbyty Gwynedd?"], ["Ann", "Still there."]]), ["Ann | workplace | Ysbyty Gwynedd"]);
  assert.deepEqual(talk([["Bob", "You still with Westpac out at Parra?"], ["Ann", "Yep. Same tower."]]), ["Ann | workplace | Westpac"]);
  assert.deepEqual(talk([["Bob", "You still in the Mater?"], ["Ann", "Yeah, same as ever."]]), ["Ann | workplace | Mater"]);
  assert.deepEqual(talk([["Ann", "We moved, so Jens and I finally have a balcony."], ["Bob", "Is Jens still at Deutsche Welle?"], ["Ann", "Yes, three days a week."]]), ["Jens | workplace | Deutsche Welle"]);
  // (a pronoun nobody stands for: the yes is no one's)
  assert.deepEqual(talk([["Bob", "Is she still at Deutsche Welle?"], ["Ann", "Yes."]]), []);
});

test("names with particles and with 'and' before an organisation's head; two towns joined by 'and' stay apart", () => {
  assert.deepEqual(talk([["Ann", "I live across the border in Weil am Rhein."]]), ["Ann | home | Weil am Rhein"]);
  assert.deepEqual(talk([["Ann", "I joined the Universidad de los Andes in May."]]), ["Ann | workplace | Universidad de los Andes | change"]);
  assert.deepEqual(talk([["Ann", "HCA post at the Norfolk and Norwich University Hospital."]]), ["Ann | workplace | Norfolk and Norwich University Hospital"]);
  assert.deepEqual(talk([["Ann", "I work at Leeds and Bradford."]]), ["Ann | workplace | Leeds"]);
});

test("'right next to' is a place, not a time; 'already rented' is done; 'still living in X' after a fragment is the speaker's", () => {
  assert.deepEqual(talk([["Ann", "So I'm living in Johannesburg now, in a flat right next to the campus."]]), ["Ann | home | Johannesburg | change"]);
  assert.deepEqual(talk([["Ann", "I already rented a small flat in Nanshan."]]), ["Ann | home | Nanshan"]);
  assert.deepEqual(talk([["Ann", "Still at CENPES, and still living in Niterói because I refuse to pay Rio rents."]]), ["Ann | home | Niterói", "Ann | workplace | CENPES"]);
  assert.deepEqual(talk([["Ann", "Two weeks at Zeiss done."]]), ["Ann | workplace | Zeiss | 0.5"]);
});

test("staying at a relative's in a town is the speaker's home too; 'Still at auntie's' is no workplace; a room for a stay is no home", () => {
  assert.deepEqual(talk([["Ann", "I'm still at my auntie's in Harrow, so twenty minutes door to door."]]), ["Ann | home | Harrow | 0.5", "Ann's auntie | home | Harrow | 0.5"]);
  assert.deepEqual(talk([["Ann", "Had dinner at my mum's in Dundee."]]), ["Ann's mum | home | Dundee | 0.5"]);
  assert.deepEqual(talk([["Ann", "Still at auntie's."]]), []);
  assert.deepEqual(talk([["Ann", "I'm renting a room in Shoreditch."]]), ["Ann | home | Shoreditch"]);
  assert.deepEqual(talk([["Ann", "I booked a room in Paris for the weekend."]]), []);
  assert.deepEqual(talk([["Ann", "She found a small room near the Kremlin for her bakery."]]), []);
  assert.deepEqual(talk([["Ann", "Found a basement in Scarborough, shared kitchen."]]), ["Ann | home | Scarborough | change"]);
});

test("starting to teach at a school, or a residency at a hospital, is a new workplace", () => {
  assert.deepEqual(talk([["Ann", "My sister Akua just started teaching at Opoku Ware School."]]), ["Akua | workplace | Opoku Ware School | change"]);
  assert.deepEqual(talk([["Ann", "My sister Shirin started her residency at Square Hospital."]]), ["Shirin | workplace | Square Hospital | change"]);
});

test("an organisation's pay judged, and 'Here at X' with no town, say where the speaker works", () => {
  assert.deepEqual(talk([["Ann", "Uniklinik Freiburg pays ok, but not that ok."]]), ["Ann | workplace | Uniklinik Freiburg | 0.5"]);
  assert.deepEqual(talk([["Ann", "Google pays well for engineers."]]), []);
  assert.deepEqual(talk([["Ann", "Here at EPFL it's exam season."]]), ["Ann | workplace | EPFL | 0.5"]);
  assert.deepEqual(talk([["Ann", "Here at Leeds it's raining."]]), []);
});

test("questions about shifts at, things at, or an organisation treating the listener; a taken offer confirmed; a workplace left confirmed", () => {
  assert.deepEqual(talk([["Bob", "How are the lates at the Royal Berkshire Hospital?"]]), ["Ann | workplace | Royal Berkshire Hospital | 0.5"]);
  assert.deepEqual(talk([["Bob", "How are things at IBM Research?"]]), ["Ann | workplace | IBM Research | 0.5"]);
  assert.deepEqual(talk([["Bob", "Is Leeds General Infirmary treating you well?"]]), ["Ann | workplace | Leeds General Infirmary | 0.5"]);
  assert.deepEqual(talk([["Bob", "Did you take the Safaricom offer in the end?"], ["Ann", "I did! Started on Monday."]]), ["Ann | workplace | Safaricom"]);
  assert.deepEqual(talk([["Bob", "Did you take the Seattle job?"], ["Ann", "I did!"]]), []);
  assert.deepEqual(talk([["Ann", "I work at Cardiff Council."], ["Bob", "Wait, you left the council?"], ["Ann", "Ha yeah, back in the spring."]]), ["Ann | workplace | Cardiff Council", "Ann | workplace | Cardiff Council | ended"]);
});

test("greetings from everyone at a place, and a leaving party thrown by colleagues at it, speak of the speaker's workplace", () => {
  assert.deepEqual(talk([["Ann", "Everyone at the USP lab says hi."]]), ["Ann | workplace | USP lab | 0.5"]);
  assert.deepEqual(talk([["Ann", "Everyone at Mum's says hello."]]), []);
  assert.deepEqual(talk([["Ann", "My colleagues at the institute are throwing me a leaving party."]]), ["Ann | workplace | institute | ended"]);
});

test("a town given for 'which one' names the branch of the workplace asked after, not a workplace", () => {
  assert.deepEqual(talk([["Bob", "You're at Lidl? Which one"], ["Ann", "Wrocław, the one on Legnicka."]]), ["Ann | workplace | Lidl"]);
  // (a name that is no town still answers)
  assert.deepEqual(talk([["Bob", "You're at Lidl? Which one"], ["Ann", "Kaufland actually, the one on Legnicka."]]), ["Ann | workplace | Kaufland"]);
});

test("'I feel like I live in X' and 'my real address is' are hedged; an employer letting one WFH or having one in training; saying yes to an organisation", () => {
  assert.deepEqual(talk([["Ann", "Antipolo is so foggy, I feel like I live in Baguio."]]), ["Ann | home | Baguio | 0.2"]);
  assert.deepEqual(talk([["Ann", "Good thing Unilever lets me WFH on Fridays."]]), ["Ann | workplace | Unilever | 0.5"]);
  assert.deepEqual(talk([["Ann", "Can't, Dell has me in compliance training till two."]]), ["Ann | workplace | Dell | 0.5"]);
  assert.deepEqual(talk([["Bob", "Teleperformance still treating you okay without me?"]]), ["Ann | workplace | Teleperformance | 0.5"]);
  assert.deepEqual(talk([["Ann", "I said yes to WestJet. Network planning."]]), ["Ann | workplace | WestJet | change"]);
  assert.deepEqual(talk([["Ann", "I said yes to Dave!"]]), []);
});

test("lecturing at, a job in a town then ', at X', no longer an organisation's employee, done at, and news asked about oneself", () => {
  assert.deepEqual(talk([["Ann", "My brother Tayo lectures at the University of Ibadan."]]), ["Tayo | workplace | University of Ibadan"]);
  assert.deepEqual(talk([["Ann", "My wife Cherry is a nurse in Dubai, at Rashid Hospital."]]), ["Cherry | home | Dubai", "Cherry | workplace | Rashid Hospital"]);
  assert.deepEqual(talk([["Ann", "As of Friday I am no longer a Ford employee."]]), ["Ann | workplace | Ford | ended"]);
  assert.deepEqual(talk([["Ann", "Hey, did you hear I'm done at Manitoba Hydro?"]]), ["Ann | workplace | Manitoba Hydro | ended"]);
});

test("an opening condition ends at its comma, a modal main clause stays conditional; a name asked alone before a still-question is who it is about", () => {
  assert.deepEqual(talk([["Ann", "If you're ever in Leeds, my flat is in Headingley."]]), ["Ann | home | Headingley"]);
  assert.deepEqual(talk([["Ann", "If I get the job, I'll move to Leeds."]]), []);
  assert.deepEqual(talk([["Ann", "Went up to see my sister at the weekend."], ["Bob", "Fenella? Still in Whitby?"], ["Ann", "Still in Whitby, still feeding seagulls."]]), ["Fenella | home | Whitby"]);
  assert.deepEqual(talk([["Bob", "Shop? Still at the bookshop?"], ["Ann", "Ya, Popular bookstore."]]), ["Ann | workplace | Popular bookstore"]);
  assert.deepEqual(talk([["Bob", "Where are you staying now, still with your aunty in Surulere?"], ["Ann", "Yes o, until I save small money."]]), ["Ann | home | Surulere"]);
});

test("a self-introduction's bare 'Live in X', a job with an organisation, 'Office is X', work asked as a topic, and the name alone before the list", () => {
  assert.deepEqual(talk([["Ann", "Hi, I'm Ann, her cousin. Live in Sacramento, night shifts, send help."]]), ["Ann | home | Sacramento"]);
  assert.deepEqual(talk([["Ann", "Live in the moment!"]]), []);
  assert.deepEqual(talk([["Ann", "Paramedic with the Queensland Ambulance Service, based out of Ipswich."]]), ["Ann | workplace | Queensland Ambulance Service | 0.5"]);
  assert.deepEqual(talk([["Ann", "Dinner with Tom tonight."]]), []);
  assert.deepEqual(talk([["Ann", "Office is HDFC Bank, the Bandra Kurla Complex branch."]]), ["Ann | workplace | HDFC Bank | 0.5"]);
  assert.deepEqual(talk([["Ann", "Office is in Leeds."]]), []);
  assert.deepEqual(talk([["Bob", "And work is still Woodside?"], ["Ann", "Still Woodside, still in the city tower."]]), ["Ann | workplace | Woodside"]);
  assert.deepEqual(talk([["Ann", "Hello. Ann. Limerick."]]), ["Ann | home | Limerick | 0.5"]);
});

test("a friend or relation asked after by name is whom the reply's subjectless news is about; 'the missus' is one's own; 'Same as always, X'", () => {
  assert.deepEqual(talk([["Bob", "How's your mate Brad, the one with the boat?"], ["Ann", "Gone! Moved to Denver last month for a job at Lockheed."]]), ["Brad | home | Denver | change", "Brad | workplace | Lockheed"]);
  assert.deepEqual(talk([["Ann", "So the missus got the job at Canterbury uni."]]), ["Ann's missus | workplace | Canterbury uni | change"]);
  assert.deepEqual(talk([["Bob", "Where are you these days?"], ["Ann", "Same as always, Mount Maunganui, five minutes from the beach."]]), ["Ann | home | Mount Maunganui"]);
});
