/**
 * An organisation acting on the speaker as an employer does, read from statements only (the caller skips questions
 * and conditionals): "Equinor is sending me offshore", "Chanel sent me to Grasse", "Tesco has us doing nights",
 * "Bosch is moving our team", "Uniklinik Freiburg pays ok", "RBC wants us downtown" → the speaker's workplace; "Tesco
 * let me go" → the workplace ended. The subject must be a name that is no speaker, no person the session knows and
 * no relation ("Mum sent me to the shop" names nobody's employer).
 */
import type { Clause } from "./clause.js";
import { wordSet } from "./lexicon.js";
import type { Tok } from "./nlp.js";
import { namesSomeone, resolvePronoun, type SessionContext } from "./referents.js";
import { organisationName, organisationSubject } from "./states-common.js";
import type { IndirectEmit } from "./states-indirect.js";

const EMPLOYER = wordSet("employerVerbs");
const US = new Set(["me", "us", "our", "my"]);

/**
 * "Equinor is sending me offshore", "Tesco let me go": an organisation acting on the speaker as an employer.
 *
 * @example
 * employerActs(analyse("Chanel sent me to Grasse for a week.")[0], clauses, "Nadia", ctx, emit, ended);
 * // emit("Nadia", "workplace", "Chanel", 1)
 */
export function employerActs(s: Tok[], clauses: Clause[], speaker: string, ctx: SessionContext, emit: IndirectEmit, ended: (value: string) => void): void {
  for (const c of clauses) {
    // ("Zenith won't transfer me nearer home": an employer refusing is still the employer; "Corvale didn't send me"
    // tells of no act)
    if (c.copula || c.intent || c.usedTo || c.noLonger || c.passive) continue;
    const obj = s[c.head + 1];
    // "Uniklinik Freiburg pays ok, but not that ok": an organisation's pay, judged, is the speaker's employer's
    const paid = c.verb === "pay" && !c.negated && PAY_JUDGED.has(obj?.lower ?? "") && (!s[c.head + 2] || ["PUNCT", "CCONJ"].includes(s[c.head + 2].pos)) ? organisationSubject(s, c, ctx) : undefined;
    if (paid) emit(speaker, "workplace", paid, c.head);
    // "Volunteer Freight has him doing the Atlanta run": the employer of a person named before
    const third = obj && (obj.lower === "him" || obj.lower === "her");
    const all = obj?.lower === "all" && s[c.head + 2]?.lower === "of" && s[c.head + 3]?.lower === "us" ? 2 : 0;
    if (!obj || !(US.has(obj.lower) || third || all)) continue;
    const v = c.verb;
    // "sent me to / on / offshore", "has us doing / on", "let me go", "gave us a day off", "is moving our team"
    const next = s[c.head + 2];
    const owned = (obj.lower === "our" || obj.lower === "my") && ["team", "office", "department", "unit", "group", "desk"].includes(next?.lemma ?? "");
    const acts =
      (EMPLOYER.has(v) && (obj.lower === "me" || obj.lower === "us" || third || owned) && ((v !== "send" && v !== "fly") || ["to", "on", "offshore", "abroad", "away", "out", "home", "in"].includes(next?.lower ?? ""))) ||
      // ("Ikea had me building a display kitchen": the tagger may read the -ing form as a noun; "Boeing's got him on
      // the 777 line": has got)
      ((v === "have" || (v === "get" && ["'s", "has", "'ve", "have"].includes(s[c.head - 1]?.lower ?? ""))) && (obj.lower === "me" || obj.lower === "us" || third) && ((next?.pos === "VERB" || next?.pos === "NOUN") && /ing$/.test(next.text) || next?.lower === "on" || next?.lower === "working" || (next?.lower === "in" && s.slice(c.head + 3, c.head + 5).some((t) => WORK_SESSIONS.has(t.lemma))) || (next?.lower === "in" && s[c.head + 3]?.lower === "for" && s.slice(c.head + 4, c.head + 8).some((t, i, r) => WORK_SESSIONS.has(t.lemma) || (t.lemma === "day" && ["team", "training", "away", "staff"].includes(r[i - 1]?.lower ?? "")))))) ||
      // "Home Depot kept me for inventory", "kept us late"
      (v === "keep" && (obj.lower === "me" || obj.lower === "us") && ["for", "late", "back", "behind", "on", "till", "until", "busy"].includes(next?.lower ?? "")) ||
      // "BMW pays my rent": an organisation paying one's living
      (v === "pay" && (obj.lower === "my" || obj.lower === "our") && ["rent", "bill", "wage", "salary", "mortgage"].includes(next?.lemma ?? "")) ||
      // "United lets me do two days remote", "Acme let us work from home"
      // ("Accenture lets me off at five": lets its staff off work)
      (v === "let" && (obj.lower === "me" || obj.lower === "us") && (next?.lower === "off" || s.slice(c.head + 2, c.end + 3).some((t, i, r) => t.lower === "remote" || t.lower === "remotely" || t.lower === "hybrid" || t.lower === "wfh" || (t.lower === "home" && r[i - 1]?.lower === "from")))) ||
      // ("Indian Oil has given us new air conditioners": new things for the staff)
      (v === "give" && obj.lower === "us" && next?.lower === "new") ||
      (v === "give" && (obj.lower === "me" || obj.lower === "us") && s.slice(c.head + 2, c.end).some((t, i, r) => ["bonus", "raise", "promotion", "contract", "office", "floor", "desk", "laptop", "uniform", "badge", "voucher", "weekend"].includes(t.lemma) || (t.lower === "off" && ["day", "week", "fortnight", "month", "afternoon", "morning"].includes(r[i - 1]?.lemma ?? ""))));
    // "Ørsted made me an offer", "Deloitte offered me a position", "Virgin Australia picked me up" (no "from" a place)
    const offered = obj.lower === "me" && ((v === "make" && s[c.head + 3]?.lemma === "offer") || (v === "offer" && s.slice(c.head + 2, c.end).some((t) => OFFERED.has(t.lemma))) || (v === "pick" && next?.lower === "up" && !["from", "at"].includes(s[c.head + 3]?.lower ?? "")));
    // "Intel made us do overtime again", "Maybank made us do a fire drill": an organisation making its staff work
    // ("made me" too, under the guard below: "Tom made me do it" reads nothing)
    const made = v === "make" && (obj.lower === "us" || obj.lower === "me") && MADE_TO.has(next?.lemma ?? "") && (next.pos === "VERB" || next.pos === "AUX");
    // "RBC wants us downtown four days a week", "Zenith Bank wants all of us in by 7:30", "Halden Foods wants me to
    // cover nights", "Comcast wants me up at the New York office": an organisation wanting its staff in, or at one of
    // its sites, or wanting them to do something
    const wanted = s[c.head + 2 + all];
    const wants = (v === "want" || v === "need") && !c.past && (obj.lower === "us" || obj.lower === "me" || all > 0) && (CALLED_IN.has(wanted?.lower ?? "") || (wanted?.lower === "to" && STAFF_DO.has(s[c.head + 3 + all]?.lemma ?? "")) || (["up", "down", "over", "out"].includes(wanted?.lower ?? "") && ["at", "in", "to"].includes(s[c.head + 3 + all]?.lower ?? "") && s[c.head + 4 + all]?.lower === "the" && s.slice(c.head + 5 + all, c.head + 9 + all).some((t) => WORK_SITES_WANTED.has(t.lemma))));
    const fired = v === "let" && (obj.lower === "me" || obj.lower === "us") && next?.lower === "go";
    if ((!acts && !fired && !offered && !made && !wants) || (c.negated && !(acts && c.future))) continue;
    const org = organisationSubject(s, c, ctx);
    if (!org) continue;
    // (a person makes and wants as often: "Priya made me do it", "Tom wants us in by six": only a name shaped like an
    // organisation's, or one in a sentence about work)
    // ("the new CEO wants us in the office": a name after a determiner or an adjective is a role, no organisation)
    const named = s.findIndex((t, i) => i < c.head && t.text === org.split(" ")[0]);
    if ((made || wants) && !acts && (["DET", "ADJ", "PRON"].includes(s[named - 1]?.pos ?? "") || ["new", "old", "our", "my", "their"].includes(s[named - 1]?.lower ?? "") || namesSomeone(ctx, org, { firstName: "value", gendered: true }) || !(org.includes(" ") || /^\p{Lu}{2,}$/u.test(org) || organisationName(org) || ctx.seenAs?.[org] === "workplace" || s.some((t) => WORK_WORDS.has(t.lemma))))) continue;
    // ("Sarah keeps me busy": a person's name keeps one busy as often as an employer does)
    if (v === "keep" && next?.lower === "busy" && namesSomeone(ctx, org, { firstName: "value", gendered: true })) continue;
    if (third) {
      const who = resolvePronoun(ctx, obj.lower, "", [org, speaker]);
      if (who && acts && !ctx.speakers.includes(who)) emit(who, "workplace", org, c.head);
      continue;
    }
    if (fired) ended(org);
    else emit(speaker, "workplace", org, c.head);
  }
}

/** What an employer has its staff in ("Dell has me in compliance training", "has us in meetings all day"). */
const WORK_SESSIONS = new Set(["training", "meeting", "meetings", "workshop", "induction", "onboarding", "office", "overtime", "theatre", "theater", "surgery", "clinic"]);
const PAY_JUDGED = new Set(["ok", "okay", "well", "badly", "decent", "decently", "alright", "fine", "better", "worse", "peanuts", "nothing"]);
const MADE_TO = new Set(["do", "work", "stay", "come", "attend", "wear", "redo", "use", "cover"]);
const WORK_WORDS = new Set([...wordSet("workContextNouns"), ...WORK_SESSIONS, "work", "shift", "boss", "manager"]);
/** An employer's sites it wants its staff up or out at ("Comcast wants me up at the New York office twice a month"). */
const WORK_SITES_WANTED = new Set(["office", "site", "plant", "branch", "hq", "headquarters", "depot", "yard", "campus", "warehouse", "store"]);
/** Where an employer wants its staff ("wants us in", "wants me back", "wants us downtown"). */
const CALLED_IN = new Set(["in", "back", "downtown", "onsite", "on-site", "into"]);
/** What an employer wants its staff to do ("wants me to know about phishing", "wants us to come in"). */
const STAFF_DO = new Set([...MADE_TO, "know", "learn", "be", "train", "relocate", "move", "report", "clock", "badge"]);
const OFFERED = new Set(["job", "position", "role", "post", "contract", "place", "spot"]);
