/**
 * Random numbers addressed by what they decide, so that a forked world and the factual one draw the same number for
 * the same decision (common random numbers across counterfactual branches).
 */
import { hashSeed } from "../core/hash.js";
import type { Rng } from "../core/rng.js";

/**
 * Random numbers addressed by what they decide (tick, agent, purpose, …) rather than drawn in sequence, so
 * that a forked world and the factual one draw the same number for the same decision (common random numbers).
 */
export class KeyedStream {
  constructor(readonly base: number) {}
  static of(rng: Rng, ...labels: (string | number)[]): KeyedStream { return new KeyedStream(hashSeed(rng.seed, [...rng.path, ...labels])); }
  /** Uniform on [0, 1) for the key (a, b, c, d). */
  u(a: number, b: number, c = 0, d = 0): number {
    let h = this.base | 0;
    h = mix(h ^ Math.imul(a + 0x632be5ab, 0x9e3779b1));
    h = mix(h ^ Math.imul(b + 0x2545f491, 0x85ebca6b));
    h = mix(h ^ Math.imul(c + 0x1b873593, 0xc2b2ae35));
    h = mix(h ^ Math.imul(d + 0x68e31da4, 0x27d4eb2f));
    return (h >>> 0) / 4294967296;
  }
}
function mix(h: number): number {
  h ^= h >>> 16; h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15; h = Math.imul(h, 0x846ca68b);
  return h ^ (h >>> 16);
}
