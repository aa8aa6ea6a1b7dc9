/**
 * Okapi BM25 over an index that grows one document at a time (memory is ingested turn by turn and queried in
 * between, which an index that must be consolidated before search cannot do).
 *
 * score(d, q) = Σ_{t ∈ q} idf(t) · tf(t,d)·(k1 + 1) / (tf(t,d) + k1·(1 − b + b·|d|/avgdl)),
 * idf(t) = ln(1 + (N − df(t) + 0.5)/(df(t) + 0.5))  (the non-negative idf of Lucene), k1 = 1.2, b = 0.75.
 */
export interface Bm25Hit {
  doc: number;
  score: number;
}

export class Bm25Index {
  readonly k1: number;
  readonly b: number;
  private readonly postings = new Map<string, { doc: number; tf: number }[]>();
  private readonly lengths: number[] = [];
  private totalLength = 0;

  constructor(opts: { k1?: number; b?: number } = {}) {
    this.k1 = opts.k1 ?? 1.2;
    this.b = opts.b ?? 0.75;
  }

  /** Number of documents. */
  get size(): number {
    return this.lengths.length;
  }

  /** Adds a document (already tokenised); returns its number (0, 1, …). */
  add(tokens: readonly string[]): number {
    const doc = this.lengths.length;
    const tf = new Map<string, number>();
    for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
    for (const [t, n] of tf) {
      let list = this.postings.get(t);
      if (!list) this.postings.set(t, (list = []));
      list.push({ doc, tf: n });
    }
    this.lengths.push(tokens.length);
    this.totalLength += tokens.length;
    return doc;
  }

  /**
   * The `limit` best documents for a tokenised query (duplicate query terms count once), best first; ties by
   * document number. `accept` filters documents (e.g. by entity) before ranking.
   */
  search(query: readonly string[], limit: number, accept?: (doc: number) => boolean): Bm25Hit[] {
    const n = this.lengths.length;
    if (n === 0) return [];
    const avgdl = this.totalLength / n || 1;
    const scores = new Map<number, number>();
    for (const t of new Set(query)) {
      const list = this.postings.get(t);
      if (!list) continue;
      const idf = Math.log(1 + (n - list.length + 0.5) / (list.length + 0.5));
      for (const { doc, tf } of list) {
        const norm = tf + this.k1 * (1 - this.b + (this.b * this.lengths[doc]) / avgdl);
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (this.k1 + 1)) / norm);
      }
    }
    const hits: Bm25Hit[] = [];
    for (const [doc, score] of scores) if (!accept || accept(doc)) hits.push({ doc, score });
    hits.sort((x, y) => y.score - x.score || x.doc - y.doc);
    return hits.slice(0, limit);
  }
}
