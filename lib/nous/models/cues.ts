/**
 * Hedges and jokes, read from their cues (never from the value): laughter and joke words (haha, lol, jk, 😂),
 * hedging adverbs and phrases (basically, practically, pretty much, at this rate, might as well), and the joke
 * construction "my real / actual / second <home|employer|office> is X". A cue that is itself negated or set aside
 * ("no joke", "not kidding", "joking aside") is not one. Laughter inside a sentence marks it; laughter standing
 * alone as the next sentence of the same turn marks the sentence before it; laughter standing alone before a
 * sentence ("Haha yeah. I work at the museum now.") or opening it before a comma or a yes ("ha, we left Galway in
 * June") answers the other speaker and marks nothing. A joke's sign-off ("forward my mail") marks its turn up to it.
 * A claim the listener doubts ("Really?!") and the speaker then takes back ("No lad 😂", "In me head") the extractor
 * reads as ended (`doubts`, `takesBack`).
 */
import { LEXICON, wordSet } from "./lexicon.js";
import { inLexicon, isName, type Tok } from "./nlp.js";

const DWELLING_NOUNS = wordSet("dwellingNouns");
const CUES = wordSet("hedgeCues");
const PHRASES = new RegExp(`\\b(?:${LEXICON.hedgePhrases.words.join("|")})\\b`, "i");
const HYPERBOLE = wordSet("hyperboleModifiers");
const SIGN_OFF_ENDS = new Set(LEXICON.jokeSignOffs.words.map((w) => w.split(" ").pop()!));
const SIGN_OFFS = new RegExp(`\\b(?:${LEXICON.jokeSignOffs.words.join("|")})\\b`, "i");
const ROLE_NOUNS = new Set(["home", "address", ...LEXICON.workplaceNouns.words, "job"]);

const isCue = (s: Tok[], i: number): boolean => {
  const t = s[i];
  if (!CUES.has(t.lower)) return false;
  const before = s[i - 1]?.lower;
  // laughter opening a reply, set off by a comma or a yes ("ha, we left Galway in June", "haha yeah, moved"),
  // answers the other speaker, as laughter standing alone does
  const opening = s.slice(0, i).every((x) => x.pos === "PUNCT") && ["ha", "haha", "hahaha", "hah", "hehe", "lol"].includes(t.lower) && [",", "yeah", "yes", "yep", "ok", "okay"].includes(s[i + 1]?.lower ?? "");
  // "literally" hedges a verb ("I literally live at County Hall now"), except working, and stresses anything else:
  // "Bhai I literally work at Currys", "EPAM is literally across the road", "my staff room is literally a bunk"
  const stress = t.lower === "literally" && (s[i + 1]?.pos !== "VERB" || s[i + 1]?.lemma === "work");
  return !(before === "no" || before === "not" || s[i + 1]?.lower === "aside" || opening || stress);
};

const ADVERB_HEDGES = new Set(["basically", "practically", "virtually", "literally", "honestly"]);

/**
 * A hedging adverb or phrase (of `n` words) inside a verbless aside after a comma hedges the aside, not the
 * statement: "I'm in Santa Cruz since March, basically sea level", "Started at Stripe on Monday, same cycle more or
 * less" state the home and the job plainly (laughter keeps marking the whole sentence). The aside must say something
 * besides the hedge: "I live at the office, basically." is hedged.
 */
const inAside = (s: Tok[], i: number, n = 1): boolean => {
  if (n === 1 && !ADVERB_HEDGES.has(s[i].lower)) return false;
  let a = i;
  while (a > 0 && s[a - 1].text !== ",") a--;
  if (a === 0) return false;
  let b = i;
  while (b < s.length && s[b].text !== ",") b++;
  const rest = [...s.slice(a, i), ...s.slice(i + n, b)];
  return !s.slice(a, b).some((t) => t.pos === "VERB" || t.pos === "AUX") && rest.some((t) => ["NOUN", "PROPN", "ADJ", "NUM"].includes(t.pos));
};

/** Does a hedging phrase stand in the sentence, outside a verbless aside? */
function hedgePhrase(s: Tok[]): boolean {
  const text = s.map((t) => t.text).join(" ");
  const m = PHRASES.exec(text);
  if (!m) return false;
  let k = 0;
  for (let pos = 0; k < s.length && pos < m.index; k++) pos += s[k].text.length + 1;
  return !inAside(s, k, m[0].split(" ").length);
}

/** Is the sentence hedged or joking by its own words? */
const BELIEVE = new Set(["think", "reckon", "swear", "believe"]);

export function hedged(s: Tok[]): boolean {
  for (let i = 0; i < s.length; i++) {
    if (isCue(s, i) && !inAside(s, i)) return true;
    // "my real employer is", "my second home is", "my actual home is"
    if ((s[i].lower === "my" || s[i].lower === "our") && HYPERBOLE.has(s[i + 1]?.lower ?? "") && ROLE_NOUNS.has(s[i + 2]?.lemma ?? "")) return true;
    // "My kids think I work at the arena": what others believe of the speaker, not what the speaker says
    if (BELIEVE.has(s[i].lemma) && i > 0 && !["i", "we"].includes(s[i - 1].lower) && s[i - 1].pos !== "AUX" && s[i - 1].pos !== "PART" && s[i + (s[i + 1]?.lower === "that" ? 2 : 1)]?.lower === "i") return true;
    // ("Your grandmother says I live at the Legion these days": what others say of where the speaker lives, a tease)
    // ("Sam says I don't live in Fishtown anymore, I live at the climbing gym": so is what they deny of it)
    if (s[i].lemma === "say" && i > 0 && !["i", "we"].includes(s[i - 1].lower) && s[i - 1].pos !== "AUX" && s[i - 1].pos !== "PART" && s[i + 1]?.lower === "i" && (s[i + 2]?.lower === "live" || (["don't", "dont", "do"].includes(s[i + 2]?.lower ?? "") && s.slice(i + 3, i + 5).some((t) => t.lower === "live")))) return true;
    // "I think I live on tram 8 now", "Think I work for Woolies now": one knows where one lives and works, so
    // thinking it of oneself, in the present and "now", is hyperbole ("I think I'll work at …" is a plan)
    if ((s[i].lower === "think" || s[i].lower === "reckon") && (i === 0 || s[i - 1].lower === "i") && s[i + 1]?.lower === "i" && ["live", "work"].includes(s[i + 2]?.lower ?? "") && s.slice(i + 3).some((t) => t.lower === "now" || t.lower === "already")) return true;
  }
  return hedgePhrase(s);
}

/**
 * Where a sentence's hedge starts (0: the whole sentence). Laughter belongs to the clause it ends: "living in a tiny
 * studio in Al Barsha, but the lift works 😂" jokes about the lift, and "my building in Andheri has a waterfall in
 * the lift shaft 😂" about the building, not where it stands. Hedging adverbs, hedging phrases and "my real X is"
 * mark the whole sentence.
 */
export function hedgeStart(s: Tok[]): number {
  const cues = s.flatMap((_, i) => (isCue(s, i) && !inAside(s, i) ? [i] : []));
  if (cues.length > 0 && cues.every((i) => ADVERB_HEDGES.has(s[i].lower)) && !hedgePhrase(s)) return adverbClause(s, cues[0]);
  if (cues.length === 0 || cues.some((i) => ADVERB_HEDGES.has(s[i].lower)) || !hedged(s.slice(0, cues[0]).concat(s[cues[0]])) || hedgePhrase(s)) return 0;
  if (s.some((t, i) => (t.lower === "my" || t.lower === "our") && HYPERBOLE.has(s[i + 1]?.lower ?? ""))) return 0;
  for (let b = cues[0] - 1; b > 1; b--) if (s[b].lower === "but" && s[b - 1].text === ",") return b;
  // a possessed subject ("my building in Andheri", "our flat in Leeds") and its verb, before the laughter
  if (s[0]?.lower === "my" || s[0]?.lower === "our") {
    const verb = s.findIndex((t, i) => i > 2 && (t.pos === "VERB" || t.pos === "AUX"));
    if (verb > 2 && verb < cues[0]) return verb;
  }
  return 0;
}

/**
 * A hedging adverb hedges its own finite clause: after a comma or "so", a clause with its own subject and verb
 * ("I live in Castletroy, near the uni, it's basically students and me", "he's a line cook at Girl & the Goat so
 * he's basically never home") leaves what came before it plain. "I live at the office, basically." and "I basically
 * live at the gym" have no such clause and are hedged whole.
 */
function adverbClause(s: Tok[], cue: number): number {
  let a = cue;
  while (a > 1 && s[a - 1].text !== "," && s[a - 1].lower !== "so") a--;
  if (a <= 1) return 0;
  let b = cue + 1;
  while (b < s.length && s[b].text !== ",") b++;
  const clause = s.slice(a, b);
  const verb = clause.findIndex((t) => t.pos === "AUX" || t.pos === "VERB");
  return verb > 0 && clause.slice(0, verb).some((t) => t.pos === "PRON" || t.pos === "PROPN" || t.pos === "NOUN") ? a : 0;
}

/** Is the value named in the sentence before its hedge starts (and so not hedged)? */
export function beforeHedge(s: Tok[], value: string, start: number): boolean {
  if (start <= 0) return false;
  const first = value.split(" ")[0];
  const at = s.findIndex((t) => t.text === first);
  return at >= 0 && at < start;
}

/** "that's it", "I've had it", "I'm done", "had enough": exasperation, which makes a move announced with it a joke. */
export function exasperated(text: string): boolean {
  return /\b(?:that(?:'|’)?s it|i(?:'|’)ve had it|i have had it|i(?:'|’)m done|i am done|had enough)\b/i.test(text);
}

/** A sentence that is only laughter ("Haha!", "lol", "😂"). */
export function laughterOnly(s: Tok[]): boolean {
  const words = s.filter((t) => t.pos !== "PUNCT");
  return words.length > 0 && words.every((t, i) => CUES.has(t.lower) && isCue(words, i) || t.pos === "SYM");
}

/**
 * For each sentence of a turn, whether what it states is hedged: by its own cues, or by laughter standing alone
 * right after it.
 *
 * @example
 * hedgedSentences(analyse("I live at the office now. Haha!")); // [true, false]
 */
export function hedgedSentences(sentences: Tok[][]): boolean[] {
  // "i officially live at the airport now. gate 7. forward my mail": a joke's sign-off marks the turn up to it
  // (the cheap test first: every sign-off ends in its last word, "mail" or "post")
  let signOff = -1;
  sentences.forEach((s, i) => {
    if (s.some((t) => SIGN_OFF_ENDS.has(t.lower)) && SIGN_OFFS.test(s.map((t) => t.text).join(" "))) signOff = i;
  });
  // ("at this stage I've a toothbrush in my desk drawer. Hollyhill is my home address now": the exaggeration goes on)
  const goesOn = (s: Tok[] | undefined) => !!s && /\bat this (?:stage|rate|point)\b/i.test(s.map((t) => t.text).join(" "));
  return sentences.map((s, i) => i <= signOff || hedged(s) || goesOn(sentences[i - 1]) || (i + 1 < sentences.length && laughterOnly(sentences[i + 1])));
}

/** The words of a short turn of disbelief. */
const DISBELIEF = new Set(["really", "seriously", "srsly", "wait", "what", "wha", "wat", "say", "for", "real", "huh", "eh", "no", "way", "come", "on", "you", "are", "u", "r", "kidding", "joking", "omg", "lol", "haha", "wtf", "sorry", "since", "when", "actually"]);

/** "Really?!", "Say wha???", "For real?": a short turn of disbelief (the listener doubts a claim). */
export function doubts(sentences: Tok[][]): boolean {
  const words = sentences.flat().filter((t) => t.pos !== "PUNCT");
  return words.length > 0 && words.length <= 4 && sentences.flat().some((t) => t.text.includes("?")) && words.every((t) => DISBELIEF.has(t.lower));
}

const LAUGHS = new Set(["ha", "haha", "hahaha", "hahahaha", "hah", "hehe", "lol", "lmao", "😂", "🤣"]);
const GLAD = /\b(?:congrats|congratulations|nice|amazing|wow|omg|finally|yay|woo+|brilliant|great|love that|so happy|well done|good for you|fair play|proud of you|same here|me too|same)\b/i;

/**
 * "Ha! I'll leave a granola bar by the atlases.", "Hahaha then we need to send your parcels to immigration": a reply
 * that opens with laughter (and is no congratulation or agreement: "haha congrats!", "Haha, same here.") takes the
 * news before it as a joke.
 */
export function laughsAt(sentences: Tok[][]): boolean {
  const first = sentences[0]?.find((t) => t.pos !== "PUNCT");
  return !!first && LAUGHS.has(first.lower) && !GLAD.test(sentences.map((s) => s.map((t) => t.text).join(" ")).join(" "));
}

/**
 * "Yeah we're in Fort Lee now, right off Main Street. My mom is thrilled, there's like four H Marts within reach lol.":
 * a turn that laughs in a sentence of its own that names none of its values and is not about the speaker ("Monday I go
 * back to my classroom and rest, haha" after "now I officially live in Lotte World" laughs at the joke) laughs at
 * that, and a listener's "lol" after it laughs along with it, not at the news.
 */
export function laughsElsewhere(sentences: Tok[][], values: readonly string[]): boolean {
  return sentences.some((s) => {
    const words = s.filter((t) => t.pos !== "PUNCT");
    const text = s.map((t) => t.text).join(" ");
    return words.length >= 4 && words.some((t) => LAUGHS.has(t.lower)) && !words.some((t) => t.lower === "i") && !values.some((v) => text.includes(v));
  });
}

/** "No lad 😂 Southport.", "In me head.", "Kidding!": a turn that opens by taking back what was said. */
export function takesBack(sentences: Tok[][]): boolean {
  const first = sentences[0]?.filter((t) => t.pos !== "PUNCT").map((t) => t.lower) ?? [];
  // ("No joke", "No way", "No, really" take nothing back)
  return (["no", "nah", "nope", "kidding", "joking", "jk", "lol"].includes(first[0] ?? "") && !["way", "joke", "kidding", "lie", "seriously", "really", "honestly", "cap"].includes(first[1] ?? "")) || /^in (?:my|me) (?:head|dreams)$/.test(first.slice(0, 3).join(" ")) || first.slice(0, 2).join(" ") === "not really";
}

const HYPOTHETICAL = wordSet("hypotheticalMarkers");
/** Modals that keep a main clause under its condition. */
/** Verbs before an "if" that asks rather than conditions ("asked if I want to", "see if they hire"). */
const ASKING = new Set(["ask", "wonder", "see", "know", "check", "sure", "decide", "tell"]);
/** When a habit happens: "around seven", "by 6", "every day", "usually", "most mornings". */
const HABIT_TIME = /\b(?:(?:around|about|by|at) (?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|noon|midnight)\b|every\b|usually\b|most (?:days|nights|mornings|evenings)\b)/;
/** Verbs of a change, which a trailing "if" makes a plan. */
const CHANGES = new Set(["move", "start", "join", "quit", "leave", "go", "take", "accept", "transfer", "relocate", "switch", "change"]);
const CONDITIONED = new Set(["will", "'ll", "would", "'d", "could", "might", "should", "may", "can", "gonna", "shall", "must"]);

/**
 * The part of a sentence to read and whether it is a condition: "my manager says if you bring that cobbler again …"
 * leaves what comes before "says"; "from ours in Pontarddulais it's twenty minutes, so if you ever need to crash …"
 * the main clause before ", so if"; any other "if" makes the sentence conditional, but "even if" (a concession:
 * "Zenith won't transfer me nearer home even if I beg") does not.
 *
 * @example
 * mainClause(analyse("It's twenty minutes from ours in Mold, so if you need a bed, shout.")[0]).conditional; // false
 */
/**
 * The sentence after a heading of up to three words before a colon ("Quick update: still in Stellenbosch", "News dump:
 * …"); a clause or a name before the colon is no heading ("I said it once: …", "News from Chorlton: …").
 *
 * @example
 * afterHeading(analyse("Quick update: still in Stellenbosch.")[0]); // the tokens of "still in Stellenbosch."
 */
export function afterHeading(s: Tok[]): Tok[] {
  const colon = s.findIndex((t) => t.text === ":");
  if (colon <= 0 || colon > 3 || !/^\p{Ll}/u.test(s[colon + 1]?.text ?? "")) return s;
  const heading = s.slice(0, colon).every((t, i) => t.pos !== "AUX" && t.pos !== "PRON" && t.pos !== "ADP" && !(isName(t) && !(i === 0 && inLexicon(t.lower))) && !(t.pos === "VERB" && /(?:ed|s)$/.test(t.lower)));
  return heading ? s.slice(colon + 1) : s;
}

export function mainClause(s: Tok[]): { s: Tok[]; conditional: boolean } {
  const ifAt = s.findIndex((t) => HYPOTHETICAL.has(t.lower) && t.lower === "if");
  // "If I can get out of my driveway, St. Vital got another foot of snow": an opening condition ends at its comma;
  // the main clause after it is stated, unless it is itself modal ("If I get the job, I'll move to Leeds")
  const comma = ifAt === 0 ? s.findIndex((t) => t.text === ",") : -1;
  if (comma > 1) {
    const rest = s.slice(comma + 1);
    return { s: rest, conditional: rest.some((t) => CONDITIONED.has(t.lower) || (HYPOTHETICAL.has(t.lower) && t.lower === "if")) };
  }
  // "I live in Riga, I fly for airBaltic, sometimes Spain if I'm good": a short condition ending the sentence, after a comma,
  // conditions that last part only, when nothing before the comma is modal ("asked if", "see if" ask, not condition)
  // (a condition with no main clause of its own: "if the tram is in a good mood", not "if you're sending a card send it there")
  const lastComma = ifAt > 2 && s.length - ifAt <= 10 && s.slice(ifAt).filter((t) => t.pos === "VERB").length <= 1 && !s.slice(ifAt).some((t) => t.text === ",") && !ASKING.has(s[ifAt - 1].lemma) ? s.slice(0, ifAt).map((t) => t.text).lastIndexOf(",") : -1;
  if (lastComma > 1 && !s.slice(0, lastComma).some((t) => CONDITIONED.has(t.lower) || HYPOTHETICAL.has(t.lower))) return { s: s.slice(0, lastComma), conditional: false };
  // "I just finished a double shift at St. Luke's, so forgive me if I'm not making sense", "let me know if …": an
  // apology or a request with "if" conditions nothing before its comma
  const polite = ifAt > 2 && ((s[ifAt - 1].lower === "me" && ["forgive", "excuse", "pardon"].includes(s[ifAt - 2].lemma)) || ["sorry", "know", "wonder", "check"].includes(s[ifAt - 1].lemma));
  // "I'm still in Blarney if you want a celebratory pint": an offer to the listener conditions nothing before it
  // ("We are in Adyar, if Zoya wants to come and play": or to someone else)
  const offer = ifAt > 2 && (["you", "u", "he", "she", "they", "anyone", "anybody"].includes(s[ifAt + 1]?.lower ?? "") || isName(s[ifAt + 1])) && ["want", "fancy", "like", "need", "wanna", "ever"].some((w) => w === s[ifAt + 2]?.lower || w === s[ifAt + 2]?.lemma) && !s.slice(0, ifAt).some((t) => CONDITIONED.has(t.lower) || HYPOTHETICAL.has(t.lower));
  if (offer) return { s: s.slice(0, ifAt), conditional: false };
  // "She can message me if there's a problem, I'm at Ateneo Mon to Fri": the speaker's "I am" after the condition's
  // comma starts a statement of its own
  const splice = ifAt > 2 ? s.findIndex((t, i) => i > ifAt + 1 && t.text === "," && (s[i + 1]?.lower === "i" || s[i + 1]?.lower === "we") && ["am", "are"].includes(s[i + 2]?.lower ?? "")) : -1;
  if (splice > 0 && !s.slice(splice + 1).some((t) => CONDITIONED.has(t.lower) || HYPOTHETICAL.has(t.lower))) return { s: s.slice(splice + 1), conditional: false };
  // "I get home to Kharadi around seven if the traffic behaves": a habit with its time, then "if", states the habit
  // (not a change, which "if" makes a plan: "I move to Leeds if I get the job")
  const before0 = s.slice(0, ifAt);
  const habit = ifAt > 2 && HABIT_TIME.test(before0.map((t) => t.lower).join(" ")) && !before0.some((t) => CONDITIONED.has(t.lower) || HYPOTHETICAL.has(t.lower) || CHANGES.has(t.lemma));
  if (habit) return { s: before0, conditional: false };
  // "my mom is five minutes from our house in Mamelodi if there's an emergency": a dwelling one has is no condition's
  const owned = ifAt > 2 && before0.some((t, i) => (t.lower === "my" || t.lower === "our") && DWELLING_NOUNS.has(before0[i + 1]?.lemma ?? "")) && !before0.some((t) => CONDITIONED.has(t.lower) || HYPOTHETICAL.has(t.lower) || CHANGES.has(t.lemma));
  if (owned) return { s: before0, conditional: false };
  const before = polite ? s.slice(0, ifAt).map((t) => t.text).lastIndexOf(",") : -1;
  if (before > 1) return { s: s.slice(0, before), conditional: s.slice(0, before).some((t) => HYPOTHETICAL.has(t.lower) || CONDITIONED.has(t.lower)) };
  let main = s;
  if (ifAt > 2 && (s[ifAt - 1].lemma === "say" || s[ifAt - 1].lemma === "tell")) main = s.slice(0, ifAt);
  else if (ifAt > 3 && s[ifAt - 1].lower === "so" && s[ifAt - 2].text === ",") main = s.slice(0, ifAt - 2);
  return { s: main, conditional: main.some((t, i) => HYPOTHETICAL.has(t.lower) && t.lower === "if" && main[i - 1]?.lower !== "even") };
}

/** "… How about you?", "And you?", "You?": a turn that ends by asking the listener the same. */
export const asksBack = (sentences: Tok[][]): boolean => /(?:^|\b(?:how|what) about |\band )(?:you|u|yourself)\W*\?\W*$/i.test(sentences[sentences.length - 1]?.map((t) => t.text).join(" ") ?? "");

/** A change dated in the past: "last month", "three weeks ago", "on Monday", "since March". */
const DATED = /\b(?:last (?:week|month|year|weekend|monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(?:\w+ )?(?:days|weeks|months|years) ago|on (?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)|since (?:january|february|march|april|may|june|july|august|september|october|november|december))\b/i;
export const datedPast = (text: string): boolean => DATED.test(text);
