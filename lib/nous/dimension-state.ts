/**
 * A dimension's mutable state for the engine: the same equations as the pure functions of `dimension.ts`
 * (surprise, noisy-likelihood posterior, decay, last-write-wins), computed in place on an array of pseudo-counts
 * so an update costs a few passes over numbers and no allocation per value. `dimension-state.test.ts` checks
 * that both give the same beliefs.
 */
import { effective, unnamedOf, type Counts, type Observed, type UpdateParams } from "./dimension.js";
import type { Distribution } from "./types.js";

const DAY_MS = 86_400_000;

export interface DimensionSnapshot {
  values: string[];
  alpha: number[];
  total: number;
  updatedAt: number;
  unnamed: string[];
}

export class Dimension {
  readonly entity: string;
  readonly attribute: string;
  readonly values: string[] = [];
  alpha: number[] = [];
  total = 0;
  updatedAt: number;
  /** Values an `ended` observation created ("not X": some value other than X, not yet named). */
  readonly unnamed = new Set<string>();
  private readonly index = new Map<string, number>();

  constructor(entity: string, attribute: string, updatedAt: number) {
    this.entity = entity;
    this.attribute = attribute;
    this.updatedAt = updatedAt;
  }

  /**
   * Decay up to time `ts` (ms) with half-life `halfLifeDays`, w = 2^(−Δt/h): toward uniform over the values seen
   * (`uniform`, the paper's: α ← w·α + (1 − w)·A/|V|; a single value does not move), or toward the prior (`prior`:
   * α ← w·α, the evidence forgotten, so an unseen value's predictive mass α₀/(wA + α₀) grows back).
   */
  decayTo(ts: number, halfLifeDays: number, target: "uniform" | "prior" = "uniform"): void {
    const n = this.values.length;
    const dt = ts - this.updatedAt;
    if (!(dt > 0) || n === 0 || (target === "uniform" && n < 2)) return;
    const w = Math.pow(2, -dt / DAY_MS / halfLifeDays);
    if (target === "prior") {
      for (let i = 0; i < n; i++) this.alpha[i] *= w;
      this.total *= w;
      return;
    }
    const add = ((1 - w) * this.total) / n;
    for (let i = 0; i < n; i++) this.alpha[i] = w * this.alpha[i] + add;
  }

  /** −log₂ P(obs | D) with new-value mass α₀. */
  surprise(obs: string, newValueMass: number): number {
    const i = this.index.get(obs);
    const p = (i === undefined ? newValueMass : this.alpha[i]) / (this.total + newValueMass);
    return 0 - Math.log2(p) + 0;
  }

  private add(value: string, count: number): number {
    const i = this.values.length;
    this.values.push(value);
    this.alpha.push(count);
    this.index.set(value, i);
    return i;
  }

  /** The closed-form noisy-likelihood update (reliability r); the total grows by one. */
  bayes(obs: string, reliability: number, newValueMass: number, ts: number): void {
    const a = this.total;
    let o = this.index.get(obs);
    if (o === undefined) o = this.add(obs, a === 0 ? 1 : newValueMass);
    const n = this.values.length;
    const other = n > 1 ? (1 - reliability) / (n - 1) : 0;
    let z = 0;
    for (let i = 0; i < n; i++) z += (i === o ? reliability : other) * this.alpha[i];
    const k = (a + 1) / z;
    for (let i = 0; i < n; i++) this.alpha[i] *= (i === o ? reliability : other) * k;
    this.total = a + 1;
    this.updatedAt = Math.max(ts, this.updatedAt);
  }

  /** Surprise of an observation of any kind (dimension.ts `observationSurprise`). */
  surpriseOf(o: Observed, newValueMass: number, p: Pick<UpdateParams, "useKinds" | "useConfidence">): number {
    const e = effective(o, p);
    if (e.kind !== "ended") return this.surprise(e.value, newValueMass);
    const i = this.index.get(e.value);
    const px = (i === undefined ? newValueMass : this.alpha[i]) / (this.total + newValueMass);
    return 0 - Math.log2(1 - px) + 0;
  }

  /** One observation of any kind and confidence, in place: the same equations as dimension.ts `observe`. */
  observe(o: Observed, p: UpdateParams, ts: number): void {
    const e = effective(o, p);
    if (p.rule === "last-write-wins") {
      const v = e.kind === "ended" ? unnamedOf(e.value) : e.value;
      const keep = e.kind === "ended" || this.unnamed.has(v);
      this.lastWriteWins(v, ts);
      this.unnamed.clear();
      if (keep) this.unnamed.add(v);
      return;
    }
    const a = this.total;
    const r = p.reliability;
    let target: number;
    if (e.kind === "ended") {
      target = this.index.get(e.value) ?? this.add(e.value, p.newValueMass);
      const un = unnamedOf(e.value);
      if (!this.index.has(un)) this.add(un, p.newValueMass);
      this.unnamed.add(un);
    } else {
      target = this.index.get(e.value) ?? this.add(e.value, a === 0 ? 1 : e.c * p.newValueMass);
      for (const name of this.unnamed) {
        const k = this.index.get(name)!;
        if (name === unnamedOf(e.value)) continue;
        const m = e.c * this.alpha[k];
        this.alpha[k] -= m;
        this.alpha[target] += m;
      }
      if (e.kind === "change" || e.kind === "planned") {
        const n = this.values.length;
        let sum = 0;
        for (let i = 0; i < n; i++) sum += this.alpha[i];
        for (let i = 0; i < n; i++) this.alpha[i] = sum * ((1 - e.c) * (this.alpha[i] / sum) + e.c / n);
      }
    }
    const n = this.values.length;
    const other = n > 1 ? (1 - r) / (n - 1) : 0;
    const lik = (i: number): number => (e.kind === "ended" ? (i === target ? 1 - r : r) : i === target ? r : other);
    let z = 0;
    for (let i = 0; i < n; i++) z += Math.pow(lik(i), e.c) * this.alpha[i];
    const k = (a + e.c) / z;
    for (let i = 0; i < n; i++) this.alpha[i] *= Math.pow(lik(i), e.c) * k;
    this.total = a + e.c;
    this.updatedAt = Math.max(ts, this.updatedAt);
    this.dropEmptyUnnamed();
  }

  /** An unnamed value wholly taken by the value that named it leaves the vocabulary. */
  private dropEmptyUnnamed(): void {
    const dead = [...this.unnamed].filter((name) => !(this.alpha[this.index.get(name)!] > 1e-12));
    if (!dead.length) return;
    const keep = this.values.map((v, i) => [v, this.alpha[i]] as const).filter(([v]) => !dead.includes(v));
    for (const d of dead) this.unnamed.delete(d);
    this.values.length = 0;
    this.alpha = [];
    this.index.clear();
    for (const [v, x] of keep) this.add(v, x);
  }

  /** Last-write-wins: all mass on `obs`, total grown by one. */
  lastWriteWins(obs: string, ts: number): void {
    const a = this.total;
    this.values.length = 0;
    this.alpha = [];
    this.index.clear();
    this.add(obs, a + 1);
    this.total = a + 1;
    this.updatedAt = Math.max(ts, this.updatedAt);
  }

  /** The `n` most probable values (ties: first seen first), the rest summed under "…" — as deltas store them. */
  top(n = 12): Distribution {
    return topOf(this.values, this.alpha.map((x) => x / this.total), n);
  }

  /** The distribution at time `ts` after decay (not applied to the state), most probable first. */
  distributionAt(ts: number | undefined, halfLifeDays: number | null, target: "uniform" | "prior" = "uniform"): Distribution {
    const n = this.values.length;
    let p = this.alpha.map((x) => x / this.total);
    const dt = ts === undefined ? 0 : ts - this.updatedAt;
    // decay toward the prior leaves the shape over the values seen as it is (only the evidence behind it shrinks)
    if (halfLifeDays !== null && target === "uniform" && n >= 2 && dt > 0) {
      const w = Math.pow(2, -dt / DAY_MS / halfLifeDays);
      p = p.map((x) => w * x + (1 - w) / n);
    }
    return topOf(this.values, p, Infinity);
  }

  /** The pseudo-counts as a record, in order of first appearance. */
  counts(): Counts {
    const out: Counts = {};
    this.values.forEach((v, i) => (out[v] = this.alpha[i]));
    return out;
  }

  snapshot(): DimensionSnapshot {
    return { values: this.values.slice(), alpha: this.alpha.slice(), total: this.total, updatedAt: this.updatedAt, unnamed: [...this.unnamed] };
  }

  /** Restores a snapshot taken on this dimension (values added since are removed). */
  restore(s: DimensionSnapshot): void {
    this.values.length = 0;
    this.index.clear();
    s.values.forEach((v) => this.add(v, 0));
    this.alpha = s.alpha.slice();
    this.total = s.total;
    this.updatedAt = s.updatedAt;
    this.unnamed.clear();
    for (const u of s.unnamed) this.unnamed.add(u);
  }
}

function topOf(values: string[], p: number[], n: number): Distribution {
  const order = values.map((_, i) => i).sort((a, b) => p[b] - p[a] || a - b);
  if (order.length <= n) return order.map((i) => ({ value: values[i], p: p[i] }));
  const head = order.slice(0, n).map((i) => ({ value: values[i], p: p[i] }));
  let rest = 0;
  for (const i of order.slice(n)) rest += p[i];
  return [...head, { value: "…", p: rest }];
}
