// The stats layer: formulas and designs, linear and generalised linear models, linear mixed models
// (as lme4 and lmerTest), likelihood-ratio tests, and the optimiser they share.
export { parseFormula, termLabel, type ParsedFormula, type RandomTerm, type Term } from "./formula.js";
export { buildFrame, type DataInput, type Frame, type FrameOptions } from "./frame.js";
export { buildMixedDesign, modelColumns, checkDesign, type MixedDesign, type ReTerm, type DesignOptions } from "./design.js";
export { minimize, type MinimizeOptions, type MinimizeResult } from "./optimize.js";
export { jsDivergence, jsDistance } from "./jsd.js";
export { isotonic, type IsotonicOptions, type IsotonicFit } from "./isotonic.js";
export { cronbachAlpha, omegaTotal, type AlphaItems, type AlphaOptions, type AlphaResult, type AlphaItemStats, type OmegaOptions, type OmegaResult } from "./cronbach.js";
export { lmm, refitML, type LmmFit, type LmmOptions, type VarCorrRow, type RanefRow } from "./lmm.js";
export { tTestP, normalTestP, chisqUpper } from "./distributions.js";
export { ols, type OlsFit } from "./ols.js";
export { glm, type GlmFit, type GlmOptions } from "./glm.js";
export { ridgeLogistic, ridgeLogisticProbability, type RidgeLogisticFit } from "./ridge-logistic.js";
export { anova, type AnovaResult } from "./anova.js";
export { confint, profileZeta, type ConfintOptions, type ConfintRow } from "./confint.js";
export { glmm, type GlmmOptions, type GlmmResult, type GlmmVarCorr } from "./glmm.js";
export { formatLmm, formatGlmm, summaryTable, type CoefRow, type SummaryTableOptions } from "./format.js";
export { formatPval } from "./format-pval.js";
export { pAdjust, type PAdjustMethod } from "./padjust.js";
export { meanCI, pairedDifferenceCI, wilsonCI, bootstrapMean, type MeanInterval } from "./intervals.js";
export { twoStageBootstrap, type ClusterBootstrap } from "./bootstrap.js";
