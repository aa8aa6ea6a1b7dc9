/**
 * The replay cache's storage: entries addressed by their key, kept as JSON lines in append-only segment files
 * under one folder (`<dir>/<segment>.jsonl`, one segment per store, so processes never write the same file).
 *
 * Appending batches many entries into one write; a per-entry file would cost an open, a write and a close each.
 * Writes go behind the calls: `put` queues the line (in order) and returns, so a call never waits for the disk;
 * `flush()` resolves once every queued line is written, and a failed write is reported by the next `put` or
 * `flush`. A store that reads a folder first waits for the lines other stores of this process are writing there.
 * The experiment runner flushes before it stores a cell. All segments are read once, when the store is first
 * asked for an entry. A torn last line (a crash while writing) is skipped.
 */
import { createWriteStream, mkdir, readdir, readFile, type WriteStream } from "node:fs";
import { join, resolve as resolvePath } from "node:path";
import type { Usage } from "../../core/model.js";

/** What a cache entry stores about the reply. */
export interface CachedReply {
  text: string;
  usage: Usage;
  latencyMs: number;
  model: string;
}

/** One line of a segment: the key, the request it addresses (for people reading the cache) and the reply. */
export interface CacheEntry {
  version: 1;
  key: string;
  request: Record<string, unknown>;
  reply: CachedReply;
}

let segments = 0;

/** Stores of this process that write, by folder: a store reading a folder first waits for their lines in flight. */
const writers = new Map<string, Set<CacheStore>>();

export class CacheStore {
  readonly dir: string;
  private readonly folder: string;
  private index?: Promise<Map<string, CachedReply>>;
  private stream?: WriteStream;
  private opening?: Promise<WriteStream>;
  /** Lines queued before the segment file was open. */
  private early: string[] = [];
  private pending = 0;
  private failure?: Error;
  private waiters: { resolve(): void; reject(e: Error): void }[] = [];

  constructor(dir: string) {
    this.dir = dir;
    this.folder = resolvePath(dir);
  }

  /** The stored reply for `key`, if any. */
  async get(key: string): Promise<CachedReply | undefined> {
    return (await this.load()).get(key);
  }

  /**
   * Queues an entry for appending (in call order) and makes it visible to `get` at once.
   * `line` is the entry's JSON (see `entryLine`); the disk write happens behind, see `flush`.
   * @throws the error of an earlier write that failed (nothing more is written after a failure).
   */
  put(key: string, reply: CachedReply, line: string): void {
    if (this.failure) throw this.failure;
    void this.load().then((index) => index.set(key, reply));
    this.pending++;
    if (this.stream) this.write(this.stream, line);
    else {
      this.early.push(line);
      this.open().then(
        (stream) => {
          for (const l of this.early.splice(0)) this.write(stream, l);
        },
        (err: Error) => {
          this.pending -= this.early.length;
          this.early = [];
          this.fail(err);
        },
      );
    }
  }

  /** Resolves once every queued entry is written to its segment file; rejects if a write failed. */
  flush(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  private write(stream: WriteStream, line: string): void {
    stream.write(line, (err) => {
      this.pending--;
      if (err) return this.fail(err);
      if (this.pending === 0) for (const w of this.waiters.splice(0)) w.resolve();
    });
  }

  private fail(err: Error): void {
    this.failure ??= new Error(`the replay cache could not write to ${this.dir}: ${err.message}`);
    for (const w of this.waiters.splice(0)) w.reject(this.failure);
  }

  private load(): Promise<Map<string, CachedReply>> {
    if (this.index) return this.index;
    // Another model of this process may still be writing to the folder: its lines are read once written.
    const others = [...(writers.get(this.folder) ?? [])].filter((s) => s !== this);
    this.index = Promise.all(others.map((s) => s.flush().catch(() => undefined))).then(() => new Promise<Map<string, CachedReply>>((resolve) => {
      const index = new Map<string, CachedReply>();
      readdir(this.dir, (err, names) => {
        const files = err ? [] : names.filter((n) => n.endsWith(".jsonl")).sort();
        let left = files.length;
        if (left === 0) return resolve(index);
        for (const name of files) {
          readFile(join(this.dir, name), "utf8", (e, text) => {
            if (!e) addLines(index, text);
            if (--left === 0) resolve(index);
          });
        }
      });
    }));
    return this.index;
  }

  private open(): Promise<WriteStream> {
    if (!this.opening) {
      const set = writers.get(this.folder) ?? new Set<CacheStore>();
      writers.set(this.folder, set.add(this));
    }
    this.opening ??= new Promise((resolve, reject) => {
      mkdir(this.dir, { recursive: true }, (err) => {
        if (err) return reject(err);
        const name = `${Date.now().toString(36)}-${process.pid}-${segments++}.jsonl`;
        const stream = createWriteStream(join(this.dir, name), { flags: "a" });
        stream.once("error", reject);
        stream.once("open", () => {
          stream.on("error", (e) => this.fail(e));
          this.stream = stream;
          resolve(stream);
        });
      });
    });
    return this.opening;
  }
}

/**
 * One segment line: `{"version":1,"key":…,"request":{…,"schema":…},"reply":…}` followed by a newline. The
 * schema's JSON text is given already serialized (it is the same for every call with that schema).
 */
export function entryLine(key: string, request: Record<string, unknown>, schemaJSON: string | undefined, reply: CachedReply): string {
  let req = JSON.stringify(request);
  if (schemaJSON !== undefined) req = req === "{}" ? `{"schema":${schemaJSON}}` : `${req.slice(0, -1)},"schema":${schemaJSON}}`;
  return `{"version":1,"key":${JSON.stringify(key)},"request":${req},"reply":${JSON.stringify(reply)}}\n`;
}

function addLines(index: Map<string, CachedReply>, text: string): void {
  for (const line of text.split("\n")) {
    if (!line) continue;
    try {
      const e = JSON.parse(line) as CacheEntry;
      if (e.version === 1 && typeof e.key === "string" && e.reply && typeof e.reply.text === "string") index.set(e.key, e.reply);
    } catch {
      // a torn line: skipped
    }
  }
}
