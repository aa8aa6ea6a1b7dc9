/**
 * The Porter stemmer in NLTK's default mode (`PorterStemmer(mode=NLTK_EXTENSIONS)`), which LoCoMo's official
 * scorer uses. Written from M. F. Porter (1980), "An algorithm for suffix stripping", Program 14(3), with the
 * departures NLTK documents for its default mode:
 *
 * - a pool of irregular forms (sky/skies → sky, dying → die, lying → lie, tying → tie, news, innings → inning,
 *   outings → outing, cannings → canning, howe, proceed, exceed, succeed) answered before any step;
 * - words of one or two letters are returned unchanged;
 * - step 1a: a four-letter word ending in "ies" becomes "…ie" (dies → die);
 * - step 1b: "ied" → "ie" for four-letter words, else "i" (died → die, spied → spi);
 * - the *o (cvc) test also accepts a two-letter vowel-consonant stem;
 * - step 1c: y → i only when the letter before y is a consonant and the stem has more than one letter;
 * - step 2: "alli" → "al" is tried first and step 2 runs again on the result; "bli" → "ble" (not "abli");
 *   "fulli" → "ful"; "logi" → "log" with the measure taken on the stem that keeps the "l".
 *
 * npm stemmers implement the original algorithm or the Snowball variant and differ from this on words such as
 * "dies", "dying" or "spied", which changes LoCoMo F1 scores.
 */

const IRREGULAR = new Map<string, string>(Object.entries({
  sky: "sky", skies: "sky", dying: "die", lying: "lie", tying: "tie", news: "news",
  innings: "inning", inning: "inning", outings: "outing", outing: "outing",
  cannings: "canning", canning: "canning", howe: "howe", proceed: "proceed", exceed: "exceed", succeed: "succeed",
}));

type Condition = ((stem: string) => boolean) | null;
type Rule = [suffix: string, replacement: string, condition: Condition];

function isConsonant(w: string, i: number): boolean {
  const c = w[i];
  if (c === "a" || c === "e" || c === "i" || c === "o" || c === "u") return false;
  if (c === "y") return i === 0 ? true : !isConsonant(w, i - 1);
  return true;
}

/** Porter's m: the number of VC sequences in the stem's [C](VC)^m[V] form. */
function measure(stem: string): number {
  let m = 0;
  let prevVowel = false;
  for (let i = 0; i < stem.length; i++) {
    const cons = isConsonant(stem, i);
    if (cons && prevVowel) m++;
    prevVowel = !cons;
  }
  return m;
}

const positive = (stem: string): boolean => measure(stem) > 0;
const gt1 = (stem: string): boolean => measure(stem) > 1;

function containsVowel(stem: string): boolean {
  for (let i = 0; i < stem.length; i++) if (!isConsonant(stem, i)) return true;
  return false;
}

function endsDoubleConsonant(w: string): boolean {
  return w.length >= 2 && w[w.length - 1] === w[w.length - 2] && isConsonant(w, w.length - 1);
}

function endsCvc(w: string): boolean {
  const n = w.length;
  if (n >= 3 && isConsonant(w, n - 3) && !isConsonant(w, n - 2) && isConsonant(w, n - 1) && !"wxy".includes(w[n - 1])) {
    return true;
  }
  return n === 2 && !isConsonant(w, 0) && isConsonant(w, 1);
}

/** The first rule whose suffix matches decides: applied if its condition holds, otherwise the word is kept. */
function applyRules(word: string, rules: Rule[]): string {
  for (const [suffix, replacement, condition] of rules) {
    if (suffix === "*d" && endsDoubleConsonant(word)) {
      const stem = word.slice(0, -2);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
    if (word.endsWith(suffix)) {
      const stem = suffix === "" ? word : word.slice(0, -suffix.length);
      return condition === null || condition(stem) ? stem + replacement : word;
    }
  }
  return word;
}

function step1a(w: string): string {
  if (w.endsWith("ies") && w.length === 4) return w.slice(0, -3) + "ie";
  return applyRules(w, [["sses", "ss", null], ["ies", "i", null], ["ss", "ss", null], ["s", "", null]]);
}

function step1b(w: string): string {
  if (w.endsWith("ied")) return w.slice(0, -3) + (w.length === 4 ? "ie" : "i");
  if (w.endsWith("eed")) {
    const stem = w.slice(0, -3);
    return measure(stem) > 0 ? stem + "ee" : w;
  }
  let inter: string | undefined;
  for (const suffix of ["ed", "ing"]) {
    if (w.endsWith(suffix)) {
      const s = w.slice(0, -suffix.length);
      if (containsVowel(s)) {
        inter = s;
        break;
      }
    }
  }
  if (inter === undefined) return w;
  const last = inter[inter.length - 1];
  return applyRules(inter, [
    ["at", "ate", null],
    ["bl", "ble", null],
    ["iz", "ize", null],
    ["*d", last, () => last !== "l" && last !== "s" && last !== "z"],
    ["", "e", (stem) => measure(stem) === 1 && endsCvc(stem)],
  ]);
}

function step1c(w: string): string {
  return applyRules(w, [["y", "i", (stem) => stem.length > 1 && isConsonant(stem, stem.length - 1)]]);
}

function step2(w: string): string {
  if (w.endsWith("alli") && positive(w.slice(0, -4))) return step2(w.slice(0, -4) + "al");
  return applyRules(w, [
    ["ational", "ate", positive], ["tional", "tion", positive], ["enci", "ence", positive],
    ["anci", "ance", positive], ["izer", "ize", positive], ["bli", "ble", positive], ["alli", "al", positive],
    ["entli", "ent", positive], ["eli", "e", positive], ["ousli", "ous", positive], ["ization", "ize", positive],
    ["ation", "ate", positive], ["ator", "ate", positive], ["alism", "al", positive], ["iveness", "ive", positive],
    ["fulness", "ful", positive], ["ousness", "ous", positive], ["aliti", "al", positive], ["iviti", "ive", positive],
    ["biliti", "ble", positive], ["fulli", "ful", positive], ["logi", "log", () => positive(w.slice(0, -3))],
  ]);
}

function step3(w: string): string {
  return applyRules(w, [
    ["icate", "ic", positive], ["ative", "", positive], ["alize", "al", positive], ["iciti", "ic", positive],
    ["ical", "ic", positive], ["ful", "", positive], ["ness", "", positive],
  ]);
}

function step4(w: string): string {
  return applyRules(w, [
    ["al", "", gt1], ["ance", "", gt1], ["ence", "", gt1], ["er", "", gt1], ["ic", "", gt1], ["able", "", gt1],
    ["ible", "", gt1], ["ant", "", gt1], ["ement", "", gt1], ["ment", "", gt1], ["ent", "", gt1],
    ["ion", "", (stem) => measure(stem) > 1 && (stem.endsWith("s") || stem.endsWith("t"))],
    ["ou", "", gt1], ["ism", "", gt1], ["ate", "", gt1], ["iti", "", gt1], ["ous", "", gt1], ["ive", "", gt1],
    ["ize", "", gt1],
  ]);
}

function step5a(w: string): string {
  if (!w.endsWith("e")) return w;
  const stem = w.slice(0, -1);
  const m = measure(stem);
  if (m > 1 || (m === 1 && !endsCvc(stem))) return stem;
  return w;
}

function step5b(w: string): string {
  return applyRules(w, [["ll", "l", () => measure(w.slice(0, -1)) > 1]]);
}

/**
 * Stem one word as NLTK's `PorterStemmer().stem(word)` does (default NLTK_EXTENSIONS mode, lower-casing on).
 *
 * @example
 * porterStem("generously"); // "gener"
 * porterStem("dies");       // "die"
 */
export function porterStem(word: string): string {
  const lower = word.toLowerCase();
  const irregular = IRREGULAR.get(word);
  if (irregular !== undefined) return irregular;
  if (word.length <= 2) return lower;
  let s = step1a(lower);
  s = step1b(s);
  s = step1c(s);
  s = step2(s);
  s = step3(s);
  s = step4(s);
  s = step5a(s);
  return step5b(s);
}
