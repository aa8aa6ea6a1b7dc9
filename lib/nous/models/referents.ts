/**
 * Who "he", "she", "they" and "there" point at, within one session of a conversation. Referents are people the
 * session named as people: the subject of a clause ("Tom works at …"), a relation of the speaker ("my sister", "my
 * friend Leo"), someone the speaker was "with". Places, organisations, breeds and pets are never person referents:
 * a name after "in / at / to / from", or after a determiner ("a Chihuahua"), does not become one, and a pet named
 * after the last person blocks he/she (the pronoun stays unresolved rather than land on the wrong one).
 *
 * - I / we → the speaker; you → the other speaker;
 * - he / she → the most recent person referent whose gender (from the relation word, when there is one) fits;
 * - they → a plural referent ("my parents", "Dan and Lucy") or a person named in the same turn, else unresolved;
 * - there → the last place named as a home or workplace value in the session.
 */
import { wordSet } from "./lexicon.js";

export interface Referent {
  /** The entity name ("Anna", "Ann's sister"). */
  name: string;
  gender?: "f" | "m";
  plural?: boolean;
  /** Order of mention in the session (higher is more recent). */
  at: number;
  /** The turn (evidence id) it was mentioned in. */
  turn: string;
}

/** What the extractor remembers within a session: the speakers, the people named, the last pet and place. */
export interface SessionContext {
  speakers: string[];
  /** The most recent person referent (kept for readers of the earlier context shape). */
  lastPerson?: string;
  people?: Referent[];
  /** Mention order of the last animal named (a pet blocks he/she when it is newer than every person). */
  lastPet?: number;
  /** The last place or organisation named as a state's value. */
  lastPlace?: string;
  /** Mention counter. */
  clock?: number;
  /**
   * The current home and workplace each entity was last stated to have, kept for the whole conversation (the
   * caller carries it from one session's context to the next); a repeated mention of one is indirect evidence.
   */
  known?: Record<string, Partial<Record<"home" | "workplace", string>>>;
  /** Names stated as someone's home or workplace in this conversation (carried across sessions), by what they were. */
  seenAs?: Record<string, "home" | "workplace">;
  /**
   * A home or workplace a speaker ended with no new one named yet (carried across sessions): a verbless name in
   * that speaker's next few turns is the new one ("I'm not in Bath anymore." … "since sunday lol. cardiff.").
   */
  pendingEnd?: { entity: string; attribute: "home" | "workplace"; turns: number };
  /**
   * The organisation each speaker last applied to or had an interview at ("interview at Skåne University Hospital"),
   * carried across sessions: "I got it!" then names it.
   */
  applied?: Record<string, string>;
  /** Names given to animals and things ("a gecko I've named Kevin"), carried across sessions: "How's Kevin?" asks after no town. */
  named?: string[];
  /** Everyone named as a person so far in the conversation, kept from session to session (people's referents are not). */
  folk?: string[];
  /** The names a question just offered the listener ("Still at Boots?"), with their features, for the reply (mentions.ts). */
  offered?: { asker: string; value: string; f: readonly number[]; about?: string }[];
  /**
   * The name a relation was given ("my grandad Bill": "Harry's grandad" → "Bill"), carried across sessions: a later
   * "Grandad had a fall" or "my grandad" is Bill.
   */
  relationNames?: Record<string, string>;
  /**
   * The person a speaker just asked about ("How's Mārtiņš doing?", "how is your sister?"): the other speaker's
   * subjectless answer ("Still at airBaltic") is about that person, not about the one who answers.
   */
  askedAbout?: { asker: string; person: string };
  /** Whom the turn being read answers about (`askedAbout` or a where-question's person), for the fitted reading of names. */
  replyAbout?: string;
  /** "thinking seriously about moving up to Newcastle": the town each speaker spoke of moving to, for "moved up on the weekend". */
  considered?: Record<string, string>;
  /** "Your sister was the one up north?": the listener's relation a question asked about, unnamed (for "Tegan yeah."). */
  askedRelation?: { asker: string; holder: string; relation: string };
  /** A relation the last turn named without a name ("my brother's moving to Dubai"): "sam??" in reply names it. */
  unnamedRelation?: { holder: string; relation: string };
  /**
   * A home or workplace stated by a common noun ("She's working at a hotel there"), then "Which hotel?" from the other
   * speaker: the teller's next fragment ("Atlantis The Palm.") names it.
   */
  common?: { teller: string; entity: string; attribute: "home" | "workplace"; noun: string; asked?: boolean; offered?: string };
  /** A home or workplace the speaker just claimed ("I'm in Monaco now"), and whether the listener doubted it ("Really?!"). */
  /** A where- or still-question waiting for its reply (replies.ts reads it as its `PendingQuestion`). */
  asked?: unknown;
  claim?: { speaker: string; values: { attribute: "home" | "workplace"; value: string; change?: boolean }[]; doubted?: boolean };
  /** The speaker whose last turn, just before, spoke of their work unnamed ("Shift started at 6"), for a "Which yard?". */
  workTalk?: string;
  /** Whether the last turn spoke of work or of where one lives, and who spoke it (the fitted reading of names, mentions.ts). */
  lastTalk?: { speaker: string; work: boolean; live: boolean; text: string };
}

/**
 * The context of a conversation's next session: people and most pending questions stay behind, what the conversation
 * knows is carried (known homes and workplaces, names seen as either, an ending still waiting for its new value, the
 * organisations applied to, the names given to animals, things and relations), and so is a where- or still-question
 * left unanswered when the session ended ("you still in Brighton?" … days later: "Hove actually"), with the person
 * the last turn asked after, who stays the next "he" or "she".
 *
 * @example
 * ctx = nextSession(ctx, ["Ann", "Bob"]);
 */
export function nextSession(ctx: SessionContext, speakers: readonly string[]): SessionContext {
  // (a question about someone left unanswered at the session's end keeps them the answer's "she": "Orla's the one who
  // was nursing?" … "She was, she's doing admin at St Luke's now")
  const asked = ctx.askedAbout && (ctx.people ?? []).find((p) => p.name === ctx.askedAbout!.person);
  return { speakers: [...speakers], known: ctx.known, seenAs: ctx.seenAs, pendingEnd: ctx.pendingEnd, applied: ctx.applied, named: ctx.named, relationNames: ctx.relationNames, considered: ctx.considered, folk: ctx.folk, asked: ctx.asked, ...(asked ? { askedAbout: ctx.askedAbout, people: [{ ...asked, at: 0 }] } : {}) };
}

/**
 * The entity a holder's relation stands for: the name it was given earlier in the conversation, else "<holder>'s
 * <relation>".
 *
 * @example
 * relationEntity({ speakers: [], relationNames: { "Harry's grandad": "Bill" } }, "Harry", "grandad"); // "Bill"
 */
export function relationEntity(ctx: SessionContext, holder: string, relation: string): string {
  const key = `${holder}'s ${relation}`;
  return ctx.relationNames?.[key] ?? key;
}

/** Keeps the name a holder's relation was given ("my grandad Bill"), for `relationEntity`. */
export function nameRelation(ctx: SessionContext, holder: string, relation: string, name: string): void {
  (ctx.relationNames ??= {})[`${holder}'s ${relation}`] = name;
}

const FEMALE = wordSet("femaleRelations");
const MALE = wordSet("maleRelations");

/** The gender a relation word implies, if any ("sister" → f). */
export function relationGender(relation: string): "f" | "m" | undefined {
  const head = relation.split(" ").pop() ?? relation;
  return FEMALE.has(head) ? "f" : MALE.has(head) ? "m" : undefined;
}

const tick = (ctx: SessionContext): number => (ctx.clock = (ctx.clock ?? 0) + 1);

/** Keeps a name known to be a person's for the whole conversation (`folk`). */
function noteFolk(ctx: SessionContext, name: string): void {
  if (!name.includes("'s ") && !(ctx.folk ??= []).includes(name)) ctx.folk.push(name);
}

/**
 * Registers a person referent (most recent last); `sure` when the words say it is a person ("heard from Ashwin"), which
 * keeps the name in `folk` (a clause's subject is registered too, and may be a thing).
 */
export function addPerson(ctx: SessionContext, r: Omit<Referent, "at">, sure = false): void {
  const people = (ctx.people ??= []);
  const i = people.findIndex((p) => p.name === r.name);
  const prev = i >= 0 ? people.splice(i, 1)[0] : undefined;
  people.push({ ...r, gender: r.gender ?? prev?.gender, plural: r.plural ?? prev?.plural, at: tick(ctx) });
  if (sure) noteFolk(ctx, r.name);
  if (!r.plural) ctx.lastPerson = r.name;
}

/**
 * Does a value name someone rather than a place: a speaker, a person named in the session, or (with `known`) an entity
 * whose home or workplace is known? `firstName` also matches a speaker's first name, against the whole value or
 * (`"first"`) its first word; `gendered` counts only people named with a gender (a relation's "Ann's sister", not a
 * bare capitalised word).
 *
 * @example
 * const ctx = { speakers: ["Ann Lee", "Ben"] };
 * namesSomeone(ctx, "Ann"); // false: not a whole speaker name
 * namesSomeone(ctx, "Ann", { firstName: "value" }); // true
 * namesSomeone(ctx, "Ann Street", { firstName: "first" }); // true
 */
export function namesSomeone(ctx: SessionContext, value: string, o: { firstName?: "value" | "first"; gendered?: boolean; known?: boolean } = {}): boolean {
  const first = o.firstName === "first" ? value.split(" ")[0] : value;
  if (ctx.speakers.some((x) => x === value || (o.firstName !== undefined && x.split(" ")[0] === first))) return true;
  if ((ctx.people ?? []).some((r) => r.name === value && (!o.gendered || r.gender !== undefined))) return true;
  return !!o.known && !!ctx.known?.[value];
}

/**
 * Is a town the other speaker's known home, stated plainly, and not the speaker's? A remark on it ("edinburgh is dark souls irl",
 * "sunny in BH?") is about where the listener lives, not the speaker.
 *
 * @example
 * listenersHome({ speakers: ["Ann", "Bob"], known: { Bob: { home: "Leeds" } }, seenAs: { Leeds: "home" } }, "Ann", "Leeds"); // true
 */
export function listenersHome(ctx: SessionContext, speaker: string, value: string): boolean {
  // (stated plainly: a remark's guess is not enough to take a town from the speaker)
  return ctx.known?.[speaker]?.home !== value && ctx.seenAs?.[value] === "home" && ctx.speakers.some((x) => x !== speaker && ctx.known?.[x]?.home === value);
}

/** Registers a pet mention (it blocks he/she until a person is named again). */
export function addPet(ctx: SessionContext): void {
  ctx.lastPet = tick(ctx);
}

/**
 * The entity a third-person pronoun refers to, or undefined (left unresolved); never one of `exclude` (the clause's own
 * subject and the speaker, for the object of "X hired him").
 *
 * @example
 * const ctx = { speakers: ["Ann", "Ben"] };
 * addPerson(ctx, { name: "Ann's sister", gender: "f", turn: "D1:1" });
 * resolvePronoun(ctx, "she", "D1:2"); // "Ann's sister"
 * resolvePronoun(ctx, "he", "D1:2"); // undefined
 */
export function resolvePronoun(ctx: SessionContext, pronoun: string, turn: string, exclude: readonly string[] = []): string | undefined {
  const people = exclude.length ? (ctx.people ?? []).filter((r) => !exclude.includes(r.name)) : ctx.people ?? [];
  const p = pronoun.toLowerCase();
  if (p === "they" || p === "them" || p === "their") {
    for (let i = people.length - 1; i >= 0; i--) if (people[i].plural || people[i].turn === turn) return people[i].name;
    return undefined;
  }
  const want = p === "she" || p === "her" ? "f" : p === "he" || p === "him" || p === "his" ? "m" : undefined;
  if (!want) return undefined;
  for (let i = people.length - 1; i >= 0; i--) {
    const r = people[i];
    if (r.plural) continue;
    if (ctx.lastPet !== undefined && ctx.lastPet > r.at) return undefined;
    if (r.gender === undefined || r.gender === want) {
      // (a name "he" or "she" stands for is a person's, of that gender from then on: "Minh … he studies at Aston" …
      // "Priya … she's moved" is not Minh)
      noteFolk(ctx, r.name);
      if (r.gender === undefined && !r.name.includes(" and ")) r.gender = want;
      return r.name;
    }
  }
  return undefined;
}

/**
 * The person a sentence with no subject of its own is about when its verb agrees with a third person only ("yep,
 * lives in Augusta", "renting in Wittlich, works at Spangdahlem"; the verb opening the sentence or a clause after a
 * comma, no "I", "me" or "my" anywhere): the last person known to be one (by a pronoun's gender or as a relation),
 * not a speaker; else undefined.
 *
 * @example
 * const ctx = { speakers: ["Ann", "Ben"] };
 * addPerson(ctx, { name: "Dre", gender: "m", turn: "D1:1" });
 * thirdAgreeing(ctx, analyse("yep, lives in Augusta")[0]); // "Dre"
 */
export function thirdAgreeing(ctx: SessionContext, s: readonly { lower: string; pos: string }[]): string | undefined {
  if (s.some((t) => FIRST_WORDS.has(t.lower))) return undefined;
  const agrees = s.some((t, i) => THIRD_FORMS.has(t.lower) && (s.slice(0, i).every((x) => x.pos === "INTJ" || x.pos === "ADV") || s[i - 1].lower === ","));
  const last = agrees ? (ctx.people ?? []).filter((r) => !r.plural && !ctx.speakers.includes(r.name) && (r.gender !== undefined || r.name.includes("'s "))).pop() : undefined;
  return last && !(ctx.lastPet !== undefined && ctx.lastPet > last.at) ? last.name : undefined;
}
/** The third-person forms of the verbs of where one lives or works, which alone say whom a subjectless clause is about. */
const THIRD_FORMS = new Set(["lives", "works", "rents", "stays", "teaches", "commutes", "nurses"]);
const FIRST_WORDS = new Set(["i", "me", "my", "we", "us", "our", "im", "i'm", "mine"]);

/** A verb and the preposition before a person it is done with ("heard from X", "talked to X", "ran into X"). */
const TALKED_WITH: Record<string, string> = { hear: "from", talk: "to", speak: "to", chat: "with", run: "into", bump: "into", ask: "after" };
/** Verbs whose object is a person ("texted Tom", "messaged Priya"). */
const CONTACTED = new Set(["text", "message", "email", "phone", "ring"]);

/** Things sent or left for someone ("a parcel for Kibet"). */
const SENT = new Set(["parcel", "package", "box", "letter", "card", "gift", "present", "delivery", "message", "note"]);

/**
 * "have you heard from Ashwin?", "I ran into Priya", "texted Tom", "a parcel (came) for Kibet": whether the name at i is
 * someone one heard from, talked to, texted or sent something.
 */
export function contactedAt(s: readonly { lower: string; lemma: string; pos: string }[], i: number): boolean {
  if (i < 1) return false;
  // ("heard back from Trent": "back" between the verb and its preposition)
  const v = i >= 3 && s[i - 2].lower === "back" ? s[i - 3] : s[i - 2];
  return (i >= 2 && TALKED_WITH[v.lemma] === s[i - 1].lower) || (CONTACTED.has(s[i - 1].lemma) && s[i - 1].pos === "VERB") || (i >= 2 && s[i - 1].lower === "for" && (SENT.has(s[i - 2].lemma) || (["come", "arrive"].includes(s[i - 2].lemma) && SENT.has(s[i - 3]?.lemma ?? ""))));
}

/** Is `n` a speaker's name, first name, or a nickname that starts it ("Mel" for Melanie)? */
export function speakerNamed(ctx: SessionContext, n: string): boolean {
  const l = n.toLowerCase();
  return ctx.speakers.some((s) => s.toLowerCase() === l || s.split(" ")[0].toLowerCase() === l || (l.length >= 3 && s.split(" ")[0].toLowerCase().startsWith(l)));
}

/**
 * Whom a turn of `speaker` answers about: the person the other speaker just asked after (`ctx.askedAbout`, then
 * cleared), else `asked` (the person a where-question asked about). Kept in `ctx.replyAbout` while the turn is read.
 *
 * @example
 * takeAskedAbout({ speakers: ["Ann", "Bob"], askedAbout: { asker: "Ann", person: "Orla" } }, "Bob", undefined); // "Orla"
 */
export function takeAskedAbout(ctx: SessionContext, speaker: string, asked: string | undefined): string | undefined {
  const person = ctx.askedAbout && ctx.askedAbout.asker !== speaker ? ctx.askedAbout.person : asked;
  ctx.askedAbout = undefined;
  ctx.replyAbout = person;
  return person;
}
