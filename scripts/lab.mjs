#!/usr/bin/env node
// `npm run lab`: opens the notebooks in JupyterLab 4. Installs what is missing (as `npm test` does), builds lib/ into
// dist/ (the notebooks import it), registers the tslab kernel inside the project, starts JupyterLab on the project's
// kernel registry and settings (jupyter/: no network), and prints the URL, token included, of the notebooks folder.
//   npm run lab                       on 127.0.0.1, the first free port from 8888
//   npm run lab -- --port 9000        extra arguments go to `jupyter lab` (e.g. --ip 0.0.0.0 on a trusted network)
// Ctrl+C stops the server and its kernels. Where no package index is configured (see scripts/venv.mjs), JupyterLab is
// not installed and Debian's Jupyter Notebook 6 is started instead, on the same notebooks and kernel.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { createServer } from "node:net";
import { setup } from "./setup.mjs";

/** The first port from `from` that 127.0.0.1 can listen on. */
async function firstFreePort(from, tries = 50) {
  for (let port = from; port < from + tries; port++) {
    const free = await new Promise((resolve) => {
      const s = createServer();
      s.once("error", () => resolve(false));
      s.listen(port, "127.0.0.1", () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}–${from + tries - 1}\n  fix: npm run lab -- --port <port>`);
}

/**
 * The command line that starts the server.
 * @param {{ kind: "venv" | "debian", python: string, root: string, port: number, token: string, extra: string[], isRoot: boolean }} o
 */
export function serverCommand({ kind, python, root, port, token, extra, isRoot }) {
  const common = ["--no-browser", "--ip=127.0.0.1", `--port=${port}`, "--port-retries=0"];
  if (isRoot) common.push("--allow-root");
  if (kind === "venv") {
    return [python, ["-m", "jupyterlab", ...common, `--IdentityProvider.token=${token}`, `--ServerApp.root_dir=${root}`, ...extra]];
  }
  return [python, ["-m", "notebook", ...common, `--NotebookApp.token=${token}`, `--notebook-dir=${root}`, ...extra]];
}

async function waitForServer(base, token, child, deadline) {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the Jupyter server exited with ${child.exitCode} (its log is above)`);
    try {
      if ((await fetch(`${base}/api/status?token=${token}`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error("the Jupyter server did not answer within 2 minutes (its log is above)");
}

async function main(argv) {
  await setup({ browser: true, redis: false });
  const { buildLibrary } = await import("./notebooks.mjs");
  const { ensureKernel, root } = await import("./jupyter.mjs");
  console.log("building lib/ into dist/ …");
  buildLibrary();
  const { env, python, kind } = await ensureKernel();
  const p = argv.findIndex((a) => a === "--port" || a.startsWith("--port="));
  const given = p < 0 ? undefined : Number(argv[p].includes("=") ? argv[p].split("=")[1] : argv[p + 1]);
  const extra = p < 0 ? argv : argv.filter((_, i) => i !== p && !(i === p + 1 && !argv[p].includes("=")));
  const port = given ?? (await firstFreePort(8888));
  const token = randomBytes(24).toString("hex");
  const isRoot = process.getuid?.() === 0;
  const [cmd, args] = serverCommand({ kind, python, root, port, token, extra, isRoot });
  const child = spawn(cmd, args, { cwd: root, env, stdio: ["inherit", "inherit", "inherit"] });
  const stop = (signal) => {
    if (child.exitCode === null) child.kill(signal);
  };
  process.on("SIGINT", () => stop("SIGINT"));
  process.on("SIGTERM", () => stop("SIGTERM"));
  const base = `http://127.0.0.1:${port}`;
  await waitForServer(base, token, child, Date.now() + 120_000);
  const url = kind === "venv" ? `${base}/lab/tree/notebooks?token=${token}` : `${base}/tree/notebooks?token=${token}`;
  const what = kind === "venv" ? "JupyterLab" : "Jupyter Notebook 6 (JupyterLab is not installed: see above)";
  console.log(`\n${what} is running with the project's kernel ("TypeScript", tslab). Open the notebooks at:\n\n  ${url}\n`);
  console.log("After editing lib/: npm run build, then Kernel → Restart Kernel. Ctrl+C stops the server.\n");
  const code = await new Promise((r) => child.once("exit", (c, s) => r(c ?? (s ? 0 : 1))));
  process.exit(code);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(String(e?.message ?? e));
    process.exit(1);
  });
}
