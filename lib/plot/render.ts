/**
 * Static rendering of figures by plotly.js in the shared headless Chromium: SVG, PNG and (vector) PDF.
 */
import { createHash } from "node:crypto";
import { withBrowser, type RenderPage } from "./browser.js";
import type { Figure } from "./types.js";

/** Size of a static rendering. */
export interface RenderSize {
  /** Width in CSS pixels (96 per inch); default the figure's `layout.width`, else 640. */
  width?: number;
  /** Height in CSS pixels; default the figure's `layout.height`, else 400. */
  height?: number;
  /** Pixel multiplier of PNGs (2 ⇒ 192 dpi, 3.125 ⇒ 300 dpi); default 2. */
  scale?: number;
}

/** The width and height a figure is rendered at. */
export function resolveSize(fig: Figure, size: RenderSize = {}): { width: number; height: number } {
  const lw = fig.layout.width;
  const lh = fig.layout.height;
  return {
    width: size.width ?? (typeof lw === "number" ? lw : 640),
    height: size.height ?? (typeof lh === "number" ? lh : 400),
  };
}

/** A stable id derived from the figure, so the same figure gives byte-identical SVG. */
export function figureId(fig: Figure): string {
  return "f" + createHash("sha256").update(JSON.stringify(fig)).digest("hex").slice(0, 10);
}

type ImageArgs = { fig: Figure; format: "svg" | "png"; width: number; height: number; scale: number; uid: string };

/** Runs in the page: plots into a fresh div, exports, purges. Returns the data URL. */
async function exportInPage(a: ImageArgs): Promise<{ url: string }> {
  const P = (globalThis as unknown as { Plotly: any }).Plotly;
  const doc = (globalThis as unknown as { document: any }).document;
  const gd = doc.createElement("div");
  doc.body.appendChild(gd);
  try {
    const data = a.fig.data.map((t, i) => ({ uid: `${a.uid}t${i}`, ...t }));
    const layout = { ...a.fig.layout, width: a.width, height: a.height };
    await P.newPlot(gd, data, layout, { ...(a.fig.config ?? {}), staticPlot: true });
    const url: string = await P.toImage(gd, { format: a.format, width: a.width, height: a.height, scale: a.format === "png" ? a.scale : 1 });
    return { url };
  } finally {
    P.purge(gd);
    gd.remove();
  }
}

async function exportImage(page: RenderPage, args: ImageArgs): Promise<{ url: string }> {
  return page.evaluate(exportInPage, args);
}

/**
 * Renders a figure to an SVG document (text stays text; fonts are referenced by name).
 * @throws {DependencyError} when Chromium is missing.
 * @example
 * const svg = await renderSVG(lineChart([{ name: "a", x: [1, 2], y: [3, 4] }]));
 */
export async function renderSVG(fig: Figure, size: RenderSize = {}): Promise<string> {
  const { width, height } = resolveSize(fig, size);
  const uid = figureId(fig);
  const { url } = await withBrowser(({ plotPage }) =>
    exportImage(plotPage, { fig, format: "svg", width, height, scale: 1, uid }),
  );
  const svg = decodeURIComponent(url.slice(url.indexOf(",") + 1));
  // plotly names clip paths and gradients after a random per-plot id (`defs-<id>`); make it the figure's own.
  const random = /id="defs-([0-9a-z]+)"/.exec(svg)?.[1];
  return sortedAttributes(random ? svg.split(random).join(uid) : svg);
}

/**
 * Every start tag's attributes in name order. Plotly (through d3) sets an element's attributes in an order that can
 * differ from one render of the same figure to the next ("viewBox" before or after "style"), so the same figure
 * gives byte-identical SVG only once the order is fixed. Values are quoted with `"` by the serializer, which escapes
 * any `"` inside them.
 * @example
 * sortedAttributes('<svg width="1" style="" viewBox="0 0 1 1"/>'); // '<svg style="" viewBox="0 0 1 1" width="1"/>'
 */
export function sortedAttributes(svg: string): string {
  return svg.replace(/<([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"]*")+)(\s*\/?)>/g, (_, tag: string, attrs: string, end: string) => {
    const list = attrs.match(/[\w:.-]+="[^"]*"/g)!;
    list.sort((a, b) => {
      const x = a.slice(0, a.indexOf("=")), y = b.slice(0, b.indexOf("="));
      return x < y ? -1 : x > y ? 1 : 0;
    });
    return `<${tag} ${list.join(" ")}${end}>`;
  });
}

/**
 * Renders a figure to PNG bytes at `scale` × its CSS size.
 * @throws {DependencyError} when Chromium is missing.
 * @example
 * const png = await renderPNG(fig, { width: 336, height: 240, scale: 300 / 96 });
 */
export async function renderPNG(fig: Figure, size: RenderSize = {}): Promise<Buffer> {
  const { width, height } = resolveSize(fig, size);
  const { url } = await withBrowser(({ plotPage }) =>
    exportImage(plotPage, { fig, format: "png", width, height, scale: size.scale ?? 2, uid: figureId(fig) }),
  );
  return Buffer.from(url.slice(url.indexOf(",") + 1), "base64");
}

/**
 * Prints an SVG document to a one-page vector PDF of the same size (text stays text, fonts embedded as subsets).
 * @throws {DependencyError} when Chromium is missing.
 * @example
 * const pdf = await svgToPDF(await renderSVG(fig), 640, 400);
 */
export async function svgToPDF(svg: string, width: number, height: number): Promise<Buffer> {
  return withBrowser(async ({ printPage }) => {
    const page = await printPage();
    const body = svg.replace(/^<\?xml[^>]*>/, "");
    await page.setContent(
      `<!doctype html><html><head><meta charset="utf-8"><style>@page{size:${width}px ${height}px;margin:0}` +
        `html,body{margin:0;padding:0}svg{display:block}</style></head><body>${body}</body></html>`,
      { waitUntil: "load" },
    );
    const pdf = await page.pdf({ width: `${width}px`, height: `${height}px`, printBackground: true, pageRanges: "1" });
    return fixPdfDates(pdf);
  });
}

/**
 * Chromium stamps the export time into the PDF's /CreationDate and /ModDate. Replacing it by a fixed date of the
 * same byte length (so the cross-reference offsets stay valid) makes the same figure give the same bytes.
 */
export function fixPdfDates(pdf: Buffer): Buffer {
  const text = pdf.toString("latin1");
  const fixed = text.replace(/\/(CreationDate|ModDate) \(D:\d{14}([^)]*)\)/g, (_m, key: string, tz: string) =>
    `/${key} (D:20000101000000${tz.replace(/\d/g, "0")})`,
  );
  return Buffer.from(fixed, "latin1");
}
