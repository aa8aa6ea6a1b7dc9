/**
 * Showing a figure inline in a notebook: one display bundle with the plotly.js spec, an HTML rendering that works
 * without scripts, the SVG, and a text line.
 */
import { createHash } from "node:crypto";
import { relative, sep } from "node:path";
import { plotlyBundlePath, plotlyVersion } from "./browser.js";
import { figureHtml, plotlyCDN } from "./html.js";
import { kernelDisplay, type DisplayBundle } from "./kernel.js";
import { renderSVG, resolveSize, type RenderSize } from "./render.js";
import type { Figure } from "./types.js";

/** The figure's title text, or "figure". */
export function figureTitle(fig: Figure): string {
  const t = fig.layout.title;
  const text = typeof t === "string" ? t : (t as { text?: unknown } | undefined)?.text;
  return typeof text === "string" && text !== "" ? text : "figure";
}

let shown = 0;

/**
 * The display bundle of a figure given its SVG rendering: `application/vnd.plotly.v1+json`, `text/html`,
 * `image/svg+xml` and `text/plain`.
 *
 * @example
 * buildBundle(fig, svg, "../node_modules/plotly.js-dist-min/plotly.min.js").data["text/plain"]; // "Figure: … (2 traces)"
 */
export function buildBundle(fig: Figure, svg: string, plotlyRel: string | undefined, index = 0, cdn: readonly string[] = []): DisplayBundle {
  const title = figureTitle(fig);
  const hash = createHash("sha256").update(JSON.stringify(fig)).digest("hex").slice(0, 12);
  const id = `agora-fig-${hash}-${index}`;
  return {
    data: {
      "application/vnd.plotly.v1+json": { data: fig.data, layout: fig.layout, config: fig.config ?? {} },
      "text/html": figureHtml(fig, svg, id, plotlyRel, title, cdn),
      "image/svg+xml": svg,
      "text/plain": `Figure: ${title} (${fig.data.length} trace${fig.data.length === 1 ? "" : "s"})`,
    },
    metadata: {},
  };
}

/**
 * Displays a figure. In a tslab notebook: one display bundle (interactive where plotly.js can load: the project's
 * copy, or the same version from a CDN; static SVG elsewhere, e.g. offline, nbconvert HTML and GitHub). Outside a
 * notebook: prints a one-line note and renders nothing.
 *
 * @throws {DependencyError} in a notebook when Chromium (which renders the static SVG) is missing.
 * @example
 * await plot.show(plot.lineChart([{ name: "recall", x: [1, 2], y: [0.4, 0.6] }], { title: "Recall (offline:tbs-v1)" }));
 */
export async function show(fig: Figure, size: RenderSize = {}): Promise<void> {
  if (!kernelDisplay()) {
    console.log(`plot.show: "${figureTitle(fig)}" (${fig.data.length} traces); not in a notebook, use plot.save(fig, path) to write files`);
    return;
  }
  const svg = await renderSVG(fig, resolveSize(fig, size));
  const rel = relative(process.cwd(), plotlyBundlePath()).split(sep).join("/");
  // Look the writer up again after the render: it belongs to the cell that is running now.
  const display = kernelDisplay();
  display?.(buildBundle(fig, svg, rel, shown++, plotlyCDN(plotlyVersion())));
}
