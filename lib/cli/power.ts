/** `agora power <config> --metric <column> --contrast <a>,<b>`: a pilot run and the power of a paired contrast at the N to be run. */
import { ConfigError } from "../core/errors.js";
import { formatPower, power as runPower } from "../experiment/power.js";
import { parse, positiveInt, profileArg } from "./args.js";
import { io } from "./io.js";

const HELP = `agora power <config> --metric <column> --contrast <a>,<b> [options]

Runs a pilot of the config (only the two levels and one level of each other factor, in a temporary run folder),
estimates the paired effect size d = mean(a − b) / sd(a − b) over the pilot's seeds, and reports, at the level the
contrast is tested at, the power at the N that will be run and the seeds needed for 80 % and 90 % power (two-sided
paired t test, noncentral t).

Options:
  --metric <column>     the column to compare (required)
  --contrast <a>,<b>    the two levels; the effect is a − b, paired by seed (required)
  --table <t>           the table holding the column (default: the mechanism's main table)
  --factor <f>          the grid factor holding both levels (default: the one factor that does)
  --fix k=v,...         levels of the other grid factors (default: each at its first level; the report says which)
  --seeds <a-b,...>     the pilot's seeds, e.g. 9101-9130 for a dev pilot (default: the profile's seeds)
  --n <N>               the N to report the power at (default: the config's N; under --profile, that profile's)
  --profile <p>         quick (default) or full: the pilot's seeds, and with --profile also the N, come from it
  --alpha <a>           the two-sided familywise level (default 0.05)
  --holm <k>            Holm over k tests: power at α/k, the level of its first step (and at α, its last)
  --bonferroni <k>      Bonferroni over k tests: power at α/k
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

/**
 * Parses seeds given as ranges and lists: `9101-9130`, `1,2,5-9`.
 * @throws {ConfigError} for a part that is not an integer or an increasing range of integers.
 * @example parseSeeds("1,4-6") // [1, 4, 5, 6]
 */
export function parseSeeds(value: string | undefined): number[] | undefined {
  if (value === undefined) return undefined;
  const out: number[] = [];
  for (const part of value.split(",").map((x) => x.trim()).filter(Boolean)) {
    const m = /^(-?\d+)(?:-(-?\d+))?$/.exec(part);
    const [lo, hi] = m ? [Number(m[1]), Number(m[2] ?? m[1])] : [NaN, NaN];
    if (!m || !(hi >= lo) || hi - lo > 1_000_000) {
      throw new ConfigError({ path: ["--seeds"], message: `expected seeds as integers or ranges a-b (a ≤ b), got "${part}"`, fix: "e.g. --seeds 9101-9130" });
    }
    for (let s = lo; s <= hi; s++) out.push(s);
  }
  if (new Set(out).size < 2) throw new ConfigError({ path: ["--seeds"], message: `a pilot needs at least two distinct seeds, got "${value}"`, fix: "e.g. --seeds 9101-9130" });
  return [...new Set(out)];
}

export async function power(argv: string[]): Promise<number> {
  const { values, positionals } = parse("power", argv, {
    metric: { type: "string" },
    contrast: { type: "string" },
    table: { type: "string" },
    factor: { type: "string" },
    fix: { type: "string" },
    seeds: { type: "string" },
    n: { type: "string" },
    profile: { type: "string" },
    alpha: { type: "string" },
    holm: { type: "string" },
    bonferroni: { type: "string" },
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
  if (!values.metric) throw new ConfigError({ path: ["--metric"], message: "missing", fix: "e.g. --metric gamma_tv_excess" });
  const levels = (values.contrast ?? "").split(",");
  if (levels.length !== 2 || !levels[0] || !levels[1]) {
    throw new ConfigError({ path: ["--contrast"], message: `expected two levels "a,b", got "${values.contrast ?? ""}"`, fix: "e.g. --contrast isotonic,binary" });
  }
  const alpha = values.alpha === undefined ? undefined : Number(values.alpha);
  if (alpha !== undefined && !(alpha > 0 && alpha < 1)) throw new ConfigError({ path: ["--alpha"], message: `expected a number in (0, 1), got "${values.alpha}"` });
  if (values.holm !== undefined && values.bonferroni !== undefined) {
    throw new ConfigError({ path: ["--holm"], message: "give one correction, --holm or --bonferroni, not both" });
  }
  const holm = positiveInt("--holm", values.holm);
  const bonferroni = positiveInt("--bonferroni", values.bonferroni);
  const correction = holm !== undefined ? { method: "holm" as const, k: holm } : bonferroni !== undefined ? { method: "bonferroni" as const, k: bonferroni } : undefined;
  const n = positiveInt("--n", values.n);
  const res = await runPower(positionals[0], {
    metric: values.metric, contrast: [levels[0], levels[1]], table: values.table, factor: values.factor, fix: parseFix(values.fix),
    seeds: parseSeeds(values.seeds), n, profile: profileArg(values.profile), alpha, correction, concurrency: positiveInt("--concurrency", values.concurrency),
  });
  io.out((values.json ? JSON.stringify(res, null, 2) : formatPower(res)) + "\n");
  return 0;
}
