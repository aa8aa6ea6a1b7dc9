/**
 * A throwaway `redis-server` for tests and benchmarks: Debian's binary on a free local port, no persistence
 * (`--save "" --appendonly no`), its own working folder, stopped (and restartable on the same port) by the test.
 * Never the system service on 6379.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { freePort as freePortAvoiding } from "../../../core/net.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";

export const REDIS_SERVER = process.env.AGORA_REDIS_SERVER ?? "/usr/bin/redis-server";

export interface TestRedis {
  port: number;
  url: string;
  /** Kills the server (SIGKILL: everything in it is lost, as in a crash). */
  kill(): Promise<void>;
  /** Starts a fresh, empty server on the same port. */
  restart(): Promise<void>;
  /** Stops the server and removes its folder. */
  stop(): Promise<void>;
}

/** A free TCP port on 127.0.0.1 (never 6379, where Debian's own Redis may listen). */
export const freePort = (): Promise<number> => freePortAvoiding([6379]);

async function waitForPort(port: number, up: boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const open = await new Promise<boolean>((resolve) => {
      const s = connect(port, "127.0.0.1");
      s.once("connect", () => { s.destroy(); resolve(true); });
      s.once("error", () => resolve(false));
    });
    if (open === up) return;
    await sleep(20);
  }
  throw new Error(`redis-server on port ${port} did not ${up ? "start" : "stop"} within ${timeoutMs} ms`);
}

/**
 * Starts `redis-server` on a free port.
 * @throws {Error} when the binary is missing (install Debian's `redis-server`) or the server does not start.
 * @example
 * const redis = await startRedis(); try { … redis.url … } finally { await redis.stop(); }
 */
export async function startRedis(): Promise<TestRedis> {
  if (!existsSync(REDIS_SERVER)) {
    throw new Error(`${REDIS_SERVER} is missing.\n  fix: sudo apt-get install -y --no-install-recommends redis-server (or npm test, which installs it as root)`);
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "agora-redis-"));
  let child: ChildProcess | undefined;
  let log = "";
  const start = async () => {
    log = "";
    child = spawn(REDIS_SERVER, ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
      "--dir", dir, "--protected-mode", "yes", "--loglevel", "warning"], { stdio: ["ignore", "pipe", "pipe"] });
    child.stdout?.on("data", (d) => (log += d));
    child.stderr?.on("data", (d) => (log += d));
    const exited = new Promise<never>((_, reject) => child!.once("exit", (code) => reject(new Error(`redis-server exited (${code}): ${log}`))));
    exited.catch(() => undefined);
    await Promise.race([waitForPort(port, true, 10_000), exited]);
  };
  const kill = async () => {
    const c = child;
    child = undefined;
    if (!c || c.exitCode !== null || c.signalCode !== null) return;
    const gone = new Promise((r) => c.once("exit", r));
    c.kill("SIGKILL");
    await gone;
    await waitForPort(port, false, 5_000);
  };
  await start();
  return {
    port,
    url: `redis://127.0.0.1:${port}`,
    kill,
    async restart() {
      await kill();
      await start();
    },
    async stop() {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
