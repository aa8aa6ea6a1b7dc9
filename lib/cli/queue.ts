/** `agora queue status --queue redis://host:port`: cells per queued run, by state. */
import { QueueCellRunner } from "../experiment/queue/collector.js";
import { checkRedisUrl } from "../experiment/queue/redis.js";
import { formatQueueStatus, queueStatus } from "../experiment/queue/status.js";
import { parse } from "./args.js";
import { io } from "./io.js";

const HELP = `agora queue status --queue redis://host:port [--json]

Lists every run enqueued in that Redis with its cells pending (waiting for a worker), active, failed and
done, and cells no longer in Redis (expired or lost in a restart: \`agora run … --resume\` enqueues them again).
`;

/** Runs `agora queue …` and returns its exit code. */
export async function queue(argv: string[]): Promise<number> {
  const { values, positionals } = parse("queue", argv, {
    queue: { type: "string" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals[0] !== "status" || positionals.length !== 1 || !values.queue) {
    io.err(`agora queue: expected \`agora queue status --queue redis://host:port\`\n\n${HELP}`);
    return 2;
  }
  const runs = await queueStatus(checkRedisUrl(values.queue));
  io.out((values.json ? JSON.stringify(runs, null, 2) : formatQueueStatus(runs)) + "\n");
  return 0;
}

/** The cell runner of `agora run --queue <url>`. */
export function queueRunner(url: string): QueueCellRunner {
  return new QueueCellRunner(checkRedisUrl(url), {
    log: (line) => io.err(line + "\n"),
    lostAfterMs: process.env.AGORA_QUEUE_LOST_MS ? Number(process.env.AGORA_QUEUE_LOST_MS) : undefined,
  });
}
