export { Rng, createRng } from "./rng.js";
export { stableStringify, sha256, hashSeed } from "./hash.js";
export { AgoraError, ConfigError, DataError, StatsError, DependencyError } from "./errors.js";
export { configErrorFrom } from "./config-error.js";
export type { CallAddress, ChatMessage, ContentPart, GenerateRequest, GenerateResult, ImagePart, LanguageModel, TextPart, Usage } from "./model.js";
export { contentText, formatAddress, imageBase64, providerSeed } from "./model.js";
export type { CellContext, CellModel, CellResult, Level, MechanismRunner } from "./mechanism.js";
export { cellAddresser } from "./mechanism.js";
export { redactText, stripUrlCredentials } from "./redact.js";
export type {
  AssumptionDecl, AuditSize, ClaimAnalysis, ClaimContrast, ClaimDecl, ClaimEstimate, ClaimMetric, ClaimNull, ClaimTables, MechanismClaims,
} from "./claims.js";
