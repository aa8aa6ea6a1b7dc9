/**
 * One error tree for agora. Every error says what went wrong, where, and how to fix it.
 * Layers add their own subclasses (the `llm` layer's errors extend `AgoraError` too).
 */
export class AgoraError extends Error {
  /** Machine-readable kind of the error. */
  readonly code: string;
  /** How to fix it, when known; also included in `message`. */
  readonly fix?: string;

  constructor(code: string, message: string, fix?: string) {
    super(fix ? `${message}\n  fix: ${fix}` : message);
    this.name = new.target.name;
    this.code = code;
    this.fix = fix;
  }
}

/** A config file or options object is invalid. `path` is the field path inside it (e.g. ["grid", "mode", 0]). */
export class ConfigError extends AgoraError {
  readonly file?: string;
  readonly path: readonly (string | number)[];
  constructor(opts: { file?: string; path?: readonly (string | number)[]; message: string; fix?: string }) {
    const where = [opts.file, opts.path && opts.path.length ? opts.path.join(".") : undefined].filter(Boolean).join(": ");
    super("config", where ? `${where}: ${opts.message}` : opts.message, opts.fix);
    this.file = opts.file;
    this.path = opts.path ?? [];
  }
}

/** Input data (a table, a data file, a reply) is malformed. */
export class DataError extends AgoraError {
  readonly file?: string;
  readonly field?: string;
  constructor(opts: { file?: string; field?: string; message: string; fix?: string }) {
    const where = [opts.file, opts.field].filter(Boolean).join(": ");
    super("data", where ? `${where}: ${opts.message}` : opts.message, opts.fix);
    this.file = opts.file;
    this.field = opts.field;
  }
}

/** A statistical fit cannot be made (degenerate design, separation, …). */
export class StatsError extends AgoraError {
  constructor(message: string, fix?: string) {
    super("stats", message, fix);
  }
}

/** A program the toolkit needs (Jupyter, Chromium, the tslab kernel, R) is missing. */
export class DependencyError extends AgoraError {
  readonly missing: string;
  constructor(missing: string, message: string, fix: string) {
    super("dependency", message, fix);
    this.missing = missing;
  }
}
