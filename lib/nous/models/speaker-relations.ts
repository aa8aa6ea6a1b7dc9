/**
 * The relations and animals a speaker tells with "my" ("my sister Anna", "my dog Biscuit") and the one-word names given
 * to things ("a gecko I've named Kevin"), read from one sentence of a turn.
 */
import type { Triple, Turn } from "../types.js";
import { relationAt } from "./clause.js";
import { wordSet } from "./lexicon.js";
import { nameAt, type Tok, upper } from "./nlp.js";
import { placesNamed } from "./gazetteer.js";
import type { SessionContext } from "./referents.js";
import { organisationName } from "./states-common.js";

const FAMILY = wordSet("family");
const PARTNER = wordSet("partner");
const ANIMALS = wordSet("animals");
const NAMING = wordSet("namingWords");

/**
 * Adds the speaker's relations and animals told in sentence `s` of `turn` (`add`, `mention`), notes the names given
 * to things (`ctx.named`) and a relation left unnamed (`ctx.unnamedRelation`), and says whether an animal is named in
 * it (so that "she" in the next sentence may be the animal).
 *
 * @example
 * speakerRelations(analyse("My sister Anna is visiting.")[0], turn, ctx, isSpeakerName, add, mention); // false; adds (Ann, family, sister Anna)
 */
export function speakerRelations(s: Tok[], turn: Turn, ctx: SessionContext, isSpeakerName: (n: string) => boolean, add: (t: Triple) => void, mention: (n: string) => void): boolean {
  // "my <relation> (Name)" and "my <animal>": relations of the speaker
  // an animal, something "named X", or "a/an <Capitalised>" (a breed: "a Chihuahua") is not a person
  let pet = s.some((t, k) => (ANIMALS.has(t.lemma) && t.pos === "NOUN") || (NAMING.has(t.lower) && nameAt(s, k + 1)) || ((s[k - 1]?.lower === "a" || s[k - 1]?.lower === "an") && upper(t.text)));
  // "a gecko … that I've named Kevin": a one-word name given to something that is no organisation or town
  for (let k = 0; k + 1 < s.length; k++) {
    const n = NAMING.has(s[k].lower) ? nameAt(s, k + 1) : undefined;
    if (n && !n.name.includes(" ") && !organisationName(n.name) && placesNamed(n.name).length === 0 && !isSpeakerName(n.name)) (ctx.named ??= []).push(n.name);
  }
  for (let i = 0; i + 1 < s.length; i++) {
    if (s[i].lower !== "my") continue;
    const rel = s[i + 1].lemma;
    if (ANIMALS.has(rel)) {
      pet = true;
      const n = nameAt(s, i + 2);
      if (n || rel !== "pet") add({ entity: turn.speaker, attribute: "pet", value: n ? `${rel} ${n.name}` : rel });
      continue;
    }
    const r = relationAt(s, i, turn.speaker, ctx, turn.id);
    if (!r || !(FAMILY.has(r.relation) || PARTNER.has(r.relation))) continue;
    if (!r.named && !r.entity?.includes(" and ")) ctx.unnamedRelation = { holder: turn.speaker, relation: r.relation };
    add({ entity: turn.speaker, attribute: FAMILY.has(r.relation) ? "family" : "relationship", value: r.named && r.entity ? `${r.relation} ${r.entity}` : r.relation });
    if (r.named && r.entity) mention(r.entity);
  }
  return pet;
}
