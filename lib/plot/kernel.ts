/**
 * The bridge to the tslab kernel's display channel, found from library code loaded as ESM inside the kernel.
 *
 * tslab keeps the function that sends `display_data` for the running cell in `lastWriteDisplayData` of its
 * `dist/jupyter.js` module (set at the start of every execution). Library code cannot `import "tslab"`
 * reliably (the kernel may run from another install), so the module is looked up in the CommonJS module
 * cache the kernel itself populated.
 */
import { createRequire } from "node:module";

/** A Jupyter mime bundle, as sent in a `display_data` message. */
export interface DisplayBundle {
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
  transient?: Record<string, unknown>;
}

/** Sends a bundle as `display_data`, or as `update_display_data` (with `transient.display_id`) when `update`. */
export type WriteDisplay = (bundle: DisplayBundle, update: boolean) => void;

/**
 * The running tslab kernel's writer for the cell that runs now, with updates of earlier displays; undefined outside
 * a tslab kernel.
 * @example
 * kernelDisplayWriter()?.({ data: { "text/plain": "1/4" }, metadata: {}, transient: { display_id: "p" } }, false);
 */
export function kernelDisplayWriter(): WriteDisplay | undefined {
  const cache = createRequire(import.meta.url).cache;
  for (const [file, mod] of Object.entries(cache)) {
    if (!/[\\/]tslab[\\/]dist[\\/]jupyter\.js$/.test(file)) continue;
    const write = (mod?.exports as { lastWriteDisplayData?: WriteDisplay | null } | undefined)?.lastWriteDisplayData;
    if (typeof write === "function") return write;
  }
  return undefined;
}

/** The running tslab kernel's display writer, or undefined outside a tslab kernel. */
export function kernelDisplay(): ((bundle: DisplayBundle) => void) | undefined {
  const write = kernelDisplayWriter();
  return write && ((bundle) => write(bundle, false));
}

/** True inside a tslab kernel (a cell has run in this process). */
export function inKernel(): boolean {
  return kernelDisplay() !== undefined;
}
