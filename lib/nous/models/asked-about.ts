/**
 * Where-questions about a third person ("Where does your sister live?", "where is she?", "Where's Tom working now?"):
 * who is asked about, and whether their home or their work. replies.ts notes the question; the reply's name is theirs.
 */
import { relationAt } from "./clause.js";
import { isName, nameAt, type Tok } from "./nlp.js";
import { resolvePronoun, type SessionContext } from "./referents.js";

/**
 * The third person a where-question asks about: "Where does your sister live?" (the listener's sister), "where is
 * she?" (the person the pronoun stands for), "Where's Tom working now?" (a person named before), and what it asks
 * (work with a verb of working, else home).
 *
 * @example
 * thirdAsked([analyse("Where does your sister live?")[0]], "Bob", ctx); // { entity: "Ann's sister", attribute: "home" }
 */
export function thirdAsked(q: Tok[][], speaker: string, ctx: SessionContext): { entity: string; attribute: "home" | "workplace" } | undefined {
  for (const s of q) {
    // ("What does Daiki do again?": what someone does for a living is where they work)
    const w = s.findIndex((t, i) => t.lower === "where" || t.lower === "wheres" || (t.lower === "what" && s[i + 1]?.lower === "does"));
    if (w < 0) continue;
    const what = s[w].lower === "what";
    let k = s[w].lower === "wheres" ? w + 1 : w + 2;
    if (s[w].lower === "where" && !["does", "is", "'s", "do", "are"].includes(s[w + 1]?.lower ?? "")) continue;
    let entity: string | undefined;
    const t = s[k];
    if (!t) continue;
    if (t.lower === "he" || t.lower === "she") entity = resolvePronoun(ctx, t.lower, "", ctx.speakers);
    else if (t.lower === "your" || t.lower === "ur") {
      const r = relationAt(s.map((x, i) => (i === k ? { ...x, lower: "your" } : x)), k, speaker, ctx, "");
      entity = r?.entity;
      if (r) k = r.end;
    } else if (isName(t) && !ctx.speakers.includes(t.text)) {
      const n = nameAt(s, k);
      if (n && ((ctx.people ?? []).some((p) => p.name === n.name) || ctx.known?.[n.name])) entity = n.name;
      if (n) k = n.end;
    }
    if (!entity || ctx.speakers.includes(entity)) continue;
    const rest = s.slice(k + 1).map((x) => x.lower).join(" ");
    if (what) {
      if (/^do\b/.test(rest)) return { entity, attribute: "workplace" };
      continue;
    }
    return { entity, attribute: /\b(?:work|working|job)\b/.test(rest) ? "workplace" : "home" };
  }
  return undefined;
}
