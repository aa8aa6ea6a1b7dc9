/**
 * The lexicon audit: for every entry of every list in `lexicon.ts`, where it occurs — in the dev split's turns (and,
 * for the answerer's lists, its questions), in the project's hand-written sentences, in the test split's turns or
 * questions — and so what supports it. An entry whose only support is the test split was chosen (or could have been)
 * by looking at test data; the audit shows none is left. Counts only: no LoCoMo text is written out.
 */
import { analyse } from "./extractor.js";
import { entryPattern, LEXICON, REMOVED_BY_AUDIT, type LexiconList, type LexiconName } from "./lexicon.js";

/** The texts an entry is looked for in. */
export interface AuditTexts {
  devTurns: readonly string[];
  devQuestions: readonly string[];
  testTurns: readonly string[];
  testQuestions: readonly string[];
  /** Hand-written sentences: the extractor's and lexicon's tests, and the dev part of data/nous/extractor-sentences.txt. */
  handWritten: readonly string[];
}

export type Verdict = "dev" | "hand-written" | "test-only" | "nowhere";

export interface AuditEntry {
  list: LexiconName;
  entry: string;
  match: LexiconList["match"];
  on: LexiconList["on"];
  /** Number of texts of each kind in which the entry occurs. */
  devTurns: number;
  devQuestions: number;
  handWritten: number;
  testTurns: number;
  testQuestions: number;
  /** dev: occurs in dev texts; hand-written: not in dev but in a hand-written sentence; test-only: only in test texts; nowhere: in none. */
  verdict: Verdict;
  /** The entry was taken out of the list by the audit (it is counted, not used). */
  removed: boolean;
}

/** The lower-case words and lemmas of a text (what `lemma` and `token` entries are compared with). */
function wordsOf(text: string): { lower: Set<string>; lemma: Set<string> } {
  const lower = new Set<string>();
  const lemma = new Set<string>();
  for (const s of analyse(text)) for (const t of s) {
    lower.add(t.lower);
    lemma.add(t.lemma);
  }
  return { lower, lemma };
}

/** Does an entry occur in a text, under the list's rule of matching? */
function occurs(list: LexiconList, entry: string, text: string, words: { lower: Set<string>; lemma: Set<string> }): boolean {
  switch (list.match) {
    case "lemma": return words.lemma.has(entry) || words.lower.has(entry);
    case "token": return words.lower.has(entry);
    case "stem": return entryPattern("stem", entry).test(text.toLowerCase());
    default: return entryPattern(list.match, entry).test(text);
  }
}

/**
 * Audits every entry of the lexicon against the texts.
 *
 * @example
 * auditLexicon({ devTurns: ["I adopted a dog."], devQuestions: [], testTurns: [], testQuestions: [], handWritten: [] })
 *   .find((e) => e.list === "animals" && e.entry === "dog"); // { …, devTurns: 1, verdict: "dev" }
 */
export function auditLexicon(texts: AuditTexts): AuditEntry[] {
  const prep = (xs: readonly string[]) => xs.map((text) => ({ text, words: wordsOf(text) }));
  const sets = { devTurns: prep(texts.devTurns), devQuestions: prep(texts.devQuestions), handWritten: prep(texts.handWritten), testTurns: prep(texts.testTurns), testQuestions: prep(texts.testQuestions) };
  const out: AuditEntry[] = [];
  for (const name of Object.keys(LEXICON) as LexiconName[]) {
    const list: LexiconList = LEXICON[name];
    const removed = REMOVED_BY_AUDIT[name] ?? [];
    for (const entry of [...list.words, ...removed]) {
      const count = (xs: { text: string; words: { lower: Set<string>; lemma: Set<string> } }[]) => xs.filter((x) => occurs(list, entry, x.text, x.words)).length;
      const c = { devTurns: count(sets.devTurns), devQuestions: count(sets.devQuestions), handWritten: count(sets.handWritten), testTurns: count(sets.testTurns), testQuestions: count(sets.testQuestions) };
      const verdict: Verdict = c.devTurns + c.devQuestions > 0 ? "dev" : c.handWritten > 0 ? "hand-written" : c.testTurns + c.testQuestions > 0 ? "test-only" : "nowhere";
      out.push({ list: name, entry, match: list.match, on: list.on, ...c, verdict, removed: removed.includes(entry) });
    }
  }
  return out;
}

/**
 * The sentences a test file writes for the extractor: the text argument of `triples(speaker, text)`,
 * `states(speaker, text)` and `turn(speaker, text)`, of `mentions(text)`, and the first element of `[text, [expected…]]` cases.
 */
export function handWrittenSentences(source: string): string[] {
  const out: string[] = [];
  const re = /(?:triples|turn|states)\("(?:[^"\\]|\\.)*", "((?:[^"\\]|\\.)*)"|\[\s*"((?:[^"\\]|\\.)*)", \[|\bmentions\("((?:[^"\\]|\\.)*)"\)/g;
  for (const m of source.matchAll(re)) out.push(JSON.parse(`"${m[1] ?? m[2] ?? m[3]}"`) as string);
  return out;
}
