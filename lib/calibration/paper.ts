/**
 * The seed paper's claims ("Calibrating the Evaluator", arXiv 2606.31371) and, for each, what this offline model can
 * show: the audit's claims that test it, or why no offline model can. `paperClaimRows` reads the audit's classes; it
 * grades nothing itself.
 */
interface AuditLike {
  profile: string;
  provisional: boolean;
  claims: { claim: string; class: string; default: { estimate: number; lower: number; upper: number }; scale: string }[];
}

export interface PaperClaim {
  /** The paper's claim, in words. */
  claim: string;
  /** The audit's claims that test it in this model. */
  audit?: string[];
  /** Why an offline model cannot test it. */
  untestable?: string;
}

export const PAPER_CLAIMS: PaperClaim[] = [
  { claim: "Calibrated TTRL lowers γ_T→V by 20 % (0.924 → 0.744) and γ_V→T by 49 % (1.580 → 0.806)", audit: ["gamma-tv-raw", "gamma-vt-raw", "gamma-tv-excess", "gamma-vt-excess"] },
  { claim: "It lowers the Jensen–Shannon divergence by 45 % (T→V) and 67 % (V→T)", audit: ["jsd-tv-raw", "jsd-vt-raw"] },
  { claim: "About 31 % of the judge's confidences fall in [0.4, 0.6]", audit: ["uncertain-share"] },
  { claim: "The mechanism is confidence gating: uncertain judgements get negligible updates", audit: ["confidence-gating"] },
  { claim: "The effect persists under symmetric learning rates and 500-character truncation", audit: ["robust-symmetric", "robust-truncate"] },
  { claim: "The reduction is driven by the calibration mechanism itself, not by update asymmetry or format", audit: ["calibration-itself-isotonic", "calibration-itself-platt"] },
  { claim: "Sliding-window isotonic regression calibrates the judge's stated confidence", audit: ["calibration-ece", "calibration-brier"] },
  { claim: "Evaluator biases propagate through the feedback loop into the learnt strategy distribution", audit: ["label-bias"] },
  { claim: "Residual coupling (γ ≈ 0.8) reflects the judge's genuine, high-confidence preferences rather than noise", audit: ["residual-coupling-tv", "residual-coupling-vt"] },
  { claim: "A real LLM judge (GLM5.2) states over-confident probabilities that calibration can correct", untestable: "real judges' confidence: the offline judge's over-confidence κ is an assumption (varied 0.7–3 by the audit), not a measurement" },
  { claim: "The judge's biases are those of GLM5.2 judging DeepSeek-V4-Pro", untestable: "real biases: the offline label, position and verbosity biases are assumed values" },
  { claim: "Text and visual tasks couple through one multimodal executor", untestable: "multimodal behaviour: offline answers are latent qualities per strategy and modality, not a model's reading of images" },
  { claim: "The magnitudes hold for these model snapshots (N = 5 seeds)", untestable: "magnitudes for specific models: an offline model has no GLM5.2 or DeepSeek-V4-Pro; only an LLM run (same configs, a model spec) can measure them" },
  { claim: "Calibration is a lightweight drop-in mitigation: no executor change or judge retraining", untestable: "a property of the protocol's design, not a finding a simulation can confirm or refute" },
];

const HELD = new Set(["emergent", "assumption-dependent", "built in"]);

/**
 * One row per paper claim: which audit claims test it, their classes and estimates, and what this model shows —
 * "tested and held", "tested and contradicted", "an input of the model", or "untestable offline" with the reason.
 * @example plot.table(paperClaimRows(audit), { title: "The paper's claims in this model" })
 */
export function paperClaimRows(audit: AuditLike): Record<string, string>[] {
  const tag = audit.provisional ? ` (profile ${audit.profile}: provisional)` : "";
  return PAPER_CLAIMS.map((p) => {
    if (p.untestable) return { "paper's claim": p.claim, "audit claims": "—", "what this model shows": `untestable offline: ${p.untestable}` };
    const rows = (p.audit ?? []).map((id) => audit.claims.find((c) => c.claim === id)).filter((c): c is AuditLike["claims"][number] => c !== undefined);
    const classes = rows.map((c) => `${c.claim}: ${c.class} (${fmt(c.default.estimate)} [${fmt(c.default.lower)}, ${fmt(c.default.upper)}])`).join("; ");
    const held = rows.filter((c) => HELD.has(c.class));
    const inputs = rows.filter((c) => c.class === "input");
    const contradicted = rows.filter((c) => c.class === "not reproduced");
    const parts = [
      held.length ? `tested and held: ${held.map((c) => c.class === "built in" ? `${c.claim} (built into the model's form)` : c.claim).join(", ")}` : "",
      contradicted.length ? `tested and contradicted: ${contradicted.map((c) => c.claim).join(", ")}` : "",
      inputs.length ? `an input of the model: ${inputs.map((c) => c.claim).join(", ")}` : "",
    ].filter(Boolean);
    return { "paper's claim": p.claim, "audit claims": classes || "(not in this audit)", "what this model shows": `${parts.join("; ") || "not audited"}${tag}` };
  });
}

/** The audit claims a paper claim's row reports as contradicted (their figures belong beside the table). */
export function contradictedClaims(audit: AuditLike): string[] {
  const ids = new Set(PAPER_CLAIMS.flatMap((p) => p.audit ?? []));
  return audit.claims.filter((c) => ids.has(c.claim) && c.class === "not reproduced").map((c) => c.claim);
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : "NA");
