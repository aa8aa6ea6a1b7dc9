/**
 * Progress of a run: a terminal bar (cli-progress), sparse lines for logs, one line updated in place in a notebook,
 * or nothing.
 */
import cliProgress from "cli-progress";
import { kernelDisplayWriter, type WriteDisplay } from "../plot/kernel.js";

/** A snapshot of a run's progress. `done` counts completed cells, including those kept from an earlier run. */
export interface ProgressEvent {
  name: string;
  done: number;
  failed: number;
  total: number;
  /** Cells completed by an earlier run and skipped by `resume`. */
  skipped: number;
  elapsedMs: number;
  finished: boolean;
}

/**
 * `"bar"` (terminal), `"line"` (sparse lines: 10 % steps at most once a second, and the end; inside a notebook kernel,
 * one line updated in place and removed at the end), `"none"`, or a callback.
 */
export type ProgressOption = "auto" | "bar" | "line" | "none" | ((event: ProgressEvent) => void);

export interface ProgressReporter {
  update(event: ProgressEvent): void;
  stop(): void;
}

/** True inside a Jupyter kernel (tslab sets no flag of its own; Jupyter sets JPY_PARENT_PID for its kernels). */
export function inNotebook(): boolean {
  return process.env.JPY_PARENT_PID !== undefined || process.argv.some((a) => /tslab/.test(a));
}

function rate(e: ProgressEvent): number {
  const ran = e.done + e.failed - e.skipped;
  return e.elapsedMs > 0 ? (ran * 1000) / e.elapsedMs : 0;
}

function eta(e: ProgressEvent): string {
  const r = rate(e);
  const left = e.total - e.done - e.failed;
  if (left <= 0) return "0s";
  if (r <= 0) return "?";
  const s = Math.round(left / r);
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, "0")}s` : `${s}s`;
}

/**
 * One compact line: `tbs-default: 12/40 cells (30%) · 0 failed · 3.1 cells/s · ETA 9s`.
 * @example
 * formatProgressLine({ name: "x", done: 3, failed: 0, total: 10, skipped: 0, elapsedMs: 1500, finished: false });
 */
export function formatProgressLine(e: ProgressEvent): string {
  const pct = e.total ? Math.floor((100 * (e.done + e.failed)) / e.total) : 100;
  const secs = `${(e.elapsedMs / 1000).toFixed(1)}s`;
  const tail = !e.finished ? `ETA ${eta(e)}` : e.done + e.failed < e.total ? `stopped after ${secs}` : `done in ${secs}`;
  return `${e.name}: ${e.done}/${e.total} cells (${pct}%) · ${e.failed} failed · ${rate(e).toFixed(1)} cells/s · ${tail}`;
}

/**
 * Sparse lines for notebooks and logs: one when a new 10 % step is reached (at most one per `minIntervalMs` of run
 * time, default 1000) and one at the end, so a fast run prints a single line.
 * @example
 * const r = lineReporter((l) => console.log(l)); r.update(event);
 */
export function lineReporter(write: (line: string) => void, minIntervalMs = 1000): ProgressReporter {
  let lastDecile = 0;
  let lastAt = 0;
  let ended = false;
  return {
    update(e) {
      if (ended) return;
      const decile = e.total ? Math.floor((10 * (e.done + e.failed)) / e.total) : 10;
      if (e.finished) {
        ended = true;
        write(formatProgressLine(e));
      } else if (decile > lastDecile && decile < 10 && e.elapsedMs - lastAt >= minIntervalMs) {
        lastDecile = decile;
        lastAt = e.elapsedMs;
        write(formatProgressLine(e));
      }
    },
    stop() {},
  };
}

let displays = 0;

/**
 * One output line in a notebook, updated in place (`update_display_data`) at most every `minIntervalMs` of run time,
 * and emptied when the run ends: a reader watches it move, and a saved notebook keeps no progress line (and no
 * elapsed times, which would differ from run to run). `write` is the kernel's display writer of the running cell.
 * @example
 * const r = displayReporter(kernelDisplayWriter()!); r.update(event);
 */
export function displayReporter(write: WriteDisplay, minIntervalMs = 500): ProgressReporter {
  const id = `agora-progress-${process.pid}-${++displays}`;
  let shown = false;
  let ended = false;
  let lastAt = 0;
  const send = (text: string) => {
    write({ data: { "text/plain": text }, metadata: {}, transient: { display_id: id } }, shown);
    shown = true;
  };
  const end = () => {
    if (ended) return;
    ended = true;
    if (shown) send("");
  };
  return {
    update(e) {
      if (ended) return;
      if (e.finished) return end();
      if (shown && e.elapsedMs - lastAt < minIntervalMs) return;
      lastAt = e.elapsedMs;
      send(formatProgressLine(e));
    },
    stop: end,
  };
}

function barReporter(): ProgressReporter {
  const bar = new cliProgress.SingleBar(
    {
      format: "{name} [{bar}] {value}/{total} cells | {rate} cells/s | ETA {etaText} | failed {failed}",
      hideCursor: true,
      stream: process.stderr,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  let started = false;
  return {
    update(e) {
      const payload = { name: e.name, rate: rate(e).toFixed(1), etaText: eta(e), failed: e.failed };
      if (!started) {
        bar.start(e.total, e.done + e.failed, payload);
        started = true;
      } else bar.update(e.done + e.failed, payload);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/**
 * The reporter for an option. `"auto"`: a bar when stderr is a terminal, the updating line in a notebook, else nothing.
 * @example
 * const r = createReporter("line"); r.update(event); r.stop();
 */
export function createReporter(option: ProgressOption | undefined): ProgressReporter {
  if (typeof option === "function") return { update: option, stop() {} };
  const mode = option === "auto" ? (process.stderr.isTTY ? "bar" : inNotebook() ? "line" : "none") : (option ?? "none");
  if (mode === "bar") return barReporter();
  if (mode === "line") {
    // in a tslab kernel: one line updated in place, never a trail of lines in the cell's saved output
    const write = kernelDisplayWriter();
    return write ? displayReporter(write) : lineReporter((l) => console.log(l));
  }
  return { update() {}, stop() {} };
}
