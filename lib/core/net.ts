/** Local network helpers for the project's own servers (Minecraft, Redis in tests, Jupyter in tests). */
import { createServer } from "node:net";

/**
 * A free TCP port on 127.0.0.1, other than any in `avoid` (e.g. 6379, where a system Redis may listen).
 * @example
 * const port = await freePort([6379]);
 */
export async function freePort(avoid: readonly number[] = []): Promise<number> {
  for (;;) {
    const port = await new Promise<number>((resolve, reject) => {
      const s = createServer();
      s.once("error", reject);
      s.listen(0, "127.0.0.1", () => {
        const addr = s.address();
        const p = typeof addr === "object" && addr ? addr.port : 0;
        s.close(() => resolve(p));
      });
    });
    if (!avoid.includes(port)) return port;
  }
}
