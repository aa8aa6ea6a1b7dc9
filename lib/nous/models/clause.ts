/**
 * Clauses from a tagged sentence: a subject (resolved to an entity), a verb group read for tense, aspect, negation
 * and modality, and the span its complement occupies. No dependency parse: the subject is the pronoun, name or
 * "my <relation>" phrase before a verb group; a verb group is auxiliaries, adverbs and particles up to the head
 * verb (or a copula). Subjectless clauses are read too: chat ellipsis ("Moved to Bristol!", "Been living in Leeds")
 * is the speaker's, and a verb after "and / but" keeps the subject of the clause before it.
 */
import { wordSet } from "./lexicon.js";
import { inLexicon, isCalendarOrGreeting, isName, nameAt, type Tok, upper } from "./nlp.js";
import { placesNamed } from "./gazetteer.js";
import { addPerson, nameRelation, relationEntity, relationGender, resolvePronoun, type SessionContext } from "./referents.js";

export interface Clause {
  /** Resolved subject entities; empty when the subject could not be resolved (the clause states nothing). */
  subjects: string[];
  /** Index of the subject's first token (of the verb for a subjectless clause). */
  at: number;
  implicit: boolean;
  /** Index of the head verb, or of the copula. */
  head: number;
  verb: string;
  copula: boolean;
  /** "got hired", "was hired by": the subject undergoes the verb. */
  passive: boolean;
  negated: boolean;
  past: boolean;
  perfect: boolean;
  progressive: boolean;
  /** will / going to / "next week" with a change verb: not done yet. */
  future: boolean;
  usedTo: boolean;
  still: boolean;
  /** "anymore", "any more", "no longer". */
  noLonger: boolean;
  now: boolean;
  /** would / could / might, or under want / hope / plan / think about …: not a fact. */
  intent: boolean;
  /** The intent verb, when the clause is under one ("plan", "want"). */
  intentVerb?: string;
  /** A gerund opening the sentence with no subject ("Starting at X on Monday", "Having a team is great"). */
  gerundLead?: boolean;
  /** Exclusive end of the clause's span. */
  end: number;
}

const FAMILY = wordSet("family");
const PARTNER = wordSet("partner");
const INTENT = wordSet("intentVerbs");
const FUTURE_WORDS = wordSet("futureWords");
const STATIVE_GERUNDS = new Set(["live", "rent"]);
const MODAL = new Set(["would", "could", "can", "might", "should", "may", "must"]);
const BE = new Set(["am", "is", "are", "was", "were", "be", "been", "being"]);
const PAST_AUX = new Set(["was", "were", "did", "had"]);
const HAVE = new Set(["have", "has", "'ve"]);
const IRREGULAR_PAST = new Set(["left", "quit", "got", "went", "took", "became", "lost", "began", "found", "bought", "came", "gave", "sold", "grew", "made", "put", "set", "hired", "moved", "started", "joined", "ran", "met", "had", "did", "was", "were", "drove", "rode", "flew"]);
const BARE_PARENTS = wordSet("bareParents");
const POSSESSIVE_BEFORE = new Set(["my", "our", "your", "his", "her", "their", "the", "a"]);
const PRONOUN_SUBJECT = new Set(["i", "we", "you", "he", "she", "they"]);
const DET_BEFORE_NAME = new Set(["the", "a", "an", "this", "that"]);
/** A token read again as a verb (a new token with the fields in the order nlp.ts writes them: one object shape for all). */
const retagged = (t: Tok, lemma: string): Tok => ({ text: t.text, lower: t.lower, pos: "VERB", lemma, date: t.date });
/** Third-person verbs the lite model tags as plural nouns after a subject ("My cousin lives in Oslo": lives/NOUN/life). */
const S_VERBS = new Set([...wordSet("resideVerbs"), ...wordSet("workVerbs"), ...wordSet("teachVerbs")]);
/** The state verb a gerund stands for ("living" → live, tagged NOUN or VERB), if it is one. */
function gerundLemma(t: Tok | undefined): string | undefined {
  if (!t || !t.lower.endsWith("ing") || (t.pos !== "VERB" && t.pos !== "NOUN")) return undefined;
  const base = t.lower.slice(0, -3);
  return [base, `${base}e`].find((b) => S_VERBS.has(b));
}
function verbLike(t: Tok | undefined): Tok | undefined {
  if (!t) return undefined;
  if (t.pos === "VERB") return t;
  if (t.pos === "NOUN" && t.lower.endsWith("s") && S_VERBS.has(t.lower.slice(0, -1))) return retagged(t, t.lower.slice(0, -1));
  return undefined;
}

/** Verbs of a home or a workplace (and of getting, finding, renting or buying one), the only ones a comma joins to the speaker's clause before it. */
const COMMA_VERBS = new Set([...["resideVerbs", "settleVerbs", "moveVerbs", "workVerbs", "teachVerbs", "startVerbs", "quitVerbs", "signVerbs", "joinVerbs", "noticeVerbs"].flatMap((l) => [...wordSet(l as Parameters<typeof wordSet>[0])]), "rent", "buy", "get", "find"]);

export const isRelation = (lemma: string): boolean => FAMILY.has(lemma) || PARTNER.has(lemma);

const THE_OWN = new Set(["wife", "missus", "missis", "hubby", "husband", "kids"]);

/** Reads "my/our/his/her <modifiers> <relation> [Name]" at i: the relation's entity and where the phrase ends. */
export function relationAt(s: Tok[], i: number, speaker: string, ctx: SessionContext, turn: string): { entity?: string; end: number; relation: string; named: boolean } | undefined {
  // ("the wife", "the missus", "the kids": one's own, in British and Australian chat)
  // ("ur bro", "yr mum": chat's your)
  const owner = s[i]?.lower === "the" && THE_OWN.has(s[i + 1]?.lower ?? "") ? "my" : s[i]?.lower === "ur" || s[i]?.lower === "yr" ? "your" : s[i]?.lower;
  if (owner !== "my" && owner !== "our" && owner !== "his" && owner !== "her" && owner !== "their" && owner !== "your") return undefined;
  for (let k = i + 1; k <= i + 3 && k < s.length; k++) {
    const t = s[k];
    if (isRelation(t.lemma) && (t.pos === "NOUN" || t.pos === "PROPN")) {
      const rel = t.lemma === "mom" || t.lemma === "mum" ? t.lower : t.lemma;
      const plural = t.lower !== t.lemma && t.lower.endsWith("s");
      // ("your son Jun", "my aunt May": a month's name right after the relation, no date after it, is the name)
      const month = s[k + 1]?.pos === "PROPN" && /^\p{Lu}\p{Ll}+$/u.test(s[k + 1].text) && isCalendarOrGreeting(s[k + 1]) && s[k + 2]?.pos !== "NUM" ? { name: s[k + 1].text, end: k + 1 } : undefined;
      const n = nameAt(s, k + 1) ?? (s[k + 1]?.text === "," && isName(s[k + 2]) ? nameAt(s, k + 2) : undefined) ?? month;
      // "your dad" is the other speaker's ("How's your dad?" … "he drives buses": he is that dad)
      const holder = owner === "my" || owner === "our" ? speaker : owner === "your" ? ctx.speakers.find((x) => x !== speaker) : resolvePronoun(ctx, owner, turn);
      // ("my grandad Bill": the relation's name, kept for a later "my grandad")
      if (n && holder && !plural) nameRelation(ctx, holder, rel, n.name);
      const entity = n ? n.name : holder ? (plural ? `${holder}'s ${t.lower}` : relationEntity(ctx, holder, rel)) : undefined;
      // (a relation's name is surely a person's, kept for later sessions: "my colleague Palesa" … "Is Palesa moving too?")
      if (entity && s[(n?.end ?? k) + 1]?.text !== "'s") addPerson(ctx, { name: entity, gender: relationGender(rel), plural, turn }, !!n && !plural);
      return { entity, end: n ? n.end : k, relation: rel, named: !!n };
    }
    if (!(t.pos === "ADJ" || t.pos === "NOUN" || t.pos === "ADV")) return undefined;
  }
  return undefined;
}

/**
 * "Lucy, my eldest, …", "Michael, the eldest, …": the closing comma of an appositive that opens at the comma at `c`
 * with one's own ("my", "our", "his", "her") or "the" and one to three adjectives or nouns; -1 when there is none.
 */
function ownedBetween(s: Tok[], c: number): number {
  if (s[c]?.text !== "," || !["my", "our", "his", "her", "the"].includes(s[c + 1]?.lower ?? "")) return -1;
  let k = c + 2;
  while (k < c + 5 && ["ADJ", "NOUN", "NUM"].includes(s[k]?.pos ?? "")) k++;
  return k > c + 2 && s[k]?.text === "," ? k : -1;
}

/**
 * Where a subject is known from or where it is, between it and its verb ("Sarah from work moved to Bath", "my friend
 * from uni lives in Leeds", "Kate from next door has left", "Countdown in Manukau has me on"): the subject ends before
 * the verb.
 */
function fromWhere(s: Tok[], end: number): number {
  // "Countdown in Manukau has me on", "my sister in Leeds is moving": where the subject is, a name, before its verb
  if (s[end + 1]?.lower === "in" && isName(s[end + 2])) {
    let k = end + 2;
    while (isName(s[k])) k++;
    return s[k]?.pos === "AUX" || (verbLike(s[k]) && !s[k].lower.endsWith("ing")) ? k - 1 : end;
  }
  if (s[end + 1]?.lower !== "from") return end;
  for (let k = end + 2; k <= end + 5 && k < s.length; k++) {
    const t = s[k];
    const v = verbLike(t) ?? (t.pos === "AUX" ? t : undefined);
    if (v && k > end + 2) return v.lower !== v.lemma || v.pos === "AUX" ? k - 1 : end;
    if (!["DET", "NOUN", "ADJ", "PROPN", "PRON"].includes(t.pos) && t.lower !== "next") return end;
  }
  return end;
}

/** The subject starting at i, if one does: its entities (maybe none: unresolved) and last index. */
function subjectAt(s: Tok[], i: number, speaker: string, other: string | undefined, ctx: SessionContext, turn: string): { entities: string[]; end: number } | undefined {
  const t = s[i];
  // "guess who starts at the Kölner Zoo next week!", "guess who's a flight nurse": the speaker, teasing
  if (t.lower === "who" && s[i - 1]?.lower === "guess" && (i === 1 || s[i - 2].pos === "PUNCT" || s[i - 2].pos === "INTJ")) return { entities: [speaker], end: i };
  // "me and Callum found a flat", "me and my sister moved": the speaker and the other, in chat grammar
  if (t.lower === "me" && s[i + 1]?.lower === "and" && (i === 0 || s[i - 1].pos === "PUNCT" || s[i - 1].pos === "CCONJ" || s[i - 1].lower === "so")) {
    const m = isName(s[i + 2]) ? nameAt(s, i + 2) : undefined;
    if (m) return { entities: [speaker, m.name], end: m.end };
    const r = relationAt(s, i + 2, speaker, ctx, turn);
    if (r) return { entities: r.entity ? [speaker, r.entity] : [speaker], end: r.end };
  }
  if (t.pos === "PRON" && PRONOUN_SUBJECT.has(t.lower)) {
    if (t.lower === "i" || t.lower === "we") return { entities: [speaker], end: i };
    // "you two / you both / you guys packed up and left": the listener (and company)
    if (t.lower === "you") return { entities: other ? [other] : [], end: ["two", "both", "guys", "lot", "all"].includes(s[i + 1]?.lower ?? "") ? i + 1 : i };
    const r = resolvePronoun(ctx, t.lower, turn);
    return { entities: r ? [r] : [], end: i };
  }
  const rel = relationAt(s, i, speaker, ctx, turn);
  if (rel) {
    if (s[rel.end + 1]?.text === "'s") return undefined; // "my husband's job": a holder, not a subject
    let end = rel.end;
    const entities = rel.entity ? [rel.entity] : [];
    // "my partner and I"
    if (s[end + 1]?.lower === "and" && s[end + 2]?.lower === "i") return { entities: [speaker], end: end + 2 };
    return { entities, end: fromWhere(s, end) };
  }
  // "Mum's settled in Eastbourne", "Dad is coming up from Bucharest": a parent named by the word alone is the speaker's
  // (in lower case too, opening the sentence: "dad's got a job at …")
  if (BARE_PARENTS.has(t.lower) && (upper(t.text) || i === 0 || s[i - 1].pos === "PUNCT" || s[i - 1].pos === "INTJ" || s[i - 1].pos === "CCONJ" || s[i - 1].lower === "so") && !POSSESSIVE_BEFORE.has(s[i - 1]?.lower ?? "") && (s[i + 1]?.pos === "VERB" || s[i + 1]?.pos === "AUX" || s[i + 1]?.pos === "ADV")) {
    const entity = relationEntity(ctx, speaker, t.lower);
    addPerson(ctx, { name: entity, gender: relationGender(t.lower), turn });
    return { entities: [entity], end: i };
  }
  // a capitalised gerund opening a sentence ("Networking was a lifesaver") is not a name
  // ("My news is that Priya … has left": "that" opening a clause is no determiner)
  if (isName(t) && !(i === 0 && t.lower.endsWith("ing")) && (i === 0 || !(s[i - 1].pos === "ADP" || (DET_BEFORE_NAME.has(s[i - 1].lower) && s[i - 1].pos !== "SCONJ")))) {
    // a sentence-initial name before an appositive ("Pedro, my roommate, …") is a name
    const n = nameAt(s, i) ?? (i === 0 && s[1]?.text === "," && (relationAt(s, 2, speaker, ctx, turn) || ownedBetween(s, 1) > 0) ? { name: t.text, end: 0 } : undefined);
    if (!n) return undefined;
    const first = speaker.split(" ")[0];
    const name = n.name === first ? speaker : n.name;
    let end = n.end;
    // "Pedro, my roommate, works …"
    if (s[end + 1]?.text === "," && relationAt(s, end + 2, speaker, ctx, turn)) {
      const r = relationAt(s, end + 2, speaker, ctx, turn)!;
      if (s[r.end + 1]?.text === ",") end = r.end + 1;
    } else if (ownedBetween(s, end + 1) > 0) end = ownedBetween(s, end + 1); // ("Lucy, my eldest, has just moved …")
    const entities = [name];
    // "Dan and Lucy", "Tom and I", "Mia and her wife"
    if (s[end + 1]?.lower === "and") {
      if (isName(s[end + 2])) {
        const m = nameAt(s, end + 2);
        if (m) return { entities: [name, m.name], end: m.end };
      }
      if (s[end + 2]?.lower === "i") return { entities: [name, speaker], end: end + 2 };
      const r = relationAt(s, end + 2, speaker, ctx, turn);
      if (r) return { entities, end: r.end };
    }
    end = fromWhere(s, end);
    if (s[end + 1]?.pos !== "VERB" && s[end + 1]?.pos !== "AUX" && s[end + 1]?.pos !== "ADV") return undefined;
    return { entities, end };
  }
  return undefined;
}

/** Reads the verb group from position j (after the subject). */
function verbGroup(s: Tok[], j: number, c: Clause): number {
  const aux: string[] = [];
  const v = verbLike(s[j]);
  if (v && v !== s[j]) s[j] = v;
  for (;;) {
    while (j < s.length) {
      const t = s[j];
      if (t.lower === "not" || t.lower === "never") c.negated = true;
      // "i almost moved to hoboken", "I nearly quit": what almost happened did not
      else if ((t.lower === "almost" || t.lower === "nearly") && s[j + 1]?.pos === "VERB") c.negated = true;
      else if (t.lower === "no" && s[j + 1]?.lower === "longer") { c.noLonger = true; j++; }
      else if (t.pos === "AUX") aux.push(t.lower);
      // ("we're all moved in", "Janice is all settled"): "all" before a participle
      else if (t.lower === "all" && aux.length > 0 && s[j + 1]?.pos === "VERB" && /ed$/.test(s[j + 1].lower)) { j++; continue; }
      else if (t.pos === "ADV" || (t.pos === "PART" && t.lower !== "to")) {
        if (t.lower === "still") c.still = true;
        if (t.lower === "now") c.now = true;
        if (t.lower === "anymore") c.noLonger = true;
      } else break;
      j++;
    }
    const t = s[j];
    // "has finally retired": a past participle after "have" that the tagger read as an adjective is the verb
    if (t?.pos === "ADJ" && /[^e]ed$|ied$/.test(t.lower) && aux.length && (HAVE.has(aux[aux.length - 1]) || aux[aux.length - 1] === "had")) {
      s[j] = retagged(t, t.lower.endsWith("ied") ? `${t.lower.slice(0, -3)}y` : inLexicon(t.lower.slice(0, -1)) ? t.lower.slice(0, -1) : t.lower.slice(0, -2));
      continue;
    }
    if (t?.pos === "VERB" && t.lemma === "use" && s[j + 1]?.lower === "to") { c.usedTo = true; j += 2; continue; }
    if (t?.pos === "VERB" && t.lemma === "go" && t.lower === "going" && s[j + 1]?.lower === "to" && (s[j + 2]?.pos === "VERB" || s[j + 2]?.pos === "AUX")) { c.future = true; j += 2; continue; }
    if (t?.pos === "VERB" && INTENT.has(t.lemma) && (s[j + 1]?.lower === "to" || ((s[j + 1]?.lower === "about" || s[j + 1]?.lower === "of") && s[j + 2]?.lower.endsWith("ing")))) {
      c.intent = true; c.intentVerb = t.lemma; j += 2; continue;
    }
    if (t?.pos === "VERB" && (t.lemma === "get" || t.lemma === "keep") && s[j + 1]?.pos === "VERB") { c.passive = t.lemma === "get"; j++; continue; }
    break;
  }
  if (aux.some((a) => a === "will" || a === "shall")) c.future = true;
  if (aux.some((a) => MODAL.has(a))) c.intent = true;
  const finite = aux[0] ?? s[j]?.lower;
  c.past = !!finite && (PAST_AUX.has(finite) || (aux.length === 0 && !!s[j] && s[j].pos === "VERB" && s[j].lower !== s[j].lemma && (s[j].lower.endsWith("ed") || IRREGULAR_PAST.has(s[j].lower))) || (aux.length === 0 && s[j]?.lower === "quit"));
  c.perfect = aux.some((a) => HAVE.has(a) || a === "had") || aux[0] === "been";
  const be = aux.some((a) => BE.has(a));
  if (s[j]?.pos === "VERB") {
    c.head = j;
    c.verb = s[j].lemma;
    c.progressive = be && s[j].lower.endsWith("ing");
    if (be && !c.progressive && s[j].lower !== s[j].lemma) c.passive = true;
    return j;
  }
  // "I have two cats", "we don't have a car anymore": the lite model tags a lone "have" AUX; it is the head verb
  const last = j - 1;
  if (!be && aux.length && (HAVE.has(aux[aux.length - 1]) || aux[aux.length - 1] === "had") && s[last]?.pos === "AUX" && s[j] && s[j].pos !== "VERB" && s[j].pos !== "AUX" && s[j].lower !== "to") {
    c.head = last;
    c.verb = "have";
    c.perfect = aux.length > 1 && aux.slice(0, -1).some((a) => HAVE.has(a) || a === "had");
    c.past = aux[0] === "had" || aux[0] === "did";
    return last;
  }
  if (be) {
    c.copula = true;
    c.verb = "be";
    c.head = j - 1;
    return j - 1;
  }
  return -1;
}

// (every field written here, the optional ones too, so that all clauses share one object shape)
const blank = (at: number): Clause => ({ subjects: [], at, implicit: false, head: -1, verb: "", copula: false, passive: false, negated: false, past: false, perfect: false, progressive: false, future: false, usedTo: false, still: false, noLonger: false, now: false, intent: false, intentVerb: undefined, gerundLead: undefined, end: 0 });

/**
 * The clauses of one sentence, in order, with their subjects resolved (and the session's referents updated).
 *
 * @example
 * readClauses(analyse("I used to live in Oslo but now I live in Bergen.")[0], "Ann", "Ben", { speakers: ["Ann", "Ben"] }, "D1:1");
 * // [{ subjects: ["Ann"], verb: "live", usedTo: true, … }, { subjects: ["Ann"], verb: "live", now: true, … }]
 */
export function readClauses(s: Tok[], speaker: string, other: string | undefined, ctx: SessionContext, turn: string): Clause[] {
  const out: Clause[] = [];
  for (let i = 0; i < s.length; i++) {
    const subj = subjectAt(s, i, speaker, other, ctx, turn);
    const c = subj ? statedClause(s, i, subj, speaker, other, ctx, turn) : subjectlessClause(s, i, out, speaker, other, !!ctx.askedAbout || (ctx.people ?? []).length > 0);
    if (!c) continue;
    out.push(c);
    i = Math.max(i, c.head);
  }
  clauseEnds(s, out);
  return out;
}

const EMPLOYS = wordSet("employVerbs");

/** The clause of a subject found at i, and the people it names noted; undefined when no verb follows it. */
function statedClause(s: Tok[], i: number, subj: NonNullable<ReturnType<typeof subjectAt>>, speaker: string, other: string | undefined, ctx: SessionContext, turn: string): Clause | undefined {
  const c = blank(i);
  c.subjects = subj.entities;
  if (verbGroup(s, subj.end + 1, c) < 0) return undefined;
  // an acronym acting ("TSC has posted him") is an organisation, no one a pronoun can stand for
  // … nor is a town called home ("Ho is home for him"; the tagger may read "home" after "is" as the verb)
  const townJudged = ((c.copula && s[c.head + 1]?.lower === "home") || s[c.head]?.lower === "home") && placesNamed(subj.entities[0] ?? "").length > 0;
  // … nor is a name after a preposition ("the guy who fixed our printers at Home Depot HQ would end up brewing")
  // (… nor the last word of a name with its particle: "Penha de França is basically a village")
  const placed = s[i - 1]?.pos === "ADP" || (upper(s[i - 1]?.text ?? "") && s[i - 2]?.pos === "ADP") || (["de", "da", "do", "del", "di", "du", "van", "von"].includes(s[i - 1]?.lower ?? "") && upper(s[i - 2]?.text ?? ""));
  // … nor one that hires ("Blizzard hired her, game artist. she moved to Irvine")
  const hires = EMPLOYS.has(s[c.head]?.lemma ?? "") && !c.passive;
  for (const e of subj.entities) if (e !== speaker && e !== other && !e.includes("'s ") && !/^\p{Lu}{2,}$/u.test(e) && !townJudged && !placed && !hires) addPerson(ctx, { name: e, turn });
  if (subj.entities.length > 1 && !subj.entities.includes(speaker)) addPerson(ctx, { name: subj.entities.join(" and "), plural: true, turn });
  return c;
}

/**
 * A clause with no subject of its own starting at i: sentence-initial (after interjections and adverbs), a verb after
 * "and / but / then" or a comma, a gerund of the speaker's own; undefined when none starts there.
 */
function subjectlessClause(s: Tok[], i: number, out: readonly Clause[], speaker: string, other: string | undefined, personKnown: boolean): Clause | undefined {
  const t = s[i];
  // subjectless: sentence-initial (after interjections and adverbs), or a verb after "and / but / then"
  const k = i;
  // or after a short verbless lead-in and a comma or colon ("some good news, started at X on Monday")
  // (… or a verbless ending: "Not in Yishun anymore, moved into …")
  const ending = s[0]?.lower === "not" || (s[0]?.lower === "no" && s[1]?.lower === "longer");
  const newsLead = k > 1 && k <= (ending ? 7 : 5) && [",", ":"].includes(s[k - 1].text) && t.pos === "VERB" && s.slice(0, k - 1).every((x) => ["DET", "ADJ", "NOUN", "PROPN", "INTJ", "ADV"].includes(x.pos) || (ending && ["PART", "ADP"].includes(x.pos)));
  // ("We finally did it, moved to Prague": after a first clause of "I" or "we" that states nothing read here)
  const weLead = out.length === 0 && k > 2 && s[k - 1].text === "," && ["i", "we"].includes(s[0].lower) && t.pos === "VERB" && COMMA_VERBS.has(t.lemma);
  // ("Still at CENPES, and still living in Niterói because …": after a verbless fragment, "still" and a gerund)
  const stillLead = out.length === 0 && k > 2 && t.lower === "still" && (s[k - 1].text === "," || s[k - 1].lower === "and") && /ing$/.test(s[k + 1]?.lower ?? "") && !s.slice(0, k).some((x) => x.pos === "VERB" || x.pos === "AUX" || x.pos === "PRON");
  const lead = k === 0 || newsLead || weLead || stillLead || s.slice(0, k).every((x) => x.pos === "INTJ" || x.pos === "ADV" || x.pos === "PUNCT" || x.pos === "SCONJ");
  // chat joins the speaker's clauses with a comma too ("handed my notice in at X, start at Y on the 1st")
  const prev = out[out.length - 1];
  // … and a third person's, when the verb agrees with them ("he's moved back to Holland, lives in Utrecht")
  // (the tagger reads "lives" as a noun there)
  const agrees = verbLike(t);
  const third = !!prev && !!agrees && prev.subjects.length === 1 && prev.subjects[0] !== speaker && prev.subjects[0] !== other && agrees.lower !== agrees.lemma && agrees.lower.endsWith("s") && COMMA_VERBS.has(agrees.lemma);
  // ("She left Biloxi a year ago. Lives in Pensacola now": a sentence opening with a verb that agrees with a third
  // person, when the talk has named one, read as a noun by the tagger)
  const opening = k === 0 && out.length === 0 && personKnown && (t.pos === "NOUN" || t.pos === "PROPN") ? verbLike({ ...t, pos: "NOUN" }) : undefined;
  if (opening && opening.lower !== opening.lemma && COMMA_VERBS.has(opening.lemma) && ["in", "at", "for", "with"].includes(s[1]?.lower ?? "")) s[i] = opening;
  else if (third && t !== agrees) s[i] = agrees!;
  const coord = k > 0 && out.length > 0 && (s[k - 1].pos === "CCONJ" || (s[k - 1].text === "," && (third || (t.pos === "VERB" && COMMA_VERBS.has(t.lemma) && prev.subjects.length === 1 && prev.subjects[0] === speaker))));
  // "it's been great living in Sydney", "about working at the zoo": a gerund of the speaker's own
  const gerund = k > 0 && ["ADP", "ADJ", "SCONJ"].includes(s[k - 1].pos) ? gerundLemma(t) : undefined;
  if (gerund) {
    const c = blank(i);
    c.implicit = true;
    c.subjects = [speaker];
    c.head = k;
    c.verb = gerund;
    return c;
  }
  if (!(lead || coord) || (s[i].pos !== "VERB" && s[i].pos !== "AUX" && s[i].pos !== "ADV")) return undefined;
  if (t.pos === "ADV" && s[k + 1]?.pos !== "VERB" && s[k + 1]?.pos !== "AUX") return undefined;
  // an imperative or a bare verb: no statement ("Live in Sacramento, nurse at Kaiser": a self-introduction's bare
  // "live" or "work" before a named place is the speaker's)
  const introduced = (t.lower === "live" || t.lower === "work") && ["in", "at", "for"].includes(s[k + 1]?.lower ?? "") && isName(s[k + 2]) && !s.slice(0, k).some((x) => x.text === "?");
  if (t.pos === "VERB" && t.lower === t.lemma && lead && !coord && !introduced) return undefined;
  const c = blank(i);
  c.implicit = true;
  c.subjects = coord ? out[out.length - 1].subjects : [speaker];
  if (verbGroup(s, k, c) < 0 || c.copula) return undefined;
  if (lead && !coord && s[c.head].lower.endsWith("ing") && !s.slice(0, c.head).some((x) => x.pos === "AUX")) {
    // "Starting at X on Monday": a gerund on its own is a plan; "since/after moving to X" is done
    const before = s[c.head - 1]?.lower;
    c.gerundLead = true;
    if (before === "since" || before === "after") c.past = true;
    else if (before === "still") c.still = true; // "Still teaching at X": going on, not planned
    // ("Living in a tiny studio in Al Barsha": a gerund of a lasting state is that state now)
    // ("Working at Wipro, in the cloud team": one's work told as a fragment is that work now, unless a time to come is
    // named: "Working at Wipro from Monday")
    else if (s[c.head].lemma === "work" && ["at", "for", "with"].includes(s[c.head + 1]?.lower ?? "") && !s.slice(c.head + 1).some((x) => x.date || ["next", "from", "tomorrow", "soon", "starting"].includes(x.lower))) c.gerundLead = true;
    else if (!STATIVE_GERUNDS.has(s[c.head].lemma) && !s.slice(c.head + 1).find((x) => x.pos === "AUX" || x.pos === "VERB")?.lemma.match(/^be$/)) c.future = true;
    // else "Working at X is fine": the gerund is the subject of "is", a state now
  }
  return c;
}

/**
 * Where another clause opens after a comma between `from` and `to` ("…, it's twice the size", "…, the flat's big",
 * "…, my shift at X was long"): the comma's index, else `to`.
 */
export function commaSplice(s: Tok[], from: number, to: number): number {
  const at = s.findIndex((x, i) => i >= from && i < to && x.text === "," && (s[i + 1]?.pos === "PRON" || (s[i + 1]?.pos === "DET" && s.slice(i + 2, i + 5).some((y) => y.pos === "AUX" || y.pos === "VERB" || y.text === "'s"))));
  return at > 0 ? at : to;
}

/**
 * Where each clause ends (where the next begins), and the words after its verb that mark it (still, no longer, now, a
 * time to come).
 */
function clauseEnds(s: Tok[], out: Clause[]): void {
  for (let k = 0; k < out.length; k++) {
    const c = out[k];
    c.end = k + 1 < out.length ? out[k + 1].at : s.length;
    // a comma splice ends it: "I didnt sleep, my shift at X was long" (the words after the comma are not negated)
    if (c.head >= 0) c.end = commaSplice(s, c.head + 1, c.end);
    if (!c.implicit && s[c.at - 1]?.lower === "now") c.now = true;
    for (let j = c.head + 1; j < c.end; j++) {
      const x = s[j];
      if (x.lower === "anymore" || (x.lower === "any" && s[j + 1]?.lower === "more") || (x.lower === "no" && s[j + 1]?.lower === "longer")) c.noLonger = true;
      else if (x.lower === "still") c.still = true;
      else if (x.lower === "now" && !(s[j - 1]?.lower === "for" || s[j - 1]?.lower === "by")) c.now = true;
      // ("a flat right next to the campus", "next door": a place, not a time)
      else if (FUTURE_WORDS.has(x.lower) && !(x.lower === "next" && ["to", "door"].includes(s[j + 1]?.lower ?? ""))) c.future = c.future || !c.past;
    }
    // "I already rented a flat in Nanshan": done, as "have rented" is
    if (c.past && s[c.head - 1]?.lower === "already") c.perfect = true;
  }
}
