/**
 * Test helpers for the extractor's rules and the offline answerer: a conversation's turns read in one session, its
 * triples of some attributes as one line each ("Ann | workplace | Corvale | change | 0.5": entity, attribute, value,
 * then the kind when it is not a plain state, then the confidence when one was given); a memory of turns one day apart.
 */
import { Memory } from "../engine.js";
import { extract, type SessionContext } from "./extractor.js";
import type { ExtractorOptions } from "./extractor-options.js";
import { nextSession } from "./referents.js";

/** One triple as a line. */
export const tripleLine = (t: { entity: string; attribute: string; value: string; kind?: string; confidence?: number }): string =>
  `${t.entity} | ${t.attribute} | ${t.value}${t.kind && t.kind !== "state" ? ` | ${t.kind}` : ""}${t.confidence !== undefined ? ` | ${t.confidence}` : ""}`;

/**
 * The lines of the triples of `attributes` that the extractor's rules read from a session of (speaker, text) turns,
 * in order (without the fitted reading of names, which mentions.test.ts tests); a turn `["--", ""]` starts a new session.
 *
 * @example
 * talkLines([["Ann", "I work at Corvale."]], ["workplace"]); // ["Ann | workplace | Corvale"]
 */
export function talkLines(turns: [string, string][], attributes: readonly string[], ctx: SessionContext = { speakers: ["Ann", "Bob"] }): string[] {
  let session = 1;
  return turns.flatMap(([speaker, text], i) => {
    // ["--", ""]: a new session
    if (speaker === "--") {
      ctx = nextSession(ctx, ctx.speakers);
      session++;
      return [];
    }
    return extract({ id: `D${session}:${i + 1}`, speaker, text, timestamp: 0 }, ctx, undefined, { names: null }).triples.filter((t) => attributes.includes(t.attribute)).map(tripleLine);
  });
}

/**
 * A memory (no decay) of (speaker, text) turns one day apart, read in one session by the offline extractor (with
 * `options`, e.g. `{ names: null }` for the rules alone).
 *
 * @example
 * memoryOfTurns([["Ann", "I work at Corvale."]]).speakers; // Set { "Ann" }
 */
export function memoryOfTurns(turns: [string, string][], speakers: readonly string[] = ["Ann", "Bob"], options: Partial<ExtractorOptions> = {}): Memory {
  const mem = Memory.open(":memory:", { halfLifeDays: null });
  const ctx: SessionContext = { speakers: [...speakers] };
  turns.forEach(([speaker, text], i) => {
    const t = { id: `D1:${i + 1}`, speaker, text, timestamp: (i + 1) * 86_400_000 };
    mem.ingest(t, extract(t, ctx, undefined, options));
  });
  return mem;
}
