/** `agora power <config> --metric <column> --contrast <a>,<b>`: a pilot run and the seeds a paired contrast needs. */
import { ConfigError } from "../core/errors.js";
import { formatPower, power as runPower } from "../experiment/power.js";
import { parse, positiveInt, profileArg } from "./args.js";
import { io } from "./io.js";

const HELP = `agora power <config> --metric <column> --contrast <a>,<b> [options]

Runs a pilot of the config (only the two levels, in a temporary run folder), estimates the paired effect size
d = mean(a − b) / sd(a − b) over seeds, and reports the power at the pilot's N and the seeds needed for 80 % and
90 % power (two-sided paired t test, noncentral t).

Options:
  --metric <column>     the column to compare (required)
  --contrast <a>,<b>    the two levels; the effect is a − b, paired by seed (required)
  --table <t>           the table holding the column (default: the mechanism's main table)
  --factor <f>          the grid factor holding both levels (default: the one factor that does)
  --fix k=v,...         levels of the other grid factors (each factor with several levels must be fixed)
  --profile <p>         quick (default) or full: the config's seeds under that profile are the pilot's
  --alpha <a>           level of the test (default 0.05)
  --concurrency <N>     cells in flight at once (default 4)
  --json                print the result as JSON
  -h, --help
`;

/** Parses `k=v,k2=v2`. @throws {ConfigError} for a part without "=". */
export function parseFix(value: string | undefined): Record<string, string> {
  if (!value) return {};
  const out: Record<string, string> = {};
  for (const part of value.split(",").filter(Boolean)) {
    const eq = part.indexOf("=");
    if (eq <= 0) throw new ConfigError({ path: ["--fix"], message: `expected k=v, got "${part}"`, fix: "e.g. --fix control=none" });
    out[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return out;
}

export async function power(argv: string[]): Promise<number> {
  const { values, positionals } = parse("power", argv, {
    metric: { type: "string" },
    contrast: { type: "string" },
    table: { type: "string" },
    factor: { type: "string" },
    fix: { type: "string" },
    profile: { type: "string" },
    alpha: { type: "string" },
    concurrency: { type: "string" },
    json: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`agora power: expected one config file, got ${positionals.length}\n\n${HELP}`);
    return 2;
  }
  if (!values.metric) throw new ConfigError({ path: ["--metric"], message: "missing", fix: "e.g. --metric gamma_tv" });
  const levels = (values.contrast ?? "").split(",");
  if (levels.length !== 2 || !levels[0] || !levels[1]) {
    throw new ConfigError({ path: ["--contrast"], message: `expected two levels "a,b", got "${values.contrast ?? ""}"`, fix: "e.g. --contrast isotonic,binary" });
  }
  const alpha = values.alpha === undefined ? undefined : Number(values.alpha);
  if (alpha !== undefined && !(alpha > 0 && alpha < 1)) throw new ConfigError({ path: ["--alpha"], message: `expected a number in (0, 1), got "${values.alpha}"` });
  const res = await runPower(positionals[0], {
    metric: values.metric, contrast: [levels[0], levels[1]], table: values.table, factor: values.factor, fix: parseFix(values.fix),
    profile: profileArg(values.profile), alpha, concurrency: positiveInt("--concurrency", values.concurrency),
  });
  io.out((values.json ? JSON.stringify(res, null, 2) : formatPower(res)) + "\n");
  return 0;
}
