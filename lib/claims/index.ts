/**
 * The claims audit: every finding a notebook reports, graded the same way. See README.md in this folder.
 */
export { audit, AUDIT_SEED } from "./audit.js";
export { auditDryRun, type AuditDryRun } from "./dry-run.js";
export { planAudit, claimAssumptions, type AuditOptions, type AuditPlan, type DesignGroup } from "./plan.js";
export { auditTable, claimFigure, auditSummary } from "./report.js";
export { latinHypercube, sweepLevels, assumptionValue, assumptionUnit, type DesignPoint } from "./lhs.js";
export { pointVerdict, vanishes, magnitude, claimClass, zPower, unitsForPower, tostP, type ClaimClass, type Magnitude, type PointVerdict } from "./grade.js";
export { pairedContrast, claimEstimate } from "./estimate.js";
export { schemaLeaves, type SchemaLeaf } from "./schema-leaves.js";
export { coverageProblems } from "./coverage.js";
export type { AuditResult, ClaimResult, NullResult, PointRow, SweepLevel } from "./types.js";
