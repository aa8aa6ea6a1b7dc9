/**
 * A Nous memory: dimensions updated by surprise, deltas appended to an SQLite file, an entity graph, and a BM25
 * index over the deltas. `Memory.open(path)` opens or creates the file; reopening it (in this or another process)
 * restores the same state. One transaction per `ingest` (a turn) or `ingestAll` (a window of turns).
 */
import { ConfigError } from "../core/errors.js";
import { symmetricKL, type Counts } from "./dimension.js";
import { Dimension, type DimensionSnapshot } from "./dimension-state.js";
import { Bm25Index } from "./retrieval/bm25.js";
import { tokens } from "./retrieval/text.js";
import { Store } from "./store/store.js";
import { MemoryOptionsSchema, type Delta, type Distribution, type MemoryOptions, type MemoryOptionsInput, type ObservationKind, type Triple, type Turn } from "./types.js";

/** A delta as kept in memory for retrieval (prior and posterior stay in the file). */
export type LightDelta = Omit<Delta, "prior" | "posterior">;

/**
 * What the extractor found in one turn. `mentions` are entity names the turn refers to (graph edges).
 * `participants` are the people of the conversation the turn belongs to (e.g. LoCoMo's two speakers): the graph
 * never links two of them, since what they say to and about each other is the conversation, not a relation that
 * narrows a search (without it the speakers are one hop apart and every delta is within two hops of either).
 */
export interface Extraction {
  triples: Triple[];
  mentions?: string[];
  participants?: readonly string[];
}

/** Options that shape the dimensions as deltas are written; fixed for the life of a memory file. */
const WRITE_OPTIONS = ["reliability", "newValueMass", "halfLifeDays", "decayTarget", "updateRule", "useKinds", "useConfidence"] as const;

const key = (entity: string, attribute: string): string => `${entity}\u0000${attribute}`;

export class Memory {
  readonly options: MemoryOptions;
  readonly store: Store;
  /** @internal */ readonly dims = new Map<string, Dimension>();
  /** @internal */ readonly deltas: LightDelta[] = [];
  /** @internal */ readonly byDim = new Map<string, number[]>();
  /** @internal */ readonly canonical = new Map<string, string>();
  /** @internal */ readonly adjacency = new Map<string, Set<string>>();
  /** @internal */ readonly names = new Map<string, string>();
  /** Number of deltas per canonical entity. @internal */ readonly entityDeltaCount = new Map<string, number>();
  /** @internal */ readonly index = new Bm25Index();
  private lastDeltaId = 0;
  /** Everyone who said a turn the memory holds ("Ana: …"), in the order first heard. */
  readonly speakers = new Set<string>();
  private lastEvidence = "";
  private lastEvidenceTokens: string[] = [];

  private constructor(store: Store, options: MemoryOptions) {
    this.store = store;
    this.options = options;
  }

  /**
   * Opens or creates the memory file at `path` (":memory:" for one that lives only in this process).
   * Options are saved in the file on creation; options given when reopening override them for this handle.
   *
   * @throws ConfigError for invalid options; DataError for a file that is not a Nous memory.
   * @example
   * const mem = Memory.open("alice.nous.db", { halfLifeDays: 30 });
   */
  static open(path: string, options: MemoryOptionsInput = {}, opts: { readonly?: boolean } = {}): Memory {
    const store = Store.open(path, opts);
    const saved = store.getMeta("options");
    const parsed = MemoryOptionsSchema.safeParse({ ...(saved ? JSON.parse(saved) : {}), ...options });
    if (!parsed.success) {
      store.close();
      const issue = parsed.error.issues[0];
      throw new ConfigError({ path: ["nous", ...issue.path.map(String)], message: issue.message, fix: "see MemoryOptionsSchema in lib/nous/types.ts" });
    }
    if (saved) {
      // the dimensions are replayed from the deltas with the options they were written with
      const old = JSON.parse(saved) as Record<string, unknown>;
      for (const f of WRITE_OPTIONS) {
        const given = (options as Record<string, unknown>)[f];
        if (given !== undefined && given !== old[f]) {
          store.close();
          throw new ConfigError({ file: path, path: ["options", f], message: `this memory was written with ${f} = ${String(old[f])}, not ${String(given)}`, fix: "leave the option out when reopening, or start a new memory file" });
        }
      }
    } else if (!opts.readonly) store.setMeta("options", JSON.stringify(parsed.data));
    const mem = new Memory(store, parsed.data);
    mem.load();
    return mem;
  }

  private load(): void {
    this.refresh();
  }

  /**
   * Reads what was appended since this handle last looked (all of it when opening): entities, edges, and the
   * deltas, replayed in log order to rebuild the dimensions. A reader beside a writer calls it to catch up.
   * Returns the number of new deltas.
   */
  refresh(): number {
    const aliases = (): string => [...this.canonical].filter(([a, c]) => a !== c).map(([a, c]) => `${a}>${c}`).join("|");
    const before = aliases();
    for (const e of this.store.allEntities()) this.registerEntity(e.name, e.canonical ?? undefined);
    for (const { a, b } of this.store.allEdges()) this.link(a, b);
    const merged = aliases() !== before && this.deltas.length > 0;
    const fresh = this.store.lightDeltasSince(this.lastDeltaId);
    for (const d of fresh) {
      if (!merged) this.observe(this.resolve(d.entity), d.attribute, d, d.timestamp);
      this.remember(d);
    }
    if (merged) this.rebuildDimensions();
    return fresh.length;
  }

  /**
   * Rebuilds every dimension by replaying the delta log in order with entities resolved to their canonical names:
   * after a merge, the alias's observations and the canonical entity's combine into one belief per attribute.
   */
  private rebuildDimensions(): void {
    this.dims.clear();
    this.byDim.clear();
    this.entityDeltaCount.clear();
    for (const [i, d] of this.deltas.entries()) {
      const e = this.resolve(d.entity);
      this.entityDeltaCount.set(e, (this.entityDeltaCount.get(e) ?? 0) + 1);
      this.observe(e, d.attribute, d, d.timestamp);
      const k = key(e, d.attribute);
      const list = this.byDim.get(k);
      if (list) list.push(i);
      else this.byDim.set(k, [i]);
    }
  }

  private registerEntity(name: string, canonical?: string): void {
    if (!this.canonical.has(name) || canonical) this.canonical.set(name, canonical ?? name);
    this.names.set(name.toLowerCase(), name);
    if (!this.adjacency.has(name)) this.adjacency.set(name, new Set());
  }

  private link(a: string, b: string): void {
    if (a === b) return;
    this.registerEntity(a);
    this.registerEntity(b);
    this.adjacency.get(a)!.add(b);
    this.adjacency.get(b)!.add(a);
  }

  private remember(d: LightDelta): void {
    const i = this.deltas.length;
    this.deltas.push({ id: d.id, entity: d.entity, attribute: d.attribute, observation: d.observation, surprise: d.surprise, timestamp: d.timestamp, evidence: d.evidence, evidenceId: d.evidenceId, kind: d.kind, confidence: d.confidence });
    if (d.evidence !== this.lastEvidence) {
      this.lastEvidence = d.evidence;
      this.lastEvidenceTokens = tokens(d.evidence);
      const colon = d.evidence.indexOf(": ");
      if (colon > 0) this.speakers.add(d.evidence.slice(0, colon));
    }
    this.index.add([...this.lastEvidenceTokens, ...tokens(`${d.entity} ${d.attribute} ${d.observation}`)]);
    const e = this.resolve(d.entity);
    this.entityDeltaCount.set(e, (this.entityDeltaCount.get(e) ?? 0) + 1);
    const k = key(e, d.attribute);
    const list = this.byDim.get(k);
    if (list) list.push(i);
    else this.byDim.set(k, [i]);
    this.lastDeltaId = Math.max(this.lastDeltaId, d.id);
  }

  /** The canonical name of an entity after identity resolution. */
  resolve(name: string): string {
    let n = name;
    for (let i = 0; i < 8; i++) {
      const c = this.canonical.get(n);
      if (c === undefined || c === n) return n;
      n = c;
    }
    return n;
  }

  /**
   * Ingests one turn: for each triple, decay, surprise, update, delta; all in one transaction.
   * Returns the deltas written.
   *
   * @example
   * mem.ingest({ id: "D1:3", speaker: "Ann", text: "I work at a bakery.", timestamp: Date.UTC(2023, 4, 8) },
   *            { triples: [{ entity: "Ann", attribute: "work", value: "bakery" }] });
   */
  ingest(turn: Turn, extraction: Extraction): LightDelta[] {
    return this.ingestAll([{ turn, extraction }]);
  }

  /**
   * Ingests turns in order in one transaction: all of them, or none when one fails (the beliefs roll back with
   * the file). A conversation's window goes in one call: one commit instead of one per turn.
   */
  ingestAll(items: readonly { turn: Turn; extraction: Extraction }[]): LightDelta[] {
    const written: LightDelta[] = [];
    const before = new Map<string, DimensionSnapshot | undefined>();
    for (const { extraction } of items) {
      for (const t of extraction.triples) {
        const k = key(this.resolve(t.entity), t.attribute);
        if (!before.has(k)) before.set(k, this.dims.get(k)?.snapshot());
      }
    }
    try {
      this.store.transaction(() => {
        for (const { turn, extraction } of items) this.ingestTurn(turn, extraction, written);
      });
    } catch (e) {
      // the transaction rolled back: so do the beliefs
      for (const [k, snap] of before) {
        if (snap) this.dims.get(k)?.restore(snap);
        else this.dims.delete(k);
      }
      throw e;
    }
    for (const d of written) this.remember(d);
    return written;
  }

  /** One turn's writes (inside the caller's transaction). */
  private ingestTurn(turn: Turn, extraction: Extraction, written: LightDelta[]): void {
    const evidence = `${turn.speaker}: ${turn.text}`;
    this.touchEntity(turn.speaker);
    const among = extraction.participants ?? [];
    // two participants are never linked
    const linkable = (e: string) => e !== turn.speaker && !(among.includes(e) && among.includes(turn.speaker));
    for (const m of extraction.mentions ?? []) {
      this.touchEntity(m);
      if (linkable(m)) this.connect(turn.speaker, m);
    }
    for (const t of extraction.triples) {
      const entity = this.resolve(t.entity);
      this.touchEntity(entity);
      if (linkable(entity)) this.connect(turn.speaker, entity);
      written.push(this.update(entity, t, turn.timestamp, evidence, turn.id));
    }
  }

  /** An edge of the entity graph, written to the file only the first time (inside the caller's transaction). */
  private connect(a: string, b: string): void {
    if (a === b || this.adjacency.get(a)?.has(b)) return;
    this.store.addEdge(a, b);
    this.link(a, b);
  }

  private touchEntity(name: string): void {
    if (!this.canonical.has(name)) {
      this.store.addEntity(name);
      this.registerEntity(name);
    }
  }

  /**
   * The dimension mathematics of one observation, in memory: decay since the last update, surprise, then the
   * posterior (Bayes or last-write-wins, by the observation's kind and confidence; dimension.ts). Returns the
   * decayed prior, the posterior and the surprise.
   */
  private observe(entity: string, attribute: string, ob: { observation: string; kind?: ObservationKind; confidence?: number }, ts: number): { prior: Distribution; posterior: Distribution; surprise: number } {
    const o = this.options;
    const k = key(entity, attribute);
    let dim = this.dims.get(k);
    if (!dim) this.dims.set(k, (dim = new Dimension(entity, attribute, ts)));
    if (o.halfLifeDays !== null) dim.decayTo(ts, o.halfLifeDays, o.decayTarget);
    const prior = dim.top(12);
    const observed = { value: ob.observation, kind: ob.kind, confidence: ob.confidence };
    const params = { reliability: o.reliability, newValueMass: o.newValueMass, rule: o.updateRule, useKinds: o.useKinds, useConfidence: o.useConfidence };
    const s = dim.surpriseOf(observed, o.newValueMass, params);
    dim.observe(observed, params, ts);
    return { prior, posterior: dim.top(12), surprise: s };
  }

  /**
   * The spelling a dimension already holds for a value: the same words in another case ("tesco" → "Tesco"), or a
   * name that the other starts with ("Kingsway" → "Kingsway Pharmacy"); else the value as given. An ending also
   * finds the one held value that starts with it ("no dog anymore" ends "dog Rex").
   */
  private spelling(entity: string, attribute: string, value: string, ending = false): string {
    const dim = this.dims.get(key(entity, attribute));
    if (!dim) return value;
    const l = value.toLowerCase();
    const same = dim.values.find((v) => v.toLowerCase() === l);
    if (same !== undefined) return same;
    if (ending) {
      const longer = dim.values.filter((v) => !dim.unnamed.has(v) && v.toLowerCase().startsWith(`${l} `));
      if (longer.length === 1) return longer[0];
    }
    if (!/^[A-Z]/.test(value)) return value;
    const named = dim.values.filter((v) => /^[A-Z]/.test(v) && !dim.unnamed.has(v) && (v.toLowerCase().startsWith(`${l} `) || l.startsWith(`${v.toLowerCase()} `)));
    return named.length === 1 ? named[0] : value;
  }

  private update(entity: string, t: Triple, ts: number, evidence: string, evidenceId: string): LightDelta {
    const kind = t.kind ?? "state";
    const confidence = t.confidence ?? 1;
    const value = this.spelling(entity, t.attribute, t.value, t.kind === "ended");
    const { prior, posterior, surprise: s } = this.observe(entity, t.attribute, { observation: value, kind, confidence }, ts);
    const row = { entity, attribute: t.attribute, observation: value, surprise: s, timestamp: ts, evidence, evidenceId, kind, confidence };
    const id = this.store.insertDelta({ ...row, prior, posterior });
    return { id, ...row };
  }

  /** The belief of a dimension at time `at` (decayed from its last update), or undefined when never observed. */
  belief(entity: string, attribute: string, at?: number) {
    return this.dims.get(key(this.resolve(entity), attribute))?.distributionAt(at, this.options.halfLifeDays, this.options.decayTarget);
  }

  /** The deltas of one dimension with their priors and posteriors, oldest first (a belief trajectory). */
  trajectory(entity: string, attribute: string): Delta[] {
    const c = this.resolve(entity);
    const names = [...this.canonical.keys()].filter((n) => this.resolve(n) === c);
    return names.flatMap((n) => this.store.deltasOf(n, attribute)).sort((a, b) => a.id - b.id);
  }

  /** Indices (into `deltas`) of one dimension's deltas (aliases resolved), oldest first. @internal */
  dimensionDeltas(entity: string, attribute: string): number[] {
    return this.byDim.get(key(this.resolve(entity), attribute)) ?? [];
  }

  /** @internal */
  dimensionState(entity: string, attribute: string): Dimension | undefined {
    return this.dims.get(key(this.resolve(entity), attribute));
  }

  /**
   * Identity resolution: entities sharing at least `identityMinShared` attributes whose mean symmetrised KL over
   * those attributes is below `identityThreshold` are merged (the one with fewer deltas becomes an alias).
   * Returns the merges made.
   */
  resolveIdentities(): { alias: string; canonical: string; divergence: number }[] {
    const o = this.options;
    const attrsOf = new Map<string, Map<string, Counts>>();
    const size = new Map<string, number>();
    for (const s of this.dims.values()) {
      const e = this.resolve(s.entity);
      if (!attrsOf.has(e)) attrsOf.set(e, new Map());
      attrsOf.get(e)!.set(s.attribute, s.counts());
      size.set(e, (size.get(e) ?? 0) + (this.byDim.get(key(s.entity, s.attribute))?.length ?? 0));
    }
    const names = [...attrsOf.keys()].sort();
    const merges: { alias: string; canonical: string; divergence: number }[] = [];
    for (let i = 0; i < names.length; i++) {
      for (let j = i + 1; j < names.length; j++) {
        const a = attrsOf.get(names[i])!;
        const b = attrsOf.get(names[j])!;
        const shared = [...a.keys()].filter((x) => b.has(x));
        if (shared.length < o.identityMinShared) continue;
        const div = shared.reduce((s, x) => s + symmetricKL(a.get(x)!, b.get(x)!), 0) / shared.length;
        if (div >= o.identityThreshold) continue;
        const [alias, canon] = (size.get(names[i]) ?? 0) < (size.get(names[j]) ?? 0) ? [names[i], names[j]] : [names[j], names[i]];
        if (this.resolve(alias) !== alias) continue;
        merges.push({ alias, canonical: canon, divergence: div });
      }
    }
    if (merges.length) {
      this.store.transaction(() => {
        for (const m of merges) {
          this.store.setCanonical(m.alias, m.canonical);
          this.canonical.set(m.alias, m.canonical);
          this.connect(m.alias, m.canonical);
        }
      });
      this.rebuildDimensions();
    }
    return merges;
  }

  /** Timestamp of the newest delta (the memory's "now"), or 0 when empty. */
  latestTimestamp(): number {
    let t = 0;
    for (const d of this.deltas) if (d.timestamp > t) t = d.timestamp;
    return t;
  }

  close(): void {
    this.store.close();
  }
}
