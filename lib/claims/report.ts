/**
 * The audit as a notebook shows it: one table row per claim (for `plot.table`), a figure per claim (the estimate
 * across the deciding assumption, the default marked), and sentences that say what the model can and cannot show.
 */
import { makeFigure, PALETTE } from "../plot/theme.js";
import type { Figure, Trace } from "../plot/types.js";
import { DataError } from "../core/errors.js";
import type { AuditResult, ClaimResult } from "./types.js";

const num = (x: number, d = 3) => (Number.isFinite(x) ? (Math.abs(x) >= 1e-3 || x === 0 ? x.toFixed(d) : x.toExponential(1)) : "NA");
const ci = (e: number, l: number, u: number, d = 3) => `${num(e, d)} [${num(l, d)}, ${num(u, d)}]`;
const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(100 * x)} %` : "NA");
const pval = (p: number) => (!Number.isFinite(p) ? "NA" : p < 2e-16 ? "< 2e-16" : p < 1e-4 ? p.toExponential(1) : p.toFixed(4));

/**
 * One row per claim: the paper's statement and direction, our estimate at the default, Holm p and power, each null,
 * the share of the assumption space where it holds, the deciding assumption, the magnitude check and the class.
 * @example plot.table(auditTable(a), { title: `Claims audit — ${a.model}` })
 */
export function auditTable(a: AuditResult): Record<string, string | number>[] {
  return a.claims.map((c) => ({
    claim: c.claim,
    paper: `${c.statement} (${c.direction === "0" ? "no effect" : c.direction === "+" ? "> " : "< "}${c.direction === "0" ? "" : num(c.nullValue, 0)}${c.paper ? `; ${c.paper.text ?? num(c.paper.value)}` : ""})`,
    scale: c.scale,
    ours: ci(c.default.estimate, c.default.lower, c.default.upper),
    "p (Holm)": pval(c.pHolm),
    [`power at Holm level (N = ${c.default.n})`]: c.direction === "0" ? "—" : `${pct(c.power)}${c.seedsFor80 ? `; 80 % at N = ${c.seedsFor80}` : ""}`,
    nulls: c.nulls.length === 0 ? "—" : c.nulls.map((n) => n.skipped ? `${n.name}: not run` : `${n.name}: ${ci(n.estimate, n.lower, n.upper)} ${n.vanishes ? "removes it" : "does not remove it"}`).join("; "),
    "space: holds / undecided / reversed": c.space.points ? `${pct(c.space.shareHolds)} / ${pct(c.space.undecided / c.space.points)} / ${pct(c.space.shareReversed)} of ${c.space.points}` : "—",
    "deciding assumption": c.deciding?.assumption ?? "—",
    magnitude: c.magnitude,
    class: c.provisional ? `${c.class} (provisional)` : c.class,
  }));
}

/**
 * The claim's estimate across its deciding assumption (one-at-a-time sweep, others at their defaults) with 95 % CIs,
 * the default marked, the null value and the paper's value where it gives one; the hypercube's points behind it.
 * @throws DataError for an unknown claim id or a claim without a sweep.
 */
export function claimFigure(a: AuditResult, id: string): Figure {
  const c = a.claims.find((x) => x.claim === id);
  if (!c) throw new DataError({ field: "claim", message: `no claim "${id}" in this audit; claims: ${a.claims.map((x) => x.claim).join(", ")}` });
  if (!c.deciding || c.deciding.sweep.length === 0) throw new DataError({ field: "claim", message: `claim "${id}" has no assumption sweep (no assumption space)` });
  const sweep = c.deciding.sweep;
  const name = c.deciding.assumption;
  const xs = sweep.map((s) => s.value as number | string);
  const data: Trace[] = [];
  const pts = a.points.filter((p) => p.claim === id && Number.isFinite(p.estimate));
  const colors = { holds: PALETTE[2], undecided: "#999999", reversed: PALETTE[3] } as const;
  for (const v of ["holds", "undecided", "reversed"] as const) {
    const sel = pts.filter((p) => p.verdict === v);
    if (sel.length) {
      data.push({ type: "scatter", mode: "markers", name: `hypercube points: ${v}`, x: sel.map((p) => p.values[name] as number | string), y: sel.map((p) => p.estimate),
        marker: { color: colors[v], size: 5, opacity: 0.45 } });
    }
  }
  data.push({ type: "scatter", mode: "lines+markers", name: `sweep of ${name} (others at default)`, x: xs, y: sweep.map((s) => s.estimate),
    error_y: { type: "data", symmetric: false, array: sweep.map((s) => s.upper - s.estimate), arrayminus: sweep.map((s) => s.estimate - s.lower), color: PALETTE[0] },
    line: { color: PALETTE[0], width: 2 }, marker: { color: PALETTE[0], size: 7 } });
  const d = sweep.find((s) => s.isDefault);
  if (d) data.push({ type: "scatter", mode: "markers", name: "default", x: [d.value as number | string], y: [d.estimate], marker: { symbol: "diamond", size: 13, color: PALETTE[1], line: { color: "#000", width: 1 } } });
  const shapes: Record<string, unknown>[] = [{ type: "line", xref: "paper", x0: 0, x1: 1, y0: c.nullValue, y1: c.nullValue, line: { color: "#555", dash: "dot", width: 1 } }];
  if (c.paper) shapes.push({ type: "line", xref: "paper", x0: 0, x1: 1, y0: c.paper.value, y1: c.paper.value, line: { color: PALETTE[4], dash: "dash", width: 1 } });
  return makeFigure(data, {
    title: `${c.statement}: ${c.class}${c.provisional ? " (provisional)" : ""} — ${a.model}`,
    xTitle: `${name} (${c.deciding.path})`, yTitle: c.scale,
  }, { shapes, ...(c.paper ? { annotations: [{ xref: "paper", x: 1, y: c.paper.value, text: "paper", showarrow: false, xanchor: "right", yanchor: "bottom", font: { color: PALETTE[4] } }] } : {}) });
}

/**
 * Sentences that say, from the table, what the model can and cannot show: the claims of each class, with the deciding
 * assumption of the assumption-dependent ones.
 * @example console.log(auditSummary(a).join("\n"))
 */
export function auditSummary(a: AuditResult): string[] {
  const of = (k: ClaimResult["class"]) => a.claims.filter((c) => c.class === k);
  const list = (cs: ClaimResult[], f: (c: ClaimResult) => string = (c) => c.claim) => cs.map(f).join(", ");
  const out: string[] = [];
  const tag = a.provisional ? ` (profile ${a.profile}: provisional; the full profile's audit is final)` : "";
  out.push(`${a.claims.length} claims audited on ${a.model}${tag}.`);
  if (of("emergent").length) out.push(`Emergent in this model (hold at the default, removed by their nulls, hold on ≥ 80 % of the assumption space): ${list(of("emergent"))}.`);
  if (of("assumption-dependent").length) out.push(`Assumption-dependent: ${list(of("assumption-dependent"), (c) => `${c.claim} (holds on ${pct(c.space.shareHolds)} of the space; most moved by ${c.deciding?.assumption ?? "—"}${c.nulls.some((n) => !n.vanishes && !n.skipped) ? "; a null does not remove it" : ""})`)}.`);
  if (of("built in").length) out.push(`Built in (no point of the assumption space reverses them, so a match tests the model's form, not the paper): ${list(of("built in"))}.`);
  if (of("input").length) out.push(`Inputs (a parameter sets them; they can be recovered, not reproduced): ${list(of("input"))}.`);
  if (of("not reproduced").length) out.push(`Not reproduced at the default after Holm: ${list(of("not reproduced"))}.`);
  const mags = a.claims.filter((c) => c.magnitude !== "no paper value");
  if (mags.length) out.push(`Against the paper's numbers: ${list(mags, (c) => `${c.claim} ${c.magnitude}`)}.`);
  return out;
}
