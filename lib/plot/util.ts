import { DataError } from "../core/errors.js";
import { PALETTE } from "./theme.js";

/** The palette colour of trace `i` (cycling). */
export function colorAt(i: number): string {
  return PALETTE[i % PALETTE.length]!;
}

/** `#rrggbb` → `rgba(r,g,b,alpha)`, for translucent ribbons and bars. */
export function withAlpha(hex: string, alpha: number): string {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return hex;
  const [r, g, b] = [m[1]!, m[2]!, m[3]!].map((h) => parseInt(h, 16));
  return `rgba(${r},${g},${b},${alpha})`;
}

/**
 * Checks that an array has the expected length.
 * @throws {DataError} naming the builder and the field when the lengths differ.
 */
export function expectLength(where: string, field: string, arr: readonly unknown[] | undefined, n: number): void {
  if (arr !== undefined && arr.length !== n) {
    throw new DataError({
      file: where,
      field,
      message: `has ${arr.length} values but ${n} were expected`,
      fix: `give ${field} one value per point (${n})`,
    });
  }
}
