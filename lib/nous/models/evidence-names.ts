/**
 * The offline answerer's last resort for a state the memory holds no belief about: a name of the right kind read
 * from the retrieved evidence, as a reader of the context would find it. "Where does Hiroshi work now?" with no
 * workplace belief, and the evidence "Work at Mitsuki Robotics is busy" said by Hiroshi → "Mitsuki Robotics".
 *
 * Only sentences said by the entity, or naming it (not for a relation: "Tom's mum"), are read, the latest first. A home is a town of the
 * gazetteer (no country); a workplace is a name that ends in an organisation's word ("… Robotics", "… Council"), or
 * follows "at", "for" or "with" and is no town. Names of the entities the question links, values the memory holds as
 * someone else's state of that kind, and questions are skipped.
 */
import type { QueryContext } from "../types.js";
import { isCountry, placesNamed } from "./gazetteer.js";
import { wordSet } from "./lexicon.js";
import { analyse, isName } from "./nlp.js";
import { organisationName, placeAt } from "./states-common.js";

const RELATIONS = new Set([...wordSet("family"), ...wordSet("partner"), "flatmate", "roommate", "neighbour", "neighbor", "colleague", "cousin"]);
const POSSESSIVE = new Set(["my", "our", "his", "her", "their"]);
const THIRD = new Set(["he", "she", "they", "him"]);

/**
 * A name of the kind a state asks for in the evidence about `entity`, or undefined.
 *
 * @example
 * nameFromEvidence(ctx, "workplace", "Hiroshi"); // "Mitsuki Robotics"
 */
export function nameFromEvidence(ctx: QueryContext, attribute: string, entity: string): string | undefined {
  if (attribute !== "home" && attribute !== "workplace") return undefined;
  const first = entity.split(/[\s']/)[0];
  const skip = new Set(ctx.linked.flatMap((l) => [l, l.split(/[\s']/)[0]]));
  // a value the memory holds as someone else's state of this kind is theirs ("Mert started at Turkish Airlines")
  for (const f of [...(ctx.states ?? []), ...ctx.facts]) if (f.entity !== entity && f.attribute === attribute) for (const v of [f.mode, ...f.alternatives.map((a) => a.value)]) skip.add(v);
  // the latest evidence first: the question asks about now
  for (const e of [...ctx.evidence].sort((a, b) => b.timestamp - a.timestamp)) {
    const own = e.entity === entity;
    for (const s of analyse(e.text)) {
      // a question states nothing ("does he like Turkish Airlines?"); what the entity says after naming someone else
      // is theirs ("My wife Yumi started at Nagoya City Hall", "he started at PKO Bank")
      if (s[s.length - 1]?.text === "?") continue;
      const spoken = own && e.text.startsWith(`${entity}:`);
      const aboutOther = (k: number) => s.slice(0, k).some((t, i) => THIRD.has(t.lower) || (POSSESSIVE.has(t.lower) && (RELATIONS.has(s[i + 1]?.lemma ?? "") || RELATIONS.has(s[i + 2]?.lemma ?? ""))));
      // a relation ("Tom's mum") only by its own evidence: a sentence naming Tom is about Tom
      if (!own && (entity.includes("'s ") || !s.some((t) => t.text === first))) continue;
      for (let k = 0; k < s.length; k++) {
        if (!isName(s[k])) continue;
        const p = placeAt(s, k);
        if (!p) continue;
        const v = p.value;
        const before = s[k - 1]?.lower ?? "";
        if (spoken && aboutOther(k)) break;
        k = p.end;
        if (skip.has(v) || skip.has(v.split(" ")[0])) continue;
        const town = placesNamed(v).length > 0 && !isCountry(v);
        if (attribute === "home" ? town : organisationName(v) || (["at", "for", "with"].includes(before) && !town && !isCountry(v))) return v;
      }
    }
  }
  return undefined;
}
