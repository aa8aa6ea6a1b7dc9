/** `agora claims <config>`: the claims audit of a config's mechanism (see lib/claims/README.md). */
import { audit } from "../claims/audit.js";
import { auditDryRun } from "../claims/dry-run.js";
import { auditSummary, auditTable } from "../claims/report.js";
import { tableText } from "../plot/table.js";
import { parse, positiveInt, profileArg } from "./args.js";
import { priceFlags } from "./run.js";
import { io } from "./io.js";

const HELP = `agora claims <config> [options]

Audits every claim the config's mechanism declares (lib/<mechanism>/claims.ts): the estimate at the default with its
95 % CI, each null (does it remove the effect?), a Latin hypercube over the offline model's assumptions (where the
paper's direction holds, is reversed or undecided), the one-at-a-time sweep of the assumption that moves it most, the
magnitude check against the paper's number, Holm over all the claims, power at that level, and a class (input, not
reproduced, built in, emergent, assumption-dependent). Writes data/runs/<config>-claims/<profile>-<hash>/claims.jsonl;
design points are resumable run folders under data/runs/<config>-claims/runs/.

Options:
  --profile <p>       quick (default; fewer points, classes provisional) or full (final classes)
  --claim <id,...>    audit only these claims (Holm then covers only them)
  --points <n>        Latin hypercube points (default: the mechanism's audit size for the profile)
  --seeds <n>         seeds at the default point and under each null
  --workers <n>       worker processes for offline design points (default: one per core)
  --concurrency <N>   cells in flight at once inside a run (LLM runs)
  --out <dir>         the audit folder (default data/runs/<config>-claims)
  --dry-run           print the design points, cells and, on an LLM, the calls and cost; run nothing
  --price provider:model=in,out[,cachedIn]   prices for the dry run's cost (USD per million tokens)
  --json              print the result as JSON
  -h, --help
`;

export async function claims(argv: string[]): Promise<number> {
  const { values, positionals } = parse("claims", argv, {
    profile: { type: "string" }, claim: { type: "string" }, points: { type: "string" }, seeds: { type: "string" },
    workers: { type: "string" }, concurrency: { type: "string" }, out: { type: "string" }, "dry-run": { type: "boolean" },
    price: { type: "string", multiple: true }, json: { type: "boolean" }, help: { type: "boolean", short: "h" },
  });
  if (values.help) {
    io.out(HELP);
    return 0;
  }
  if (positionals.length !== 1) {
    io.err(`agora claims: expected one config file, got ${positionals.length}\n\n${HELP}`);
    return 2;
  }
  const opts = {
    profile: profileArg(values.profile), claims: values.claim?.split(",").filter(Boolean), points: positiveInt("--points", values.points),
    seeds: positiveInt("--seeds", values.seeds), workers: positiveInt("--workers", values.workers), concurrency: positiveInt("--concurrency", values.concurrency),
    out: values.out,
  };
  if (values["dry-run"]) {
    const d = await auditDryRun(positionals[0], { ...opts, prices: await priceFlags(values.price ?? []) });
    if (values.json) io.out(JSON.stringify(d, null, 2) + "\n");
    else {
      io.out([
        `claims audit of ${d.config} (${d.profile}), ${d.model}: ${d.points} hypercube points`,
        `  runs: ${d.runs.default} default, ${d.runs.nulls} null, ${d.runs.hypercube} hypercube (at the maximal seeds per point), ${d.runs.sweep} sweep (upper bound); ${d.cells} cells`,
        ...(d.skippedNulls.length ? [`  nulls a language model cannot run (skipped): ${d.skippedNulls.join("; ")}`] : []),
        ...(d.expected ? [`  expected LLM calls: ${d.expected.calls}; input tokens ${d.expected.inputTokens}; output tokens ≈ ${d.expected.outputTokens}`,
          `  expected cost: ${d.expected.costUsd === undefined ? "unknown (no price; pass --price provider:model=in,out)" : `$${d.expected.costUsd.toFixed(2)}`} (an upper bound)`] : ["  LLM calls: none (offline model)"]),
      ].join("\n") + "\n");
    }
    return 0;
  }
  const res = await audit(positionals[0], { ...opts, log: values.json ? undefined : (l) => io.err(`${l}\n`) });
  if (values.json) io.out(JSON.stringify(res, null, 2) + "\n");
  else io.out(`${tableText(auditTable(res))}\n\n${auditSummary(res).join("\n")}\n\nwritten to ${res.dir}\n`);
  return 0;
}
