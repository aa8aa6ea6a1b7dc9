/**
 * Writing figures to files for papers: SVG, PNG and PDF, rendered by the shared headless Chromium.
 */
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { ConfigError } from "../core/errors.js";
import { figureCSV } from "./data.js";
import { renderPNG, renderSVG, resolveSize, svgToPDF, type RenderSize } from "./render.js";
import type { Figure } from "./types.js";

/** A file format `save` can write. */
export type FigureFormat = "svg" | "png" | "pdf" | "csv";

/** Options of `save`. */
export interface SaveOptions extends RenderSize {
  /** Formats to write; default all four (`csv` is the figure's data, one row per plotted point). */
  formats?: readonly FigureFormat[];
}

/**
 * Sizes for a paper: a width in inches, an aspect ratio (height / width) and the PNG resolution.
 *
 * @example
 * paperSize({ widthIn: 3.5, dpi: 300 }); // { width: 336, height: 224, scale: 3.125 }: one column at 300 dpi
 */
export function paperSize(opts: { widthIn: number; aspect?: number; dpi?: number }): Required<RenderSize> {
  const width = Math.round(opts.widthIn * 96);
  return { width, height: Math.round(width * (opts.aspect ?? 2 / 3)), scale: (opts.dpi ?? 300) / 96 };
}

function writeAtomic(file: string, data: string | Buffer): void {
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, data);
  renameSync(tmp, file);
}

/**
 * Saves a figure as `<base>.svg`, `<base>.png` and `<base>.pdf`, and its data as `<base>.csv` (one row per plotted
 * point; see `figureRows`), folders created, each file written atomically.
 * A trailing extension on `base` is dropped. Returns the paths written, in the form `base` was given (a relative
 * `base` gives relative paths, so notebook outputs do not depend on where the project lives).
 *
 * @throws {ConfigError} on an unknown format or a non-positive size; {DependencyError} when Chromium is missing.
 * @example
 * await plot.save(fig, "../figures/01-tbs/recall", { ...plot.paperSize({ widthIn: 3.5, dpi: 300 }) });
 */
/**
 * With `AGORA_FIGURES_DIR` set (the notebook tests set it to their output folder), a figure bound for a `figures/`
 * folder is written under that directory instead, so test runs never overwrite the committed figures. The paths
 * returned (and shown in notebooks) stay as given.
 */
function figuresRedirect(stem: string): string {
  const dir = process.env.AGORA_FIGURES_DIR;
  if (!dir) return stem;
  const i = stem.lastIndexOf(`${sep}figures${sep}`);
  return i < 0 ? stem : join(resolve(dir), stem.slice(i + `${sep}figures${sep}`.length));
}

export async function save(fig: Figure, base: string, opts: SaveOptions = {}): Promise<string[]> {
  const formats = opts.formats ?? ["svg", "png", "pdf", "csv"];
  for (const f of formats) {
    if (!["svg", "png", "pdf", "csv"].includes(f)) {
      throw new ConfigError({ path: ["formats"], message: `unknown figure format "${f}"`, fix: 'use "svg", "png", "pdf" or "csv"' });
    }
  }
  const { width, height } = resolveSize(fig, opts);
  const scale = opts.scale ?? 2;
  if (!(width > 0 && height > 0 && scale > 0)) {
    throw new ConfigError({ path: ["width/height/scale"], message: `sizes must be positive (got ${width}×${height} at ${scale})` });
  }
  const given = base.replace(/\.(svg|png|pdf|csv)$/i, "");
  const stem = figuresRedirect(resolve(given));
  mkdirSync(dirname(stem), { recursive: true });
  const written: string[] = [];
  let svg: string | undefined;
  if (formats.includes("svg") || formats.includes("pdf")) svg = await renderSVG(fig, { width, height });
  if (formats.includes("svg")) {
    writeAtomic(`${stem}.svg`, svg!);
    written.push(`${given}.svg`);
  }
  if (formats.includes("png")) {
    writeAtomic(`${stem}.png`, await renderPNG(fig, { width, height, scale }));
    written.push(`${given}.png`);
  }
  if (formats.includes("pdf")) {
    writeAtomic(`${stem}.pdf`, await svgToPDF(svg!, width, height));
    written.push(`${given}.pdf`);
  }
  if (formats.includes("csv")) {
    writeAtomic(`${stem}.csv`, figureCSV(fig));
    written.push(`${given}.csv`);
  }
  return written;
}
