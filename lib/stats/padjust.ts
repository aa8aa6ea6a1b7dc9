/**
 * Adjusted p-values for many tests, as R's `p.adjust`: Holm, Hochberg, Bonferroni (family-wise error), and
 * Benjamini–Hochberg and Benjamini–Yekutieli (false discovery rate). Missing p-values (null, NaN) stay missing and do
 * not count towards the number of tests, as R's default `n = length(p[!is.na(p)])`.
 */
import { ConfigError, DataError } from "../core/errors.js";

/** A method of {@link pAdjust}. */
export type PAdjustMethod = "holm" | "hochberg" | "bonferroni" | "BH" | "BY" | "none";
const METHODS: readonly PAdjustMethod[] = ["holm", "hochberg", "bonferroni", "BH", "BY", "none"];

/**
 * Adjusts p-values for multiple comparisons; the result is in the order of `p`.
 *
 * @throws {ConfigError} on an unknown method; {DataError} on a p-value outside [0, 1].
 * @example
 * pAdjust([0.01, 0.02, 0.03], "holm"); // [0.03, 0.04, 0.04], as p.adjust(c(.01, .02, .03), "holm")
 * pAdjust([0.01, 0.02, 0.03], "BH");   // [0.03, 0.03, 0.03]
 */
export function pAdjust(p: readonly (number | null | undefined)[], method: PAdjustMethod = "holm"): number[] {
  if (!METHODS.includes(method)) {
    throw new ConfigError({ path: ["pAdjust", "method"], message: `unknown method "${String(method)}"`, fix: `use one of ${METHODS.join(", ")}` });
  }
  const out = p.map(() => Number.NaN);
  const idx: number[] = [];
  p.forEach((v, i) => {
    if (v === null || v === undefined || Number.isNaN(v)) return;
    if (typeof v !== "number" || v < 0 || v > 1) {
      throw new DataError({ field: `p[${i}]`, message: `p-value ${String(v)} is not in [0, 1]`, fix: "pass p-values (probabilities), not test statistics" });
    }
    idx.push(i);
  });
  const n = idx.length;
  if (n === 0) return out;
  const pv = idx.map((i) => p[i] as number);
  const adj = new Array<number>(n);
  if (method === "none") pv.forEach((v, k) => (adj[k] = v));
  else if (method === "bonferroni") pv.forEach((v, k) => (adj[k] = Math.min(1, n * v)));
  else if (method === "holm") {
    // Increasing order; running maximum of (n − i + 1) p(i).
    const o = pv.map((_, k) => k).sort((a, b) => pv[a]! - pv[b]!);
    let run = -Infinity;
    o.forEach((k, i) => { run = Math.max(run, (n - i) * pv[k]!); adj[k] = Math.min(1, run); });
  } else {
    // Decreasing order; running minimum of c(i) p(i) with i = n … 1.
    const o = pv.map((_, k) => k).sort((a, b) => pv[b]! - pv[a]!);
    let q = 1;
    if (method === "BY") { q = 0; for (let i = 1; i <= n; i++) q += 1 / i; }
    let run = Infinity;
    o.forEach((k, j) => {
      const i = n - j;
      const c = method === "hochberg" ? n - i + 1 : (q * n) / i;
      run = Math.min(run, c * pv[k]!);
      adj[k] = Math.min(1, run);
    });
  }
  idx.forEach((i, k) => (out[i] = adj[k]!));
  return out;
}
