/**
 * Which mechanisms a run can use: `lib/registry.ts` by default, or the module named by the
 * `AGORA_REGISTRY` environment variable (a path to a module exporting `mechanisms`), which is how
 * tests run the CLI on mechanisms that are not public.
 */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { ConfigError } from "../core/errors.js";
import type { MechanismRunner } from "../core/mechanism.js";

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Registry = Record<string, MechanismRunner<any>>;

/**
 * The registry to use when none is passed.
 * @throws {ConfigError} when `AGORA_REGISTRY` names a module without a `mechanisms` export.
 */
export async function loadRegistry(): Promise<Registry> {
  const custom = process.env.AGORA_REGISTRY;
  if (custom) {
    const mod = (await import(pathToFileURL(resolve(custom)).href)) as { mechanisms?: Registry };
    if (!mod.mechanisms || typeof mod.mechanisms !== "object") {
      throw new ConfigError({ file: custom, message: "AGORA_REGISTRY names a module without a `mechanisms` export",
        fix: "export const mechanisms = { name: runner } from that module, or unset AGORA_REGISTRY" });
    }
    return mod.mechanisms;
  }
  const mod = (await import("../registry.js")) as { mechanisms: Registry };
  return mod.mechanisms;
}

/**
 * The runner registered under `name`.
 * @throws {ConfigError} at field `mechanism`, listing the registered names.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function findRunner(registry: Registry, name: string, file?: string): MechanismRunner<any> {
  const runner = Object.prototype.hasOwnProperty.call(registry, name) ? registry[name] : undefined;
  if (!runner) {
    const known = Object.keys(registry).sort();
    throw new ConfigError({
      file,
      path: ["mechanism"],
      message: `unknown mechanism "${name}"; expected one of: ${known.length ? known.join(", ") : "(none registered)"}`,
      fix: "use a registered mechanism name, or register the runner in lib/registry.ts",
    });
  }
  return runner;
}
