/**
 * The hand-written state conversations (`data/nous/states-check.txt`): 35 short conversations about where people
 * live and work (stable values, one-off jokes before and after a long silence, changes, changes after a silence,
 * other people's states, "I don't work at X anymore"), written before the extractor, in LoCoMo's format once built
 * (`buildStatesCheck`, `data/nous/states-check.json`), for `agora locomo --data`. Conversations tagged `tune` may be
 * read while the pipeline is developed; `report` ones are only scored.
 *
 * A current value is right when the answer's LoCoMo F1 is at least 0.5 (the value's words, give or take one); a
 * conversation is right when all its current-value questions are.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DataError } from "../../core/errors.js";
import { createRng } from "../../core/rng.js";

export const STATES_CHECK_TEXT = fileURLToPath(new URL("../../../data/nous/states-check.txt", import.meta.url));
export const STATES_CHECK_JSON = fileURLToPath(new URL("../../../data/nous/states-check.json", import.meta.url));
/** The second set (`states-fresh.txt`): written after the v3 extractor without reading its word lists. */
export const FRESH_CHECK_TEXT = fileURLToPath(new URL("../../../data/nous/states-fresh.txt", import.meta.url));
export const FRESH_CHECK_JSON = fileURLToPath(new URL("../../../data/nous/states-fresh.json", import.meta.url));
/**
 * The text and JSON paths of a named set: "original" is `states-check.txt`, any other name `states-<name>.txt`
 * ("fresh", "dev-a", …), all in data/nous.
 *
 * @throws DataError when the name is not a plain name or its text file does not exist.
 * @example
 * checkSetPaths("dev-a"); // [".../data/nous/states-dev-a.txt", ".../data/nous/states-dev-a.json"]
 */
export function checkSetPaths(name: string): [text: string, json: string] {
  if (name === "original") return [STATES_CHECK_TEXT, STATES_CHECK_JSON];
  const dir = fileURLToPath(new URL("../../../data/nous/", import.meta.url));
  const text = `${dir}states-${name}.txt`;
  if (!/^[a-z0-9-]+$/.test(name) || !existsSync(text)) {
    const known = readdirSync(dir).map((f) => /^states-(.+)\.txt$/.exec(f)?.[1]).filter(Boolean);
    throw new DataError({ file: text, field: "--set", message: `no set named "${name}"`, fix: `use original or one of ${known.join(", ")} (data/nous/states-<name>.txt)` });
  }
  return [text, `${dir}states-${name}.json`];
}

/**
 * The sets the fitted models (the answerer's ranker, the extractor's reading of names) are fitted on: the original set
 * and every development set (`states-dev-*.txt`), in order; never a held-out one.
 *
 * @example
 * tuneSetNames(); // ["original", "dev-a", "dev-aa", …]
 */
export function tuneSetNames(): string[] {
  const dir = fileURLToPath(new URL("../../../data/nous/", import.meta.url));
  return ["original", ...readdirSync(dir).map((f) => /^states-(dev-[a-z]+)\.txt$/.exec(f)?.[1]).filter((n): n is string => !!n).sort()];
}

/**
 * The validation split (`data/nous/validation-sets.txt`): held-out sets scored each round, never read for failures; the
 * reading of names' threshold is chosen on them.
 *
 * @throws {DataError} when a listed set has no file or is a development set.
 * @example
 * validationSetNames(); // ["held-fu", "held-fw", …]
 */
export function validationSetNames(): string[] {
  const path = fileURLToPath(new URL("../../../data/nous/validation-sets.txt", import.meta.url));
  const sets = readFileSync(path, "utf8").split("\n").map((l) => l.trim()).filter((l) => l && !l.startsWith("#"));
  for (const set of sets) {
    if (!set.startsWith("held-") || !existsSync(fileURLToPath(new URL(`../../../data/nous/states-${set}.txt`, import.meta.url)))) {
      throw new DataError({ file: path, field: set, message: "not a held-out set with a file in data/nous", fix: "list only held-* sets whose states-<set>.txt exists" });
    }
  }
  return sets;
}

/** The seed of the fresh set's tune/report draw. */
export const FRESH_SPLIT_SEED = 20261202;

export interface CheckConversation {
  id: string;
  scenario: string;
  part: "tune" | "report";
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAY = 86_400_000;
const START = Date.UTC(2023, 0, 9, 10, 0);

function locomoTime(ms: number): string {
  const d = new Date(ms);
  const h = d.getUTCHours();
  return `${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "am" : "pm"} on ${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]}, ${d.getUTCFullYear()}`;
}

/**
 * Builds the LoCoMo-format conversations and their tags from the text file.
 *
 * @throws DataError naming the line when the file does not follow its header's format.
 * @example
 * const { data, tags } = buildStatesCheck(); // data: LoCoMo JSON (35 conversations); tags: scenario and part of each
 */
export function buildStatesCheck(path = STATES_CHECK_TEXT): { data: unknown[]; tags: CheckConversation[] } {
  const data: Record<string, unknown>[] = [];
  const tags: CheckConversation[] = [];
  let conv: { conversation: Record<string, unknown>; qa: unknown[]; speakers: string[] } | undefined;
  let session = 0;
  let turns: { speaker: string; dia_id: string; text: string }[] = [];
  readFileSync(path, "utf8").split("\n").forEach((raw, i) => {
    const line = raw.trim();
    const bad = (why: string) => new DataError({ file: path, field: `line ${i + 1}`, message: why, fix: "follow the format in the file's header" });
    if (!line || line.startsWith("#")) return;
    let m: RegExpExecArray | null;
    if ((m = /^=== (\S+) (\S+) (tune|report) \| (.+?) & (.+)$/.exec(line))) {
      const speakers = [m[4], m[5]];
      conv = { conversation: { speaker_a: speakers[0], speaker_b: speakers[1] }, qa: [], speakers };
      data.push({ sample_id: m[1], ...conv });
      tags.push({ id: m[1], scenario: m[2], part: m[3] as CheckConversation["part"] });
      session = 0;
    } else if ((m = /^--- day (\d+)$/.exec(line))) {
      if (!conv) throw bad("a session before its conversation");
      session++;
      turns = [];
      conv.conversation[`session_${session}`] = turns;
      conv.conversation[`session_${session}_date_time`] = locomoTime(START + Number(m[1]) * DAY);
    } else if ((m = /^\? (.+?) \| (.+?) \| (current|history)$/.exec(line))) {
      if (!conv) throw bad("a question before its conversation");
      conv.qa.push({ question: m[1], answer: m[2], evidence: [], category: m[3] === "current" ? 4 : 1 });
    } else if ((m = /^([^:]+): (.+)$/.exec(line))) {
      if (!conv || session === 0) throw bad("a turn outside a session");
      // a name may have several words ("Chen Wei"); the text may hold a colon of its own
      const speaker = conv.speakers.find((s) => line.startsWith(`${s}: `));
      if (!speaker) throw bad(`speaker ${m[1]} is not one of ${conv.speakers.join(", ")}`);
      turns.push({ speaker, dia_id: `D${session}:${turns.length + 1}`, text: line.slice(speaker.length + 2) });
    } else throw bad(`cannot read "${line}"`);
  });
  for (const d of data) delete (d as { speakers?: unknown }).speakers;
  return { data, tags };
}

/**
 * Draws the tune/report part of every conversation whose header says `PART`: within each scenario, a seeded shuffle,
 * the first ⌊n/2⌋ tune and the rest report. Run once, before any run on the set; the result is committed.
 *
 * @example
 * assignParts("=== fr01 stable PART | A & B\n…", 20261202); // "=== fr01 stable report | A & B\n…"
 */
export function assignParts(text: string, seed: number): string {
  const byScenario = new Map<string, string[]>();
  for (const m of text.matchAll(/^=== (\S+) (\S+) PART \|/gm)) byScenario.set(m[2], [...(byScenario.get(m[2]) ?? []), m[1]]);
  const part = new Map<string, string>();
  const rng = createRng(seed);
  for (const [scenario, ids] of [...byScenario].sort(([a], [b]) => a.localeCompare(b))) {
    rng.fork(scenario).shuffle(ids).forEach((id, i) => part.set(id, i < Math.floor(ids.length / 2) ? "tune" : "report"));
  }
  return text.replace(/^=== (\S+) (\S+) PART \|/gm, (_, id: string, sc: string) => `=== ${id} ${sc} ${part.get(id)} |`);
}

/** The JSON text of the built conversations (what `data/nous/states-check.json` holds). */
export function statesCheckText(path = STATES_CHECK_TEXT): string {
  return JSON.stringify(buildStatesCheck(path).data, null, 1) + "\n";
}

/** Is a current value right? LoCoMo F1 of at least 0.5. */
export const valueRight = (f1: number): boolean => f1 >= 0.5;

/**
 * Per conversation of an `answers` table (system nous): whether every current-value question (category 4) was
 * answered right, by ablation. Rows of other systems are ignored.
 *
 * @example
 * conversationsRight(rows, tags).filter((r) => r.ablation === "none" && r.right).length;
 */
export function conversationsRight(rows: readonly Record<string, unknown>[], tags: readonly CheckConversation[]): { ablation: string; conversation: string; scenario: string; part: string; questions: number; right: boolean }[] {
  const out = new Map<string, { ablation: string; conversation: string; scenario: string; part: string; questions: number; right: boolean }>();
  for (const r of rows) {
    if (r.system !== "nous" || Number(r.category) !== 4) continue;
    const tag = tags.find((t) => t.id === r.conversation);
    if (!tag) continue;
    const ablation = String(r.ablation ?? "none");
    const k = `${ablation}\u0000${tag.id}`;
    const cur = out.get(k) ?? { ablation, conversation: tag.id, scenario: tag.scenario, part: tag.part, questions: 0, right: true };
    cur.questions++;
    cur.right &&= valueRight(Number(r.f1));
    out.set(k, cur);
  }
  return [...out.values()];
}
