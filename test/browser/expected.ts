/**
 * What a notebook emits when it runs, read from an executed copy of it (the headless notebook test's output): how
 * many interactive plots (plotly mime bundles), how many HTML tables, and which code it ran, so the browser test
 * compares JupyterLab against the notebook itself rather than against numbers written into the test.
 */
import { readFileSync } from "node:fs";

interface Output {
  output_type: string;
  data?: Record<string, unknown>;
}
interface Cell {
  cell_type: string;
  source: string | string[];
  outputs?: Output[];
}
export interface NotebookJson {
  cells: Cell[];
}

export const PLOTLY_MIME = "application/vnd.plotly.v1+json";

const text = (s: string | string[] | unknown): string => (Array.isArray(s) ? s.join("") : typeof s === "string" ? s : "");

/** The sources of the code cells that Jupyter executes (empty cells are skipped by every front end). */
export function codeSources(nb: NotebookJson): string[] {
  return nb.cells.filter((c) => c.cell_type === "code").map((c) => text(c.source)).filter((s) => s.trim() !== "");
}

/** Counts in an executed notebook: plotly outputs, `<table>` elements inside HTML outputs that are not figures. */
export function emitted(nb: NotebookJson): { plots: number; tables: number; saves: boolean } {
  let plots = 0;
  let tables = 0;
  for (const cell of nb.cells) {
    for (const out of cell.outputs ?? []) {
      const data = out.data ?? {};
      if (PLOTLY_MIME in data) plots++;
      else if ("text/html" in data) tables += (text(data["text/html"]).match(/<table[\s>]/g) ?? []).length;
    }
  }
  const saves = codeSources(nb).some((s) => /\bplot\.save\(/.test(s));
  return { plots, tables, saves };
}

/** Reads a notebook file. */
export function readNotebook(path: string): NotebookJson {
  return JSON.parse(readFileSync(path, "utf8")) as NotebookJson;
}

/** True when `executed` ran exactly the code cells of `source` (so its counts describe `source`). */
export function sameCode(source: NotebookJson, executed: NotebookJson): boolean {
  const a = codeSources(source);
  const b = codeSources(executed);
  return a.length === b.length && a.every((s, i) => s === b[i]);
}
