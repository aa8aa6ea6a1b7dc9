/**
 * Driving a notebook in Jupyter Notebook 6 (Debian's `jupyter-notebook`, used where JupyterLab is not installed):
 * the Cell menu, and the page's `Jupyter` object to add and edit a cell. Notebook 6 has no plotly renderer: a figure
 * is interactive when its HTML output loads plotly.js from the server's /files/ route (`.agora-figure[data-live]`).
 */
import { writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import type { CellResult, NotebookDriver, Seen } from "./driver.js";
import type { JupyterServer } from "./server.js";

/* eslint-disable @typescript-eslint/no-explicit-any -- the page's Jupyter object is untyped */
type Win = { Jupyter: any };

async function settle(page: Page, timeoutMs: number): Promise<void> {
  // done when no code cell is queued or running and the kernel indicator is idle, twice in a row
  let calm = 0;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const idle = await page.evaluate(() => {
      const J = (window as unknown as Win).Jupyter;
      const running = J.notebook.get_cells().some((c: any) => c.cell_type === "code" && c.input_prompt_number === "*");
      return !running && document.querySelector("#kernel_indicator_icon.kernel_idle_icon") !== null;
    });
    calm = idle ? calm + 1 : 0;
    if (calm >= 2) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for the cells to finish`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

function lastCell(page: Page): Promise<CellResult> {
  return page.evaluate(() => {
    const cells = Array.from(document.querySelectorAll("#notebook-container .code_cell"));
    const cell = cells[cells.length - 1];
    const plots = Array.from(cell.querySelectorAll(".agora-figure[data-live] .js-plotly-plot")) as unknown as { data?: { x?: unknown[] }[] }[];
    return {
      prompt: (cell.querySelector(".input_prompt")?.textContent ?? "").replace(/\s/g, "").replace(/^In/, ""),
      text: Array.from(cell.querySelectorAll(".output_stdout, .output_stderr")).map((e) => e.textContent ?? "").join(""),
      points: plots.map((p) => p.data?.[0]?.x?.length ?? 0),
    };
  });
}

/** A driver for Jupyter Notebook 6 (`/notebooks/<path>`); autosave is turned off on each page. */
export function classicDriver(server: JupyterServer): NotebookDriver {
  const runCell = async (page: Page, source: string, timeoutMs: number) => {
    await page.evaluate((src) => {
      const nb = (window as unknown as Win).Jupyter.notebook;
      const cell = nb.get_cell(nb.ncells() - 1);
      cell.set_text(src);
      cell.execute();
    }, source);
    await settle(page, timeoutMs);
    return lastCell(page);
  };
  return {
    name: "Notebook 6",
    async open(page, rel, timeoutMs = 120_000) {
      await page.goto(`${server.base}/notebooks/${rel}?token=${server.token}`, { waitUntil: "load" });
      await page.waitForFunction(
        () => {
          const J = (window as unknown as Partial<Win>).Jupyter;
          return Boolean(J?.notebook?.kernel?.is_connected?.() && document.querySelector("#kernel_indicator_icon.kernel_idle_icon"));
        },
        undefined,
        { timeout: timeoutMs, polling: 250 },
      );
      return page.evaluate(() => {
        const J = (window as unknown as Win).Jupyter;
        J.notebook.set_autosave_interval(0);
        return J.notebook.kernel.id as string;
      });
    },
    async runAll(page, timeoutMs) {
      await page.click("#celllink");
      await page.click("#run_all_cells > a");
      await settle(page, timeoutMs);
    },
    async seen(page): Promise<Seen> {
      return page.evaluate(() => {
        const J = (window as unknown as Win).Jupyter;
        const code = J.notebook.get_cells().filter((c: any) => c.cell_type === "code" && c.get_text().trim() !== "");
        return {
          codeCells: code.length,
          ran: code.filter((c: any) => typeof c.input_prompt_number === "number").length,
          errors: Array.from(document.querySelectorAll(".output_stderr, .output_error")).map((e) => e.textContent ?? ""),
          plots: document.querySelectorAll(".output_area .agora-figure[data-live] .js-plotly-plot").length,
          htmlFigures: document.querySelectorAll(".output_area .agora-figure").length,
          tables: document.querySelectorAll(".output_html table").length,
          stdout: Array.from(document.querySelectorAll(".output_stdout")).map((e) => e.textContent ?? "").join(""),
        };
      });
    },
    async appendAndRun(page, source, timeoutMs) {
      await page.evaluate(() => (window as unknown as Win).Jupyter.notebook.insert_cell_at_bottom("code"));
      return runCell(page, source, timeoutMs);
    },
    editAndRun: (page, source, timeoutMs) => runCell(page, source, timeoutMs),
    async screenshot(page, file) {
      // Notebook 6 scrolls inside #site; let the page itself grow so the screenshot holds the whole notebook
      await page.addStyleTag({ content: "#site { height: auto !important; overflow: visible !important; }" });
      writeFileSync(file, await page.screenshot({ fullPage: true, timeout: 180_000 }));
    },
    async screenshotFirstPlot(page, file) {
      await page.evaluate(() => document.querySelector(".output_area .agora-figure")?.closest(".cell")?.scrollIntoView({ block: "start" }));
      writeFileSync(file, await page.screenshot({ timeout: 120_000 }));
    },
    async close(page) {
      const id = await page.evaluate(() => (window as unknown as Win).Jupyter.notebook.kernel.id as string);
      await server.api(`/api/kernels/${id}`, { method: "DELETE" });
      await page.close({ runBeforeUnload: false });
      return id;
    },
  };
}
