/**
 * What a question tells although it states nothing: the person "How's your dad?" or "How's Mārtiņš doing?" asks
 * after (the answer's "he"), the relation a question names, the speaker's home in "Any chance you can visit us in
 * Copenhagen?" or "The one near my block in Toa Payoh?", and what it presumes of the listener (states-indirect.ts). A tag ("…, you know?") or "what about
 * you?" at the end of a statement leaves it a statement (`questionTail`).
 */
import { mineIn } from "./asides.js";
import { workIn } from "./work-in.js";
import { crashAt, dwellingNamed, listenerAsked } from "./asked-home.js";
import { relationAt } from "./clause.js";
import { isName, type Tok } from "./nlp.js";
import { addPerson, nameRelation, relationGender, resolvePronoun, type SessionContext } from "./referents.js";
import { isRegion, placesNamed } from "./gazetteer.js";
import { askedPerson, homeSaidTo } from "./states-at.js";
import { DWELLING as DWELLINGS, organisationName, placeAt } from "./states-common.js";
import { indirectStates } from "./states-indirect.js";
import { isFirstName } from "./mentions.js";

/** What follows "Is X still …?" when X is a person: where they are, or what they do. */
const STILL_AT = new Set(["in", "at", "with", "living", "working", "based", "over", "up", "down", "out", "doing", "teaching", "nursing", "driving"]);

/** "…, what about you?", "…, did I tell you?", "…, you know?": a statement's tail that asks nothing of it. */
export const questionTail = (words: string[]): boolean => /(?:^|,)\s*(?:what|how) about you\s*\?$|,\s*(?:and you|did I (?:ever )?tell you|you know)\s*\?$/i.test(words.join(" ").replace(/ ,/g, ","));

/**
 * Splits off a statement of the speaker's that opens a question sentence before ", but" / ", so" / ", and": "I'm in
 * Scone so Crieff's a bit out, but I could meet you at Aviva?" states where the speaker lives, then asks.
 *
 * @example
 * statedLeads(analyse("I'm in Scone so it's a bit out, but could we meet at Aviva?")).length; // 2
 */
export function statedLeads(sentences: Tok[][]): Tok[][] {
  if (!sentences.some((s) => s[s.length - 1]?.text === "?")) return sentences;
  return sentences.flatMap((s) => {
    if (s[s.length - 1]?.text !== "?" || !["i", "we"].includes(s[0]?.lower ?? "") || !["AUX", "VERB"].includes(s[1]?.pos ?? "") || SUBJECT_AUX.has(s[0].lower)) return [s];
    const k = s.findIndex((t, i) => i > 3 && t.text === "," && ["but", "so", "and"].includes(s[i + 1]?.lower ?? ""));
    // (the lead holds no question word of its own)
    if (k < 0 || s.slice(0, k).some((t) => /^(?:where|what|how|which|who|why)$/.test(t.lower))) return [s];
    return [s.slice(0, k), s.slice(k + 2)];
  });
}

/**
 * Reads a question sentence (`indirect` takes what it says of someone's home or work).
 *
 * @example
 * readQuestion(analyse("How's your dad?")[0], "Ann", "D1:1", "Bob", ctx, isSpeakerName, emit); // ctx.askedAbout: Bob's dad
 */
const NEW_RELATIONS = new Set(["flatmate", "roommate", "housemate", "boss", "manager", "colleague", "neighbour", "neighbor", "partner", "boyfriend", "girlfriend"]);

/** Auxiliaries that open a yes/no question before its subject. */
const SUBJECT_AUX = new Set(["is", "was", "did", "does", "has", "have", "will", "would", "can", "could"]);

const YES_WORDS = new Set(["yeah", "yes", "yep", "yup", "aye", "ya", "ja"]);

/**
 * A name and a yes opening a turn of several sentences ("Tegan yeah.", "Aye, Dougie."): a name no speaker, town or
 * known value has, whom the rest of the turn's subjectless remarks are about; when the other speaker just asked about a
 * relation of this speaker's ("Your sister was the one up north?", "you have a new flatmate?"), the relation it names.
 *
 * @example
 * nameAndYes(analyse("Tegan yeah. Still up in Darwin."), "Ann", "D1:2", ctx, isSpeakerName); // { aboutName: "Tegan", relation: "sister" }
 */
export function nameAndYes(sentences: Tok[][], speaker: string, turnId: string, ctx: SessionContext, isSpeakerName: (n: string) => boolean): { aboutName?: string; relation?: string } {
  const opener = sentences[0]?.filter((t) => t.pos !== "PUNCT");
  // ("That was Luis.", "Yeah, that's Luis": the one just asked after, named)
  const words = (opener ?? []).filter((t, i) => !(i === 0 && YES_WORDS.has(t.lower)));
  const thatWas = words.length === 3 && ["that", "it"].includes(words[0].lower) && ["was", "is", "'s"].includes(words[1].lower) && ctx.askedRelation ? words[2] : undefined;
  // ("How's your sister doing?" "Layla's great, exhausted but great.": the relation asked after, named as it is judged)
  const judged = ctx.askedRelation && opener && ["'s", "is"].includes(opener[1]?.lower ?? "") && opener[2]?.pos === "ADJ" ? opener[0] : undefined;
  // ("Unaisi, yes, she's in Auckland": the name and the yes between commas, the sentence going on about them)
  const s0 = sentences[0] ?? [];
  const commaYes = s0[1]?.text === "," && YES_WORDS.has(s0[2]?.lower ?? "") && s0[3]?.text === "," && ["she", "he"].includes(s0[4]?.lower ?? "") ? s0[0] : undefined;
  const yes = thatWas ?? judged ?? commaYes ?? (opener?.length === 2 ? (YES_WORDS.has(opener[1].lower) ? opener[0] : YES_WORDS.has(opener[0].lower) ? opener[1] : undefined) : undefined);
  const aboutName = (sentences.length > 1 || !!commaYes) && yes && isName(yes) && yes.pos === "PROPN" && !isSpeakerName(yes.text) && placesNamed(yes.text).length === 0 && !ctx.seenAs?.[yes.text] ? yes.text : undefined;
  const asked = ctx.askedRelation?.asker !== speaker ? ctx.askedRelation : undefined;
  ctx.askedRelation = undefined;
  if (!aboutName || asked?.holder !== speaker) return { aboutName };
  nameRelation(ctx, speaker, asked.relation, aboutName);
  addPerson(ctx, { name: aboutName, gender: relationGender(asked.relation), turn: turnId });
  return { aboutName, relation: asked.relation };
}

export function readQuestion(s: Tok[], speaker: string, turnId: string, other: string | undefined, ctx: SessionContext, isSpeakerName: (n: string) => boolean, indirect: (entity: string, attribute: "home" | "workplace" | "job", value: string) => void): void {
  // a question states nothing, but "How's your dad?" names the person the answer's "he" is
  // ("Emeka, how's your sister?": the listener's name and a comma may open it)
  const lead = isName(s[0]) && s[1]?.text === "," ? 2 : 0;
  // (after an interjection or an auxiliary: "eh, your son Jun came back already?", "Is Palesa moving up there too?")
  let opener = lead;
  while (["eh", "so", "and", "oh", "wait", "hey"].includes(s[opener]?.lower ?? "") || s[opener]?.text === ",") opener++;
  const subject = SUBJECT_AUX.has(s[opener]?.lower ?? "") ? opener + 1 : opener;
  const acts = (j: number) => ["VERB", "AUX", "ADV"].includes(s[j]?.pos ?? "") && s[j].text !== "'s";
  for (let i = 0; i + 1 < s.length; i++) {
    // ("did you hear my sister Wairimu went abroad?": a relation of the speaker's named in a question is a person)
    // (named only: "Remember my brother?" after "Kofi wants in" leaves Kofi the next "he")
    if ((s[i].lower === "my" || s[i].lower === "our") && (isName(s[i + 2]) || isName(s[i + 3]))) relationAt(s, i, speaker, ctx, turnId);
    if (s[i].lower !== "your" && s[i].lower !== "ur" && s[i].lower !== "yr") continue;
    const r = relationAt(s, i, speaker, ctx, turnId);
    if (r?.entity && i <= 3 + lead && s[lead]?.lower === "how") ctx.askedAbout = { asker: speaker, person: r.entity };
    // a question whose subject is the listener's relation: the answer's subjectless states are theirs
    else if (r?.entity && i === subject && acts(r.end + 1)) ctx.askedAbout = { asker: speaker, person: r.entity };
    if (r && !r.named && other && i <= 3 + lead) ctx.askedRelation = { asker: speaker, holder: other, relation: r.relation };
  }
  // … or a person the conversation has named ("Is Palesa moving up there too?", "did Kaylee get the job?")
  // (or by "he" or "she": "She livin' in Nashville proper?")
  const pronoun = ["he", "she"].includes(s[subject]?.lower ?? "") && acts(subject + 1) ? resolvePronoun(ctx, s[subject].lower, turnId) : undefined;
  // (or not named before, asked after as only a person is: "Iwan, is Cai still in London?", "Is Ruby still at that café?")
  const stillAt = s[subject + 1]?.lower === "still" && STILL_AT.has(s[subject + 2]?.lower ?? "") && subject > 0 && placesNamed(s[subject]?.text ?? "").length === 0;
  // (a name the tagger took for a verb: "is Cai still in London?")
  const nameLike = isName(s[subject]) || (stillAt && /^\p{Lu}\p{Ll}+$/u.test(s[subject]?.text ?? ""));
  // (or a common first name, no town, after its auxiliary: "did Kaitlyn ever find a job after the bootcamp")
  const firstName = subject > opener && isFirstName(s[subject]?.text ?? "") && placesNamed(s[subject].text).length === 0 && !ctx.seenAs?.[s[subject].text];
  const named = nameLike && acts(subject + 1) && (stillAt || firstName || (ctx.people ?? []).some((p) => p.name === s[subject].text && !p.plural) || ctx.folk?.includes(s[subject].text)) ? s[subject].text : pronoun;
  if (named && !isSpeakerName(named) && !ctx.askedAbout) ctx.askedAbout = { asker: speaker, person: named };
  if (firstName && named === s[subject].text && !isSpeakerName(named) && !(ctx.people ?? []).some((p) => p.name === named)) addPerson(ctx, { name: named, turn: turnId }, true);
  // "where was Kaylee?": one asked where they are is a person
  const whereIs = s[opener]?.lower === "where" && ["is", "was", "'s"].includes(s[opener + 1]?.lower ?? "") ? s[opener + 2] : undefined;
  if (whereIs && isName(whereIs) && s.slice(opener + 3).every((t) => t.pos !== "VERB" && !isName(t)) && !isSpeakerName(whereIs.text) && placesNamed(whereIs.text).length === 0 && !ctx.seenAs?.[whereIs.text]) addPerson(ctx, { name: whereIs.text, turn: turnId }, true);
  // "Rory says you have a new flatmate?", "you've got a new boss?": a new relation of the listener's asked after
  const newAt = s.findIndex((t, i) => t.lower === "new" && i > 1 && NEW_RELATIONS.has(s[i + 1]?.lemma ?? "") && s.slice(0, i).some((x) => x.lower === "you") && s.slice(0, i).some((x) => x.lemma === "have" || x.lower === "got"));
  if (newAt > 0 && other && s[s.length - 1]?.text === "?") ctx.askedRelation = { asker: speaker, holder: other, relation: s[newAt + 1].lemma };
  // "how's your sister getting on? Chioma, isn't it?": the asker names the relation just asked after
  const tag = s.slice(2).map((t) => t.lower).join(" ");
  const asked = ctx.askedRelation;
  if (asked?.asker === speaker && isName(s[0]) && s[0].pos === "PROPN" && s[1]?.text === "," && /^(?:is not it|isn't it|innit|right|yeah|yes|no) \?$/.test(tag) && !isSpeakerName(s[0].text) && placesNamed(s[0].text).length === 0) {
    nameRelation(ctx, asked.holder, asked.relation, s[0].text);
    addPerson(ctx, { name: s[0].text, gender: relationGender(asked.relation), turn: turnId });
    if (ctx.askedAbout?.asker === speaker && ctx.askedAbout.person === `${asked.holder}'s ${asked.relation}`) ctx.askedAbout = { asker: speaker, person: s[0].text };
  }
  // "How's Mārtiņš doing?": a person asked about by name (no town, no organisation, no speaker)
  const about = askedPerson(s, ctx);
  if (about && !isSpeakerName(about)) ctx.askedAbout = { asker: speaker, person: about };
  if (about && !isSpeakerName(about) && !(ctx.people ?? []).some((p) => p.name === about)) addPerson(ctx, { name: about, turn: turnId }, true);
  // "What's she doing over there?", "where is he working now?": a person just named, asked after by pronoun
  const pronounAt = ["what", "where", "how"].includes(s[lead]?.lower ?? "") && ["'s", "is", "does", "s"].includes(s[lead + 1]?.lower ?? "") ? lead + 2 : -1;
  const asKed = pronounAt > 0 && ["he", "she"].includes(s[pronounAt]?.lower ?? "") && ["doing", "working", "do", "living", "staying"].includes(s[pronounAt + 1]?.lower ?? "") ? resolvePronoun(ctx, s[pronounAt].lower, turnId) : undefined;
  if (asKed && !isSpeakerName(asKed)) ctx.askedAbout = { asker: speaker, person: asKed };
  // "Any chance you can visit us in Copenhagen?": the speaker's home
  const visit = homeSaidTo(s).speaker;
  if (visit) indirect(speaker, "home", visit);
  // a name asked back ("Kristian? Good, barely see him."): the person the next "he" or "she" is (not a state or a
  // province: "tasmania? so far"; a country may be a name, "Jordan? he loves Kalgoorlie")
  if (s.length === 2 && isName(s[0]) && !isSpeakerName(s[0].text) && !isRegion(s[0].text)) addPerson(ctx, { name: s[0].text, turn: turnId });
  if (other) indirectStates(s, [], other, ctx, turnId, indirect, true);
  // "Saturday run starts from mine in Barbican, yes?": asking only for agreement
  mineIn(s, speaker, ctx, indirect);
  // "still on nights in the Galway Clinic?": the listener's work, told "in" it
  workIn(s, speaker, other, ctx, (e, a, v) => indirect(e, a, v));
  // "is the Inchicore flat still freezing?", "and still with Eir?", "can i crash on ur couch"
  listenerAsked(s, other, ctx, indirect);
  crashAt(s, other, ctx, indirect);
  dwellingNamed(s, speaker, other, ctx, indirect);
  // "The one near my block in Toa Payoh?": the asker's own dwelling, said in passing
  const mine = s.findIndex((t, i) => (t.lower === "my" || t.lower === "our") && DWELLINGS.has(s[i + 1]?.lemma ?? "") && ["in", "near"].includes(s[i + 2]?.lower ?? "") && isName(s[i + 3]));
  const home = mine >= 0 ? placeAt(s, mine + 3) : undefined;
  if (home && !organisationName(home.value) && !isSpeakerName(home.value)) indirect(speaker, "home", home.value);
}
