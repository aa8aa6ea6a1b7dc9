/**
 * Answers by fragment: when one speaker asks the other where they live or work ("Where is home these days?",
 * "Where do you work now?", "Where did you end up?") and the reply opens with a bare name ("Lübeck, it's quieter",
 * "Aarhus."), the name is the replier's state. A bare "Where did you go?" asks about a home only right after the
 * other speaker ended one in this session ("We don't live in Hamburg anymore." "Where did you go?"); otherwise it is
 * a trip. Asked in the past ("did you move / go / end up"), the reply is a change; asked in the present, a state.
 */
import type { ObservationKind } from "../types.js";
import { kinWords, relativeWords, wordSet } from "./lexicon.js";
import { inLexicon, isName, type Tok, upper } from "./nlp.js";
import { datedPast } from "./cues.js";
import { fragmentValue, greeting } from "./fragments.js";
import { namesSomeone, thirdAgreeing, type SessionContext } from "./referents.js";
import type { WithQuestion } from "./pending.js";
import { STREET, THIRD_PERSON, districtAfter, workedAt, stillLiving, fullAsked, thirdAnswered, leftAsked, nameAlone, orgAlone, WORKPLACE_KIND, offerAsked, partAsked, dwellingNamed, stillAbout, tellWhere, thirdAsked, toldTag, kindPresumed } from "./asked-about.js";
import { fold, mayLieWithinSaid, placesNamed } from "./gazetteer.js";
import { ASK_AUX, GO_Q, HOME_Q, NEXT_Q, PAST_Q, WH, WHERE_NOW_Q, WORK_Q } from "./question-forms.js";
import { DWELLING, organisationName, placeAt, placeName, townName } from "./states-common.js";
import { NO_PLACE } from "./name-context.js";
import { shortFormOf } from "../query.js";

/** Last words of the names of parts of a town ("the Heights", "the Village", "the West End"). */
const AREA_HEADS = new Set(["heights", "hill", "hills", "village", "valley", "end", "side", "quarter", "flats", "meadows", "docks", "annex", "liberties", "highlands", "lowlands", "park"]);

/** Where the modifiers before the word at i begin ("the new-ish job", "the vet practice"): up to three words back. */
const modifiedFrom = (s: Tok[], i: number): number => {
  let j = i - 1;
  while (j >= i - 4 && j > 0 && (s[j].pos === "ADJ" || s[j].pos === "NOUN" || s[j].text === "-")) j--;
  return j === i - 1 ? -1 : j;
};

const WORK_GERUNDS = wordSet("workGerunds");
const WORK_TOPIC = new Set(["job", "work", ...wordSet("workplaceNouns"), ...wordSet("workplaceKinds"), ...wordSet("jobNouns"), ...wordSet("workContextNouns")]);
const DETS_ASKED = new Set(["the", "your", "that"]);
const DIRECTIONS = new Set(["down", "up", "out", "over", "back"]);
/** A district's name by its last word ("Sandy Bay still?", "Still Forest Hill?"): where one lives, not works. */
const DISTRICT_NAME = /\s(?:End|Side|Hill|Hills|Heights|Village|Bay|Estate|Gardens)$/;
/** A kind of workplace, or a compound ending in one ("bookshop", "carwash"). */
const workplaceKind = (lemma: string): boolean => WORKPLACE_KIND.has(lemma) || [...WORKPLACE_KIND].some((k) => lemma.length > k.length + 2 && lemma.endsWith(k));
const KIN = kinWords();
const YES = /^\s*(?:(?:ha|haha|lol|oh|ah)\W+)?(?:yes|yeah|yep|yup|ya|aye|still|mhm|sure|definitely|of course|haan|ja|si|sí|oui|same|i did|that(?:'s| is) (?:me|right|it|the one)|it (?:is|'s)(?= [,.!]| *$)|correct|exactly|(?:almost |nearly |about |over |going on )?(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) (?:years|yrs|months)(?=\s*(?:now|already|lah|la|this|next|come|,|\.|!|$)))\b/i;

const RELATIVES = relativeWords();
/** Words of a reply that deny, end or change what a still-question asked. */
const NOT_SO = new Set(["no", "nah", "nope", "not", "n't", "never", "left", "leave", "quit", "finish", "move", "anymore", "longer", "gone", "new", "changed", "retire", "redundant", "sack", "fire"]);
/** What may follow "you" in a statement put as a question ("You work at …, right?"). */
const CONFIRMED = new Set(["work", "live", "stay", "'re", "are", "r", "still", "now", "teach"]);

/**
 * Is a sentence a question? It ends with "?", guesses at the listener ("so you work for Caribou now"), or (the mark
 * dropped) ends in no "." or "!" and opens, after interjections and a name, with a wh-word or an auxiliary before "you".
 *
 * @example
 * isQuestion(analyse("how's austin treating u")[0]); // true
 */
export function isQuestion(s: Tok[]): boolean {
  const last = s[s.length - 1];
  if (last?.text === "?" && toldTag(s)) return false;
  if (last?.text === "?" || tellWhere(s) || (s[0]?.lower === "so" && ["you", "u"].includes(s[1]?.lower ?? "") && s[2]?.lower !== "know")) return true;
  // "Still at Hartley & Finch then": what the speaker takes to be still true of the listener
  const words = s.filter((t) => t.pos !== "PUNCT" && t.pos !== "INTJ" && t.lower !== "so");
  if (words[0]?.lower === "still" && words[words.length - 1]?.lower === "then" && last?.text !== "!") return true;
  // "troy's still in albion right": a "still" and the tag "right", the mark dropped
  if (words[words.length - 1]?.lower === "right" && words.some((t, i) => t.lower === "still" && ["in", "at", "with"].includes(words[i + 1]?.lower ?? "")) && last?.text !== "!" && last?.text !== ".") return true;
  if (!last || last.text === "." || last.text === "!") return false;
  let k = 0;
  // interjections, and up to two words calling the listener ("oi", "grace", "Isla") before the wh-word or auxiliary
  while (k < s.length && (s[k].pos === "INTJ" || s[k].pos === "PUNCT")) k++;
  // "you still in the same unit in Penrith or did you end up moving": the auxiliary dropped, or the question's
  // second half asked with one
  const you = (i: number) => ["you", "u"].includes(s[i]?.lower ?? "");
  if ((you(k) && s[k + 1]?.lower === "still" && ["in", "at"].includes(s[k + 2]?.lower ?? "")) || s.some((x, i) => x.lower === "or" && ASK_AUX.has(s[i + 1]?.lower ?? "") && you(i + 2))) return true;
  for (let j = k; j < Math.min(s.length, k + 3); j++) {
    const opens = s.slice(k, j).every((x) => ["NOUN", "PROPN", "INTJ", "PUNCT"].includes(x.pos) || ["anyway", "so", "and", "ok", "okay", "btw"].includes(x.lower));
    if (WH.has(s[j].lower) || (ASK_AUX.has(s[j].lower) && ["you", "u"].includes(s[j + 1]?.lower ?? ""))) return opens;
    if (ASK_AUX.has(s[j].lower) && ASKED_SUBJECTS.has(s[j + 1]?.lower ?? "") && opens) return true;
  }
  const t = s[k];
  // ("Pangyo?? which company": "which" and a noun, the mark dropped)
  return !!t && (WH.has(t.lower) || (t.lower === "which" && s[k + 1]?.pos === "NOUN") || (ASK_AUX.has(t.lower) && ASKED_SUBJECTS.has(s[k + 1]?.lower ?? "")));
}
/** A question without its tag ("troy's still in albion right": the name ends before "right"). */
const untagged = (s: Tok[]): Tok[] => (s[s.length - 1]?.lower === "right" && s.some((t) => t.lower === "still") ? s.slice(0, s[s.length - 2]?.text === "," ? -2 : -1) : s);
/** Who an auxiliary before them asks about, the mark dropped ("did u get the job", "is it still hot in Lubbock"). */
const ASKED_SUBJECTS = new Set(["you", "u", "it", "he", "she", "they"]);

/**
 * Notes what a question asks about the listener's home or workplace (the listener must be the other speaker): a
 * where-question, a "still at / in X?" (or "X still?"), or a how-question about their job ("How's the job?").
 */
export function noteQuestion(ctx: SessionContext, speaker: string, text: string, sentences: Tok[][] = []): void {
  const c = ctx as WithQuestion;
  c.asked = undefined;
  const other = ctx.speakers.find((s) => s !== speaker);
  const q = sentences.filter(isQuestion);
  // "Auckland. You?": the question the speaker just answered, asked back
  const back = c.answering?.by === speaker ? c.answering.attribute : undefined;
  if (back && q.some((s) => /^\W*(?:and |what about |how about )?(?:you|u|yourself|urself)\W*$/i.test(s.map((t) => t.text).join(" ")))) {
    c.asked = { by: speaker, attribute: back, kind: "state" };
    return;
  }
  const lone = q.length > 1 ? nameAlone(q[0], ctx) : undefined;
  for (const s of q.map((x) => stillLiving(untagged(x)))) {
    // "did you take the Safaricom offer in the end?": a yes ("I did!") takes the job
    const offered = offerAsked(s);
    if (offered) return void (c.asked = { by: speaker, attribute: "workplace", kind: "change", still: offered });
    // "still (down / up / out / over) in X?", or without "still": "You're (down) in X these days?"
    const prepAt = (i: number) => (["at", "in", "with"].includes(s[i]?.lower ?? "") ? i : DIRECTIONS.has(s[i]?.lower ?? "") && ["at", "in"].includes(s[i + 1]?.lower ?? "") ? i + 1 : -1);
    // ("Is that still Moore's Haulage or did they rebrand?": the name may end at an "or" that offers another)
    const nameEnds = (i: number) => { const e = placeAt(s, i)?.end; return e === s.length - 2 || (e !== undefined && s[e + 1]?.lower === "or"); };
    let k = s.findIndex((t, i) => t.lower === "still" && (prepAt(i + 1) >= 0 || (isName(s[i + 1]) && nameEnds(i + 1)) || (i > 0 && s[i - 1].pos !== "VERB" && i >= s.length - 2)));
    if (k < 0) {
      // … or a town of the gazetteer named straight after: "And you're Napier, aye?"
      const town = (i: number) => isName(s[i]) && placesNamed(placeAt(s, i)?.value ?? "").length > 0;
      // ("And you're back at the mine?": a workplace by its kind, which a yes may name)
      const kindAt = (i: number) => s[i]?.lower === "at" && s[i + 1]?.lower === "the" && WORKPLACE_KIND.has(s[i + 2]?.lemma ?? "") && s[i + 3]?.text === "?";
      const y = s.findIndex((t, i) => (t.lower === "you" || t.lower === "u") && ["'re", "are", "r"].includes(s[i + 1]?.lower ?? "") && ((prepAt(i + 2) >= 0 && (isName(s[prepAt(i + 2) + 1]) || kindAt(prepAt(i + 2)))) || town(i + 2)));
      if (y >= 0) k = y + 1;
      // "Are you in Halifax proper?": the auxiliary first ("Are you in Halifax this weekend?" asks of a visit)
      const a = y < 0 ? s.findIndex((t, i) => ["are", "r"].includes(t.lower) && (s[i + 1]?.lower === "you" || s[i + 1]?.lower === "u") && prepAt(i + 2) === i + 2 && s[i + 2].lower === "in" && isName(s[i + 3]) && ["?", "proper", "now", "still", "these"].includes(s[(placeAt(s, i + 3)?.end ?? i + 3) + 1]?.lower ?? "")) : -1;
      if (a >= 0) k = a + 1;
    }
    // "The bookshop? Wordsmith?": a workplace by its kind, then a name alone (no town, person or speaker), both asked
    const kindAsked = q.some((x) => x.length <= 3 && x[x.length - 1].text === "?" && x.slice(0, -1).every((t) => t.pos === "DET" || t.pos === "NOUN") && x.some((t) => t.pos === "NOUN" && workplaceKind(t.lemma)));
    const nameAlone = kindAsked && s[0] && isName(s[0]) && s[0].pos === "PROPN" ? placeAt(s, 0) : undefined;
    if (nameAlone && s.slice(nameAlone.end + 1).every((t) => t.pos === "PUNCT") && s.some((t) => t.text === "?") && placesNamed(nameAlone.value).length === 0 && !ctx.speakers.includes(nameAlone.value) && !namesSomeone(ctx, nameAlone.value, { firstName: "value", gendered: true, known: true })) {
      c.asked = { by: speaker, attribute: "workplace", kind: "state", still: nameAlone.value };
      return;
    }
    // a still-question about a third person ("Is Jens still at …?", "Fenella? Still in Whitby?"): the yes is theirs
    const st = s.findIndex((t) => t.lower === "still");
    const about = stillAbout(s, st, s !== q[0] ? lone : undefined, ctx);
    if (about === "") continue;
    // "still coding for those boys at Bitsmith?", "Still in NICU at Mediclinic City Hospital?", "still on the stroke
    // unit at Ysbyty Gwynedd?": one's work or unit, then the organisation (no town) the question ends with
    // ("still working in Intel Bayan Lepas?": "in" after the work itself)
    const at = st >= 0 ? s.findIndex((t, i) => i > st + 1 && i <= st + 8 && (t.lower === "at" || (t.lower === "in" && i === st + 2 && WORK_GERUNDS.has(s[st + 1].lower))) && (isName(s[i + 1]) || (s[i + 1]?.lower === "the" && isName(s[i + 2])))) : -1;
    const between = at > 0 ? s.slice(st + 1, at) : [];
    const org = at > 0 && !between.some((t) => (t.pos === "VERB" && !t.lower.endsWith("ing")) || t.lemma === "live" || (isName(t) && !/^\p{Lu}{2,5}$/u.test(t.text))) ? placeAt(s, s[at + 1].lower === "the" ? at + 2 : at + 1) : undefined;
    if (org && s[org.end + 1]?.text === "?" && placesNamed(org.value).length === 0) {
      c.asked = { by: speaker, attribute: "workplace", kind: "state", still: org.value, ...(about ? { about } : {}) };
      return;
    }
    // "saw ur post!! Adelaide??": a town of the gazetteer asked alone, the turn's only question (not an echo of a
    // value just told: "Durban!? Wow")
    const alone = isName(s[0]) ? placeAt(s, 0) : undefined;
    if (k < 0 && q.length === 1 && alone && s.slice(alone.end + 1).every((t) => t.pos === "PUNCT") && townName(alone.value) && !ctx.seenAs?.[alone.value]) {
      c.asked = { by: speaker, attribute: "home", kind: "state", still: alone.value };
      return;
    }
    // "You work at Tesco, right?", "You're the new doctor at Dubbo Base Hospital, aren't you?": a statement about the
    // listener put as a question; a yes confirms it (a town after "in", or after "live", is a home; else a workplace)
    const you = k < 0 && !WH.has(s[0]?.lower ?? "") ? s.findIndex((t, i) => (t.lower === "you" || t.lower === "u") && CONFIRMED.has(s[i + 1]?.lower ?? "")) : -1;
    if (you >= 0) {
      const at = s.findIndex((t, i) => i > you + 1 && i <= you + 6 && (t.lower === "at" || t.lower === "in") && (isName(s[i + 1]) || (s[i + 1]?.lower === "the" && isName(s[i + 2]))));
      const between = at > 0 && s.slice(you + 2, at).every((t) => ["ADV", "DET", "ADJ", "NOUN"].includes(t.pos) && !isName(t));
      const p = between ? placeAt(s, s[at + 1].lower === "the" ? at + 2 : at + 1) : undefined;
      if (p && !namesSomeone(ctx, p.value, { firstName: "value", known: true })) {
        const home = s[you + 1].lower.startsWith("live") || s[you + 1].lower === "stay" || (s[at].lower === "in" && townName(p.value));
        c.asked = { by: speaker, attribute: home ? "home" : "workplace", kind: "state", still: p.value };
        return;
      }
    }
    // "wait, you left the council?": a yes ends the listener's known workplace it names
    const left = k < 0 ? leftAsked(s, other ? ctx.known?.[other]?.workplace : undefined) : undefined;
    if (left) return void (c.asked = { by: speaker, attribute: "workplace", kind: "ended", still: left });
    if (k < 0) continue;
    if (s[k].lower === "still" ? prepAt(k + 1) > k + 1 : prepAt(k + 1) >= 0) k = prepAt(k + 1) - 1;
    const trailing = s[k + 1]?.text === "?" || k === s.length - 1;
    // "You are at the hospital still?": "still" after the place, the place after at / in
    const j = trailing && s[k].lower === "still" && s.slice(0, k).some((t) => t.lower === "you" || t.lower === "u") ? s.slice(0, k).map((t) => t.lower).lastIndexOf("at") : -1;
    if (j > 0 && s[j + 1]) {
      const named = isName(s[j + 1]) || (s[j + 1].lower === "the" && isName(s[j + 2])) ? placeAt(s, j + 1, k) : undefined;
      c.asked = { by: speaker, attribute: named && other && ctx.known?.[other]?.home === named.value ? "home" : "workplace", kind: "state", still: named?.value ?? "" };
      return;
    }
    const bare = !trailing && isName(s[k + 1]);
    // ("still in that Karama flat?": a named dwelling, whatever its determiner, asks after a home)
    const dwelling = trailing ? undefined : dwellingNamed(s, k + 2);
    const told = trailing ? undefined : placeAt(s, bare ? k + 1 : k + 2);
    const p = trailing ? placeAt(s, 0, k) : told && (upper(told.value) || !dwelling) ? told : dwelling;
    const prep = trailing || bare ? undefined : s[k + 1].lower;
    // "Still Ashdown?": a home if that is the listener's known home, else a workplace
    // … or a town of the gazetteer ("still Leicester?"), a street ("Still Albany Road?"), a guess at where one lives
    const knownHome = p && ((other && ctx.known?.[other]?.home === p.value) || (!prep && (placesNamed(p.value).length > 0 || HOME_Q.test(text) || STREET.test(p.value) || DISTRICT_NAME.test(p.value))));
    // ("still in the old kitchen?" asks about no home)
    if (p && prep === "in" && !upper(p.value)) continue;
    // "still at the insurance place?": a workplace asked after with no name; a reply may name it
    // ("still at the check-in desk?": a word cut at its hyphen names nothing)
    if ((!p || p.value.endsWith("-")) && prep === "at" && s[k + 2] && (DETS_ASKED.has(s[k + 2].lower) || s[k + 2].pos === "NOUN")) {
      c.asked = { by: speaker, attribute: "workplace", kind: "state", still: "" };
      return;
    }
    // "Still at your auntie's?": a relative's house, the listener's home as known
    // ("still with your aunty in Surulere?": living with a relative in a town)
    if (prep === "with" && ["your", "ur"].includes(s[k + 2]?.lower ?? "") && KIN.has(s[k + 3]?.lemma ?? "") && s[k + 4]?.lower === "in" && isName(s[k + 5])) {
      const town = placeAt(s, k + 5);
      if (town) c.asked = { by: speaker, attribute: "home", kind: "state", still: town.value };
      return;
    }
    if (prep === "at" && ["your", "ur"].includes(s[k + 2]?.lower ?? "") && KIN.has(s[k + 3]?.lemma ?? "") && s[k + 4]?.text === "'s") {
      const home = other ? ctx.known?.[other]?.home : undefined;
      if (home) c.asked = { by: speaker, attribute: "home", kind: "state", still: home };
      return;
    }
    // ("You still in the Mater?": "in the" and a name no gazetteer holds, an institution, unless its last word names a
    // part of a town, "still in the Heights?"; "And work is still Woodside?": a town's name asked as one's work)
    const institution = prep === "in" && s[k + 2]?.lower === "the" && placesNamed(p?.value ?? "").length === 0 && !knownHome && !AREA_HEADS.has(p?.value.split(" ").pop()?.toLowerCase() ?? "");
    const workTopic = s.slice(0, k).some((t, i) => ["work", "office", "job"].includes(t.lower) && ["is", "'s"].includes(s[i + 1]?.lower ?? ""));
    if (p) c.asked = { by: speaker, attribute: (((prep === "in" && !institution) || knownHome) && !workTopic) || dwelling ? "home" : "workplace", kind: "state", still: p.value, ...(about ? { about } : {}) };
    if (p) return;
  }
  // "How's the job?", "and work?", "How's the new place?", "How's work?", "how work?"
  // the noun may follow a modifier ("the new job", "the vet practice") and carry an accent ("the café")
  // ("Work?": the noun capitalised, opening the question; "how's the new flat": the tagger may read the last word as an adjective)
  const topic = (nouns: Set<string>) => q.some((s) => (s.some((t) => t.lower === "how" || t.lower === "hows") || s.length <= 4) && s.some((t, i) => nouns.has(fold(t.lemma)) && (t.pos === "NOUN" || (t.pos === "VERB" && s[i - 1]?.lower === "how" && s[i + 1]?.text === "?") || (t.pos === "PROPN" && (t.lower === t.text || i === 0)) || (t.pos === "ADJ" && (!s[i + 1] || s[i + 1].pos === "PUNCT"))) && (i === 0 || ["the", "your", "new", "and", "'s", "is", "how"].includes(s[i - 1]?.lower ?? "") || ["the", "your"].includes(s[modifiedFrom(s, i)]?.lower ?? ""))));
  // "how's the weather there?", "how's life there?": about where the listener is
  const there = q.some((s) => s.some((t) => t.lower === "how") && s.filter((t) => t.pos !== "PUNCT").pop()?.lower === "there");
  // "Are you still teaching?", "How's nursing going?", "How was the first week at the new place?": the listener's work
  const gerund = q.some((s) => s.some((t, i) => (WORK_GERUNDS.has(t.lower) && (s[i - 1]?.lower === "still" || s.some((x) => x.lower === "how" || x.lower === "hows"))) || (t.lower === "first" && ["day", "days", "week", "shift", "month"].includes(s[i + 1]?.lower ?? "") && s[i + 2]?.lower === "at" && !isName(s[i + 3]))));
  // ("how's your brother, the one at the bank?": about a relation, not the listener)
  const relation = q.some((s) => s.some((t, i) => t.lower === "your" && RELATIVES.has(s[i + 1]?.lemma ?? "")));
  // "How long have you been in this block?", "how long you been living here?": the listener's home
  const howLong = q.some((s) => /\bhow long (?:have )?(?:you|u) been (?:living )?(?:here|(?:in|at) (?:this|the) (\w+))\b/i.test(s.map((t) => t.text).join(" ")) && s.some((t, i) => t.lower === "here" || (DWELLING.has(t.lemma) && ["this", "the"].includes(s[i - 1]?.lower ?? ""))));
  // "How was your commute?": the way in from home
  const commuteAsked = q.some((s) => s.some((t) => t.lower === "how") && s.some((t, i) => t.lemma === "commute" && ["your", "ur", "the"].includes(s[i - 1]?.lower ?? "")));
  // "Any news on the job front?", "news from work?"
  const workNews = q.some((s) => /\b(?:job|work) front\b|\bnews (?:on|about|from|at) (?:the |your |ur )?(?:job|work)\b/i.test(s.map((t) => t.text).join(" ")));
  if ((topic(WORK_TOPIC) || topic(DWELLING) || there || gerund || workNews || howLong || commuteAsked) && !relation) {
    c.asked = { by: speaker, attribute: topic(WORK_TOPIC) || gerund || workNews ? "workplace" : "home", kind: "state", topic: true, ...(commuteAsked ? { commute: true } : {}) };
    return;
  }
  // "for real??", "seriously?" right after the listener told of a home or a job: a reply naming a place corrects it
  // ("i live in antarctica basically" "for real??" "nah invercargill.")
  if (other && c.lastAttribute?.[other] && q.length === 1 && /^\W*(?:for real|really|seriously|srsly|fr|no way|are you serious)\W*$/i.test(q[0].map((t) => t.text).join(" "))) {
    c.asked = { by: speaker, attribute: c.lastAttribute[other], kind: "state" };
    return;
  }
  // a bare "where?" / "where to?" right after the listener told of a move or a new job: the reply names the new value
  // ("been travelling for work nonstop" "where to": the trip's places are no home)
  // ("do you want free ramen" "always yes. where": after the listener's own question it asks where the thing offered is)
  if (other && c.tripTalk !== other && c.askedLast !== other && q.length === 1 && /^\s*(?:to )?(?:where(?: to| abouts| exactly)?|whereabouts)[\s?!]*$/i.test(q[0].map((t) => t.text).join(" "))) {
    c.asked = { by: speaker, attribute: c.lastAttribute?.[other] ?? "home", kind: "change" };
    return;
  }
  // "where abouts again?", "whereabouts are you?": where the listener lives
  if (other && q.length === 1 && /^\W*(?:so |and )?(?:where ?abouts)(?: again| are you| r u| are you now| are you based| do you live)?(?: again)?[\s?!]*$/i.test(q[0].map((t) => t.text).join(" "))) {
    c.asked = { by: speaker, attribute: "home", kind: "state" };
    return;
  }
  // the listener just ended a home or a job: "what now?", "where are you?" ask for the new one
  const ended = c.ended?.entity === other ? c.ended : undefined;
  const last = ended ? q[q.length - 1]?.map((t) => t.text).join(" ").replace(/ (?=[?!.,'’])/g, "").replace(/ ’/g, "’") ?? "" : "";
  if (other && ended && NEXT_Q.test(last)) {
    c.asked = { by: speaker, attribute: ended.attribute, kind: "change" };
    return;
  }
  // "Where does your sister live?", "where is she?", "Where's Tom working now?": a third person's home or workplace
  const about = other ? thirdAsked(q, speaker, ctx) : undefined;
  if (about) {
    c.asked = { by: speaker, attribute: about.attribute, kind: "state", about: about.entity };
    return;
  }
  // "Which part of Toronto?", "what area of Seoul are you staying in?": where in a town the listener lives
  const part = other ? partAsked(q) : undefined;
  if (part) {
    c.asked = { by: speaker, attribute: "home", kind: "state", part };
    return;
  }
  // ("Tell the robot where you are": a request for where the listener is, as "where are you these days?")
  if (other && (WHERE_NOW_Q.test(text) || q.some(tellWhere)) && !WORK_Q.test(text)) {
    c.asked = { by: speaker, attribute: "home", kind: "state" };
    return;
  }
  if (noteKindPresumed(ctx, speaker, text, sentences)) return;
  if (!/\b(?:you|u|home|(?:your|ur) (?:\w+ )?address)\b|\bwhere(?:'s| is) (?:the|your|ur) (?:new )?office\b/i.test(text)) return;
  const attribute = WORK_Q.test(text) ? "workplace" : HOME_Q.test(text) || (GO_Q.test(text) && c.homeEnded === other) ? "home" : undefined;
  if (attribute) c.asked = { by: speaker, attribute, kind: PAST_Q.test(text) || GO_Q.test(text) ? "change" : "state" };
}

/** Notes what a turn asks (`noteQuestion`) or presumes (`noteKindPresumed`), and whether its speaker asked anything. */
export function noteTurnQuestion(ctx: SessionContext, speaker: string, text: string, sentences: Tok[][]): void {
  const asks = sentences.some(isQuestion);
  if (asks) noteQuestion(ctx, speaker, text, sentences);
  else noteKindPresumed(ctx, speaker, text, sentences);
  (ctx as WithQuestion).askedLast = asks ? speaker : undefined;
}

/** "Your dad says you're at one of the big banks.", "you found an apartment": a workplace or a home presumed by its kind (`kindPresumed`), which a reply opening with a name names; whether one was. */
export function noteKindPresumed(ctx: SessionContext, speaker: string, text: string, sentences: Tok[][]): boolean {
  const kind = ctx.speakers.some((s) => s !== speaker) && !WORK_Q.test(text) && !HOME_Q.test(text) ? kindPresumed(sentences, ctx) : undefined;
  if (kind) (ctx as WithQuestion).asked = { by: speaker, attribute: kind.attribute, kind: "state", byKind: true, ...(kind.about ? { about: kind.about } : {}) };
  return !!kind;
}

/**
 * Is a change of the speaker's told as news, so that laughter after it is no sign of a joke? Its old value ended
 * (in this turn, in this session, or waiting since an earlier turn), the speaker saw the laughter coming ("you'll
 * laugh"), dated it ("I joined Pied Piper last month"), or asked the listener something the laughter answers ("I'm at
 * Nakatomi now. How about you?", `asksBack`).
 */
export function toldAsNews(ctx: SessionContext, triples: readonly { entity: string; attribute: string; kind?: string }[], speaker: string, attribute: "home" | "workplace", text: string, asks = false): boolean {
  if (asks) return true;
  const ended = (ctx as WithQuestion).ended;
  return triples.some((t) => t.entity === speaker && t.attribute === attribute && t.kind === "ended") || (ctx.pendingEnd?.entity === speaker && ctx.pendingEnd.attribute === attribute) || (ended?.entity === speaker && ended.attribute === attribute) || /\b(?:you(?:'ll| will) laugh|don't laugh)\b/i.test(text) || datedPast(text);
}

/**
 * The state a reply gives by fragment, if the turn answers a pending where-question with a bare name; clears the
 * question either way (only the next turn of the other speaker can answer it).
 *
 * @example
 * noteQuestion(ctx, "Tomasz", "Where are you living now?");
 * replyState(ctx, "Ingrid", analyse("Lübeck, it's quieter.")); // { attribute: "home", value: "Lübeck", kind: "state" }
 */
export function replyState(ctx: SessionContext, speaker: string, sentences: Tok[][]): { attribute: "home" | "workplace"; value: string; kind: ObservationKind; indirect?: boolean; within?: string; entity?: string } | undefined {
  // (or the one the reply's verb agrees with: "Augusta?" "yep, lives in Augusta", after "Dre … he's at Eisenhower")
  const about = thirdAnswered((ctx as WithQuestion).asked, speaker, ctx) ?? (sentences.length ? thirdAgreeing(ctx, sentences[0]) : undefined);
  const r = replyTo(ctx, speaker, sentences);
  // (a reply about a third person names their value, never a place within it; the replier's may name a district after)
  return r && about ? { attribute: r.attribute, value: r.value, kind: r.kind, entity: about } : districtAfter(workedAt(r, sentences), sentences, ctx);
}

function replyTo(ctx: SessionContext, speaker: string, sentences: Tok[][]): { attribute: "home" | "workplace"; value: string; kind: ObservationKind; indirect?: boolean; within?: string } | undefined {
  const c = ctx as WithQuestion;
  const q = c.asked;
  c.answering = undefined;
  if (!q || q.by === speaker) return undefined;
  c.asked = undefined;
  c.answering = { by: speaker, attribute: q.attribute };
  // "Thanks Lucia! Yes, same place.": a thanks or a greeting before the answer is passed over
  const lead = sentences[0] && sentences.length > 1 && /^\W*(?:thanks|thank you|cheers|aw+|oh|hey|hi|hello|sorry)\b/i.test(sentences[0].map((t) => t.text).join(" ")) && YES.test(sentences[1].map((t) => t.text).join(" "));
  // "lol I never update that. Lagos, Lekki side": a remark that names nothing, before a reply opening with a name
  const first = sentences[0]?.map((t) => t.text).join(" ") ?? "";
  // ("Good idea, you were late by two weeks last year. Gurgaon, Sector 56.": a dictionary word opening the remark is no name)
  const aside = !lead && sentences.length > 1 && !sentences[0].some((t, i) => isName(t) && !(i === 0 && inLexicon(t.lower) && placesNamed(t.text).length === 0)) && !isQuestion(sentences[0]) && !YES.test(first) && !/^\W*(?:no|nope|nah|not)\b/i.test(first) && (isName(sentences[1][0]) || /^it(?: is|'s) /i.test(sentences[1].map((t) => t.text).join(" ")));
  // ("you found an apartment" "I did! In the Glebe": a yes alone, then the place presumed by its kind)
  const s = lead || aside || (q.byKind && YES.test(first) && sentences[0].length <= 4) ? sentences[1] : sentences[0];
  if (!s) return undefined;
  const text = s.map((t) => t.text).join(" ");
  // "Still at Tarang?" "Yep, …": the reply confirms the value, or names the place itself ("Yep, fixing cars at Fenwick
  // Motors"; of a home, not "working at X" nor "Yup, Centretown, and still at Shopify"); with no yes, it answers "where?"
  if (q.still !== undefined && YES.test(text)) {
    // ("Still in Albion?" "yeah, doing maintenance at Boone County Health Center": where one works, not lives)
    const working = (i: number) => WORK_GERUNDS.has(s[i - 1]?.lower ?? "") || s[i - 1]?.lemma === "work" || (s[i].lower === "at" && (s[i - 1]?.lower === "still" || s.slice(0, i).some((x) => x.lower === "doing" || WORK_GERUNDS.has(x.lower))));
    const k = s.findIndex((t, i) => (t.lower === "at" || t.lower === "in") && isName(s[i + 1]) && !(q.attribute === "home" && working(i)));
    // "Yes, Bandra.": a name standing alone after the yes
    // ("Still in Manchester?" "yeah still Chorlton": the name after a "still" too)
    let b = 1;
    while (b < s.length && (s[b].pos === "PUNCT" || (s[b].lower === "still" && isName(s[b + 1])))) b++;
    // ("still with the pharmacy?" "Yep, the Shoppers on Whyte Avenue": the name after "the", of the workplace asked after)
    if (q.attribute === "workplace" && q.still && !upper(q.still) && s[b]?.lower === "the" && isName(s[b + 1])) b++;
    // ("still in Kota Bharu?" "Yes, still KB": the asked place by its initials)
    const bare = isName(s[b]) && !(q.still && /^\p{Lu}{2,5}$/u.test(s[b].text) && shortFormOf(s[b].text, q.still)) ? placeAt(s, b) : undefined;
    // (or a run-on clause of the speaker's after it: "yeah still Chorlton I'm not going anywhere")
    const after = bare ? s[bare.end + 1] : undefined;
    // ("still in Tokyo?" "yes, Kichijoji still.": the name and a "still" after it)
    const stillAfter = after?.lower === "still" && (!s[bare!.end + 2] || s[bare!.end + 2].pos === "PUNCT");
    const alone = !!bare && (!after || after.pos === "PUNCT" || stillAfter || (s[b - 1]?.lower === "still" && (after.lower === "i" || after.lower === "we") && ["AUX", "VERB"].includes(s[bare.end + 2]?.pos ?? ""))) && placeName(s, b, ctx) !== undefined;
    // "Still at the dental clinic?" "Yes, Meridian Dental in Koregaon Park": the name the yes gives, before where it is
    // (or, asked after by its kind, "the" and its name: "still with the pharmacy?" "Yep, the Shoppers on Whyte Avenue")
    const first = !!bare && q.attribute === "workplace" && (bare.value.includes(" ") || s[b - 1]?.lower === "the") && placeName(s, b, ctx) !== undefined;
    // ("Still at Guinness?" "Yes o, Guinness Ghana, the brewery at Kaase": the asked name in full, before where it is)
    let named = (q.attribute === "workplace" && q.still ? fullAsked(s, q.still) : undefined) ?? (first ? bare!.value : k >= 0 ? placeAt(s, k + 1)?.value : alone ? bare!.value : undefined);
    // "Is this still Westwood Primary?" "aye, same wee school in East Kilbride": the town says where the workplace
    // asked after is, not another one
    if (named && q.still && q.attribute === "workplace" && k >= 0 && ((s[k].lower === "in" && townName(named)) || (workplaceKind(s[k - 1]?.lemma ?? "") && !["shop", "store", "bank", "firm", "agency"].includes(s[k - 1].lemma) && !organisationName(named))) && !townName(q.still) && !named.includes(q.still)) named = undefined;
    // "Still in Galway?" "Yep, same flat in Salthill.": both hold, Salthill within Galway
    const inside = named && named !== q.still && q.attribute === "home" && (k < 0 || s[k].lower === "in") && !STREET.test(q.still) ? q.still : undefined;
    return { attribute: q.attribute, value: named ?? q.still, kind: q.kind === "ended" ? "ended" : "state", ...(inside ? { within: inside } : {}) };
  }
  // "Still herding sheep at St Mary's?" "Ah, no! I left at Easter": a no (and no name in its sentence, no "still", no
  // third person: "No, he lives in Hull now" answers of someone else) ends what was asked
  if (q.still && /^\W*(?:(?:ah|oh|well|haha|lol)\W+)?(?:no|nope|nah)\b/i.test(text) && !s.some((t) => t.lower === "still" || THIRD_PERSON.has(t.lower)) && !s.slice(1).some((t) => isName(t) && t.pos === "PROPN")) return { attribute: q.attribute, value: q.still, kind: "ended" };
  if (q.topic) {
    // "How's the job?" "Crestfield Bank is fine": the first place or organisation the reply names, as weak evidence (in two sentences; three after a greeting alone)
    for (const r of sentences.slice(0, sentences[0]?.every((t, i) => t.pos === "PUNCT" || greeting(sentences[0], i) || ctx.speakers.includes(t.text)) ? 3 : 2)) {
      for (let k = 0; k < r.length; k++) {
        const before = r[k - 1];
        // (asked about the commute, only where one comes in from: "two hours from Marikina", not "MRT 40 min")
        if (q.commute ? before?.lower !== "from" : before && !["at", "for", "with", "in", ",", "."].includes(before.lower) && !["INTJ", "PUNCT", "ADJ"].includes(before.pos)) continue;
        if (greeting(r, k)) continue;
        const n = placeName(r, k, ctx) ?? (k === 0 && q.attribute === "workplace" ? orgAlone(r, ctx) : undefined);
        const v = n && (placeAt(r, k)?.value ?? n.name);
        // ("Earlies at Tesco all week": what comes before "at" a name is done there)
        const e = v ? placeAt(r, k)?.end ?? k : k;
        // ("Sasa Dov!": the listener greeted by name is no answer; nor is "Mi tell you", a word of two letters, nor a ward, "ED in …")
        if (v && (v.split(" ").some((w) => ctx.speakers.includes(w)) || (v.length <= 2 && !/^\p{Lu}+$/u.test(v)) || NO_PLACE.has(v.toLowerCase()))) continue;
        if (v && r[e + 1]?.lower === "at" && (isName(r[e + 2]) || (r[e + 2]?.lower === "the" && isName(r[e + 3])))) continue;
        // "How's the new place?" "… everyone at Arden & Kell …": an organisation's name (or one seen as a workplace) answers about work
        if (v) return { attribute: organisationName(v) || ctx.seenAs?.[v] === "workplace" ? "workplace" : q.attribute, value: v, kind: "state", indirect: true };
      }
    }
    return undefined;
  }
  // "Still at the bank?" "credit union, they get mad when u call it a bank. Saguaro Credit Union": a sentence of the
  // reply that is an organisation's name and nothing else
  if (q.attribute === "workplace" && q.still !== undefined) {
    for (const r of sentences) {
      const words = r.filter((t) => t.pos !== "PUNCT");
      const p = isName(r[0]) ? placeAt(r, 0) : undefined;
      if (p && p.end === words.length - 1 && organisationName(p.value) && !namesSomeone(ctx, p.value, { firstName: "value" })) return { attribute: "workplace", value: p.value, kind: "state" };
    }
  }
  let k = 0;
  // ("nah Invercargill.", "no, Leeds now": a no before the name corrects what was asked)
  // ("still Papatoetoe with mum n the fam": the same place as before; "It's Salt Lake, Sector Three": the name after "it's")
  while (k < s.length && (s[k].pos === "INTJ" || ["oh", "well", "nah", "no", "nope", ",", "still"].includes(s[k].lower) || (k < 2 && (s[k].lower === "it" || (s[k - 1]?.lower === "it" && ["is", "'s"].includes(s[k].lower)))))) k++;
  // ("Still in Altona?" "No, in Wilhelmsburg now.": a no, then the preposition the question asked with, then the name)
  const no = s.slice(0, k).some((t) => ["no", "nah", "nope"].includes(t.lower));
  if (no && (s[k]?.lower === "in" || (s[k]?.lower === "at" && q.attribute === "workplace")) && isName(s[k + 1])) k++;
  // ("Same as always, Mount Maunganui, five minutes from the beach.": the name after the comma)
  if (/^same as (?:always|ever|before) ,/.test(s.slice(k, k + 4).map((t) => t.lower).join(" "))) k += 4;
  const inThe = q.byKind && q.attribute === "home" && s[k]?.lower === "in" ? (s[k + 1]?.lower === "the" ? 2 : 1) : 0;
  if (inThe && isName(s[k + inThe])) k += inThe;
  const fragment = (): ReturnType<typeof replyState> => {
    // "Marketing at Kilima Coffee in Nairobi.", "Stavanger since August."
    const v = fragmentValue(s, q.attribute, ctx);
    return v && !namesSomeone(ctx, v, { firstName: "value" }) && !(s.length === 2 && s[1].text === "?") ? { attribute: q.attribute, value: v, kind: q.kind } : undefined;
  };
  // "You still doing weekends at Bunnings?" "Every Saturday and Sunday, garden section.": a reply that goes on about
  // it, with no name, no no and no change, confirms it weakly
  const goesOn = (): ReturnType<typeof replyState> => (q.still && !isQuestion(s) && !s.some((t) => isName(t) || NOT_SO.has(t.lower) || NOT_SO.has(t.lemma)) ? { attribute: q.attribute, value: q.still, kind: "state", indirect: true } : undefined);
  if (!isName(s[k])) return q.byKind ? undefined : fragment() ?? goesOn();
  // the name stands alone: the sentence ends, or a comma or a dash follows it
  // ("Kestrel Insurance ja.": a yes after the name ends it)
  let stop = k;
  // ("no, Leeds now": "now" after the name ends it too)
  while (stop < s.length && s[stop].pos !== "PUNCT" && !(stop > k && YES.test(s[stop].text) && s[stop].lower !== "still" && s[stop].lower !== "same") && !(stop > k && ["now", "nowadays"].includes(s[stop].lower))) stop++;
  const p = placeAt(s, k, stop);
  // ("still Papatoetoe with mum n the fam": a home, with whom one lives there)
  const withWhom = !!p && q.attribute === "home" && s[p.end + 1]?.lower === "with" && !isName(s[p.end + 2]);
  if (!p || (p.end !== stop - 1 && !withWhom) || (!withWhom && stop < s.length && ![",", ".", "!", "-", "—", "–"].includes(s[stop].text) && !YES.test(s[stop].text) && !["now", "nowadays"].includes(s[stop].lower))) return q.byKind ? undefined : fragment();
  if (q.byKind && (q.attribute === "workplace" ? inLexicon(p.value.split(" ")[0].toLowerCase()) || townName(p.value) || placesNamed(p.value).length > 0 : organisationName(p.value) || (!inThe && inLexicon(p.value.split(" ")[0].toLowerCase())))) return undefined;
  // "Marhaba Suda, nice to meet you!": the listener greeted by name is no answer; nor "Unaisi, yes, she's …", "Becca? No"
  if (namesSomeone(ctx, p.value, { firstName: "value" }) || (s[p.end + 1]?.text === "," && YES.test(s[p.end + 2]?.text ?? "") && s[p.end + 3]?.text === "," && !q.byKind) || (s[p.end + 1]?.text === "?" && placesNamed(p.value).length === 0)) return undefined;
  // "You're at Lidl? Which one" "Wrocław, the one on Legnicka.": a town names the branch of the workplace asked after
  if (q.attribute === "workplace" && q.still && !townName(q.still) && townName(p.value)) return { attribute: "workplace", value: q.still, kind: "state" };
  // ("Kreuzberg. Berlin. Next to a kebab shop": the town it lies in, a sentence of its own after it)
  const next = sentences[sentences.indexOf(s) + 1];
  const town = q.attribute === "home" && next && isName(next[0]) ? placeAt(next, 0) : undefined;
  const outer = q.part ?? (town && town.end === next.length - 2 && next[next.length - 1].pos === "PUNCT" && townName(town.value) ? town.value : undefined);
  const within = outer && p.value !== outer && mayLieWithinSaid(p.value, outer) ? { within: outer } : {};
  return { attribute: q.attribute, value: p.value, kind: q.kind, ...within };
}
