/**
 * A local Minecraft server for the gated world's Minecraft backend: flying-squid in a child
 * process on 127.0.0.1, offline mode, a flat world with a fixed seed, its log in a file.
 * Stopping it ends the child process (and waits until it has gone).
 */
import { fork } from "node:child_process";
import type { ChildProcess } from "node:child_process";
import { appendFileSync, mkdirSync } from "node:fs";
import { dirname, extname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { AgoraError } from "../../core/errors.js";
import { freePort } from "../../core/net.js";

/** The Minecraft version the server speaks and the bots join with (one both flying-squid and mineflayer test). */
export const MINECRAFT_VERSION = "1.21.4";

/** A Minecraft server could not be started or stopped; the message names the port and the log file. */
export class MinecraftServerError extends AgoraError {
  constructor(message: string, readonly port: number, readonly logFile: string, fix?: string) {
    super("minecraft", `${message} (port ${port}, log ${logFile})`, fix);
  }
}

export interface ServerOptions {
  /** TCP port; 0 (the default) picks a free one. */
  port?: number;
  /** The world's seed (the flat world is the same for every seed; the seed is fixed so the server is). */
  seed?: number;
  /** Where the server writes its log. */
  logFile?: string;
  /** Milliseconds to wait for the server to be ready. */
  startTimeoutMs?: number;
}

export interface MinecraftServer {
  readonly host: "127.0.0.1";
  readonly port: number;
  readonly version: string;
  readonly logFile: string;
  readonly pid: number;
  /** Runs a command in the server process (setBlock, getBlock, fill, give, clearInventory, inventory, tick, players, knows). */
  call<T = unknown>(op: string, args?: Record<string, unknown>): Promise<T>;
  /** The server's tick counter (20 ticks a second). */
  tick(): Promise<number>;
  /** Stops the server and waits for its process to exit. Safe to call twice. */
  stop(): Promise<void>;
}


const here = dirname(fileURLToPath(import.meta.url));
const ext = extname(fileURLToPath(import.meta.url));

/**
 * Starts flying-squid and waits until it accepts players.
 * @throws MinecraftServerError naming the port and the log file when the server cannot start.
 * @example
 * const server = await startServer({ logFile: "runs/x/minecraft.log" });
 * try { ... } finally { await server.stop(); }
 */
export async function startServer(opts: ServerOptions = {}): Promise<MinecraftServer> {
  const port = opts.port ?? (await freePort());
  const logFile = opts.logFile ?? join(process.cwd(), ".agora", `minecraft-${port}.log`);
  mkdirSync(dirname(logFile), { recursive: true });
  // the log names the server from the start, even when its process never gets as far as writing a line
  appendFileSync(logFile, `${new Date().toISOString()} starting flying-squid (Minecraft ${MINECRAFT_VERSION}) on 127.0.0.1:${port}\n`);
  const config = { port, version: MINECRAFT_VERSION, seed: opts.seed ?? 1, logFile };
  const script = join(here, `server-child${ext}`);
  const child: ChildProcess = fork(script, [], {
    execArgv: ext === ".ts" ? ["--import", "tsx"] : [],
    env: { ...process.env, AGORA_MC_CONFIG: JSON.stringify(config) },
    stdio: ["ignore", "ignore", "ignore", "ipc"],
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  let nextId = 1;
  const waiting = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void; op: string }>();
  let fatal: string | null = null;
  child.on("message", (m: { id?: number; ok?: boolean; result?: unknown; error?: string; event?: string; message?: string }) => {
    if (m.event === "fatal") fatal = m.message ?? "fatal error";
    if (m.id === undefined) return;
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.ok) w.resolve(m.result);
    else w.reject(new MinecraftServerError(`server command ${w.op} failed: ${m.error}`, port, logFile));
  });
  void exited.then((code) => {
    for (const w of waiting.values()) w.reject(new MinecraftServerError(`the server exited (code ${code}) during ${w.op}`, port, logFile));
    waiting.clear();
  });

  const timeout = opts.startTimeoutMs ?? 30_000;
  const ready = await new Promise<"ready" | string>((resolve) => {
    const timer = setTimeout(() => resolve(`not ready after ${timeout} ms`), timeout);
    child.on("message", (m: { event?: string; message?: string }) => {
      if (m.event === "ready") { clearTimeout(timer); resolve("ready"); }
      if (m.event === "fatal") { clearTimeout(timer); resolve(m.message ?? "fatal error"); }
    });
    void exited.then((code) => { clearTimeout(timer); resolve(fatal ?? `the process exited with code ${code}`); });
  });

  let stopped: Promise<void> | null = null;
  const stop = (): Promise<void> => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        if (child.connected) child.send({ stop: true });
        const killer = setTimeout(() => child.kill("SIGKILL"), 5000);
        await exited;
        clearTimeout(killer);
      }
    })();
    return stopped;
  };

  if (ready !== "ready") {
    await stop();
    const why = ready.length > 300 ? `${ready.slice(0, 300)}…` : ready;
    throw new MinecraftServerError(`the Minecraft server did not start: ${why}`, port, logFile,
      "read the log file; if the port is taken, leave port unset so a free one is chosen");
  }

  const call = <T>(op: string, args: Record<string, unknown> = {}): Promise<T> => {
    if (!child.connected) return Promise.reject(new MinecraftServerError(`the server is not running (${op})`, port, logFile));
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (v: unknown) => void, reject, op });
      child.send({ id, op, args });
    });
  };
  return {
    host: "127.0.0.1", port, version: MINECRAFT_VERSION, logFile, pid: child.pid!,
    call, tick: () => call<number>("tick"), stop,
  };
}
