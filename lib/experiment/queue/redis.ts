/**
 * Connections to the Redis that carries a queued run: URL checks, one clear error when it cannot be reached,
 * and the names of the queue and of the keys agora keeps beside BullMQ's.
 */
import { Redis, type RedisOptions } from "ioredis";
import { AgoraError, ConfigError } from "../../core/errors.js";

/** BullMQ key prefix and queue name: every run's cells go through `agora:cells`, so a worker serves any run. */
export const PREFIX = "agora";
export const QUEUE_NAME = "cells";

/** The Redis URL with any password replaced by `***`, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    return u.toString().replace(/\/$/, "");
  } catch {
    return url.replace(/\/\/[^@/]*@/, "//***@");
  }
}

/**
 * Checks a `--queue` value.
 * @throws {ConfigError} unless it is a `redis://` or `rediss://` URL.
 */
export function checkRedisUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ConfigError({ path: ["--queue"], message: `"${redactUrl(url)}" is not a URL`, fix: "use --queue redis://host:port" });
  }
  if (u.protocol !== "redis:" && u.protocol !== "rediss:") {
    throw new ConfigError({ path: ["--queue"], message: `expected a redis:// or rediss:// URL, got "${redactUrl(url)}"`, fix: "use --queue redis://host:port" });
  }
  return url;
}

/** Redis could not be reached (or was lost during a run). */
export class QueueUnreachableError extends AgoraError {
  constructor(url: string, detail: string, fix: string) {
    super("queue-unreachable", `cannot reach Redis at ${redactUrl(url)}: ${detail}`, fix);
  }
}

/**
 * A connection for BullMQ (`maxRetriesPerRequest: null`, as its workers require), opened only after one probe
 * connection answered PING, so an unreachable server is one clear error rather than endless reconnect logs.
 * @throws {QueueUnreachableError} naming the URL.
 */
export async function openRedis(url: string, opts: RedisOptions & { timeoutMs?: number } = {}): Promise<Redis> {
  checkRedisUrl(url);
  const { timeoutMs = 5_000, ...rest } = opts;
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null,
    enableOfflineQueue: false });
  let cause: Error | undefined;
  probe.on("error", (err: Error) => (cause ??= err));
  try {
    await probe.connect();
    await probe.ping();
  } catch (err) {
    throw new QueueUnreachableError(url, (cause ?? (err as Error)).message || String(err),
      "start redis-server there (or pass the right host:port to --queue), then run the command again");
  } finally {
    probe.disconnect();
  }
  const conn = new Redis(url, { maxRetriesPerRequest: null, ...rest });
  conn.on("error", () => undefined); // reported where it matters (a lost run, a worker's log), not as noise
  return conn;
}
