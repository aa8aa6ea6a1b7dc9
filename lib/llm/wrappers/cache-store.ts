/**
 * The replay cache's storage: entries addressed by their key, kept as JSON lines in append-only segment files
 * under one folder (`<dir>/<segment>.jsonl`, one segment per store, so processes never write the same file).
 *
 * Appending batches many entries into one write; a per-entry file would cost an open, a write and a close each.
 * All segments are read once, when the store is first asked for an entry. A torn last line (a crash while
 * writing) is skipped.
 */
import { createWriteStream, mkdir, readdir, readFile, type WriteStream } from "node:fs";
import { join } from "node:path";
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

export class CacheStore {
  readonly dir: string;
  private index?: Promise<Map<string, CachedReply>>;
  private stream?: Promise<WriteStream>;

  constructor(dir: string) {
    this.dir = dir;
  }

  /** The stored reply for `key`, if any. */
  async get(key: string): Promise<CachedReply | undefined> {
    return (await this.load()).get(key);
  }

  /** Appends an entry; resolves once it is written to the segment file. */
  async put(entry: CacheEntry): Promise<void> {
    const index = await this.load();
    const stream = await this.open();
    await new Promise<void>((resolve, reject) => stream.write(`${JSON.stringify(entry)}\n`, (err) => (err ? reject(err) : resolve())));
    index.set(entry.key, entry.reply);
  }

  private load(): Promise<Map<string, CachedReply>> {
    this.index ??= new Promise((resolve) => {
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
    });
    return this.index;
  }

  private open(): Promise<WriteStream> {
    this.stream ??= new Promise((resolve, reject) => {
      mkdir(this.dir, { recursive: true }, (err) => {
        if (err) return reject(err);
        const name = `${Date.now().toString(36)}-${process.pid}-${segments++}.jsonl`;
        const stream = createWriteStream(join(this.dir, name), { flags: "a" });
        stream.once("error", reject);
        stream.once("open", () => resolve(stream));
      });
    });
    return this.stream;
  }
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
