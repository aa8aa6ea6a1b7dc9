/** Work and home told in passing, news of a job lost or a lease signed, and names read whole; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { talkLines } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("a working day or a day off somewhere named is the speaker's workplace; an outing, a trip or another's day is not", () => {
  assert.deepEqual(talk([["Ann", "Long days at Samsung but the team is nice."]]), ["Ann | workplace | Samsung | 0.5"]);
  assert.deepEqual(talk([["Ann", "Busy at the Hermitage, tourists everywhere."]]), ["Ann | workplace | Hermitage | 0.5"]);
  assert.deepEqual(talk([["Ann", "Weekend off from the Brompton at last!"]]), ["Ann | workplace | Brompton | 0.5"]);
  assert.deepEqual(talk([["Ann", "Work at Powell's is chill though."]]), ["Ann | workplace | Powell's | 0.5"]);
  assert.deepEqual(talk([["Ann", "Weekend off from Paris next month."]]), []);
  assert.deepEqual(talk([["Ann", "Great weekend at Disneyland."]]), []);
  assert.deepEqual(talk([["Ann", "Busy at Heathrow, flights delayed."]]), []);
  assert.deepEqual(talk([["Ann", "Work at the moment is crazy."]]), []);
});

test("doing a trade's work for a name now is one's workplace; for a person, in the past or a gift is not", () => {
  assert.deepEqual(talk([["Ann", "I fix wind turbines for Vestas, mostly out in Jutland."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Vestas | 0.5"]);
  assert.deepEqual(talk([["Ann", "Update: I'm driving for Scottish Water now."]]), ["Ann | workplace | Scottish Water | 0.5"]);
  assert.deepEqual(talk([["Ann", "I write for the Irish Times these days."]]), ["Ann | workplace | Irish Times | 0.5"]);
  assert.deepEqual(talk([["Ann", "I used to drive for Uber."]]), []);
  assert.deepEqual(talk([["Ann", "I bought flowers for Anna."]]), []);
  assert.deepEqual(talk([["Ann", "I cook for my kids."]]), []);
});

test("an organisation offering the speaker a job is their workplace ('Ørsted made me an offer', 'Virgin Australia picked me up'); a lift from someone is not", () => {
  assert.deepEqual(talk([["Ann", "Ørsted made me an offer I couldn't refuse."]]), ["Ann | workplace | Ørsted | 0.5"]);
  assert.deepEqual(talk([["Ann", "Back in the sky! Virgin Australia picked me up, training starts next week."]]), ["Ann | workplace | Virgin Australia | 0.5"]);
  assert.deepEqual(talk([["Ann", "Deloitte offered me a position in Leeds."]]), ["Ann | workplace | Deloitte | 0.5"]);
  assert.deepEqual(talk([["Ann", "Mum picked me up from the station."]]), []);
  assert.deepEqual(talk([["Ann", "Tom picked me up at 6."]]), []);
});

test("a job lost with no name ends the known workplace, or leaves the next name to be the new one; a last shift ends without stating", () => {
  assert.deepEqual(talk([["Ann", "Amazon have us on 10 hour shifts in Dunfermline."], ["Ann", "Well. Got laid off today. Whole night shift gone."]]), ["Ann | workplace | Amazon | 0.5", "Ann | workplace | Amazon | ended"]);
  assert.deepEqual(talk([["Ann", "They made me redundant."], ["Ann", "Result! Facilities manager at Ardgowan Hospice. Good people."]]), ["Ann | workplace | Ardgowan Hospice | change", "Ann | workplace | Ardgowan Hospice | 0.5"]);
  assert.deepEqual(talk([["Ann", "I quit smoking."]]), []);
  assert.deepEqual(talk([["Ann", "Last shift at Powell's today, bit sad."]]), ["Ann | workplace | Powell's | ended"]);
});

test("a business the speaker opened, named in that sentence or the next; the first days at a name written first", () => {
  assert.deepEqual(talk([["Ann", "Better than okay. I opened my own place! A little bistro in Brixton called Little Saffron."]]), ["Ann | workplace | Little Saffron | change"]);
  assert.deepEqual(talk([["Ann", "We opened a bakery called Crumbs in Leeds."]]), ["Ann | workplace | Crumbs | change"]);
  assert.deepEqual(talk([["Ann", "I never opened a bakery called Crumbs."]]), []);
  assert.deepEqual(talk([["Ann", "Nike day 1: got lost on campus twice."]]), ["Ann | workplace | Nike | 0.5"]);
  assert.deepEqual(talk([["Ann", "Monday day 1 of the diet."]]), []);
});

test("a lease signed, then 'Philly, in Fishtown' or 'Kerikeri it is', is the new home; 'Orchards everywhere' names nothing", () => {
  assert.deepEqual(talk([["Ann", "Signed a lease!!! Philly, in Fishtown. Half the rent."]]), ["Ann | home | Fishtown | change"]);
  assert.deepEqual(talk([["Ann", "Signed the lease! Kerikeri it is. Orchards everywhere, whole place smells like oranges."]]), ["Ann | home | Kerikeri | change"]);
  assert.deepEqual(talk([["Ann", "We finally did it, moved to Prague in March."]]), ["Ann | home | Prague | change"]);
});

test("'where to' after talk of a trip asks the trip's places, not a new home; after news of a move it asks the new home", () => {
  assert.deepEqual(talk([["Ann", "Sorry, been travelling for work nonstop."], ["Bob", "where to"], ["Ann", "Sydney, Wellington, Sydney again."]]), []);
  assert.deepEqual(talk([["Ann", "We're moving!"], ["Bob", "Where to?"], ["Ann", "Lamlash."]]), ["Ann | home | Lamlash | change"]);
});

test("laughter ends its own clause: a home told before ', but …😂' or in the possessed subject stays told", () => {
  assert.deepEqual(talk([["Ann", "Company sent me. Living in a tiny studio in Al Barsha, but the lift works 😂"]]), ["Ann | home | Al Barsha"]);
  assert.deepEqual(talk([["Ann", "My flat in Leeds is a fridge lol"]]), ["Ann | home | Leeds"]);
  assert.deepEqual(talk([["Ann", "I practically live at the office lol"]]), ["Ann | home | office | 0.2"]);
  assert.deepEqual(talk([["Ann", "My real home is Heathrow lol"]]), ["Ann | home | Heathrow | 0.2"]);
});

test("names read whole: particles, a farm outside a town, an adjective opening the sentence, a comparative", () => {
  assert.deepEqual(talk([["Ann", "I work at the Hospital de Santa Maria in Lisbon."]]), ["Ann | workplace | Hospital de Santa Maria"]);
  assert.deepEqual(talk([["Ann", "I moved to Rio de Janeiro."]]), ["Ann | home | Rio de Janeiro | change"]);
  assert.deepEqual(talk([["Ann", "I live on a farm just outside Dunedin, with sheep."]]), ["Ann | home | Dunedin"]);
  assert.deepEqual(talk([["Ann", "Got a job at cannon hall farm, on the animals side."]]), ["Ann | workplace | cannon hall farm | change"]);
  assert.deepEqual(talk([["Ann", "Really good. Typical Dunedin weather too, sideways rain."]]), ["Ann | home | Dunedin | 0.5"]);
  assert.deepEqual(talk([["Ann", "New York weather is mad."]]), ["Ann | home | New York | 0.5"]);
  assert.deepEqual(talk([["Ann", "Signed it! Last day at Deutsche Bahn is Friday."], ["Ann", "Really good. Quieter, nobody shouting about delays."]]), ["Ann | workplace | Deutsche Bahn | ended"]);
});

test("'which one are you at?' after 'got home from the call center' is answered by the workplace; the listener's job described by its kind adds nothing", () => {
  assert.deepEqual(talk([["Ann", "Sorry, just got home from the call center."], ["Bob", "No worries. Which one are you at again?"], ["Ann", "Concentrix in Cebu IT Park, graveyard shift."]]), ["Ann | workplace | Concentrix"]);
  assert.deepEqual(talk([["Ann", "First week at Zomato done."], ["Bob", "You work at a food company and get free food."]]), ["Ann | workplace | Zomato | 0.5"]);
});

test("'where I work, The Salty Bean', 'your side of Caernarfon', 'an hour in traffic back to Penrith', 'Ward 7 at Ng Teng Fong'; a trip back, a gate at an airport or a side of an argument is none", () => {
  assert.deepEqual(talk([["Ann", "Love. I can get us a table where I work, The Salty Bean, boss owes me a favour."]]), ["Ann | workplace | Salty Bean | 0.5"]);
  assert.deepEqual(talk([["Ann", "Last time you say the bus from your side of Caernarfon does be late."]]), ["Bob | home | Caernarfon | 0.5"]);
  assert.deepEqual(talk([["Ann", "My end of Leeds is quiet."]]), ["Ann | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Ann", "On my side of the argument, nothing."]]), []);
  assert.deepEqual(talk([["Ann", "Then an hour in traffic back to Penrith because of the M4 works."]]), ["Ann | home | Penrith | 0.5"]);
  assert.deepEqual(talk([["Ann", "Flew back to Leeds after the holiday."]]), []);
  assert.deepEqual(talk([["Ann", "Half dead is optimistic. Ward 7 at Ng Teng Fong full house, then the bus broke down."]]), ["Ann | workplace | Ng Teng Fong | 0.5"]);
  assert.deepEqual(talk([["Ann", "Gate 12 at Heathrow again, delayed."]]), []);
});

test("'At Kinnegar Print we've a kettle', 'Just another day at Gonville School', 'the walk in to the Bon Secours', 'ja still in Stellenbosch'; an occasion or a town after 'At' is none", () => {
  assert.deepEqual(talk([["Ann", "A nap pod! At Kinnegar Print we've a kettle with a dodgy plug."]]), ["Ann | workplace | Kinnegar Print | 0.5"]);
  assert.deepEqual(talk([["Ann", "At Easter we bake cozonac."]]), []);
  assert.deepEqual(talk([["Ann", "At Leeds we have a big market."]]), []);
  assert.deepEqual(talk([["Ann", "Exhausting. Just another day at Gonville School."]]), ["Ann | workplace | Gonville School | 0.5"]);
  assert.deepEqual(talk([["Ann", "I complain when it's 4 degrees and drizzly on the walk in to the Bon Secours."]]), ["Ann | workplace | Bon Secours | 0.5"]);
  assert.deepEqual(talk([["Bob", "u still in wine country"], ["Ann", "ja still in Stellenbosch pouring wine for americans"]]), ["Ann | home | Stellenbosch"]);
});

test("an employer refusing is still the employer ('Zenith won't transfer me … even if I beg'); a concession is no condition, 'if I could' is", () => {
  assert.deepEqual(talk([["Ann", "Where else. Zenith won't transfer me nearer home even if I beg."]]), ["Ann | workplace | Zenith | 0.5"]);
  assert.deepEqual(talk([["Ann", "They didn't let me go."]]), []);
  assert.deepEqual(talk([["Ann", "I'd move to Leeds if I could."]]), []);
});

test("a move announced in exasperation with no date is a joke ('that's it, I'm moving to Lanzarote'); a dated plan is a plan; 'Gdańsk being Gdańsk' is where one is", () => {
  assert.deepEqual(talk([["Ann", "Ok that's it, I'm moving to Lanzarote. 40 days of rain straight."]]), ["Ann | home | Lanzarote | planned | 0.2"]);
  assert.deepEqual(talk([["Ann", "I've had enough of London, we're moving to Leeds in June."]]), ["Ann | home | Leeds | planned | 0.5"]);
  assert.deepEqual(talk([["Ann", "Anyway -2 here and the tram died again. Gdańsk being Gdańsk."]]), ["Ann | home | Gdańsk | 0.5"]);
  assert.deepEqual(talk([["Ann", "Traffic again. Lagos will be Lagos."]]), ["Ann | home | Lagos | 0.5"]);
  assert.deepEqual(talk([["Ann", "Paris being Paris, you'll love it."]]), []);
});

test("a place past a landmark in lower case: 'a flat on the seafront, in Brighton', 'a little cafe on the corner, Café Nero'; 'the Porirua flat' stays Porirua", () => {
  assert.deepEqual(talk([["Ann", "We live in a flat on the seafront, in Brighton."]]), ["Ann | home | Brighton"]);
  assert.deepEqual(talk([["Ann", "We live in a flat near the sea in Brighton."]]), ["Ann | home | Brighton"]);
  assert.deepEqual(talk([["Ann", "I work in a little cafe on the corner, Café Nero."]]), ["Ann | workplace | Café Nero"]);
  assert.deepEqual(talk([["Ann", "We're done. I moved out of the Porirua flat on Sunday."]]), ["Ann | home | Porirua | ended"]);
});

test("an organisation making its staff work, an onboarding, a voucher from it, days spent at a name, a bad day there, 'still with Dublin Bus'; a person making us watch or a day out is none", () => {
  assert.deepEqual(talk([["Ann", "Ugh Intel made us do overtime again."]]), ["Ann | workplace | Intel | 0.5"]);
  assert.deepEqual(talk([["Ann", "Sarah made us watch a movie."]]), []);
  // an organisation wanting its staff in, or wanting them to do something; a person wanting one somewhere is none
  assert.deepEqual(talk([["Ann", "RBC wants us downtown four days a week starting next month."]]), ["Ann | workplace | RBC | 0.5"]);
  assert.deepEqual(talk([["Ann", "Did you see the memo? Zenith Bank wants all of us in by 7:30 now."]]), ["Ann | workplace | Zenith Bank | 0.5"]);
  assert.deepEqual(talk([["Ann", "Priya wants me to come to her party."]]), []);
  assert.deepEqual(talk([["Ann", "Tom made me do it."]]), []);
  assert.deepEqual(talk([["Ann", "Gotta sleep tho, Petronas onboarding tmr 8am."]]), ["Ann | workplace | Petronas | 0.5"]);
  assert.deepEqual(talk([["Ann", "Woolworths gave us each a voucher and a pat on the head."]]), ["Ann | workplace | Woolworths | 0.5"]);
  assert.deepEqual(talk([["Ann", "I've had practice, I spend all day at the Derby Museum giving that look to children."]]), ["Ann | workplace | Derby Museum | 0.5"]);
  assert.deepEqual(talk([["Ann", "I spent all day at Disneyland."]]), []);
  assert.deepEqual(talk([["Ann", "Also I'd had a bad day at Standard Bank and someone had to pay for it."]]), ["Ann | workplace | Standard Bank | 0.5"]);
  assert.deepEqual(talk([["Ann", "Great day at Bondi with the kids."]]), []);
  assert.deepEqual(talk([["Ann", "Still with Dublin Bus too, in the rostering office."]]), ["Ann | workplace | Dublin Bus"]);
});

test("'Home Depot kept me for inventory', 'Ikea had me building …', 'Indian Oil has given us new air conditioners', 'Petrobras rotation'; a workplace by its kind beside a named one is a part of it; news after the listener's name; 'News, Tadhg.' names nothing", () => {
  assert.deepEqual(talk([["Ann", "Sorry sorry, Home Depot kept me for inventory."]]), ["Ann | workplace | Home Depot | 0.5"]);
  assert.deepEqual(talk([["Ann", "Meanwhile Ikea had me building a display kitchen all day."]]), ["Ann | workplace | Ikea | 0.5"]);
  assert.deepEqual(talk([["Ann", "Indian Oil has given us new air conditioners in the control room."]]), ["Ann | workplace | Indian Oil | 0.5"]);
  assert.deepEqual(talk([["Ann", "14 days offshore. Petrobras rotation."]]), ["Ann | workplace | Petrobras | 0.5"]);
  assert.deepEqual(talk([["Ann", "Got hired at FedEx, day shift at the hub."]]), ["Ann | workplace | FedEx | change"]);
  assert.deepEqual(talk([["Ann", "BOB i got an offer"], ["Ann", "Natura!! the cosmetics company. starting monday"]]), ["Ann | workplace | Natura | change"]);
  assert.deepEqual(talk([["Ann", "I'm not at Guinness anymore."], ["Ann", "News, Bob. I've got myself a little job as a tour guide at the Kilbeggan Distillery."]]), ["Ann | workplace | Guinness | ended", "Ann | workplace | Kilbeggan Distillery | 0.5"]);
});

test("'from mine in Barbican, yes?', 'up the road from me in Nyali', 'at mine in Leeds' are the speaker's place; a question or an invitation is none", () => {
  assert.deepEqual(talk([["Ann", "Saturday run starts from mine in Barbican, yes? I'll have water."]]), ["Ann | home | Barbican | 0.5"]);
  assert.deepEqual(talk([["Ann", "Bamburi is just up the road from me in Nyali, you could come for coffee."]]), ["Ann | home | Nyali | 0.5"]);
  assert.deepEqual(talk([["Ann", "She stayed at mine in Leeds."]]), ["Ann | home | Leeds"]);
  assert.deepEqual(talk([["Ann", "Come and stay with me in Paris?"]]), []);
  assert.deepEqual(talk([["Ann", "You're in Leeds now, right?"]]), []);
});

test("'my last week at the Pegasus' ends it; 'Little unit in Lynmore right by the forest' after a lease; 'I get home to Nether Edge'; 'also hi from Oaxaca'; the first week at a name leaves no room for 'Fine.'", () => {
  assert.deepEqual(talk([["Ann", "This is my last week at the Pegasus. Twenty years of hotel life."]]), ["Ann | workplace | Pegasus | ended"]);
  assert.deepEqual(talk([["Ann", "Signed a lease today! Little unit in Lynmore right by the forest, so I can roll out of bed."]]), ["Ann | home | Lynmore | change"]);
  assert.deepEqual(talk([["Ann", "Hot. Then I get home to Nether Edge and the neighbours have a barbecue going."]]), ["Ann | home | Nether Edge | 0.5"]);
  assert.deepEqual(talk([["Ann", "also hi from Oaxaca where its 30 degrees and i have no ac"]]), ["Ann | home | Oaxaca | 0.5"]);
  assert.deepEqual(talk([["Ann", "Last day at the Co-op today."], ["Ann", "First week at Auto Trader done. They are fine. Not heaven. Fine."]]), ["Ann | workplace | Co-op | ended", "Ann | workplace | Auto Trader | 0.5"]);
});

test("'But at Northlake Logistics most of my week is about people': an organisation opening the speaker's own clause; an occasion, an airport or the listener's clause is none", () => {
  assert.deepEqual(talk([["Ann", "But at Northlake Logistics most of my week is actually about people."]]), ["Ann | workplace | Northlake Logistics | 0.5"]);
  assert.deepEqual(talk([["Ann", "At Harlow Logistics I mostly do nights now."]]), ["Ann | workplace | Harlow Logistics | 0.5"]);
  assert.deepEqual(talk([["Ann", "At Easter I mostly bake."]]), []);
  assert.deepEqual(talk([["Ann", "At Gatwick I always buy a book."]]), []);
  assert.deepEqual(talk([["Ann", "At Harlow Logistics I hear your team is hiring."]]), []);
});

test("a town remarked on at a time of year is one's home ('Jersey City in jan is a punishment'); a capitalised noun after a name is part of it", () => {
  assert.deepEqual(talk([["Ann", "Cold. Jersey City in jan is a punishment."]]), ["Ann | home | Jersey City | 0.5"]);
  assert.deepEqual(talk([["Ann", "Leeds at night is dead."]]), ["Ann | home | Leeds | 0.5"]);
  assert.deepEqual(talk([["Ann", "Paris is a city."]]), []);
  assert.deepEqual(talk([["Ann", "Leeds in January was a nightmare, glad I left."]]), []);
  assert.deepEqual(talk([["Ann", "Is Leeds in January a nightmare?"]]), []);
});

test("'My flat is in Leith', 'her house is near Galway': a possessed dwelling that is in a town now; 'was', a question or the listener's is none", () => {
  assert.deepEqual(talk([["Ann", "Our new flat is in Leith."]]), ["Ann | home | Leith"]);
  assert.deepEqual(talk([["Ann", "My home is in Leith."]]), ["Ann | home | Leith"]);
  assert.deepEqual(talk([["Ann", "My sister's house is near Galway."]]), ["Ann's sister | home | Galway"]);
  assert.deepEqual(talk([["Ann", "My flat was in Leith."]]), []);
  assert.deepEqual(talk([["Ann", "Is your flat in Leith?"]]), []);
  assert.deepEqual(talk([["Ann", "The flat is in Leith."]]), []);
});

test("'Been at Deloitte three years now': a subjectless stay of months or more at an organisation is the speaker's workplace; a stay at someone's or a town is none", () => {
  assert.deepEqual(talk([["Ann", "Been at Deloitte three years now."]]), ["Ann | workplace | Deloitte | 0.5"]);
  assert.deepEqual(talk([["Ann", "Been with Vodafone since 2019."]]), ["Ann | workplace | Vodafone | 0.5"]);
  assert.deepEqual(talk([["Ann", "Been at Tom's since Friday."]]), []);
  assert.deepEqual(talk([["Ann", "Been at Tom's all week."]]), []);
  assert.deepEqual(talk([["Ann", "Been at Leeds three years now."]]), []);
});

test("'in this Matara heat', 'This Dundee rain is relentless': a town's weather said with 'this' is where the speaker is; a trip or a question is none", () => {
  assert.deepEqual(talk([["Ann", "Marking papers in this Matara heat with a fan that clicks."]]), ["Ann | home | Matara | 0.5"]);
  assert.deepEqual(talk([["Ann", "This Dundee rain is relentless."]]), ["Ann | home | Dundee | 0.5"]);
  assert.deepEqual(talk([["Ann", "Is this Dundee rain ever going to stop?"]]), []);
  assert.deepEqual(talk([["Ann", "This Paris trip is costing me a fortune."]]), []);
});

test("'No longer at Tesco, thank god', 'No longer in Leeds, we moved': the subjectless ending; a feeling or a question is none", () => {
  assert.deepEqual(talk([["Ann", "No longer at Tesco, thank god."]]), ["Ann | workplace | Tesco | ended"]);
  assert.deepEqual(talk([["Ann", "No longer with Tesco."]]), ["Ann | workplace | Tesco | ended"]);
  assert.deepEqual(talk([["Ann", "No longer in Leeds, we moved."]]), ["Ann | home | Leeds | ended"]);
  assert.deepEqual(talk([["Ann", "No longer in love with Leeds."]]), []);
  assert.deepEqual(talk([["Ann", "No longer at Tesco? Since when?"]]), []);
});

test("'York is home now' is one's home; 'Acme Logistics is treating me well' one's workplace, 'Cork's treating me well' one's home", () => {
  assert.deepEqual(talk([["Ann", "York is home now."]]), ["Ann | home | York | 0.5"]);
  assert.deepEqual(talk([["Ann", "York is home to a lot of ghosts."]]), []);
  assert.deepEqual(talk([["Ann", "York was home for years."]]), []);
  assert.deepEqual(talk([["Ann", "Acme Logistics is treating me well."]]), ["Ann | workplace | Acme Logistics | 0.5"]);
  assert.deepEqual(talk([["Ann", "Cork's treating me well."]]), ["Ann | home | Cork | 0.5"]);
});

test("other people told the everyday way: 'Sue works at Boots' (a name the tagger took for a verb), 'Mike's the new chef at Nando's', 'Sarah from work moved to Bath'", () => {
  assert.deepEqual(talk([["Ann", "Sue works at Boots."]]), ["Sue | workplace | Boots"]);
  assert.deepEqual(talk([["Ann", "My neighbour Sue works at Boots."]]), ["Sue | workplace | Boots"]);
  assert.deepEqual(talk([["Ann", "Mike's the new chef at Nando's now."]]), ["Mike | workplace | Nando's | change"]);
  assert.deepEqual(talk([["Ann", "Tom was the manager at Tesco."]]), ["Tom | workplace | Tesco | ended"]);
  assert.deepEqual(talk([["Ann", "He's the best at Fifa."]]), []);
  assert.deepEqual(talk([["Ann", "Sarah from work moved to Bath."]]), ["Sarah | home | Bath | change"]);
  assert.deepEqual(talk([["Ann", "My friend from uni lives in Leeds."]]), ["Ann's friend | home | Leeds"]);
  assert.deepEqual(talk([["Ann", "I got a card from work today."]]), []);
});

test("'I retired from the Post Office' ends the workplace; retiring later or with no place names none", () => {
  assert.deepEqual(talk([["Ann", "I retired from the Post Office."]]), ["Ann | workplace | Post Office | ended"]);
  assert.deepEqual(talk([["Ann", "I retired last year."]]), []);
});

test("a reply that gives what a place is called ('A small design studio called Pixel & Pine.'); an organisation judged a place to work ('Sky is a great place to work')", () => {
  assert.deepEqual(talk([["Bob", "Where do you work now?"], ["Ann", "A small design studio called Pixel & Pine."]]), ["Ann | workplace | Pixel & Pine"]);
  assert.deepEqual(talk([["Bob", "Where do you live now?"], ["Ann", "Tiny village called Ballymore."]]), ["Ann | home | Ballymore"]);
  assert.deepEqual(talk([["Bob", "What are you up to?"], ["Ann", "A new game called Elden Ring."]]), []);
  assert.deepEqual(talk([["Ann", "Loving it. Sky is a great place to work."]]), ["Ann | workplace | Sky | 0.5"]);
  assert.deepEqual(talk([["Ann", "Google was a great place to work."]]), []);
  assert.deepEqual(talk([["Ann", "Leeds is a great place to work."]]), []);
  assert.deepEqual(talk([["Ann", "Sky is a great place to work, you should apply."]]), []);
});

test("'my old boss at Tesco' is where the speaker worked; bumping into someone somewhere is no workplace", () => {
  assert.deepEqual(talk([["Ann", "My old boss at Tesco called me."]]), ["Ann | workplace | Tesco | ended"]);
  assert.deepEqual(talk([["Ann", "My boss at Tesco called me."]]), ["Ann | workplace | Tesco"]);
  assert.deepEqual(talk([["Ann", "Bumped into Tom at Tesco."]]), []);
});

test("a guessed home after a where-question ('Where are you again, Bishopstown?'); 'I'm in the Maryborough Hotel these days' (a named workplace of its kind); 'Sunrise Care Home, double shift today'", () => {
  // ("Where are you again?" asks where the listener lives: the name answers it, and the yes confirms the guess)
  assert.deepEqual(talk([["Bob", "Where are you again, Bishopstown?"], ["Ann", "Yes Bishopstown, same house."]]), ["Ann | home | Bishopstown | 0.5", "Ann | home | Bishopstown"]);
  assert.deepEqual(talk([["Bob", "Where do you work again, Tesco?"]]), []);
  assert.deepEqual(talk([["Ann", "I'm in the Maryborough Hotel these days, breakfast shifts."]]), ["Ann | workplace | Maryborough Hotel"]);
  assert.deepEqual(talk([["Ann", "We're in the Grand Hotel for the weekend."]]), []);
  assert.deepEqual(talk([["Ann", "Sunrise Care Home, double shift today, two carers off sick."]]), ["Ann | workplace | Sunrise Care Home | 0.5"]);
  assert.deepEqual(talk([["Ann", "Best hospital in Leeds, worst rota in Leeds."]]), []);
  assert.deepEqual(talk([["Ann", "Cabinet Office, Westminster."]]), []);
});

test("'We've been out in Minnedosa three years' (a direction before 'in'); 'renting a place out at Narromine' is a home, 'front of house at Casa do Rio' a workplace", () => {
  assert.deepEqual(talk([["Ann", "We've been out in Minnedosa about three years now."]]), ["Ann | home | Minnedosa"]);
  assert.deepEqual(talk([["Ann", "We're renting a place out at Narromine though."]]), ["Ann | home | Narromine | 0.5"]);
  assert.deepEqual(talk([["Ann", "I'm running front of house at Casa do Rio now."]]).filter((x) => x.includes("workplace")), ["Ann | workplace | Casa do Rio | 0.5"]);
});

test("'working on the Apple campus at Hollyhill' (the organisation whose site it is); 'caught in the layoffs at Boeing' ends it; 'First night in Portobello' is a new home", () => {
  assert.deepEqual(talk([["Ann", "I'm working on the Apple campus at Hollyhill."]]), ["Ann | workplace | Apple"]);
  assert.deepEqual(talk([["Ann", "I work at the Post Office."]]), ["Ann | workplace | Post Office"]);
  assert.deepEqual(talk([["Ann", "Bit of news: I got caught in the layoffs at Boeing."]]), ["Ann | workplace | Boeing | ended"]);
  assert.deepEqual(talk([["Ann", "The layoffs at Boeing are brutal."]]), []);
  assert.deepEqual(talk([["Ann", "We're in! First night in Portobello, eating chips on the floor."]]), ["Ann | home | Portobello | change | 0.5"]);
  assert.deepEqual(talk([["Ann", "First night in Paris on holiday, the hotel is lovely."]]), []);
  assert.deepEqual(talk([["Ann", "First day in Tesco today."]]), []);
});
