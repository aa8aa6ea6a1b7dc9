/**
 * A self-introduction in fragments, as people type it to a new contact or to a memory assistant: "Efua, East Legon, I
 * dey Ecobank head office", "Liam. Petone. Weta Workshop.", "my name Darren, stay Tampines, work at DBS.".
 *
 * After the speaker's own name alone in its fragment (or "I'm X", "my name (is) X", "name's X") among the turn's first
 * fragments, each later fragment that is a name by itself, or a name after a word of dwelling ("stay", "live",
 * "based", "in") or of work ("work", "at", "dey", "for"), tells where the speaker lives or works:
 * - a word of dwelling, a town of the gazetteer or a place the conversation has seen as a home: the home;
 * - a word of work (not before a town) or an organisation's word ("… Workshop", "… Bank"): the workplace;
 * - a name nothing tells: the home when it comes before any workplace and no home is told, else the workplace when
 *   none is told.
 * A person, a speaker, a country, a family word, a time or an ordinary word alone ("Done") is none of these; names
 * nothing tells are read only beside a told one or a name of two words ("Ann, Sue, Tom." names people). Without one's
 * name, a sentence opening with a town, then names and one's line of work ("So. Cork, Apple, customer support") is
 * read the same way.
 */
import { wordSet } from "./lexicon.js";
import { commonWordAlone } from "./common-words.js";
import { isName, type Tok, upper } from "./nlp.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { organisationName, placeAt, townName } from "./states-common.js";

const DWELL = new Set(["live", "living", "lives", "stay", "staying", "based", "in"]);
const WORK = new Set(["work", "working", "at", "dey", "for", "with"]);
/** Words that open a fragment without telling anything ("I still Jurong West", "and now Leeds"). */
const FILLERS = new Set(["i", "still", "now", "currently", "and", "also", "just", "the", "then", "'m", "am", "im"]);
const TIMES = new Set([...wordSet("calendar"), ...wordSet("occasions")]);
const KIN = wordSet("kinAddress");
const JOB_WORDS = wordSet("jobWords");
/** Lines of work named without a job title ("customer support", "sales"). */
const LINES = new Set(["support", "sales", "marketing", "engineering", "admin", "finance", "accounts", "ops", "operations", "design", "teaching", "nursing", "hr", "it", "logistics", "retail", "research"]);
const CUTS = new Set([",", ".", ";", "!", "?", "-", "–", "—", "|", "/", ":", "…"]);

/** The turn cut into fragments at punctuation, each with the index of its sentence. */
function fragments(turn: readonly Tok[][]): { f: Tok[]; si: number }[] {
  const out: { f: Tok[]; si: number }[] = [];
  for (const [si, s] of turn.entries()) {
    let cur: Tok[] = [];
    for (const t of s) {
      if (t.pos === "PUNCT" && CUTS.has(t.text)) {
        if (cur.length) out.push({ f: cur, si });
        cur = [];
      } else cur.push(t);
    }
    if (cur.length) out.push({ f: cur, si });
  }
  return out;
}

/** A comma-separated part of the sentence, after its first two, in lower-case words that end in a job or a line of work. */
function lineOfWork(s: Tok[]): boolean {
  const parts: Tok[][] = [[]];
  for (const t of s) t.text === "," ? parts.push([]) : parts[parts.length - 1].push(t);
  return parts.slice(2).some((x) => x.length > 0 && x.length <= 3 && x.every((t) => (t.pos === "NOUN" || t.pos === "ADJ") && !upper(t.text)) && (JOB_WORDS.has(x[x.length - 1].lemma) || LINES.has(x[x.length - 1].lower)));
}

/** Does the fragment give the speaker's own name ("Kwame", "I'm Callum", "my name Darren", "name's Liam")? */
function namesSpeaker(f: Tok[], first: string): boolean {
  const w = f.map((t) => t.lower);
  const me = first.toLowerCase();
  const tail = (k: number) => w.length === k + 1 && w[k] === me;
  return tail(0) || (w[0] === "i" && (w[1] === "'m" || w[1] === "am") && tail(2)) || (w[0] === "im" && tail(1)) || (w[0] === "my" && w[1] === "name" && (tail(2) || (w[2] === "is" && tail(3)))) || (w[0] === "name" && w[1] === "'s" && tail(2));
}

export interface Introduced {
  attribute: "home" | "workplace";
  value: string;
  /** The index of the sentence that tells it. */
  si: number;
}

/**
 * The homes and workplaces a self-introduction in fragments tells, in order.
 *
 * @example
 * introduction(analyse("Liam. Petone. Weta Workshop."), "Liam", ctx);
 * // [{ attribute: "home", value: "Petone", si: 1 }, { attribute: "workplace", value: "Weta Workshop", si: 2 }]
 */
export function introduction(turn: readonly Tok[][], speaker: string, ctx: SessionContext): Introduced[] {
  const first = speaker.split(" ")[0];
  const fs = fragments(turn);
  // (or a sentence opening with a town, then a comma, that ends in one's line of work: read as if one's name came first)
  const townFirst = fs.findIndex(({ f, si }, i) => (i === 0 || fs[i - 1].si !== si) && isName(f[0]) && townName(placeAt(f, 0)?.value ?? "") && lineOfWork(turn[si]));
  const named = fs.slice(0, 3).findIndex(({ f }) => namesSpeaker(f, first));
  if (named < 0 && townFirst < 0) return [];
  const start = named >= 0 ? named : townFirst - 1;
  // (`fi`: the fragment that tells it)
  const found: { attribute: "home" | "workplace" | undefined; value: string; si: number; fi: number; within: boolean }[] = [];
  // (a cue with no name goes on to the next fragment: "I work in a call centre, Telmax")
  let carried: "home" | "workplace" | undefined;
  for (let fi = start + 1; fi < fs.length; fi++) {
    const { f, si } = fs[fi];
    let k = 0;
    let cue = carried;
    carried = undefined;
    // ("Work at Apple": a cue capitalised to open its sentence is no name)
    while (k < f.length && (!isName(f[k]) || DWELL.has(f[k].lower) || WORK.has(f[k].lower))) {
      // (the first word of either kind tells: "work in a call centre" is work)
      if (DWELL.has(f[k].lower)) cue ??= "home";
      else if (WORK.has(f[k].lower)) cue ??= "workplace";
      else if (!FILLERS.has(f[k].lower) && cue === undefined && !(f[k + 1]?.lower === "at")) break;
      k++;
    }
    if (k >= f.length && cue) carried = cue;
    if (k >= f.length || !isName(f[k])) continue;
    const p = placeAt(f, k);
    if (!p) continue;
    // (without a lower-case tail: "Ecobank head office")
    const v = p.value.replace(/'s$/, "").replace(/(?: \p{Ll}[\p{Ll}'-]*)+$/u, "");
    // a name by itself fills its fragment (a lower-case kind of place may follow: "Ecobank head office")
    if (cue === undefined && f.slice(p.end + 1).some((t) => isName(t))) continue;
    if (v === first || ctx.speakers.some((x) => x.split(" ")[0] === v) || namesSomeone(ctx, v, { firstName: "value", known: true })) continue;
    // (an ordinary word only opening a sentence: "Done.", but "…, Bolt, customer support")
    if (isCountry(v) || KIN.has(v.toLowerCase()) || TIMES.has(v.toLowerCase()) || (turn[si][0] === f[k] && commonWordAlone(v) && placesNamed(v).length === 0)) continue;
    const town = placesNamed(v).length > 0 || ctx.seenAs?.[v] === "home";
    // ("at Leeds": a word of work before a town tells nothing)
    if (cue === "workplace" && town) continue;
    // ("Ballincollig, Cork.": a name right before a town in the same sentence may be a place within it)
    const next = fs[fi + 1]?.si === si ? fs[fi + 1].f : undefined;
    const within = cue === undefined && !!next && isName(next[0]) && townName(placeAt(next, 0)?.value ?? "") && !organisationName(v) && !/^\p{Lu}{2,}$/u.test(v);
    const attribute = cue === "home" || (cue === undefined && town) ? "home" : cue === "workplace" || organisationName(v) ? "workplace" : undefined;
    // ("Ankeny, Iowa.": a name nothing tells, right after a home and ending the sentence, is the rest of the address;
    // "Tartu, Bolt, customer support" goes on)
    const last = found[found.length - 1];
    if (attribute === undefined && last?.attribute === "home" && last.fi === fi - 1 && fs[fi + 1]?.si !== si) continue;
    found.push({ attribute, value: v, si, fi, within });
  }
  const out: Introduced[] = [];
  const informed = found.some((x) => x.attribute !== undefined || x.value.includes(" "));
  for (const [i, x] of found.entries()) {
    if (x.attribute === undefined && !informed) continue;
    const told = (a: string) => found.some((y) => y.attribute === a) || out.some((y) => y.attribute === a);
    // (a place within a town only when the workplace is told apart: "Ballincollig, Cork. Work at Apple", but "Ann,
    // Wipro, Pune" lists the workplace, then the home)
    const attribute = x.attribute ?? (x.within && told("workplace") ? "home" : !told("home") && !found.slice(0, i).some((y) => y.attribute === "workplace") ? "home" : !told("workplace") ? "workplace" : undefined);
    if (attribute && !out.some((y) => y.attribute === attribute)) out.push({ attribute, value: x.value, si: x.si });
  }
  return out;
}
