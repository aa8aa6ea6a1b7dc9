/** The dry run's report as lines for the terminal. */
import type { DryRunPlan } from "./dry-run-pass.js";
import type { DryRunReport, DryRunTotals } from "./dry-run.js";
import { isOffline, specLabel } from "./model.js";

const usd = (x: number | undefined) => (x === undefined ? "unknown" : `$${x >= 1 ? x.toFixed(2) : x.toPrecision(2)}`);
const k = (n: number) => n.toLocaleString("en-US");

/**
 * A few lines describing a dry run: cells, calls (with their range), input tokens by part and by role, the images
 * with their rule, the output model, cost, and the range from short to long replies.
 * @example io.out(formatDryRun(plan, await dryRun(plan)) + "\n");
 */
export function formatDryRun(plan: DryRunPlan & { hash: string }, report: DryRunReport): string {
  const lines = [
    `${plan.config.name} (${plan.config.mechanism}, profile ${plan.config.profile}, config ${plan.hash.slice(0, 8)})`,
    `  cells: ${report.cells} (${plan.config.grid.map(([f, l]) => `${f}×${l.length}`).concat(`seeds×${plan.config.seeds.length}`).join(" · ")})`,
    `  model: ${report.model}`,
    `  run folder: ${plan.dir}`,
  ];
  const e = report.expected;
  if (!e) {
    lines.push(isOffline(plan.config.model) ? "  LLM calls: none (offline model)" : "  expected LLM calls: unknown");
    return lines.join("\n");
  }
  if (report.done) lines.push(`  already ok in the run folder: ${report.done} cells (a resume skips them)`);
  const range = e.callsRange[0] !== e.callsRange[1] ? ` (range over the sample ${k(e.callsRange[0])}–${k(e.callsRange[1])}: the number depends on the replies)` : "";
  lines.push(`  expected LLM calls: ${k(e.calls)}${range}`);
  lines.push(`  expected input tokens: ${k(e.inputTokens)} (${e.tokenizer}${e.approximateTokens ? ", approximate: not this model's tokenizer or image rule" : ""})`);
  lines.push(`    text ${k(e.textTokens)} · images ${k(e.imageTokens)} · response schemas ${k(e.schemaTokens)} (as the provider receives them)`);
  for (const i of e.images.items) lines.push(`    images: ${k(i.parts)} × ${i.width}×${i.height} px at ${k(i.tokensEach)} tokens each (${i.rule})`);
  lines.push(`  expected output tokens: ${k(e.outputTokens)}`);
  lines.push(`  by role: ${Object.entries(e.byRole).map(([r, v]) => `${r} ${k(v.calls)} calls, ${k(v.inputTokens)} in, ${k(v.outputTokens)} out`).join("; ")}`);
  lines.push(`  reply lengths (output tokens per call): ${Object.entries(e.outputModel).map(([r, o]) =>
    `${r} ${o.tokens}${o.tokens < 0.9 * o.target ? ` (asked ${o.target}, ${o.source}; its schema allows no longer reply)` : ` (${o.source})`}`).join(", ")}`);
  lines.push(`  expected cost: ${e.costUsd === undefined ? `unknown (no price for ${specLabel(plan.config.model)}; pass --price ${specLabel(plan.config.model)}=in,out)` : usd(e.costUsd)}`);
  const line = (name: string, t: DryRunTotals) => `    ${name}: ${k(t.calls)} calls, ${k(t.inputTokens)} input and ${k(t.outputTokens)} output tokens, ${usd(t.costUsd)}`;
  lines.push("  from short to long replies:");
  lines.push(line("short replies (a few words a string)", e.range.short));
  lines.push(line("long replies (every reply at maxTokens or its role's default)", e.range.long));
  lines.push(`  measured on ${e.sampledCells} sampled cells run against a stand-in model; assumes no replay-cache hits;`);
  lines.push("  declare reply lengths with --assume-output-tokens role=n, --assume-output-tokens-from <pilot run folder>, or dryRun.outputTokens");
  return lines.join("\n");
}
