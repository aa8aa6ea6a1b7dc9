/** Assertions of our numbers against a reference's (R's), with the error in the message. */
import assert from "node:assert/strict";

/** |actual − expected| ≤ tol·|expected| (a finite `actual` required). */
export function relClose(actual: number | undefined, expected: number, tol: number, what: string): void {
  assert.ok(actual !== undefined && Number.isFinite(actual), `${what}: got ${actual}`);
  const err = Math.abs(actual - expected) / Math.max(Math.abs(expected), 1e-300);
  assert.ok(err <= tol, `${what}: ${actual} vs R ${expected} (relative error ${err.toExponential(2)} > ${tol})`);
}

/** |actual − expected| ≤ tol. */
export function absClose(actual: number, expected: number, tol: number, what: string): void {
  assert.ok(Math.abs(actual - expected) <= tol, `${what}: ${actual} vs R ${expected} (|diff| ${Math.abs(actual - expected).toExponential(2)} > ${tol})`);
}
