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

type WriteDisplay = (bundle: DisplayBundle, update: boolean) => void;

/** The running tslab kernel's display writer, or undefined outside a tslab kernel. */
export function kernelDisplay(): ((bundle: DisplayBundle) => void) | undefined {
  const cache = createRequire(import.meta.url).cache;
  for (const [file, mod] of Object.entries(cache)) {
    if (!/[\\/]tslab[\\/]dist[\\/]jupyter\.js$/.test(file)) continue;
    const write = (mod?.exports as { lastWriteDisplayData?: WriteDisplay | null } | undefined)?.lastWriteDisplayData;
    if (typeof write === "function") return (bundle) => write(bundle, false);
  }
  return undefined;
}

/** True inside a tslab kernel (a cell has run in this process). */
export function inKernel(): boolean {
  return kernelDisplay() !== undefined;
}
