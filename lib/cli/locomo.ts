/** `agora locomo …`: delegates to the Nous layer's LoCoMo command (lib/nous/cli.ts). */
import { AgoraError } from "../core/errors.js";

const NOUS_CLI = "../nous/cli.js";

/**
 * Runs `agora locomo` and returns its exit code.
 * @throws {AgoraError} code `unavailable` when lib/nous/cli.ts does not export `locomoCommand`.
 */
export async function locomo(argv: string[]): Promise<number> {
  let mod: { locomoCommand?: (argv: string[]) => Promise<number> };
  try {
    mod = (await import(NOUS_CLI)) as typeof mod;
  } catch (err) {
    throw new AgoraError("unavailable", `agora locomo is not available: lib/nous/cli.ts could not be loaded (${(err as Error).message.split("\n")[0]})`,
      "the Nous layer provides this command; update the project");
  }
  if (typeof mod.locomoCommand !== "function") {
    throw new AgoraError("unavailable", "agora locomo is not available: lib/nous/cli.ts has no locomoCommand export",
      "the Nous layer provides this command; update the project");
  }
  return mod.locomoCommand(argv);
}
