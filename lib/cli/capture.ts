/** For tests: runs the CLI in-process and captures what it writes. */
import { io } from "./io.js";
import { main } from "./main.js";

export async function runCli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  const out: string[] = [];
  const err: string[] = [];
  const saved = { ...io };
  io.out = (s) => void out.push(s);
  io.err = (s) => void err.push(s);
  try {
    return { code: await main(argv), out: out.join(""), err: err.join("") };
  } finally {
    Object.assign(io, saved);
  }
}
