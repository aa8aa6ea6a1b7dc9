export { Rng, createRng } from "./rng.js";
export { stableStringify, sha256, hashSeed } from "./hash.js";
export { AgoraError, ConfigError, DataError, StatsError, DependencyError } from "./errors.js";
export type { ChatMessage, GenerateRequest, GenerateResult, LanguageModel, Usage } from "./model.js";
export type { CellContext, CellModel, CellResult, Level, MechanismRunner } from "./mechanism.js";
