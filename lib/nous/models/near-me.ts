/**
 * Where the speaker lives or works, told by the way: "next time I'm up from Tacoma" (one comes from home), "then the dart
 * home to Bray" (one's way home), "its only 20 mins from Enniscorthy" (how far from one's town), "there's a new bar in
 * Fremont, it's two blocks from me" (a place near one's own is in one's town), "like a normal Gusto employee" (one of an
 * organisation's staff). All are indirect evidence, for a statement of the speaker's own.
 */
import { isCountry, placesNamed } from "./gazetteer.js";
import { wordSet } from "./lexicon.js";
import { isName, type Tok } from "./nlp.js";
import { HOLIDAYS } from "./states-at.js";
import { namesSomeone, type SessionContext } from "./referents.js";
import { organisationName, organisationShaped, placeAt } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";

const AWAY = new Set(["up", "down", "over", "in", "back"]);
/** A way home ("the dart home to Bray", "walking home to Portobello", "nitelink back to Phibsborough"). */
const WAYS_HOME = new Set([...wordSet("commuteWords"), "dart", "luas", "tram", "taxi", "cab", "uber", "nitelink", "walking", "cycling", "drove", "walked", "cycled", "flight", "ferry", "lift"]);
const DISTANCES = new Set(["mins", "min", "minutes", "minute", "hour", "hours", "hr", "hrs"]);
const NEAR = new Set(["block", "blocks", "min", "mins", "minute", "minutes", "walk"]);
const MINE = new Set(["me", "mine", "us", "ours"]);
const STAFF = new Set(["employee", "employees", "staffer", "lifer"]);
const FUTURE = new Set(["will", "'ll", "ill", "gonna", "tomorrow", "tmrw", "next", "going"]);
const OTHERS = new Set(["he", "she", "they", "his", "her", "their", "hes", "shes", "he's", "she's"]);

/** A town (no organisation, country, person or speaker). */
const town = (v: string | undefined, ctx: SessionContext): v is string => !!v && !organisationName(v) && !isCountry(v) && !ctx.speakers.includes(v) && !namesSomeone(ctx, v, { firstName: "value", gendered: true, known: true }) && ctx.seenAs?.[v] !== "workplace";

/** The readings above, for one sentence of the speaker's (no question, no one else in it). */
export function nearMe(s: Tok[], before: readonly Tok[][], speaker: string, other: string | undefined, ctx: SessionContext, emit: IndirectEmit): void {
  if (s.some((t) => t.text === "?" || OTHERS.has(t.lower))) return;
  for (let k = 1; k + 1 < s.length; k++) {
    // "next time I'm up from Tacoma", "when I'm down from Leeds": where one comes from on a visit is home
    if (s[k].lower === "from" && AWAY.has(s[k - 1].lower) && (s[k - 2]?.lower === "'m" || s[k - 2]?.lower === "am") && ["i", "im"].includes(s[k - 3]?.lower ?? "") && isName(s[k + 1])) {
      const v = placeAt(s, k + 1)?.value;
      if (town(v, ctx) && (placesNamed(v).length > 0 || s.slice(0, k).some((t) => t.lower === "time" || t.lower === "when" || t.lower === "whenever"))) emit(speaker, "home", v, k + 1);
      return;
    }
    // "then the dart home to Bray", "walking home to Portobello": one's way home (not for a holiday, not a future one)
    if (s[k].lower === "to" && (s[k - 1].lower === "home" || s[k - 1].lower === "back") && (WAYS_HOME.has(s[k - 2]?.lower ?? "") || WAYS_HOME.has(s[k - 2]?.lemma ?? "")) && isName(s[k + 1]) && !s.some((t) => FUTURE.has(t.lower) || HOLIDAYS.has(t.lower))) {
      const v = placeAt(s, k + 1)?.value;
      if (town(v, ctx)) emit(speaker, "home", v, k + 1);
      return;
    }
    // "its only 20 mins from Enniscorthy": how far something is from one's town, said of it
    if (s[k].lower === "from" && DISTANCES.has(s[k - 1].lower) && s[k - 2]?.pos === "NUM" && ["only", "just"].includes(s[k - 3]?.lower ?? "") && ["it", "its", "'s", "is"].includes(s[k - 4]?.lower ?? "") && isName(s[k + 1])) {
      const v = placeAt(s, k + 1)?.value;
      // (after an invitation of the speaker's, "Come out for a barbecue. It's only forty minutes from Clontarf", it is
      // the listener's way)
      const invited = before.some((b) => b[0]?.lemma === "come" && b[0].pos === "VERB");
      const who = invited ? other : speaker;
      if (who && town(v, ctx) && !organisationShaped(v)) emit(who, "home", v, k + 1);
      return;
    }
    // "there's a new bar in Fremont I want to try, it's two blocks from me": a place in a town, near one's own
    if (NEAR.has(s[k].lower) && s[k + 1]?.lower === "from" && MINE.has(s[k + 2]?.lower ?? "") && (s[k - 1].pos === "NUM" || ["a", "few", "couple", "two", "three", "five"].includes(s[k - 1].lower))) {
      const i = s.findIndex((t, j) => j < k && t.lower === "in" && isName(s[j + 1]));
      const v = i >= 0 ? placeAt(s, i + 1)?.value : undefined;
      if (town(v, ctx)) emit(speaker, "home", v, i + 1);
      return;
    }
  }
  // "like a normal Gusto employee", "as a loyal Boots lifer": one of an organisation's staff, the speaker
  const e = s.findIndex((t, i) => STAFF.has(t.lower) && isName(s[i - 1]) && i >= 3 && ["like", "as"].includes(s.slice(Math.max(0, i - 4), i).find((x) => x.lower === "like" || x.lower === "as")?.lower ?? ""));
  if (e < 0 || s.some((t) => ["not", "n't", "never", "no"].includes(t.lower))) return;
  let a = e - 1;
  while (a > 0 && isName(s[a - 1])) a--;
  const v = placeAt(s, a, e)?.value;
  if (v && placesNamed(v).length === 0 && !isCountry(v) && !namesSomeone(ctx, v, { firstName: "value", gendered: true, known: true })) emit(speaker, "workplace", v, a);
}
