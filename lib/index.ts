/**
 * agora: a research toolkit for multi-agent LLM systems.
 * Each layer is a namespace: `import { stats, tbs } from "agora"`.
 */
export * as core from "./core/index.js";
export * as stats from "./stats/index.js";
export * as llm from "./llm/index.js";
export * as experiment from "./experiment/index.js";
export * as plot from "./plot/index.js";
export * as tbs from "./tbs/index.js";
export * as gated from "./gated/index.js";
export * as calibration from "./calibration/index.js";
export * as nous from "./nous/index.js";
export * as claims from "./claims/index.js";
export { createRng, Rng, AgoraError, ConfigError, DataError, StatsError, DependencyError } from "./core/index.js";
