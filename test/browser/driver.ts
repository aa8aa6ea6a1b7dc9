/** What the browser test asks of a notebook front end (JupyterLab 4 and Notebook 7 in lab.ts, Notebook 6 in classic.ts). */
import type { Page } from "playwright-core";

/** What the page shows after a run. */
export interface Seen {
  /** Code cells with source, and how many of them show an execution number. */
  codeCells: number;
  ran: number;
  /** Error outputs and stderr streams (tslab reports type errors and exceptions as stderr). */
  errors: string[];
  /** Interactive plotly plots drawn (`.js-plotly-plot`). */
  plots: number;
  /** Figures shown through their HTML fallback (`.agora-figure`): Notebook 6's path; none where plotly's renderer draws. */
  htmlFigures: number;
  /** `<table>` elements in HTML outputs. */
  tables: number;
  stdout: string;
}

/** The last code cell after it ran: its prompt, its text outputs, and the points of each interactive plot's first trace. */
export interface CellResult {
  prompt: string;
  text: string;
  points: number[];
}

export interface NotebookDriver {
  name: string;
  /** Opens the notebook and waits for its kernel; returns the kernel's id. */
  open(page: Page, rel: string, timeoutMs?: number): Promise<string>;
  /** Runs all cells from the Run (Cell) menu and waits until every cell has run and the kernel is idle. */
  runAll(page: Page, timeoutMs: number): Promise<void>;
  seen(page: Page): Promise<Seen>;
  /** Adds a code cell at the end, types `source` into it and runs that cell alone. */
  appendAndRun(page: Page, source: string, timeoutMs: number): Promise<CellResult>;
  /** Replaces the last code cell's source by typing and runs that cell alone. */
  editAndRun(page: Page, source: string, timeoutMs: number): Promise<CellResult>;
  /** A screenshot of the whole notebook. */
  screenshot(page: Page, file: string): Promise<void>;
  /** A screenshot of the window with the first interactive plot at its bottom (what precedes it above). */
  screenshotFirstPlot(page: Page, file: string): Promise<void>;
  /** Shuts the notebook's kernel down and closes the page (nothing saved); returns the kernel's id. */
  close(page: Page): Promise<string | undefined>;
}
