/**
 * The random-effects part of a GLMM's penalised least-squares system, as lme4 sets it up:
 * b = Λθ·u with u ~ N(0, I), Λθ block-diagonal with one lower-triangular k×k factor T per term
 * (θ holds T's lower triangle, column by column), and the matrix A = Λ'Z'WZΛ + I whose Cholesky
 * factor gives the Laplace approximation's log-determinant.
 *
 * A is stored as blocks: with a single random-effect term it is block-diagonal (one k×k block per
 * level — a scalar per group for `(1 | g)`), so work and memory are linear in rows and groups;
 * with several terms it is one dense q×q block.
 */
import { StatsError } from "../core/errors.js";

/** One random-effect term: k effects per level of a grouping factor. */
export interface ReSpec {
  /** Number of effects per level (1 for `(1 | g)`). */
  k: number;
  nLevels: number;
  /** Row → level. */
  groupIndex: Int32Array;
  /** k columns of length n: what multiplies each effect in each row. */
  Z: readonly Float64Array[];
}

/** Largest q handled by the dense solver (several random-effect terms). */
export const MAX_DENSE_Q = 3000;

/** Number of θ values for a term with k effects (lower triangle of T). */
export const nThetaOf = (k: number): number => (k * (k + 1)) / 2;

export class RandomSystem {
  readonly n: number;
  /** Total number of random effects. */
  readonly q: number;
  /** Non-zeros of ZΛ per row. */
  readonly m: number;
  readonly terms: readonly ReSpec[];
  /** Offset of each term's effects in u. */
  readonly offsets: number[];
  readonly nTheta: number;
  /** Block size and count (k × nLevels blocks for one term, one q × q block otherwise). */
  readonly B: number;
  readonly nb: number;
  /** Per row: block; per non-zero: position inside the block and position in u. */
  readonly blockOf: Int32Array;
  readonly loc: Int32Array;
  readonly pos: Int32Array;
  /** Raw Z values and ZΛ values per non-zero (row-major n × m). */
  readonly zraw: Float64Array;
  readonly zt: Float64Array;
  /** A = Λ'Z'WZΛ + I by blocks; after `factor()`, its Cholesky factor (lower triangles). */
  readonly A: Float64Array;
  /** The lower-triangular factor T of each term for the current θ (row-major k × k). */
  T: Float64Array[] = [];

  constructor(n: number, terms: readonly ReSpec[]) {
    this.n = n;
    this.terms = terms;
    this.offsets = [];
    let q = 0, m = 0, nTheta = 0;
    for (const t of terms) { this.offsets.push(q); q += t.k * t.nLevels; m += t.k; nTheta += nThetaOf(t.k); }
    this.q = q; this.m = m; this.nTheta = nTheta;
    const single = terms.length === 1;
    if (!single && q > MAX_DENSE_Q) {
      throw new StatsError(`glmm: ${terms.length} random-effect terms with ${q} random effects in all; several terms are solved densely, up to ${MAX_DENSE_Q}`,
        "use a single random-effect term, or fewer levels");
    }
    this.B = single ? terms[0]!.k : q;
    this.nb = single ? terms[0]!.nLevels : 1;
    this.blockOf = new Int32Array(n);
    this.loc = new Int32Array(n * m);
    this.pos = new Int32Array(n * m);
    this.zraw = new Float64Array(n * m);
    this.zt = new Float64Array(n * m);
    this.A = new Float64Array(this.nb * this.B * this.B);
    for (let i = 0; i < n; i++) {
      let c = i * m;
      if (single) this.blockOf[i] = terms[0]!.groupIndex[i]!;
      terms.forEach((t, ti) => {
        const g = t.groupIndex[i]!;
        for (let a = 0; a < t.k; a++, c++) {
          const p = this.offsets[ti]! + g * t.k + a;
          this.pos[c] = p;
          this.loc[c] = single ? a : p;
          this.zraw[c] = t.Z[a]![i]!;
        }
      });
    }
  }

  /** Lower bounds of θ as lme4 sets them: 0 on diagonal elements of T, −∞ elsewhere. */
  thetaLower(): number[] {
    const out: number[] = [];
    for (const t of this.terms) for (let c = 0; c < t.k; c++) for (let r = c; r < t.k; r++) out.push(r === c ? 0 : -Infinity);
    return out;
  }

  /** Sets θ: rebuilds each T and the values of ZΛ. */
  setTheta(theta: readonly number[]): void {
    if (theta.length !== this.nTheta) throw new StatsError(`glmm: θ has ${theta.length} values, the model needs ${this.nTheta}`, "pass one value per lower-triangular element");
    let j = 0;
    this.T = this.terms.map((t) => {
      const T = new Float64Array(t.k * t.k);
      for (let c = 0; c < t.k; c++) for (let r = c; r < t.k; r++) T[r * t.k + c] = theta[j++]!;
      return T;
    });
    const { n, m, zraw, zt } = this;
    if (m === 1) {
      const t = theta[0]!;
      for (let i = 0; i < n; i++) zt[i] = zraw[i]! * t;
      return;
    }
    for (let i = 0; i < n; i++) {
      let c0 = i * m;
      this.terms.forEach((t, ti) => {
        const T = this.T[ti]!, k = t.k;
        // (ZΛ)_row = (T' z)': component a is Σ_b z_b T[b, a].
        for (let a = 0; a < k; a++) {
          let s = 0;
          for (let b = a; b < k; b++) s += zraw[c0 + b]! * T[b * k + a]!;
          zt[c0 + a] = s;
        }
        c0 += k;
      });
    }
  }

  /** eta += ZΛu. */
  addEta(u: Float64Array, eta: Float64Array): void {
    const { n, m, zt, pos } = this;
    if (m === 1) { for (let i = 0; i < n; i++) eta[i] += zt[i]! * u[pos[i]!]!; return; }
    for (let i = 0; i < n; i++) {
      let s = 0;
      for (let c = i * m, e = c + m; c < e; c++) s += zt[c]! * u[pos[c]!]!;
      eta[i] += s;
    }
  }

  /** out = (ZΛ)' v (length q). */
  crossprod(v: Float64Array, out: Float64Array): void {
    out.fill(0);
    const { n, m, zt, pos } = this;
    for (let i = 0; i < n; i++) { const vi = v[i]!; for (let c = i * m, e = c + m; c < e; c++) out[pos[c]!] += zt[c]! * vi; }
  }

  /**
   * A = Λ'Z'WZΛ + I and rhs = (ZΛ)'v in one pass over the rows (the common case of one scalar
   * term is a single loop with no inner loops).
   */
  accumulate(w: Float64Array, v: Float64Array, rhs: Float64Array): void {
    if (this.m === 1 && this.B === 1) {
      const { n, zt, blockOf, A } = this;
      A.fill(0); rhs.fill(0);
      for (let i = 0; i < n; i++) {
        const g = blockOf[i]!, z = zt[i]!, wz = w[i]! * z;
        A[g] += wz * z;
        rhs[g] += z * v[i]!;
      }
      for (let b = 0; b < this.nb; b++) A[b] += 1;
      return;
    }
    this.assemble(w);
    this.crossprod(v, rhs);
  }

  /** eta = off + ZΛu. */
  setEta(off: Float64Array, u: Float64Array, eta: Float64Array): void {
    if (this.m === 1) {
      const { n, zt, pos } = this;
      for (let i = 0; i < n; i++) eta[i] = off[i]! + zt[i]! * u[pos[i]!]!;
      return;
    }
    eta.set(off);
    this.addEta(u, eta);
  }

  /** A = Λ'Z'WZΛ + I (lower triangles of the blocks). */
  assemble(w: Float64Array): void {
    const { n, m, zt, loc, blockOf, A, B, nb } = this;
    A.fill(0);
    const BB = B * B;
    if (m === 1 && B === 1) {
      for (let i = 0; i < n; i++) A[blockOf[i]!] += w[i]! * zt[i]! * zt[i]!;
    } else {
      for (let i = 0; i < n; i++) {
        const base = blockOf[i]! * BB, wi = w[i]!, c0 = i * m;
        for (let c = 0; c < m; c++) {
          const vc = wi * zt[c0 + c]!, rowOff = base + loc[c0 + c]! * B;
          for (let d = 0; d <= c; d++) A[rowOff + loc[c0 + d]!] += vc * zt[c0 + d]!;
        }
      }
    }
    for (let b = 0; b < nb; b++) for (let j = 0; j < B; j++) A[b * BB + j * B + j] += 1;
  }

  /** Cholesky factorisation of A in place; returns log det A. */
  factor(): number {
    const { A, B, nb } = this;
    const BB = B * B;
    let logdet = 0;
    if (B === 1) {
      for (let b = 0; b < nb; b++) { const v = A[b]!; logdet += Math.log(v); A[b] = Math.sqrt(v); }
      return logdet;
    }
    for (let b = 0; b < nb; b++) {
      const o = b * BB;
      for (let j = 0; j < B; j++) {
        let s = A[o + j * B + j]!;
        for (let k = 0; k < j; k++) s -= A[o + j * B + k]! ** 2;
        if (!(s > 0)) throw new StatsError("glmm: the random-effects system is not positive definite", "check the data for extreme values");
        const r = Math.sqrt(s);
        A[o + j * B + j] = r;
        logdet += 2 * Math.log(r);
        for (let i = j + 1; i < B; i++) {
          let t = A[o + i * B + j]!;
          for (let k = 0; k < j; k++) t -= A[o + i * B + k]! * A[o + j * B + k]!;
          A[o + i * B + j] = t / r;
        }
      }
    }
    return logdet;
  }

  /** Solves A x = v in place (after `factor()`). */
  solve(v: Float64Array): void {
    const { A, B, nb } = this;
    if (B === 1) { for (let b = 0; b < nb; b++) { const l = A[b]!; v[b] = v[b]! / (l * l); } return; }
    const BB = B * B;
    for (let b = 0; b < nb; b++) {
      const o = b * BB, vo = b * B;
      for (let i = 0; i < B; i++) {
        let s = v[vo + i]!;
        for (let k = 0; k < i; k++) s -= A[o + i * B + k]! * v[vo + k]!;
        v[vo + i] = s / A[o + i * B + i]!;
      }
      for (let i = B - 1; i >= 0; i--) {
        let s = v[vo + i]!;
        for (let k = i + 1; k < B; k++) s -= A[o + k * B + i]! * v[vo + k]!;
        v[vo + i] = s / A[o + i * B + i]!;
      }
    }
  }

  /** b = Λu: the random effects on the data scale, term by term. */
  lambda(u: Float64Array): Float64Array {
    const b = new Float64Array(this.q);
    this.terms.forEach((t, ti) => {
      const T = this.T[ti]!, k = t.k, off = this.offsets[ti]!;
      for (let g = 0; g < t.nLevels; g++) {
        for (let r = 0; r < k; r++) {
          let s = 0;
          for (let c = 0; c <= r; c++) s += T[r * k + c]! * u[off + g * k + c]!;
          b[off + g * k + r] = s;
        }
      }
    });
    return b;
  }
}
