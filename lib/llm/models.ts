/**
 * What the llm layer knows about model names: which OpenAI models are reasoning models (they take
 * `max_completion_tokens` and no `temperature`), and which names are floating aliases (`gpt-4o-mini`) rather than
 * dated snapshots (`gpt-4o-mini-2024-07-18`), whose replies may change under a study without notice.
 */

/** OpenAI reasoning models: the o-series and the gpt-5 family (dated snapshots included). */
const REASONING = /^(o\d+(-mini|-pro|-preview|-deep-research)?|gpt-5(\.\d+)?(-mini|-nano|-pro|-chat|-codex)?)(-\d{4}-\d{2}-\d{2}|-latest)?$/;

/**
 * Whether an OpenAI model is a reasoning model: sent `max_completion_tokens` instead of `max_tokens`, and no
 * `temperature`.
 * @example isReasoningModel("o4-mini") // → true
 * @example isReasoningModel("gpt-4o-mini") // → false
 */
export function isReasoningModel(model: string): boolean {
  return REASONING.test(model);
}

/**
 * A warning when `model` is a floating alias whose provider may move it to a new snapshot, else undefined.
 * Dated names (`…-2024-07-18`, `…-001`, `…-preview-05-20`) and local servers' models are not warned about.
 * @example floatingAliasWarning("openai", "gpt-4o-mini") // → "openai:gpt-4o-mini is a floating alias …"
 */
export function floatingAliasWarning(provider: string, model: string): string | undefined {
  if (provider === "openai-compatible") return undefined;
  const dated = /-\d{4}-\d{2}-\d{2}$|-\d{3}$|-\d{2}-\d{2}$|-\d{4}$/.test(model);
  if (dated) return undefined;
  const example = provider === "gemini" ? "gemini-2.0-flash-001" : "gpt-4o-mini-2024-07-18";
  return `${provider}:${model} is a floating alias: the provider may move it to a new snapshot during the study; name a dated snapshot (e.g. ${example}) to keep replies comparable (the snapshot that answered is recorded in provenance.reported)`;
}
