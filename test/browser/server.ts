/**
 * A Jupyter server for the browser test: JupyterLab 4 from .venv (or, where only Debian's Jupyter is installed,
 * Notebook 6) on 127.0.0.1 with a random token, in its own process group, with the project's kernel registry and
 * settings plus the test's own user settings (autosave off, so no notebook file is written), its log kept.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "../../lib/core/net.js";

export type JupyterKind = "venv" | "debian";

export interface JupyterServer {
  kind: JupyterKind;
  base: string;
  token: string;
  /** The server's output so far. */
  log(): string;
  /** Calls the server's REST API with the token. */
  api(path: string, init?: RequestInit): Promise<Response>;
  stop(): Promise<void>;
}

/** JupyterLab user settings for the test: nothing saved behind the test's back. */
function writeUserSettings(dir: string): void {
  const put = (plugin: string, file: string, value: unknown) => {
    mkdirSync(join(dir, plugin), { recursive: true });
    writeFileSync(join(dir, plugin, file), JSON.stringify(value, null, 2));
  };
  put("@jupyterlab/docmanager-extension", "plugin.jupyterlab-settings", { autosave: false });
}

/**
 * Starts the server and waits until it answers.
 * @throws {Error} with the server's log when it exits or does not answer within `timeoutMs`.
 */
export async function startJupyter(opts: {
  kind: JupyterKind;
  python: string;
  root: string;
  env: NodeJS.ProcessEnv;
  stateDir: string;
  timeoutMs?: number;
}): Promise<JupyterServer> {
  const { kind, python, root, stateDir } = opts;
  const token = randomBytes(16).toString("hex");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  // The test's own config dir: user settings and workspaces stay out of the user's .jupyter/config.
  const configDir = join(stateDir, "config");
  writeUserSettings(join(configDir, "lab", "user-settings"));
  const common = ["--no-browser", "--ip=127.0.0.1", `--port=${port}`, "--port-retries=0"];
  if (process.getuid?.() === 0) common.push("--allow-root");
  const args =
    kind === "venv"
      ? ["-m", "jupyterlab", ...common, `--IdentityProvider.token=${token}`, `--ServerApp.root_dir=${root}`]
      : ["-m", "notebook", ...common, `--NotebookApp.token=${token}`, "--NotebookApp.password=", `--notebook-dir=${root}`];
  const child: ChildProcess = spawn(python, args, {
    cwd: root,
    env: { ...opts.env, JUPYTER_CONFIG_DIR: configDir },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let log = "";
  child.stdout!.on("data", (d: Buffer) => (log += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (log += d.toString()));
  const api = (path: string, init: RequestInit = {}) =>
    fetch(`${base}${path}`, { ...init, headers: { Authorization: `token ${token}`, ...(init.headers ?? {}) } });

  const deadline = Date.now() + (opts.timeoutMs ?? 90_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the Jupyter server exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await api("/api/status")).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`the Jupyter server did not answer in time:\n${log}`);
    await new Promise((r) => setTimeout(r, 250));
  }

  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise<void>((r) => child.once("exit", () => r()));
    const timeout = (ms: number) => new Promise<"timeout">((r) => setTimeout(() => r("timeout"), ms).unref());
    await api("/api/shutdown", { method: "POST" }).catch(() => undefined);
    for (const signal of ["SIGTERM", "SIGKILL"] as const) {
      if ((await Promise.race([exited, timeout(10_000)])) !== "timeout") return;
      try {
        // the server runs in its own process group with its kernels: end the group
        process.kill(-child.pid!, signal);
      } catch {
        return;
      }
    }
  };
  return { kind, base, token, log: () => log, api, stop };
}
