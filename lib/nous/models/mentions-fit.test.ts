/** The reading of names' threshold: the highest within one standard error of the best over paired folds. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { oneStandardError, type MentionCvRow } from "./mentions-fit.js";

const row = (threshold: number, byFold: number[]): MentionCvRow => ({ lambda: 3, threshold, right: byFold.reduce((a, x) => a + x, 0), conversations: 100, byFold });

test("a threshold whose shortfall is within the folds' noise is taken when it is higher; a steady shortfall is not", () => {
  // 0.4 is 1 short in total, the folds' differences (0, 1, -1, 1, 0) vary by more than that
  assert.equal(oneStandardError([row(0.3, [10, 12, 8, 11, 9]), row(0.4, [10, 11, 9, 10, 9]), row(2, [6, 7, 5, 6, 5])]).threshold, 0.4);
  // 0.4 is one short in every fold: no noise covers it
  assert.equal(oneStandardError([row(0.3, [10, 12, 8, 11, 9]), row(0.4, [9, 11, 7, 10, 8])]).threshold, 0.3);
  // the best itself, when nothing higher is within
  assert.equal(oneStandardError([row(0.3, [10, 12, 8, 11, 9]), row(2, [1, 2, 1, 2, 1])]).threshold, 0.3);
  // ties on the total: the higher threshold is the best
  assert.equal(oneStandardError([row(0.3, [10, 10]), row(0.35, [10, 10])]).threshold, 0.35);
});
