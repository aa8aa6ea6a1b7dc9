/**
 * The LoCoMo protocol's splits. Every rule and parameter is chosen on `dev`; results are reported on `test`.
 * For locomo10.json: dev = conv-26, conv-30, conv-41, conv-42, conv-43; test = conv-44, conv-47, conv-48, conv-49,
 * conv-50. The project's fixture has its own (fixtures/locomo-mini.splits.json).
 */
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ConfigError } from "../../core/errors.js";
import { projectRoot, type LocomoConversation } from "./data.js";

export const SPLITS = ["dev", "test", "all"] as const;
export type Split = (typeof SPLITS)[number];

export const LOCOMO_SPLITS: Record<"dev" | "test", readonly string[]> = {
  dev: ["conv-26", "conv-30", "conv-41", "conv-42", "conv-43"],
  test: ["conv-44", "conv-47", "conv-48", "conv-49", "conv-50"],
};

// From the project root, as the fixture itself (data.ts): the build copies no JSON into dist/.
const fixtureSplits = (): string => resolve(projectRoot(), "lib/nous/fixtures/locomo-mini.splits.json");

/** The split lists that apply to a data source ("locomo10" or "fixture:locomo-mini"). */
export function splitsFor(source: string): Record<"dev" | "test", readonly string[]> {
  if (source === "locomo10") return LOCOMO_SPLITS;
  const raw = JSON.parse(readFileSync(fixtureSplits(), "utf8")) as { dev: string[]; test: string[] };
  return { dev: raw.dev, test: raw.test };
}

/**
 * The conversations of a split, in file order; `ids` (optional) must all belong to it.
 *
 * @throws ConfigError naming the file and the unknown or out-of-split ids.
 */
export function selectSplit(all: LocomoConversation[], split: Split, source: string, file: string, ids: string[] | null = null): LocomoConversation[] {
  const inSplit = split === "all" ? all.map((c) => c.id) : [...splitsFor(source)[split]];
  const missing = inSplit.filter((id) => !all.some((c) => c.id === id));
  if (missing.length) {
    throw new ConfigError({ file, path: ["params", "split"], message: `split "${split}" names conversations the file does not have: ${missing.join(", ")}`, fix: `use the full locomo10.json, or --split all` });
  }
  if (ids !== null) {
    const unknown = ids.filter((id) => !all.some((c) => c.id === id));
    if (unknown.length) throw new ConfigError({ file, path: ["params", "conversations"], message: `unknown conversation ids ${unknown.join(", ")}`, fix: `choose among ${all.map((c) => c.id).join(", ")}` });
    const outside = ids.filter((id) => !inSplit.includes(id));
    if (outside.length) throw new ConfigError({ file, path: ["params", "conversations"], message: `conversation ids ${outside.join(", ")} are not in the ${split} split (${inSplit.join(", ")})`, fix: `choose among the split's conversations, or set split to "all"` });
  }
  const chosen = ids ?? inSplit;
  return all.filter((c) => chosen.includes(c.id));
}
