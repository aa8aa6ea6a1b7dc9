/**
 * One headless Chromium with plotly.js loaded, shared by every render in the process.
 * Launched on first use; closed by `closeBrowser()`, after `idleMs` without work (so scripts exit on their own),
 * or when the process exits (Chromium also quits when its parent dies: it talks to it over a pipe).
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { DependencyError } from "../core/errors.js";
import { inKernel } from "./kernel.js";

/** Chromium flags for a quiet, offline, sandbox-less headless browser. */
export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** The Chromium binary: `AGORA_CHROMIUM` or Debian's `/usr/bin/chromium`. */
export function chromiumPath(): string {
  return process.env.AGORA_CHROMIUM ?? "/usr/bin/chromium";
}

/** The file of the plotly.js bundle that pages load (from the `plotly.js-dist-min` dependency). */
export function plotlyBundlePath(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve("plotly.js-dist-min/package.json")), "plotly.min.js");
}

/** The version of the `plotly.js-dist-min` dependency (the CDN fallback asks for the same one). */
export function plotlyVersion(): string {
  const require = createRequire(import.meta.url);
  return (require("plotly.js-dist-min/package.json") as { version: string }).version;
}

/** The minimal surface of a playwright page the renderer uses (kept local so playwright's types stay private). */
export interface RenderPage {
  evaluate<R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  setContent(html: string, opts?: { waitUntil?: "load" }): Promise<void>;
  pdf(opts: Record<string, unknown>): Promise<Buffer>;
  close(): Promise<void>;
}

/** What a render job gets: the page with plotly.js loaded, and a blank page for printing PDFs. */
export interface BrowserPages {
  plotPage: RenderPage;
  printPage(): Promise<RenderPage>;
}

interface Session extends BrowserPages {
  close(): Promise<void>;
}

let session: Promise<Session> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let idleTimer: NodeJS.Timeout | undefined;
let idleMs: number | undefined;

/**
 * Sets how long the browser stays open without work; `Infinity` keeps it until `closeBrowser()` or exit.
 * Inside a notebook kernel the default is `Infinity` (the kernel lives on); elsewhere 1000 ms.
 */
export function setBrowserIdle(ms: number): void {
  idleMs = ms;
}

async function launch(): Promise<Session> {
  const exe = chromiumPath();
  if (!existsSync(exe)) {
    throw new DependencyError(
      "chromium",
      `plot: Chromium not found at ${exe}; figures are rendered by plotly.js in headless Chromium`,
      "apt-get install chromium fonts-dejavu-core (Debian), or set AGORA_CHROMIUM to a Chromium binary",
    );
  }
  const { chromium } = await import("playwright-core");
  let browser;
  try {
    browser = await chromium.launch({ executablePath: exe, args: CHROMIUM_FLAGS, headless: true });
  } catch (err) {
    throw new DependencyError(
      "chromium",
      `plot: could not start Chromium at ${exe}: ${(err as Error).message.split("\n")[0]}`,
      "apt-get install chromium (Debian); check that `chromium --headless --no-sandbox --version` runs",
    );
  }
  let print: Promise<RenderPage> | undefined;
  const printPage = (): Promise<RenderPage> => (print ??= browser.newPage() as unknown as Promise<RenderPage>);
  const page = await browser.newPage();
  await page.setContent("<!doctype html><html><head><meta charset='utf-8'></head><body></body></html>");
  await page.addScriptTag({ content: readFileSync(plotlyBundlePath(), "utf8") });
  return { close: () => browser.close(), plotPage: page as unknown as RenderPage, printPage };
}

function armIdle(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  const ms = idleMs ?? (inKernel() ? Infinity : 1000);
  if (Number.isFinite(ms)) idleTimer = setTimeout(() => void closeBrowser(), ms);
}

/**
 * Runs `job` with the shared browser, one job at a time.
 * @throws {DependencyError} when Chromium is missing or cannot start.
 */
export function withBrowser<R>(job: (pages: BrowserPages) => Promise<R>): Promise<R> {
  const run = async (): Promise<R> => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    session ??= launch();
    let s: Session;
    try {
      s = await session;
    } catch (err) {
      session = undefined;
      throw err;
    }
    try {
      return await job(s);
    } finally {
      armIdle();
    }
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}

/**
 * Closes the shared browser (the next render launches a new one). Safe to call when none is open.
 * @example
 * await plot.close();
 */
export async function closeBrowser(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  const s = session;
  session = undefined;
  if (s) await s.then((x) => x.close()).catch(() => undefined);
}
