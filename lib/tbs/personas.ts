/**
 * Persona cards, ecologies and topics as editable JSON data files (data/personas/…).
 * A name (`six-americas`) resolves to `data/personas/<name>.json`; anything with a slash or `.json` is a path.
 */
import { readFileSync, existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { isAbsolute, resolve } from "node:path";
import type { ZodType } from "zod";
import { ConfigError } from "../core/errors.js";
import type { Rng } from "../core/rng.js";
import { ecologySchema, topicSchema, type Ecology, type Persona, type Topic } from "./types.js";

/** The folder holding the bundled persona and topic files. */
export const PERSONA_DIR = fileURLToPath(new URL("../../data/personas/", import.meta.url));

function resolveFile(nameOrPath: string, sub: string): string {
  if (nameOrPath.includes("/") || nameOrPath.endsWith(".json")) {
    return isAbsolute(nameOrPath) ? nameOrPath : resolve(process.cwd(), nameOrPath);
  }
  return resolve(PERSONA_DIR, sub, `${nameOrPath}.json`);
}

function loadJson<T>(file: string, schema: ZodType<T>, what: string): T {
  if (!existsSync(file)) {
    throw new ConfigError({ file, message: `${what} file not found`, fix: `create it or name one of the files in ${PERSONA_DIR}` });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, "utf8"));
  } catch (e) {
    throw new ConfigError({ file, message: `${what} file is not valid JSON: ${(e as Error).message}`, fix: "fix the JSON syntax" });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError({
      file,
      path: issue.path as (string | number)[],
      message: `${what} file is invalid: ${issue.message}`,
      fix: `see lib/tbs/types.ts (${what === "ecology" ? "ecologySchema, personaSchema" : "topicSchema"}) for the required fields`,
    });
  }
  return parsed.data;
}

/**
 * Loads and validates an ecology (a set of persona cards).
 * @throws ConfigError naming the file and field when it is missing or invalid.
 * @example loadEcology("six-americas").personas.length // 6
 */
export function loadEcology(nameOrPath: string): Ecology {
  const file = resolveFile(nameOrPath, ".");
  const eco = loadJson(file, ecologySchema, "ecology");
  if (eco.sampling === "shares") {
    const missing = eco.personas.findIndex((p) => p.share === undefined);
    if (missing >= 0) {
      throw new ConfigError({ file, path: ["personas", missing, "share"], message: "sampling is 'shares' but this persona has no share", fix: "add a share (0..1) to every persona or set sampling to 'cycle'" });
    }
    const total = eco.personas.reduce((a, p) => a + (p.share ?? 0), 0);
    if (!(total > 0)) throw new ConfigError({ file, path: ["personas"], message: "shares sum to zero", fix: "give the personas positive shares" });
  }
  return eco;
}

/**
 * Loads and validates a topic with its argument bank.
 * @throws ConfigError naming the file and field when it is missing or invalid.
 * @example loadTopic("solar-pv-mandate").title
 */
export function loadTopic(nameOrPath: string): Topic {
  return loadJson(resolveFile(nameOrPath, "topics"), topicSchema, "topic");
}

/**
 * The personas of n agents. `cycle` takes the cards in order. `shares` gives each card one agent when n equals the
 * number of cards, and otherwise allocates agents by largest remainder of n × share (deterministic), then shuffles.
 * @example assignPersonas(loadEcology("six-americas"), 6, rng).map((p) => p.id)
 */
export function assignPersonas(eco: Ecology, n: number, rng: Rng): Persona[] {
  const cards = eco.personas;
  if (eco.sampling === "cycle" || n === cards.length) return Array.from({ length: n }, (_, i) => cards[i % cards.length]);
  const total = cards.reduce((a, p) => a + (p.share ?? 0), 0);
  const exact = cards.map((p) => (n * (p.share ?? 0)) / total);
  const counts = exact.map(Math.floor);
  const order = exact.map((x, i) => [x - Math.floor(x), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (let k = 0, left = n - counts.reduce((a, b) => a + b, 0); k < left; k++) counts[order[k % order.length][1]]++;
  const out: Persona[] = [];
  cards.forEach((p, i) => {
    for (let c = 0; c < counts[i]; c++) out.push(p);
  });
  return rng.shuffle(out);
}
