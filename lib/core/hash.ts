/** Stable hashing of JSON-like values: the basis of config hashes, cache keys and stream addresses. */
import { createHash } from "node:crypto";

/** JSON with object keys sorted at every depth, so equal values give equal strings. `undefined` fields are dropped. */
export function stableStringify(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value && typeof value === "object" && !(value instanceof Date)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value as object).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = sortKeys(v);
    }
    return out;
  }
  return value;
}

/** SHA-256 hex digest of a string or of a value's stable JSON. */
export function sha256(value: unknown): string {
  const text = typeof value === "string" ? value : stableStringify(value);
  return createHash("sha256").update(text).digest("hex");
}

/** A 32-bit integer seed derived from a root seed and a path of labels. */
export function hashSeed(seed: number, path: readonly (string | number)[]): number {
  const digest = createHash("sha256").update(stableStringify([seed, ...path])).digest();
  return digest.readInt32LE(0);
}
