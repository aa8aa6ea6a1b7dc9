/**
 * Names a sentence holds that are people's, registered as referents for the pronouns after them (referents.ts).
 */
import { placesNamed } from "./gazetteer.js";
import { kinWords, wordSet } from "./lexicon.js";
import { inLexicon, type Tok } from "./nlp.js";
import { addPerson, contactedAt, nameRelation, relationGender, speakerNamed, type SessionContext } from "./referents.js";
import { employerWith, organisationName } from "./states-common.js";

const KIN = kinWords();
const PARTNERS = wordSet("partner");

/**
 * Registers the name at `i` (ending at `end`) as a person's when the words around it say so: "My new flatmate is
 * Minh" (a relation of the speaker's, `teller`, named with "is"), "went with Tom" (not "Still with Dublin Bus", an
 * employer), "remember Sander", "met Aroha", "texted Tom", "your Eilidh" (a name owned by
 * a speaker; "my Roche colleagues" modifies a noun), one who has a relation ("Amina's father"), or a name known as a
 * person's earlier in the conversation (or one whose home or work is known), named again in a later session ("Tell
 * Aarav congratulations. Does he live at home still?").
 *
 * @example
 * personNamed(analyse("We went with Tom to the lake.")[0], 3, 3, "Tom", ctx, "D1:1"); // Tom is now a referent
 */
export function personNamed(s: Tok[], i: number, end: number, name: string, ctx: SessionContext, turn: string, teller?: string): void {
  const speaker = speakerNamed(ctx, name);
  // "My new flatmate is Minh, a student from Hanoi": a relation of the speaker's named with "is"
  const rel = ["is", "'s"].includes(s[i - 1]?.lower ?? "") && ["my", "our"].includes(s[i - 3]?.lower ?? "") || (s[i - 3]?.lower === "new" && ["my", "our"].includes(s[i - 4]?.lower ?? "")) ? s[i - 2] : undefined;
  if (rel && teller && !speaker && !name.includes(" ") && (KIN.has(rel.lemma) || PARTNERS.has(rel.lemma)) && (!s[end + 1] || [",", ".", "!"].includes(s[end + 1].text))) {
    nameRelation(ctx, teller, rel.lemma, name);
    addPerson(ctx, { name, turn, gender: relationGender(rel.lemma) }, true);
  } else if (s[i - 1]?.lower === "with" && !employerWith(s, i - 1)) addPerson(ctx, { name, turn });
  else if (["remember", "meet", "know"].includes(s[i - 1]?.lemma ?? "") && s[i - 1].pos === "VERB" && !speaker) addPerson(ctx, { name, turn });
  else if (!speaker && !name.includes(" ") && placesNamed(name).length === 0 && contactedAt(s, i)) addPerson(ctx, { name, turn }, true);
  // "where did Víctor end up?", "do you know where Esther lives?": one asked after, where they are
  else if (!speaker && !name.includes(" ") && placesNamed(name).length === 0 && !organisationName(name) && whereAsked(s, i, end)) addPerson(ctx, { name, turn });
  else if (["my", "your", "our"].includes(s[i - 1]?.lower ?? "") && !name.includes(" ") && s[end + 1]?.pos !== "NOUN" && placesNamed(name).length === 0 && !speaker) addPerson(ctx, { name, turn });
  // "Amina's father", "Mason's mum": one who has a relation is a person
  else if (!speaker && s[end + 1]?.text === "'s" && KIN.has(s[end + 2]?.lemma ?? "")) addPerson(ctx, { name, turn }, true);
  else if (!speaker && (ctx.folk?.includes(name) || ctx.known?.[name]) && !(ctx.people ?? []).some((p) => p.name === name)) {
    // (with the gender of the relation the name was given: "my son Kwabena" is a "he")
    const relation = Object.entries(ctx.relationNames ?? {}).find(([, n]) => n === name)?.[0];
    addPerson(ctx, { name, turn, gender: relation ? relationGender(relation.split("'s ").pop()!) : undefined });
  }
}

/** Whether the name from i to end is one a "where" question or "and X?" asks after, or a reply names. */
function whereAsked(s: Tok[], i: number, end: number): boolean {
  const before = s[i - 1]?.lower ?? "", after = s[end + 1];
  // ("where is Tom?", "how's Tom doing?" are questions.ts's)
  if (["did", "does", "do", "has"].includes(before) && s[i - 2]?.lower === "where") return true;
  if (before === "where" && !!after && (after.pos === "VERB" || after.pos === "AUX")) return true;
  // ("That's Cai. He's a whizz.": the one a reply names)
  if (["'s", "is"].includes(before) && s[i - 2]?.lower === "that" && i === 2 && (!after || [".", "!"].includes(after.text))) return true;
  // ("and Wanjiru?", "what about Esther?": the next one asked after, alone)
  if (after?.text === "?" && ((before === "and" && i === 1) || (before === "about" && ["what", "how"].includes(s[i - 2]?.lower ?? "")))) return true;
  return false;
}

/**
 * Whether a clause's subject may be a person whom a subjectless sentence after it goes on about ("Ryan got
 * transferred. Loves Cairns."): a relation ("Ann's sister"), a person the conversation gave a gender, or one word that
 * no lexicon, gazetteer or organisation holds ("Ryan"; not "Rent went up." nor "Utkal University closed.").
 *
 * @example
 * personSubject({ speakers: ["Ann", "Bob"] }, "Rent"); // false
 */
export function personSubject(ctx: SessionContext, subject: string): boolean {
  if (subject.includes("'s ") || (ctx.people ?? []).some((r) => r.name === subject && r.gender !== undefined)) return true;
  return !subject.includes(" ") && !inLexicon(subject.toLowerCase()) && placesNamed(subject).length === 0 && !organisationName(subject);
}
