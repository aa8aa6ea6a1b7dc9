/**
 * WAL checkpoints of the replay cache's database on a worker thread, off the event loop.
 *
 * A checkpoint copies the pages committed to `cache.sqlite-wal` into `cache.sqlite` and syncs both files (the
 * `synchronous = NORMAL` rule of WAL mode). SQLite runs one after a commit once the WAL holds 1,000 pages, on the
 * connection that committed: in a recording run that is the event loop, held 10–40 ms every second or two while
 * replies wait. Here a worker thread with its own connection runs them (`PRAGMA wal_checkpoint(PASSIVE)`, which
 * never blocks a writer) after every `every` entries written, and the writing connection's own automatic checkpoint
 * is raised to `fallbackPages`, so it runs only when the worker falls behind. What is committed, and when it is
 * durable, is unchanged: a commit is in the WAL before and after; only the copy into the main file moved.
 *
 * The worker is started with the first checkpoint, holds no reference that keeps the process alive, and is stopped
 * with the process. If it cannot start or a checkpoint fails, the writing connection checkpoints by itself again, as
 * SQLite does by default.
 */
import { Worker } from "node:worker_threads";

/** Pages in the WAL before SQLite checkpoints on its own (its default). */
export const DEFAULT_AUTOCHECKPOINT = 1000;

/** The worker's code (CommonJS, run with `eval`: no loader or file of its own is needed). */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.module);
let db;
parentPort.on("message", () => {
  try {
    if (!db) {
      db = new Database(workerData.file, { fileMustExist: true });
      db.pragma("busy_timeout = 10000");
      db.pragma("synchronous = NORMAL");
    }
    db.pragma("wal_checkpoint(PASSIVE)");
    parentPort.postMessage({ ok: true });
  } catch (err) {
    parentPort.postMessage({ ok: false, error: String((err && err.message) || err) });
  }
});
`;

export interface CheckpointerOptions {
  /** The database file. */
  file: string;
  /** The resolved path of the `better-sqlite3` module (the worker loads the same one). */
  module: string;
  /** Sets the writing connection's automatic checkpoint, in pages (0: none). */
  autocheckpoint: (pages: number) => void;
  /** Entries written between two checkpoints (default 256). */
  every?: number;
  /** The writing connection's own automatic checkpoint while the worker runs, in pages (default 4,000). */
  fallbackPages?: number;
}

/**
 * Runs the checkpoints of one database on a worker thread; `written(n)` is told of every batch the writing
 * connection commits.
 * @example const cp = new Checkpointer({ file, module, autocheckpoint: (n) => db.pragma(`wal_autocheckpoint = ${n}`) }); cp.written(13);
 */
export class Checkpointer {
  private worker?: Worker;
  private running = false;
  private pending = 0;
  private failed = false;
  /** Checkpoints the worker has completed. */
  done = 0;
  private readonly every: number;

  constructor(private readonly opts: CheckpointerOptions) {
    this.every = opts.every ?? 256;
  }

  /** Whether the writing connection checkpoints by itself again (the worker could not start or failed). */
  get fellBack(): boolean {
    return this.failed;
  }

  /** Counts `entries` just committed, and asks for a checkpoint once `every` have been since the last one. */
  written(entries: number): void {
    if (this.failed) return;
    this.pending += entries;
    if (this.pending < this.every || this.running) return;
    this.pending = 0;
    this.running = true;
    try {
      this.start().postMessage(0);
    } catch {
      this.fallBack();
    }
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER, { eval: true, workerData: { file: this.opts.file, module: this.opts.module }, execArgv: [], stdout: false, stderr: false });
    worker.on("message", (m: { ok: boolean }) => {
      this.running = false;
      if (m.ok) this.done++;
      else this.fallBack();
    });
    worker.on("error", () => this.fallBack());
    worker.on("exit", () => {
      if (this.worker === worker) this.fallBack();
    });
    // after the listeners (a message listener refs the worker again)
    worker.unref();
    this.worker = worker;
    // the writing connection checkpoints only when the worker falls far behind
    this.opts.autocheckpoint(this.opts.fallbackPages ?? 4 * DEFAULT_AUTOCHECKPOINT);
    return worker;
  }

  /** Stops using the worker: the writing connection checkpoints by itself, as by default. */
  private fallBack(): void {
    if (this.failed) return;
    this.failed = true;
    this.running = false;
    const worker = this.worker;
    this.worker = undefined;
    void worker?.terminate();
    try {
      this.opts.autocheckpoint(DEFAULT_AUTOCHECKPOINT);
    } catch {
      // the connection reports its own errors on the next write
    }
  }
}
