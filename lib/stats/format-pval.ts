/**
 * p-values as text, as R's `format.pval` writes them: values below the machine epsilon as `< 2e-16`, the others with
 * `digits` significant digits, those from 1e-4 up (1e-3 with one digit) formatted together and the smaller ones together
 * (R's `format()` of a vector: one number of decimals, or one of mantissa digits, for the whole group).
 */

/** R's `.Machine$double.eps`. */
export const DOUBLE_EPS = 2.220446049250313e-16;

/** Exponent and significant digits of |x| rounded to `digits` digits, as R's `scientific()` (format.c). */
function scientific(x: number, digits: number): { neg: boolean; kpower: number; nsig: number; widens: boolean } {
  if (x === 0) return { neg: false, kpower: 0, nsig: 1, widens: false };
  const r = Math.abs(x);
  let kp = Math.floor(Math.log10(r)) - digits + 1;
  let rp = kp >= 0 ? r / 10 ** kp : r * 10 ** -kp;
  if (rp < 10 ** (digits - 1)) { rp *= 10; kp--; }
  let alpha = Math.round(rp);
  // nearbyint rounds half to even.
  if (Math.abs(rp - Math.trunc(rp)) === 0.5 && alpha % 2 !== 0) alpha -= 1;
  let nsig = digits;
  for (let j = 1; j <= digits; j++) {
    alpha /= 10;
    if (alpha === Math.floor(alpha)) nsig--;
    else break;
  }
  if (nsig === 0 && digits > 0) { nsig = 1; kp += 1; }
  const kpower = kp + digits - 1;
  const rgt = Math.min(Math.max(digits - kpower, 0), 22);
  const widens = kpower > 0 && kpower <= 22 && r < 10 ** kpower - 0.5 / 10 ** rgt;
  return { neg: x < 0, kpower, nsig, widens };
}

/**
 * `x.toFixed(d)` or `x.toExponential(d)` rounded as C's printf rounds: JavaScript breaks an exact tie (a binary value
 * exactly halfway, such as 0.25 to one decimal) away from zero, C to the even digit. The exact expansion (up to 100
 * digits, enough for p-values) tells a tie apart.
 */
function cRound(x: number, d: number, how: "toFixed" | "toExponential"): string {
  const exact = x[how](Math.min(100, d + 80));
  const [mant, ex] = exact.split("e");
  const dot = mant!.indexOf(".");
  const tail = mant!.slice(dot + 1 + d);
  if (!/^50*$/.test(tail)) return x[how](d);
  const kept = mant!.slice(0, d === 0 ? dot : dot + 1 + d);
  if (Number(kept.at(-1)) % 2 === 1) return x[how](d);
  return ex === undefined ? kept : `${kept}e${ex}`;
}

/** C's `%.*e` of x: at least two exponent digits. */
function expString(x: number, d: number): string {
  const [m, e] = cRound(x, d, "toExponential").split("e");
  const sign = e!.startsWith("-") ? "-" : "+";
  return `${m}e${sign}${e!.replace(/^[+-]/, "").padStart(2, "0")}`;
}

/**
 * R's `format(x, digits = digits)` of a numeric vector (finite values): one fixed or scientific layout for all,
 * chosen as R's `formatReal` chooses it (fixed when it is not wider), padded to a common width.
 *
 * @example
 * formatReal([0.5, 0.0123], 3); // ["0.5000", "0.0123"]
 * formatReal([1e-5, 2.5e-7], 3); // ["1.0e-05", "2.5e-07"]
 */
export function formatReal(x: readonly number[], digits: number): string[] {
  let neg = 0, mxl = -Infinity, mnl = Infinity, rgt = -Infinity, mxsl = -Infinity, mxns = -Infinity;
  for (const v of x) {
    const s = scientific(v, digits);
    let left = s.kpower + 1;
    if (s.widens) left--;
    const sleft = (s.neg ? 1 : 0) + (left <= 0 ? 1 : left);
    const right = s.nsig - left;
    if (s.neg) neg = 1;
    rgt = Math.max(rgt, right); mxl = Math.max(mxl, left); mnl = Math.min(mnl, left);
    mxsl = Math.max(mxsl, sleft); mxns = Math.max(mxns, s.nsig);
  }
  if (x.length === 0) return [];
  if (mxl < 0) mxsl = 1 + neg;
  if (rgt < 0) rgt = 0;
  const wF = mxsl + rgt + (rgt !== 0 ? 1 : 0);
  const e = mxl > 100 || mnl <= -99 ? 2 : 1;
  const d = mxns - 1;
  const wE = neg + (d > 0 ? 1 : 0) + d + 4 + e;
  const out = wF <= wE ? x.map((v) => cRound(v, rgt, "toFixed")) : x.map((v) => expString(v, d));
  const w = Math.max(...out.map((s) => s.length));
  return out.map((s) => s.padStart(w));
}

/**
 * p-values as R's `format.pval(p, digits, eps)` writes them. Missing values (null, undefined, NaN) are "NA".
 * `digits` defaults to 3, what `printCoefmat` uses in R's model summaries (`summary(lm)`, `summary(glmer)`,
 * lmerTest); `format.pval`'s own default is 5.
 *
 * @example
 * formatPval([0.5, 0.0123, 1.2e-5, 0, 1.2e-240]); // ["0.5000", "0.0123", "1.2e-05", "< 2e-16", "< 2e-16"]
 * formatPval([1e-20, 0.2]);                        // ["<2e-16", "0.2"]
 */
export function formatPval(p: readonly (number | null | undefined)[], digits = 3, eps = DOUBLE_EPS): string[] {
  const out = p.map(() => "NA");
  const ok = p.map((v, i) => (typeof v === "number" && !Number.isNaN(v) ? i : -1)).filter((i) => i >= 0);
  const small = ok.filter((i) => (p[i] as number) < eps), rest = ok.filter((i) => (p[i] as number) >= eps);
  const expo = (v: number): number => Math.floor(Math.log10(v > 0 ? v : 1e-50));
  const fixp = rest.filter((i) => expo(p[i] as number) >= -3 || (expo(p[i] as number) === -4 && digits > 1)), sci = rest.filter((i) => !fixp.includes(i));
  formatReal(fixp.map((i) => p[i] as number), digits).forEach((s, k) => (out[fixp[k]!] = s));
  formatReal(sci.map((i) => p[i] as number), digits).forEach((s, k) => (out[sci[k]!] = s));
  if (small.length > 0) {
    let dg = Math.max(1, digits - 2);
    let sep = dg === 1 ? "" : " ";
    if (rest.length > 0) {
      const nc = Math.max(...rest.map((i) => out[i]!.length));
      if (dg > 1 && dg + 6 > nc) dg = Math.max(1, nc - 7);
      sep = dg === 1 && nc <= 6 ? "" : " ";
    }
    const e = formatReal([eps], dg)[0]!;
    for (const i of small) out[i] = `<${sep}${e}`;
  }
  return out;
}
