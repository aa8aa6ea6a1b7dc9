/**
 * Warnings of a fit (rows dropped, convergence, identifiability). Every fit keeps them in `warnings`; inside a Jupyter
 * kernel they are also printed (to stdout, as "Warning (lmm): …", so a notebook shows them beside the result without
 * turning the cell into an error).
 */

/** True inside a Jupyter kernel (Jupyter sets JPY_PARENT_PID for its kernels). */
function inNotebook(): boolean {
  return process.env.JPY_PARENT_PID !== undefined || process.argv.some((a) => /tslab/.test(a));
}

/** Prints a fit's warnings when running in a notebook. */
export function reportWarnings(fn: string, warnings: readonly string[]): void {
  if (warnings.length === 0 || !inNotebook()) return;
  for (const w of warnings) console.log(`Warning (${fn}): ${w}`);
}

/** Prints a fit's warnings in a notebook and returns the fit. */
export function reported<T extends { warnings: readonly string[] }>(fn: string, fit: T): T {
  reportWarnings(fn, fit.warnings);
  return fit;
}

/** Where progress lines go: a function of one line, or undefined to stay quiet. */
export type ProgressSink = ((line: string) => void) | undefined;

/**
 * The default progress sink: stderr when it is a terminal; none elsewhere. Notebooks get none: a progress line
 * carries elapsed times, which would make a saved notebook's outputs differ from run to run.
 */
export function defaultProgressSink(): ProgressSink {
  if (!inNotebook() && process.stderr.isTTY) return (line) => process.stderr.write(`${line}\n`);
  return undefined;
}

/**
 * Wraps an objective so that a fit running longer than `afterMs` reports its progress every `everyMs`:
 * evaluations so far, the best value and the elapsed time. Short fits print nothing.
 *
 * @example
 * const f = withProgress("lmm", dev, (s) => lines.push(s), { afterMs: 0, everyMs: 0 });
 */
export function withProgress(what: string, f: (x: number[]) => number, sink: ProgressSink, opts: { afterMs?: number; everyMs?: number; label?: string } = {}): (x: number[]) => number {
  if (!sink) return f;
  const after = opts.afterMs ?? 3000, every = opts.everyMs ?? 2000;
  const t0 = Date.now();
  let last = t0, evals = 0, best = Infinity;
  return (x) => {
    const v = f(x);
    evals++;
    if (v < best) best = v;
    const now = Date.now();
    if (now - t0 >= after && now - last >= every) {
      last = now;
      sink(`${what}: ${evals} evaluations, best ${opts.label ?? "objective"} ${best.toFixed(4)}, ${((now - t0) / 1000).toFixed(1)} s`);
    }
    return v;
  };
}
