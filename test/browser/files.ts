/** Figure files on disk: what a run exported, and whether a file really is the format its name says. */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** "svg", "png" or "pdf" from the file's first bytes; "missing" or "other" otherwise. */
export function fileKind(path: string): string {
  if (!existsSync(path)) return "missing";
  const head = readFileSync(path).subarray(0, 512);
  if (head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return "png";
  if (head.subarray(0, 5).toString("latin1") === "%PDF-") return "pdf";
  if (/<svg[\s>]/.test(head.toString("utf8"))) return "svg";
  return "other";
}

/**
 * The figures written under `dir` since `sinceMs` (file modification time), as stem → extensions, each file checked
 * to be what its extension says. Top-level folders in `skip` are left out.
 * @throws {Error} naming a file whose content does not match its extension.
 */
export function exportedStems(dir: string, sinceMs: number, skip: string[] = []): Map<string, Set<string>> {
  const stems = new Map<string, Set<string>>();
  const walk = (d: string) => {
    for (const name of readdirSync(d)) {
      const p = join(d, name);
      if (statSync(p).isDirectory()) {
        if (!(d === dir && skip.includes(name))) walk(p);
        continue;
      }
      const m = /^(.*)\.(svg|png|pdf|csv)$/.exec(name);
      if (!m || statSync(p).mtimeMs < sinceMs - 1000) continue;
      if (m[2] !== "csv" && fileKind(p) !== m[2]) throw new Error(`${relative(dir, p)} is not a ${m[2].toUpperCase()} file`);
      const stem = relative(dir, join(d, m[1]));
      if (!stems.has(stem)) stems.set(stem, new Set());
      stems.get(stem)!.add(m[2]);
    }
  };
  if (existsSync(dir)) walk(dir);
  return stems;
}
