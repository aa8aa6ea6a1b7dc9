/**
 * The contraction pre-pass run on a text before it is tagged: contractions and their apostrophe-less chat spellings
 * expanded ("im" → "I am", "cant" → "can not"), the closed-class spellings of Scots, Nigerian Pidgin and Jamaican
 * Patois read as English, and Pidgin's "dey" before a name read as "in" a place or "at" an organisation; emoticons
 * dropped; and the marks that keep a web address, a dotted name or a hyphenated name one word, or end a sentence at an
 * emoji.
 */
import { placesNamed } from "./gazetteer.js";
import { wordSet } from "./lexicon.js";

/** The words that end an organisation's name ("… Bank", "… Architects", "… Co"). */
export const ORG_HEADS = new Set([...wordSet("organisationHeads"), "architects", "solicitors", "accountants", "builders", "roasters", "co", "union", "center", "centre", "sanctuary", "winery"]);

/**
 * Contractions and their apostrophe-less chat spellings, expanded before tagging (closed-class grammar). Each rule
 * carries the lower-case strings one of which its every match holds: a text holding none of them is not scanned
 * (most rules find nothing in most texts, and a scan costs more than a look for a few letters).
 */
const CONTRACTIONS: [RegExp, string, string[]][] = [
  [/[’‘]/g, "'", ["’", "‘"]], [/\bI'm\b/gi, "I am", ["i'm"]], [/\bim\b/g, "I am", ["im"]], [/\bI've\b/gi, "I have", ["i've"]], [/\bive\b/g, "I have", ["ive"]],
  [/\bI'd\b/gi, "I would", ["i'd"]], [/\bI'll\b/gi, "I will", ["i'll"]], [/\b(we|they|you)'re\b/gi, "$1 are", ["'re"]], [/\b(we|they|you)'ve\b/gi, "$1 have", ["'ve"]],
  [/\b(we|they|you|he|she|it|this|that)'ll\b/gi, "$1 will", ["'ll"]], [/(\p{Lu}\p{Ll}+)'ll\b/gu, "$1 will", ["'ll"]], [/\b(he|she|it|that|there)'s been\b/gi, "$1 has been", ["'s been"]], [/\b(he|she)'s ((?:just |finally |already |now |also )?(?:left|moved|gone|got|started|quit|found|bought|sold|taken|joined|changed|finished|landed|settled|signed|accepted))\b/gi, "$1 has $2", ["e's "]],
  [/\b(he|she|it|that|there)'s\b/gi, "$1 is", ["'s"]], [/\b(we|they|you|he|she)'d\b/gi, "$1 would", ["'d"]],
  [/\bcan't\b/gi, "can not", ["can't"]], [/\bcant\b/gi, "can not", ["cant"]], [/\bwon't\b/gi, "will not", ["won't"]], [/\bwont\b/gi, "will not", ["wont"]],
  [/\b(do|does|did|is|are|was|were|have|has|had|could|would|should)n't\b/gi, "$1 not", ["n't"]],
  [/\b(do|does|did|is|are|was|were|have|has|had|could|would|should)nt\b/gi, "$1 not", ["nt"]], [/\b(\w+)n't\b/gi, "$1 not", ["n't"]],
  [/\b(how|where|what)s\b/gi, "$1's", ["ws", "es", "ts"]], [/\b(she|he)s\b/g, "$1 is", ["hes"]], [/\bgonna\b/gi, "going to", ["gonna"]], [/(?<![\p{L}\p{N}_'-])u(?![\p{L}\p{N}_'-])/gu, "you", ["u"]], [/\bwanna\b/gi, "want to", ["wanna"]], [/\bgotta\b/gi, "got to", ["gotta"]],
  // ("just got back to Kalgoorlie this arvo": Australian "afternoon")
  [/\barvo\b/g, "afternoon", ["arvo"]],
  // "'s" stands apart: wink adds the words it has read to its vocabulary, and a learned "Mum's" (read once before a
  // stop) would no longer be split, so that one conversation's text would change how the next one is read
  [/(\p{L})'s\b/gu, "$1 's", ["'s"]],
];

/** Spellings of Scots, of Nigerian Pidgin and of dropped g's, read as English before tagging (after CONTRACTIONS'
 * apostrophes, before its "'s"), run only on a text that `DIALECT` finds something in. */
const DIALECT_SPELLINGS: [RegExp, string][] = [
  // Scots spellings of closed-class words, lower case only ("moved up tae Oban", "fae Rosemount", "wi a view", "it
  // isnae", "I cannae"); "ma" stays, since it may be one's mother
  [/\b(is|was|did|do|does|could|would|should|have|has|had)nae\b/g, "$1 not"], [/\bcannae\b/g, "can not"], [/\bdinnae\b/g, "do not"],
  [/\bintae\b/g, "into"], [/\btae\b/g, "to"], [/\bfae\b/g, "from"], [/\bwi\b/g, "with"], [/\boot\b/g, "out"], [/\bdoon\b/g, "down"], [/\bnoo\b/g, "now"], [/\baboot\b/g, "about"], [/\bwhit\b/g, "what"], [/\bhame\b/g, "home"], [/\bye\b/g, "you"], [/\bYe\b/g, "You"], [/\byer\b/g, "your"],
  [/\bany mair\b/g, "anymore"], [/\bmair\b/g, "more"], [/\bdoonstairs\b/g, "downstairs"], [/\bmasel\b/g, "myself"], [/\bNaw\b/g, "No"], [/\bnaw\b/g, "no"],
  // ("I'm no at the Royal any mair": Scots "no" for "not" before where one is)
  [/\b(I am|he is|she is|we are|they are|am|is|are) no (?=at|in|with|working|living|there)\b/g, "$1 not "],
  // Nigerian Pidgin moving out: "I don pack comot from Nsukka" ("comot": come out, leave)
  [/\bdon (?:pack )?comot from\b/g, "have moved out of"], [/\b(?:pack )?comot from\b/g, "moved out of"],
  // ("ah'm at the Lidl", "ah wis", "whit ye daeing", "still gaun offshore": Scots "I", "was", "doing", "going")
  [/\bah'm\b/g, "I am"], [/\bah've\b/g, "I have"], [/\bah(?= am\b| wis\b| was\b| know\b| think\b| work| live| started\b| moved\b| got\b| have\b| had\b)/g, "I"], [/\bwis\b/g, "was"], [/\bdaeing\b/g, "doing"], [/\bgaun\b/g, "going"],
  // Jamaican Patois, lower case only ("NCB inna New Kingston", "di branch", "mi bredda Clive"; "my" before kin: "Mi daughter Kezia")
  [/\binna\b/g, "in"], [/\bdi\b/g, "the"], [/\bbredda\b/g, "brother"], [/\bsista\b/g, "sister"], [/\bmadda\b/g, "mother"],
  [/\b([Mm])i (?=(?:daughter|son|brother|sister|mother|father|cousin|wife|husband|auntie|aunty|uncle|granny|niece|nephew)\b)/g, "$1y "],
  // a dropped g ("livin in Dundee", "workin' nights"), for the verbs of living, working and moving
  [/\b(liv|work|stay|mov|start|rent|shar|commut|teach|nurs|driv)in'?(?=[\s.,!?]|$)/g, "$1ing"],
];
const DIALECT = /\b(?:[Mm]i|bredda|sista|madda|ah|wis|daeing|gaun|inna|di|tae|intae|fae|wi|oot|doon|noo|aboot|whit|hame|[Yy]e|yer|mair|doonstairs|masel|[Nn]aw|comot)\b|nae\b|\b(?:liv|work|stay|mov|start|rent|shar|commut|teach|nurs|driv)in\b|\b(?:am|is|are) no (?:at|in|with|working|living|there)\b/;

/** Every text a rule of CONTRACTIONS can change matches this (an apostrophe, a chat or Scots spelling, "…nt" or "…nae"; "u" for "you" is lower case only). */
const MAY_CONTRACT = /['’‘]|\b(?:im|ive|cant|wont|gonna|wanna|gotta|arvo|u|hows|wheres|whats|shes|hes|tae|intae|fae|wi|oot|doon|noo|aboot|whit|hame|ye|yer|mair|doonstairs|masel|naw|dey|comot|inna|di|ah|wis|daeing|gaun|mi|bredda|sista|madda)\b|nt\b|nae\b|\b(?:liv|work|stay|mov|start|rent|shar|commut|teach|nurs|driv)in\b/i;

/** The contraction pre-pass alone. */
export function expandContractions(raw: string): string {
  // a Japanese or Korean honorific after a name is no word of its own ("soyeon-san do you want free ramen")
  const plain = raw.includes("-") ? raw.replace(HONORIFIC, "$1") : raw;
  const text = plain.includes(" for ") ? pidginFor(plain) : plain;
  if (!MAY_CONTRACT.test(text)) return text;
  let t = text;
  let lower = t.toLowerCase();
  // (the last rule, "'s" apart, after the dialect's spellings)
  for (let i = 0; i + 1 < CONTRACTIONS.length; i++) {
    const [re, to, held] = CONTRACTIONS[i];
    if (!held.some((h) => lower.includes(h))) continue;
    const next = t.replace(re, to);
    if (next !== t) lower = (t = next).toLowerCase();
  }
  if (DIALECT.test(t)) for (const [re, to] of DIALECT_SPELLINGS) t = t.replace(re, to);
  const [re, to, held] = CONTRACTIONS[CONTRACTIONS.length - 1];
  if (held.some((h) => t.toLowerCase().includes(h))) t = t.replace(re, to);
  // Nigerian Pidgin "dey" before a name is "in" a place ("You still dey Surulere?", "I don dey Lekki since last year"),
  // "at" an organisation ("I dey Prudential Bank")
  // (after "still" or "don" only: "I dey Ecobank head office" is read as it is written)
  // ("Me I still dey Ajegunle": the subject's verb given too)
  if (t.includes("dey ")) t = t.replace(/\b(I|we) still dey (?=\p{Lu})/gu, (_, w: string) => `${w} ${w === "I" ? "am" : "are"} still dey `);
  return t.includes("dey ") ? t.replace(/\b(still |don )dey ((?:\p{Lu}[\p{L}'-]*\s?){1,3})/gu, (_, w: string, name: string) => `${w === "don " ? "have been " : "still "}${ORG_HEADS.has(name.trim().split(" ").pop()!.toLowerCase()) ? "at" : "in"} ${name}`) : t;
}

/** Words that are a time, not a place ("my house for Christmas", "here for August"). */
const TIMES = new Set([...wordSet("calendar"), ...wordSet("occasions")]);

/**
 * Pidgin's locative "for" read as "in": a home's word after its possessive ("My side for East Legon", "my flat for
 * Wuse 2", "from our side for Onitsha"), not before a time ("my house for Christmas"), a clause of its own before
 * "dey" ("I dey my house for Bodija dey mark scripts"); and "still for" in a question, "in" a town the gazetteer holds
 * ("You still for Kumasi?"), "at" a name with an organisation's word ("still for Access Bank?"), else as written.
 */
function pidginFor(t: string): string {
  const named = (name: string) => !TIMES.has(name.split(" ")[0].toLowerCase());
  return t
    .replace(/\b((?:[Mm]y|[Yy]our|[Oo]ur|[Hh]is|[Hh]er|[Tt]heir) (?:house|flat|side|place|apartment|compound|estate)) for ((?:\p{Lu}[\p{L}'-]*\s?){1,3})(?=(dey\b)?)/gu, (m, home: string, name: string, dey?: string) => (!named(name) ? m : dey ? `${home} in ${name.trim()}, ` : `${home} in ${name}`))
    .replace(/\bstill for ((?:\p{Lu}[\p{L}'-]*\s?){1,3})(?=\?)/gu, (m, name: string) => (!named(name) ? m : ORG_HEADS.has(name.trim().split(" ").pop()!.toLowerCase()) ? `still at ${name}` : placesNamed(name.trim()).length ? `still in ${name}` : m));
}

/**
 * A text without its emoticons ("(T_T)", "(^^)", "m(_ _)m", "(≧▽≦)", "T_T", "^^"), which the tagger would read as names
 * ("my office is in Pangyo (T_T)"): a bracket that holds no word of two letters or a number, or a face of
 * underscores and carets alone.
 */
export function dropEmoticons(text: string): string {
  if (!/[(_^]/.test(text)) return text;
  return text.replace(/\p{L}?\((?:[^()\p{L}\p{N}]|(?<!\p{L})\p{L}(?!\p{L}))+\)\p{L}?(?!\p{L})/gu, (m) => (/[^\s\p{L}]/u.test(m.replace(/[()]/g, "")) ? " " : m)).replace(/(?<!\S)(?:T_+T|\^_*\^|>_+<|-_+-|o_O|O_o)(?!\S)/g, " ");
}

/**
 * A company named by its web address ("Kazi.io", "Helio.ai") is one word: the dot is read as a letter while tagging
 * (wink would end a sentence there) and given back in the token's text.
 */
export const DOMAIN_DOT = "\uA78F";
// (… and a name in capitals with a dot after its first letter: "E.ON")
export const joinDomains = (text: string): string => (text.includes(".") ? text.replace(/(?<=\b\p{Lu}[\p{L}\d]+)\.(?=(?:io|ai|co|app|dev|ly|so|com)\b)/gu, DOMAIN_DOT).replace(/(?<=\b\p{Lu})\.(?=\p{Lu}{2,}\b)/gu, DOMAIN_DOT) : text);
const HONORIFIC = /(\p{L}{2,})-(?:san|chan|kun|sama|senpai|sensei|ssi|nim)\b/giu;

/** Words a capitalised word takes after a hyphen that make no name ("Berlin-based", "Paris-born"). */
const HYPHEN_WORDS = wordSet("hyphenWords");
/** An emoji between a word and a capital, which ends a sentence as a stop would ("never left 😂 Still at Next"). */
export const EMOJI_BREAK = /([\p{L}\p{N}])(\s*\p{Extended_Pictographic}[\p{Extended_Pictographic}\uFE0F\u200D\u{1F3FB}-\u{1F3FF}]*)\s+(?=\p{Lu})/gu;

/** Whether `left-right` is one name: both capitalised ("Saint-Louis"), or a short given name ("Min-jun", "Soo-ah"). */
export function hyphenName(left: string, right: string): boolean {
  if (!/^\p{Lu}[\p{L}-]*$/u.test(left) || !/^\p{L}+$/u.test(right)) return false;
  if (/^\p{Lu}/u.test(right)) return true;
  return left.length <= 4 && right.length <= 4 && !HYPHEN_WORDS.has(right);
}
