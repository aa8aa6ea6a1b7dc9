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
