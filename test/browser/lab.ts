/**
 * Driving a notebook in JupyterLab 4 (and Notebook 7, which is built from the same components) the way a reader
 * does: the Run menu, the keyboard, the cell editor. Readiness and completion are read from the page (input prompts)
 * and from the server (the kernel's execution state), never from fixed sleeps.
 */
import { writeFileSync } from "node:fs";
import type { Page } from "playwright-core";
import type { JupyterServer } from "./server.js";
import type { CellResult, NotebookDriver, Seen } from "./driver.js";

/** The kernel state the server reports for the session of `path` ("idle", "busy", "starting", …), or undefined. */
async function kernelState(server: JupyterServer, path: string): Promise<{ id: string; state: string } | undefined> {
  const sessions = (await (await server.api("/api/sessions")).json()) as { path: string; kernel?: { id: string; execution_state?: string } }[];
  const s = sessions.find((x) => x.path === path);
  return s?.kernel ? { id: s.kernel.id, state: s.kernel.execution_state ?? "unknown" } : undefined;
}

async function until(what: string, timeoutMs: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** Prompts of the code cells with source: "[3]:", "[*]:" (queued or running) or "[ ]:" (not run). */
function prompts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll(".jp-Notebook .jp-CodeCell"))
      .filter((c) => (c.querySelector(".cm-content")?.textContent ?? "").trim() !== "")
      .map((c) => c.querySelector(".jp-InputPrompt")?.textContent?.trim() ?? ""),
  );
}

/** Waits until no cell is queued or running and the kernel is idle, twice in a row (a cell may start meanwhile). */
async function settle(page: Page, server: JupyterServer, path: string, timeoutMs: number): Promise<void> {
  let calm = 0;
  await until(`the cells of ${path} to finish and the kernel to go idle`, timeoutMs, async () => {
    const pending = (await prompts(page)).some((p) => p.includes("*"));
    const k = await kernelState(server, path);
    calm = !pending && k?.state === "idle" ? calm + 1 : 0;
    return calm >= 2;
  });
}

/** The output of the last code cell: its text outputs and, for each interactive plot, the points of its first trace. */
function lastCell(page: Page): Promise<CellResult> {
  return page.evaluate(() => {
    const cells = Array.from(document.querySelectorAll(".jp-Notebook .jp-CodeCell"));
    const cell = cells[cells.length - 1];
    const outputs = Array.from(cell.querySelectorAll(".jp-OutputArea-output"));
    const plots = Array.from(cell.querySelectorAll(".js-plotly-plot")) as unknown as { data?: { x?: unknown[] }[] }[];
    return {
      prompt: cell.querySelector(".jp-InputPrompt")?.textContent?.trim() ?? "",
      text: outputs
        .filter((o) => /^application\/vnd\.jupyter\.std(out|err)$/.test(o.getAttribute("data-mime-type") ?? ""))
        .map((o) => o.textContent ?? "")
        .join(""),
      points: plots.map((p) => p.data?.[0]?.x?.length ?? 0),
    };
  });
}

/**
 * A driver for JupyterLab 4 (`/lab/tree/<path>`) or Notebook 7 (`/notebooks/<path>`).
 * @example
 * const lab = labDriver(server, "lab"); await lab.open(page, "notebooks/03-calibration.ipynb");
 */
export function labDriver(server: JupyterServer, ui: "lab" | "notebook7"): NotebookDriver {
  // the notebook each page shows (pages run side by side)
  const paths = new WeakMap<Page, string>();
  const pathOf = (page: Page) => paths.get(page) ?? "";
  const runMenu = async (page: Page, item: string) => {
    await page.locator(".lm-MenuBar-itemLabel", { hasText: /^Run$/ }).click();
    await page.locator(".lm-Menu-itemLabel", { hasText: new RegExp(`^${item}$`) }).click();
  };
  return {
    name: ui === "lab" ? "JupyterLab 4" : "Notebook 7",
    async open(page, rel, timeoutMs = 120_000) {
      paths.set(page, rel);
      const url = ui === "lab" ? `${server.base}/lab/tree/${rel}?reset&token=${server.token}` : `${server.base}/notebooks/${rel}?token=${server.token}`;
      await page.goto(url, { waitUntil: "load" });
      await page.locator(".jp-Notebook .jp-Cell").first().waitFor({ timeout: timeoutMs });
      await until(`the kernel of ${rel} to start`, timeoutMs, async () => (await kernelState(server, rel))?.state === "idle");
      // and the page has connected to it: its kernel status reads "TypeScript | Idle" (Lab's status bar) or
      // "Kernel status: Idle" (Notebook 7's toolbar)
      await until(`the page to connect to the kernel of ${rel}`, timeoutMs, () =>
        page.evaluate(() => Array.from(document.querySelectorAll(".jp-StatusBar-TextItem, span")).some((e) => /^\s*(\S.*\| |Kernel status: )Idle\s*$/.test(e.textContent ?? ""))),
      );
      return (await kernelState(server, rel))!.id;
    },
    async runAll(page, timeoutMs) {
      await runMenu(page, "Run All Cells");
      // the first prompts turn to [*] at once; wait until every cell has run
      await settle(page, server, pathOf(page), timeoutMs);
    },
    async seen(page): Promise<Seen> {
      const ps = await prompts(page);
      // (no named functions inside page.evaluate: the test's compiler would wrap them in a helper the page lacks)
      const dom = await page.evaluate(() => {
        const out = '.jp-Notebook .jp-OutputArea-output[data-mime-type="';
        return {
          errors: Array.from(document.querySelectorAll(`${out}application/vnd.jupyter.stderr"]`)).map((o) => o.textContent ?? ""),
          // plotly's renderer draws into the output element itself
          plots: document.querySelectorAll(".jp-Notebook .jp-OutputArea-output.js-plotly-plot, .jp-Notebook .jp-OutputArea-output .js-plotly-plot").length,
          htmlFigures: document.querySelectorAll(".jp-Notebook .jp-OutputArea-output .agora-figure").length,
          tables: document.querySelectorAll(`${out}text/html"] table`).length,
          stdout: Array.from(document.querySelectorAll(`${out}application/vnd.jupyter.stdout"]`)).map((o) => o.textContent ?? "").join(""),
        };
      });
      return { codeCells: ps.length, ran: ps.filter((p) => /^\[\d+\]:$/.test(p)).length, ...dom };
    },
    async appendAndRun(page, source, timeoutMs) {
      // select the last cell (command mode), insert a code cell below it, type, run it alone without advancing
      await page.locator(".jp-Notebook .jp-Cell").last().locator(".jp-InputPrompt").click();
      await page.keyboard.press("Escape");
      await page.keyboard.press("b");
      await page.keyboard.press("Enter");
      await page.keyboard.insertText(source);
      await page.keyboard.press("Control+Enter");
      await settle(page, server, pathOf(page), timeoutMs);
      return lastCell(page);
    },
    async editAndRun(page, source, timeoutMs) {
      const editor = page.locator(".jp-Notebook .jp-CodeCell").last().locator(".cm-content");
      await editor.click();
      await page.keyboard.press("Control+a");
      await page.keyboard.insertText(source);
      await page.keyboard.press("Control+Enter");
      await settle(page, server, pathOf(page), timeoutMs);
      return lastCell(page);
    },
    async screenshot(page, file) {
      // the notebook scrolls inside its panel: make the window as tall as the notebook's cells (capped), scroll the
      // panel to the top, then shoot
      const cells = ".jp-NotebookPanel .jp-WindowedPanel-outer";
      const height = await page.evaluate((sel) => {
        const outer = document.querySelector(sel);
        const viewport = outer?.querySelector(".jp-WindowedPanel-viewport");
        return outer && viewport ? viewport.scrollHeight + (window.innerHeight - outer.clientHeight) + 40 : 0;
      }, cells);
      const size = page.viewportSize() ?? { width: 1280, height: 900 };
      await page.setViewportSize({ width: size.width, height: Math.min(Math.max(height, size.height), 16_000) });
      await page.evaluate((sel) => document.querySelector(sel)?.scrollTo(0, 0), cells);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      // a tall page is slow to encode on a busy machine: a generous timeout rather than a failed run
      writeFileSync(file, await page.screenshot({ timeout: 180_000 }));
      await page.setViewportSize(size);
    },
    async screenshotFirstPlot(page, file) {
      // the plot at the bottom of the window, with what precedes it (its cell's code, a table) above
      await page.evaluate(() => document.querySelector(".jp-Notebook .js-plotly-plot")?.scrollIntoView({ block: "end" }));
      await page.mouse.move(0, 0);
      writeFileSync(file, await page.screenshot({ timeout: 120_000 }));
    },
    async close(page) {
      const path = pathOf(page);
      const k = await kernelState(server, path);
      const sessions = (await (await server.api("/api/sessions")).json()) as { id: string; path: string }[];
      for (const s of sessions.filter((x) => x.path === path)) await server.api(`/api/sessions/${s.id}`, { method: "DELETE" });
      await page.close({ runBeforeUnload: false });
      return k?.id;
    },
  };
}
