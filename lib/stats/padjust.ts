/**
 * Adjusted p-values for many tests, as R's `p.adjust`: Holm, Hochberg, Hommel, Bonferroni (family-wise error), and
 * Benjamini–Hochberg (`BH`, alias `fdr`) and Benjamini–Yekutieli (false discovery rate). Missing p-values (null,
 * undefined, NaN) stay missing and do not count towards the number of tests, as R's default `n = length(p[!is.na(p)])`;
 * a larger `n` (tests run but not passed) is R's third argument.
 */
import { ConfigError, DataError } from "../core/errors.js";

/** A method of {@link pAdjust} (R's `p.adjust.methods`). */
export type PAdjustMethod = "holm" | "hochberg" | "hommel" | "bonferroni" | "BH" | "BY" | "fdr" | "none";
const METHODS: readonly PAdjustMethod[] = ["holm", "hochberg", "hommel", "bonferroni", "BH", "BY", "fdr", "none"];

/** Indices 0 … m−1 sorted by `v`, ties in index order (R's `order`, which is stable). */
function order(v: readonly number[], decreasing = false): number[] {
  const o = v.map((_, k) => k);
  return o.sort((a, b) => (decreasing ? v[b]! - v[a]! : v[a]! - v[b]!) || a - b);
}

/** Hommel's adjustment of `p` (n values, sorted increasingly), as R's code: returns the adjusted sorted values. */
function hommelSorted(p: readonly number[]): number[] {
  const n = p.length;
  let m0 = Infinity;
  for (let i = 0; i < n; i++) m0 = Math.min(m0, (n * p[i]!) / (i + 1));
  const q = new Array<number>(n).fill(m0), pa = new Array<number>(n).fill(m0);
  for (let j = n - 1; j >= 2; j--) {
    // i1 = 1 … n−j+1, i2 = n−j+2 … n (1-based).
    let q1 = Infinity;
    for (let k = 2; k <= j; k++) q1 = Math.min(q1, (j * p[n - j + k - 1]!) / k);
    for (let i = 0; i < n - j + 1; i++) q[i] = Math.min(j * p[i]!, q1);
    for (let i = n - j + 1; i < n; i++) q[i] = q[n - j]!;
    for (let i = 0; i < n; i++) pa[i] = Math.max(pa[i]!, q[i]!);
  }
  return pa.map((v, i) => Math.max(v, p[i]!));
}

/**
 * Adjusts p-values for multiple comparisons; the result is in the order of `p`, missing values stay missing (NaN).
 *
 * @param p p-values (numbers in [0, 1]; null, undefined or NaN for missing)
 * @param method one of R's `p.adjust.methods` (default `"holm"`; `"fdr"` is `"BH"`)
 * @param n the number of tests (default: the non-missing p-values; at least that many), as R's `n`
 * @throws {ConfigError} on an unknown method, or an `n` that is not a whole number at least the count of p-values.
 * @throws {DataError} on a value that is not a number (a string such as "0.2" included) or is outside [0, 1].
 * @example
 * pAdjust([0.01, 0.02, 0.03], "holm");     // [0.03, 0.04, 0.04], as p.adjust(c(.01, .02, .03), "holm")
 * pAdjust([0.01, 0.02, 0.03], "BH");       // [0.03, 0.03, 0.03]
 * pAdjust([0.01, 0.02], "bonferroni", 10); // [0.1, 0.2]: ten tests, two reported
 */
export function pAdjust(p: readonly (number | null | undefined)[], method: PAdjustMethod = "holm", n?: number): number[] {
  if (!METHODS.includes(method)) {
    throw new ConfigError({ path: ["pAdjust", "method"], message: `unknown method "${String(method)}"`, fix: `use one of ${METHODS.join(", ")}` });
  }
  if (!Array.isArray(p)) throw new DataError({ field: "p", message: `p-values must be an array (got ${typeof p})`, fix: "pass an array of numbers" });
  const out = p.map(() => Number.NaN);
  const idx: number[] = [];
  p.forEach((v, i) => {
    if (v === null || v === undefined || (typeof v === "number" && Number.isNaN(v))) return;
    if (typeof v !== "number") {
      throw new DataError({ field: `p[${i}]`, message: `p[${i}] is ${typeof v === "string" ? `the string "${v}"` : `a ${typeof v} (${String(v)})`}, not a number`, fix: "pass numbers (convert text with Number(x)); null or NaN for a missing p-value" });
    }
    if (v < 0 || v > 1) throw new DataError({ field: `p[${i}]`, message: `p-value ${v} is not in [0, 1]`, fix: "pass p-values (probabilities), not test statistics" });
    idx.push(i);
  });
  const lp = idx.length;
  if (n !== undefined && !(typeof n === "number" && Number.isInteger(n) && n >= lp)) {
    throw new ConfigError({ path: ["pAdjust", "n"], message: `n = ${String(n)} is not a whole number ≥ ${lp} (the non-missing p-values)`, fix: "pass the number of tests performed, or leave n out" });
  }
  const N = n ?? lp;
  const pv = idx.map((i) => p[i] as number);
  if (N <= 1) { idx.forEach((i, k) => (out[i] = pv[k]!)); return out; }
  const m = method === "fdr" ? "BH" : method === "hommel" && N === 2 ? "hochberg" : method;
  const adj = new Array<number>(lp);
  if (m === "none") pv.forEach((v, k) => (adj[k] = v));
  else if (m === "bonferroni") pv.forEach((v, k) => (adj[k] = Math.min(1, N * v)));
  else if (m === "holm") {
    // Increasing order; running maximum of (N + 1 − i) p(i), i = 1 … lp.
    let run = -Infinity;
    order(pv).forEach((k, i) => { run = Math.max(run, (N - i) * pv[k]!); adj[k] = Math.min(1, run); });
  } else if (m === "hommel") {
    // Tests not given count as p = 1; sorted with them, adjusted, and read back at the given ones' ranks.
    const full = [...pv, ...new Array<number>(N - lp).fill(1)];
    const o = order(full);
    const pa = hommelSorted(o.map((k) => full[k]!));
    o.forEach((k, r) => { if (k < lp) adj[k] = pa[r]!; });
  } else {
    // Decreasing order; running minimum of c(i) p(i) with i = lp … 1.
    let q = 1;
    if (m === "BY") { q = 0; for (let i = 1; i <= N; i++) q += 1 / i; }
    let run = Infinity;
    order(pv, true).forEach((k, j) => {
      const i = lp - j;
      const c = m === "hochberg" ? N + 1 - i : (q * N) / i;
      run = Math.min(run, c * pv[k]!);
      adj[k] = Math.min(1, run);
    });
  }
  idx.forEach((i, k) => (out[i] = adj[k]!));
  return out;
}
