/** Tail probabilities against R 4.2.2 (`2*pt(-|t|, df)`, `2*pnorm(-|z|)`, `pchisq(x, df, lower.tail = FALSE)`), relative tolerance 1e-10. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { chisqUpper, normalQuantile, normalTestP, tTestP } from "./distributions.js";

function close(a: number, b: number, rel: number, what: string): void {
  assert.ok(Math.abs(a - b) / Math.abs(b) <= rel, `${what}: ${a} vs R ${b}`);
}

test("t, normal and chi-square tails match R, far tails included", () => {
  close(tTestP(2.2, 10), 0.052441068449353097, 1e-10, "2*pt(-2.2, 10)");
  close(tTestP(-40, 22.81), 1.2510068518241432e-22, 1e-10, "2*pt(-40, 22.81)");
  close(tTestP(1.5, 3.5), 0.21781818701534511, 1e-10, "2*pt(-1.5, 3.5)");
  close(tTestP(3, 1e5), 0.0027004608840647203, 1e-9, "2*pt(-3, 1e5)");
  close(normalTestP(1.959963984540054), 0.05, 1e-10, "2*pnorm(-1.96)");
  close(normalTestP(-18.78571378), 9.8848112851850513e-79, 1e-9, "2*pnorm(-18.79)");
  close(chisqUpper(14.7250743606405, 2), 0.00063458635529157331, 1e-10, "pchisq(14.73, 2)");
  close(chisqUpper(0.3, 5), 0.99764308626052878, 1e-10, "pchisq(0.3, 5)");
  close(chisqUpper(300, 4), 1.083439491947826e-63, 1e-9, "pchisq(300, 4)");
  close(normalQuantile(0.975), 1.959963984540054, 1e-12, "qnorm(0.975)");
});
