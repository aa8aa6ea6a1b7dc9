/** `agora worker --queue redis://host:port`: runs cells of any queued run until stopped. */
import { startCellWorker } from "../experiment/queue/worker.js";
import { checkRedisUrl } from "../experiment/queue/redis.js";
import { parse, positiveInt } from "./args.js";
import { io } from "./io.js";

const HELP = `agora worker --queue redis://host:port [options]

Takes cells of any run enqueued with \`agora run <config> --queue …\` and runs them with that run's config
and model spec. Keys come from this process's environment (OPENAI_API_KEY, GEMINI_API_KEY, …), never
from Redis. A run made by other code (git commit or package-lock.json) is refused, with the reason.

Options:
  --queue <url>        the Redis the runs are enqueued in (required)
  --concurrency <N>    cells run at once (default 1)
  --lock-ms <ms>       job lock (default 30000): a killed worker's cells are re-run elsewhere after about this long
  -h, --help
`;

/**
 * Runs `agora worker` until SIGINT or SIGTERM (which let the cells in flight finish) and returns its exit code.
 * @throws {AgoraError} when Redis cannot be reached.
 */
export async function worker(argv: string[]): Promise<number> {
  const { values, positionals } = parse("worker", argv, {
    queue: { type: "string" },
    concurrency: { type: "string" },
    "lock-ms": { type: "string" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (!values.queue || positionals.length) {
    io.err(`agora worker: ${values.queue ? `unexpected argument "${positionals[0]}"` : "--queue redis://host:port is required"}\n\n${HELP}`);
    return 2;
  }
  const url = checkRedisUrl(values.queue);
  const w = await startCellWorker(url, {
    concurrency: positiveInt("--concurrency", values.concurrency),
    lockDurationMs: positiveInt("--lock-ms", values["lock-ms"]),
    log: (line) => io.err(line + "\n"),
  });
  await new Promise<void>((resolve) => {
    let signals = 0;
    const onSignal = () => {
      if (++signals > 1) process.exit(130);
      io.err("stopping after the cells in flight (again to quit now; their jobs are re-run elsewhere)\n");
      resolve();
    };
    process.on("SIGINT", onSignal);
    process.on("SIGTERM", onSignal);
  });
  await w.close();
  io.err(`worker stopped: ${w.stats.completed} cells done, ${w.stats.failed} failed\n`);
  return 0;
}
