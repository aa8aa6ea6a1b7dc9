/**
 * One ConfigError from zod issues: the file, the first field's path and every problem, with a fix. The experiment
 * layer reads configs with it; mechanisms use it to refuse bad grid levels and params at plan time (core, so no
 * mechanism imports the experiment layer).
 */
import type { z } from "zod";
import { ConfigError } from "./errors.js";

/**
 * Turns zod issues into one ConfigError naming the file, the first field path and every problem.
 * @example
 * const res = schema.safeParse(params);
 * if (!res.success) throw configErrorFrom(res.error.issues, "run.json", ["params"]); // "run.json: params.rounds: …"
 */
export function configErrorFrom(issues: z.core.$ZodIssue[], file: string | undefined, prefix: (string | number)[] = []): ConfigError {
  // a bad record key ("Invalid key in record") carries the reason in nested issues
  const message = (i: z.core.$ZodIssue): string => {
    const nested = (i as { issues?: z.core.$ZodIssue[] }).issues;
    return i.code === "invalid_key" && nested?.length ? message(nested[0]) : i.message;
  };
  // an unknown key is reported at the key itself: `params.rowz: unknown field`
  const keyOf = (i: z.core.$ZodIssue): string[] => (i.code === "unrecognized_keys" ? (i as { keys: string[] }).keys.slice(0, 1) : []);
  const text = (i: z.core.$ZodIssue): string => (i.code === "unrecognized_keys"
    ? `unknown field${(i as { keys: string[] }).keys.length > 1 ? ` (also: ${(i as { keys: string[] }).keys.slice(1).join(", ")})` : ""}`
    : message(i));
  const describe = (i: z.core.$ZodIssue) => {
    const path = [...prefix, ...i.path.map((p) => (typeof p === "symbol" ? String(p) : p)), ...keyOf(i)];
    return { path, text: `${path.length ? path.join(".") : "(root)"}: ${text(i)}` };
  };
  const all = issues.map(describe);
  const first = all[0] ?? { path: prefix, text: "invalid" };
  const firstMessage = issues[0] ? text(issues[0]) : "invalid config";
  const more = all.length > 1 ? `\n  also: ${all.slice(1).map((d) => d.text).join("\n  also: ")}` : "";
  return new ConfigError({
    file,
    path: first.path,
    message: `${firstMessage}${more}`,
    fix: issues[0]?.code === "unrecognized_keys" ? "remove it, or correct its spelling (the mechanism's README lists its parameters)"
      : "edit the config so each field has the expected type (see lib/experiment/README.md)",
  });
}
