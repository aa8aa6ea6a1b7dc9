/**
 * LoCoMo (snap-research/LoCoMo, `data/locomo10.json`, CC BY-NC 4.0): loading, validation, and its known quirks.
 * The file is never part of this project; users fetch it with `downloadLocomo` (`agora locomo --download`).
 *
 * Quirks handled: conv-26 has session date keys without sessions (ignored); some evidence ids are malformed
 * ("D8:6; D9:17" and "D9:1 D4:4" hold several ids, "D:11:26" has an extra colon, "D" is empty: split, repaired,
 * or dropped); six answers are integers (kept as text); category-5 questions carry `adversarial_answer` instead of
 * `answer`; turns that share a photo carry its `blip_caption`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { z } from "zod";
import { AgoraError, DataError } from "../../core/errors.js";
import { parseLocomoTime } from "../models/temporal.js";

export const LOCOMO_URL = "https://raw.githubusercontent.com/snap-research/locomo/main/data/locomo10.json";

const TurnSchema = z.looseObject({
  speaker: z.string(),
  dia_id: z.string(),
  text: z.string(),
  blip_caption: z.string().optional(),
});
const QaSchema = z.looseObject({
  question: z.string(),
  answer: z.union([z.string(), z.number()]).optional(),
  adversarial_answer: z.union([z.string(), z.number()]).optional(),
  evidence: z.array(z.string()).default([]),
  category: z.number().int().min(1).max(5),
});
const SampleSchema = z.looseObject({
  sample_id: z.string(),
  conversation: z.record(z.string(), z.unknown()),
  qa: z.array(QaSchema),
});
export const LocomoSchema = z.array(SampleSchema).min(1);

export const CATEGORY_NAMES: Record<number, string> = { 1: "multi-hop", 2: "temporal", 3: "open-domain", 4: "single-hop", 5: "adversarial" };

export interface LocomoTurn {
  id: string;
  speaker: string;
  text: string;
  caption?: string;
  timestamp: number;
  session: number;
}
export interface LocomoQuestion {
  index: number;
  question: string;
  answer: string;
  category: number;
  evidence: string[];
}
export interface LocomoConversation {
  id: string;
  speakers: [string, string];
  turns: LocomoTurn[];
  questions: LocomoQuestion[];
}

/** Splits and repairs evidence ids; returns the well-formed "D<session>:<turn>" ids. */
export function cleanEvidence(raw: readonly string[]): string[] {
  const out: string[] = [];
  for (const r of raw) {
    for (const part of r.split(/[;,\s]+/)) {
      const m = /^D:?(\d+):(\d+)$/.exec(part.trim());
      if (m) out.push(`D${m[1]}:${m[2]}`);
    }
  }
  return [...new Set(out)];
}

/**
 * Parses LoCoMo's JSON (already read) into conversations.
 *
 * @throws DataError naming the file and field when the shape is wrong.
 */
export function parseLocomo(json: unknown, file = "locomo10.json"): LocomoConversation[] {
  const parsed = LocomoSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new DataError({
      file,
      field: issue.path.join("."),
      message: `not in LoCoMo's format: ${issue.message}`,
      fix: "use locomo10.json from the LoCoMo repository (agora locomo --download)",
    });
  }
  return parsed.data.map((s) => {
    const c = s.conversation;
    const speakers: [string, string] = [String(c.speaker_a ?? "A"), String(c.speaker_b ?? "B")];
    const sessions = Object.keys(c)
      .map((k) => /^session_(\d+)$/.exec(k))
      .filter((m): m is RegExpExecArray => m !== null && Array.isArray(c[m[0]]))
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const turns: LocomoTurn[] = [];
    for (const n of sessions) {
      const when = parseLocomoTime(String(c[`session_${n}_date_time`] ?? ""));
      if (Number.isNaN(when)) {
        throw new DataError({ file, field: `${s.sample_id}.conversation.session_${n}_date_time`, message: "missing or unreadable session date", fix: "expected e.g. \"1:56 pm on 8 May, 2023\"" });
      }
      const list = z.array(TurnSchema).safeParse(c[`session_${n}`]);
      if (!list.success) {
        throw new DataError({ file, field: `${s.sample_id}.conversation.session_${n}`, message: list.error.issues[0].message, fix: "each turn needs speaker, dia_id and text" });
      }
      list.data.forEach((t, i) => turns.push({ id: t.dia_id, speaker: t.speaker, text: t.text, caption: t.blip_caption, timestamp: when + i * 1000, session: n }));
    }
    const questions = s.qa.map((q, index) => ({
      index,
      question: q.question,
      answer: String(q.category === 5 ? q.adversarial_answer ?? q.answer ?? "" : q.answer ?? q.adversarial_answer ?? ""),
      category: q.category,
      evidence: cleanEvidence(q.evidence),
    }));
    return { id: s.sample_id, speakers, turns, questions };
  });
}

/** The project root (the folder holding package.json), from this module's place in lib/ or dist/. */
export function projectRoot(): string {
  return resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
}

/** The bundled LoCoMo-format fixture (invented conversations), used when the real file is absent. */
export function fixturePath(): string {
  return resolve(projectRoot(), "lib/nous/fixtures/locomo-mini.json");
}

/**
 * Where the LoCoMo file is: `explicit`, else $LOCOMO_PATH, else `../shared/data/locomo10.json` beside the project.
 * Returns undefined when none exists.
 */
export function findLocomo(explicit?: string | null): string | undefined {
  const candidates = [explicit ?? undefined, process.env.LOCOMO_PATH, resolve(projectRoot(), "../shared/data/locomo10.json")];
  if (explicit) return existsSync(explicit) ? resolve(explicit) : undefined;
  return candidates.find((p): p is string => !!p && existsSync(p));
}

/**
 * Loads LoCoMo conversations from a file.
 *
 * @throws DataError when the file is missing, is not JSON, or is not in LoCoMo's format.
 * @example
 * const convs = loadLocomo("../shared/data/locomo10.json"); // 10 conversations, 1,986 questions
 */
export function loadLocomo(path: string): LocomoConversation[] {
  if (!existsSync(path)) {
    throw new DataError({
      file: path,
      message: "LoCoMo data file not found",
      fix: "run `agora locomo --download --data <path>` once, or pass --data / set LOCOMO_PATH to your copy of locomo10.json",
    });
  }
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (e) {
    throw new DataError({ file: path, message: `not valid JSON (${(e as Error).message})`, fix: "download the file again (agora locomo --download)" });
  }
  return parseLocomo(json, path);
}

/**
 * Downloads locomo10.json from the LoCoMo repository to `dest` and checks its shape.
 *
 * @throws AgoraError (code "network") when the download fails; DataError when the content is not LoCoMo.
 */
export async function downloadLocomo(dest: string, opts: { url?: string; fetch?: typeof fetch } = {}): Promise<string> {
  const url = opts.url ?? LOCOMO_URL;
  const doFetch = opts.fetch ?? fetch;
  let text: string;
  try {
    const res = await doFetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    text = await res.text();
  } catch (e) {
    throw new AgoraError("network", `nous: could not download LoCoMo from ${url} (${(e as Error).message})`, "check the network, or download data/locomo10.json from the LoCoMo repository by hand and pass --data");
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new DataError({ file: url, message: "the download is not JSON", fix: "check the URL or download the file by hand" });
  }
  parseLocomo(json, url);
  mkdirSync(dirname(resolve(dest)), { recursive: true });
  writeFileSync(dest, text);
  return resolve(dest);
}
