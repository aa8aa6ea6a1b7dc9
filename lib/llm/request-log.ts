/**
 * The run's request ledger, `<run>/ledger.jsonl`: one JSON line per event, appended by every process of a run
 * (O_APPEND, one `write` per line, so lines of concurrent processes never interleave).
 *
 *   {"event":"sent","t":…,"id":…,"address":…,"attempt":1,"model":"openai:gpt-4o-mini"}        before each HTTP request
 *   {"event":"done","t":…,"id":…,"address":…,"attempt":1,"model":…,"status":200,"input_tokens":…,
 *    "cached_input_tokens":…,"output_tokens":…,"cost_usd":…,"replay":false}                     after it
 *   {"event":"hit","t":…,"id":…,"address":…,"model":…,"source":"cache"|"in-flight","replay":true} a reply that cost nothing
 *
 * `status` is the HTTP status, or "error" (no answer: refused, reset) or "timeout". A "sent" line without its "done"
 * line is a request in flight when its process died: it may have been billed. A done line of a 400 that named an
 * unsupported parameter carries `"unsupported_param"`. `summarizeLedger(path)` sums the whole file, all processes.
 *
 * The budget (`maxCostUsd`) is checked before each request against what is spent (the ledger file when the model
 * was made, plus this process) and reserved by requests in flight (their estimates); a request that would pass it
 * is not sent (`BudgetExceededError`). Requests in flight are bounded by the pool, so the overshoot is at most one
 * request per slot (by how much its real cost exceeds its estimate).
 */
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import type { GenerateRequest, GenerateResult, LanguageModel } from "../core/model.js";
import { redactText } from "../core/redact.js";
import { BudgetExceededError, LLMAPIError, LLMError, LLMParseError, LLMTimeoutError } from "./errors.js";
import { costOf, type Price } from "./prices.js";
import { estimateInputTokens, type RequestEstimate } from "./estimate.js";
import { requestRole, roleOutputTokens } from "./roles.js";
import { callModel } from "./wrappers/call.js";
import { ATTEMPT } from "./wrappers/retry.js";

export { estimateInputTokens } from "./estimate.js";

/** Totals of a ledger file. */
export interface LedgerFileSummary {
  /** HTTP requests started ("sent" lines). */
  requests: number;
  sent: number;
  /** Requests that ended ("done" lines); `sent - done` were in flight when a process died. */
  done: number;
  /** Done requests that did not succeed (status other than 2xx). */
  failed: number;
  /** Replies that cost nothing: replay-cache hits and calls shared with one in flight. */
  replayHits: number;
  inputTokens: number;
  cachedInputTokens: number;
  outputTokens: number;
  costUsd: number;
  /** Done requests by status ("200", "429", "500", "error", "timeout", …). */
  byStatus: Record<string, number>;
}

/**
 * Sums a ledger file (every process that appended to it). A missing file sums to zero; a torn last line (a process
 * killed while writing) is skipped; any other unreadable line is an error naming the file and the line.
 * @example summarizeLedger("runs/x/ledger.jsonl").costUsd
 */
export function summarizeLedger(path: string): LedgerFileSummary {
  const s: LedgerFileSummary = { requests: 0, sent: 0, done: 0, failed: 0, replayHits: 0, inputTokens: 0, cachedInputTokens: 0, outputTokens: 0, costUsd: 0, byStatus: {} };
  if (!existsSync(path)) return s;
  const lines = readFileSync(path, "utf8").split("\n");
  lines.forEach((line, i) => {
    if (!line) return;
    let e: Record<string, unknown>;
    try {
      e = JSON.parse(line);
    } catch {
      if (lines.slice(i + 1).some(Boolean)) throw new LLMError("llm-ledger", `${path}: line ${i + 1} is not JSON`, "the ledger file is damaged; restore it or move it away");
      return;
    }
    if (e.event === "sent") s.sent++;
    else if (e.event === "hit") s.replayHits++;
    else if (e.event === "done") {
      s.done++;
      const status = String(e.status);
      s.byStatus[status] = (s.byStatus[status] ?? 0) + 1;
      if (!/^2\d\d$/.test(status)) s.failed++;
      s.inputTokens += Number(e.input_tokens) || 0;
      s.cachedInputTokens += Number(e.cached_input_tokens) || 0;
      s.outputTokens += Number(e.output_tokens) || 0;
      s.costUsd += Number(e.cost_usd) || 0;
    }
  });
  s.requests = s.sent;
  return s;
}

/** Spending against a budget: spent (at start plus this process) and reserved by requests in flight. */
export class Budget {
  spentUsd: number;
  reservedUsd = 0;
  constructor(
    readonly maxCostUsd: number,
    spentAtStartUsd = 0,
  ) {
    this.spentUsd = spentAtStartUsd;
  }

  /** Reserves `estimateUsd` for a request, or throws when it would pass the budget. Returns its settle function. */
  reserve(estimateUsd: number, address?: string): (actualUsd: number) => void {
    if (this.spentUsd + this.reservedUsd + estimateUsd > this.maxCostUsd) {
      throw new BudgetExceededError({ maxCostUsd: this.maxCostUsd, spentUsd: this.spentUsd, reservedUsd: this.reservedUsd, estimateUsd, address });
    }
    this.reservedUsd += estimateUsd;
    let settled = false;
    return (actualUsd) => {
      if (settled) return;
      settled = true;
      this.reservedUsd -= estimateUsd;
      this.spentUsd += actualUsd;
    };
  }
}

let nextId = 0;

/** Ledgers with lines waiting to be written; written when the process exits normally. */
const pendingLogs = new Set<RequestLog>();
process.once("exit", () => {
  for (const log of pendingLogs) {
    try {
      log.flush();
    } catch {
      // nothing more can be done at exit
    }
  }
});

/**
 * The appending side of a ledger file. A "sent" line is written at once (write-ahead: it is on disk before the
 * request leaves); "done" and "hit" lines, which record what already happened, are gathered and written together
 * once per turn of the event loop (one `write` for all of them, still whole lines under O_APPEND), at `flush()`,
 * and at exit, or earlier with the next "sent" line: a reply that frees a slot and the request that takes it are
 * one `write` (in steady state one system call per request, not two). A crash loses at most that turn's done lines:
 * their sent lines then show requests that may have been billed.
 */
export class RequestLog {
  readonly path: string;
  private fd?: number;
  private pending: string[] = [];
  private scheduled = false;
  constructor(path: string) {
    this.path = path;
    try {
      mkdirSync(dirname(path), { recursive: true });
      this.fd = openSync(path, "a");
    } catch (err) {
      throw new LLMError("llm-ledger", `the ledger ${path} cannot be opened: ${(err as Error).message}`, "check the run folder's permissions and disk space");
    }
  }

  /** Appends one line now, after the lines waiting for the batch (one write call; the text passes through `redactText`). */
  write(line: Record<string, unknown>): void {
    this.writeLine(JSON.stringify(line));
  }

  /** `write` of a line already serialised as one JSON object (no newline). */
  writeLine(json: string): void {
    this.writeRedacted(redactText(json) + "\n");
  }

  /** Appends one line with the next batch (this turn of the event loop). */
  append(line: Record<string, unknown>): void {
    this.appendLine(JSON.stringify(line));
  }

  /** `append` of a line already serialised as one JSON object (no newline). */
  appendLine(json: string): void {
    this.appendRedacted(redactText(json) + "\n");
  }

  /**
   * `writeLine` of a whole line (newline included) whose text fields went through `redactText` one by one (the
   * request wrapper's lines: a regular expression over two lines per request was a measurable part of a call's CPU).
   */
  writeRedacted(line: string): void {
    if (this.pending.length === 0) return this.writeText(line);
    const waiting = this.pending;
    this.pending = [];
    this.writeText(waiting.join("") + line);
  }

  /** `appendLine` of a whole line whose text fields went through `redactText` one by one (see `writeRedacted`). */
  appendRedacted(line: string): void {
    if (this.fd === undefined) return;
    this.pending.push(line);
    if (!this.scheduled) {
      this.scheduled = true;
      pendingLogs.add(this);
      setImmediate(() => this.flush());
    }
  }

  /** Writes the lines waiting for the batch. @throws LLMError when the file cannot be written. */
  flush(): void {
    this.scheduled = false;
    pendingLogs.delete(this);
    if (!this.pending.length) return;
    const text = this.pending.length === 1 ? this.pending[0] : this.pending.join("");
    this.pending = [];
    this.writeText(text);
  }

  private writeText(text: string): void {
    if (this.fd === undefined) return;
    try {
      writeSync(this.fd, text);
    } catch (err) {
      throw new LLMError("llm-ledger", `the ledger ${this.path} cannot be written: ${(err as Error).message}`, "check the disk space");
    }
  }

  /** A reply that cost nothing (replay-cache hit, or shared with a call in flight). */
  hit(model: string, address: string | undefined, source: "cache" | "in-flight"): void {
    this.appendLine(`{"event":"hit","t":${Date.now()},"id":"${newId()}","address":${jsonString(address)},"model":${JSON.stringify(model)},"source":${JSON.stringify(source)},"replay":true}`);
  }

  close(): void {
    this.flush();
    if (this.fd !== undefined) closeSync(this.fd);
    this.fd = undefined;
  }
}

const PID = process.pid.toString(36);

/** A request's id in the ledger: the process id and a counter, in base 36 (letters, digits and "-": no JSON escaping). */
function newId(): string {
  return `${PID}-${(nextId++).toString(36)}`;
}

/*
 * The ledger's lines are written as text, field by field, in the order and form `JSON.stringify` gives their objects
 * (request-log.test.ts checks both against each other): strings through `JSON.stringify`, numbers as JSON writes them.
 * A line is written for every request, twice, between a reply and the next request going out.
 */

/** A string or null/undefined as JSON (undefined as null, as the lines always carry the field). */
function jsonString(s: string | null | undefined): string {
  return s === undefined || s === null ? "null" : JSON.stringify(s);
}

/** A number as `JSON.stringify` writes it (NaN and the infinities as null). */
function jsonNumber(n: number): string {
  return Number.isFinite(n) ? String(n) : "null";
}

export interface RequestLogOptions {
  /** The ledger file (none: no lines are written; the budget still applies). */
  log?: RequestLog;
  /** The model's price (undefined: unpriced; a budget then refuses to start, see `createModel`). */
  price?: Price;
  budget?: Budget;
  /** The model's per-role estimates (the limiter's), for the budget's reservation; default: a plain estimate. */
  estimate?: RequestEstimate;
  /** Called with every request's outcome (provenance records unsupported parameters). */
  onDone?: (info: { status: string; unsupportedParam?: string }) => void;
}

/**
 * Wraps the provider (inside the limits, so requests in flight are bounded by the pool): before each HTTP request
 * the budget is checked and a "sent" line written; after it a "done" line with status, tokens and cost.
 * @throws BudgetExceededError (nothing sent) when the request would pass the budget.
 */
export function withRequestLog(model: LanguageModel, opts: RequestLogOptions): LanguageModel {
  const { log, price, budget } = opts;
  if (!log && !budget && !opts.onDone) return model;
  // the text fields go through `redactText` one by one (an address is the caller's text), not the whole line
  const modelJSON = JSON.stringify(redactText(model.id));
  return {
    id: model.id,
    // No async frame and no named closure per call (see `wrappers/call.ts`); the budget and the sent line come first.
    generate<T>(req: GenerateRequest<T>): Promise<GenerateResult<T>> {
      const address = typeof req.address === "string" ? req.address : undefined;
      let call: Attempt;
      try {
        let settle: ((usd: number) => void) | undefined;
        if (budget && price) {
          const e = opts.estimate;
          const estimate = costOf(price, e ? { inputTokens: e.input(req), outputTokens: e.output(req) }
            : { inputTokens: estimateInputTokens(req), outputTokens: req.maxTokens ?? roleOutputTokens(requestRole(req)) });
          settle = budget.reserve(estimate, address);
        }
        call = { id: newId(), address: address === undefined ? "null" : JSON.stringify(redactText(address)), attempt: jsonNumber((req as { [ATTEMPT]?: number })[ATTEMPT] ?? 1), model: modelJSON, settle };
        log?.writeRedacted(`{"event":"sent","t":${Date.now()},"id":"${call.id}","address":${call.address},"attempt":${call.attempt},"model":${modelJSON}}\n`);
      } catch (err) {
        return Promise.reject(err);
      }
      return callModel(model, req).then((result) => {
        try {
          attemptDone(opts, call, 200, result.usage);
        } catch (err) {
          return attemptFailed(opts, call, err);
        }
        return result;
      }, (err: unknown) => attemptFailed(opts, call, err));
    },
  };
}

/** One HTTP attempt as its ledger lines name it: the fields' JSON text (address and model redacted). */
interface Attempt {
  id: string;
  address: string;
  attempt: string;
  model: string;
  /** Settles the budget's reservation with the real cost. */
  settle: ((usd: number) => void) | undefined;
}

/** Settles the budget and queues the attempt's done line. */
function attemptDone(opts: RequestLogOptions, call: Attempt, status: string | number, usage: { inputTokens: number; outputTokens: number; cachedInputTokens?: number } | undefined, extra: Record<string, unknown> = {}): void {
  const cost = opts.price && usage ? costOf(opts.price, usage) : 0;
  call.settle?.(cost);
  if (opts.log) {
    let line = `{"event":"done","t":${Date.now()},"id":"${call.id}","address":${call.address},"attempt":${call.attempt},"model":${call.model},"status":${typeof status === "number" ? jsonNumber(status) : JSON.stringify(status)},"input_tokens":${jsonNumber(usage?.inputTokens ?? 0)},"cached_input_tokens":${jsonNumber(usage?.cachedInputTokens ?? 0)},"output_tokens":${jsonNumber(usage?.outputTokens ?? 0)},"cost_usd":${jsonNumber(cost)},"replay":false`;
    for (const k in extra) if (extra[k] !== undefined) line += `,${JSON.stringify(k)}:${redactText(JSON.stringify(extra[k]))}`;
    opts.log.appendRedacted(line + "}\n");
  }
  opts.onDone?.({ status: String(status), unsupportedParam: extra.unsupported_param as string | undefined });
}

/** The done line of an attempt that failed (its status from the error), then the error rethrown. */
function attemptFailed(opts: RequestLogOptions, call: Attempt, err: unknown): never {
  if (err instanceof LLMParseError) attemptDone(opts, call, 200, err.usage);
  else if (err instanceof LLMAPIError) attemptDone(opts, call, err.status, undefined, err.unsupportedParam ? { unsupported_param: err.unsupportedParam } : {});
  else if (err instanceof LLMTimeoutError) attemptDone(opts, call, "timeout", undefined);
  else attemptDone(opts, call, err instanceof LLMError && err.code === "llm-abort" ? "aborted" : "error", undefined);
  throw err;
}
