/**
 * Jensen–Shannon divergence and distance, with scipy.spatial.distance.jensenshannon's semantics.
 *
 * Both inputs are normalised to sum 1. With m = (p + q)/2,
 *   JSD(p, q) = ½ Σ p_i log(p_i / m_i) + ½ Σ q_i log(q_i / m_i)   (terms with p_i = 0 contribute 0),
 * divided by log(base) when a base is given (natural log by default: nats, so JSD ∈ [0, ln 2]).
 * The distance is √JSD (what scipy returns).
 *
 * @throws RangeError when the vectors differ in length, are empty, hold negative or non-finite values, or sum to 0.
 * @example
 * jsDivergence([1, 0], [0, 1]);       // Math.LN2
 * jsDistance([1, 0], [0, 1], 2);      // 1
 */
export function jsDivergence(p: readonly number[], q: readonly number[], base: number = Math.E): number {
  if (p.length !== q.length) throw new RangeError(`jsDivergence: p has ${p.length} entries, q has ${q.length}`);
  if (p.length === 0) throw new RangeError("jsDivergence: empty vectors");
  const sp = checkedSum(p, "p");
  const sq = checkedSum(q, "q");
  let left = 0;
  let right = 0;
  for (let i = 0; i < p.length; i++) {
    const pi = p[i] / sp;
    const qi = q[i] / sq;
    const mi = (pi + qi) / 2;
    if (pi > 0) left += pi * Math.log(pi / mi);
    if (qi > 0) right += qi * Math.log(qi / mi);
  }
  let js = left + right;
  if (base !== Math.E) js /= Math.log(base);
  return js / 2;
}

/** √(Jensen–Shannon divergence); scipy's `jensenshannon(p, q, base)`. @see jsDivergence */
export function jsDistance(p: readonly number[], q: readonly number[], base: number = Math.E): number {
  return Math.sqrt(jsDivergence(p, q, base));
}

function checkedSum(v: readonly number[], name: string): number {
  let s = 0;
  for (const x of v) {
    if (!Number.isFinite(x) || x < 0) throw new RangeError(`jsDivergence: ${name} has a negative or non-finite entry (${x})`);
    s += x;
  }
  if (!(s > 0)) throw new RangeError(`jsDivergence: ${name} sums to 0; give a distribution with some mass`);
  return s;
}
