/** Argument parsing shared by the commands, with errors that say what was expected. */
import { parseArgs, type ParseArgsConfig } from "node:util";
import { ConfigError } from "../core/errors.js";
import type { ProfileName } from "../experiment/config.js";

/**
 * `util.parseArgs` with strict options; unknown flags become a ConfigError naming the command.
 * @throws {ConfigError} for an unknown flag or a missing value.
 */
export function parse<T extends NonNullable<ParseArgsConfig["options"]>>(command: string, argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    throw new ConfigError({ message: `${(err as Error).message}`, fix: `see \`agora ${command} --help\`` });
  }
}

/**
 * A `--profile` value.
 * @throws {ConfigError} unless it is `quick` or `full`.
 */
export function profileArg(value: string | undefined): ProfileName | undefined {
  if (value === undefined || /^[a-z][a-z0-9-]*$/.test(value)) return value;
  throw new ConfigError({ path: ["--profile"], message: `expected a profile name (quick, full, or one the config defines), got "${value}"`, fix: "e.g. --profile full" });
}

/**
 * A positive integer flag value.
 * @throws {ConfigError} otherwise.
 */
export function positiveInt(flag: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    throw new ConfigError({ path: [flag], message: `expected a positive integer, got "${value}"`, fix: `e.g. ${flag} 4` });
  }
  return n;
}
