/**
 * What the llm layer knows about model names: which OpenAI models are reasoning models (they take
 * `max_completion_tokens` and no `temperature`), and which names are floating aliases (`gpt-4o-mini`) rather than
 * dated snapshots (`gpt-4o-mini-2024-07-18`), whose replies may change under a study without notice.
 */

/**
 * OpenAI reasoning models, by exact family: the o-series and the gpt-5 reasoning models, each with its dated
 * snapshots (`-YYYY-MM-DD`). The chat models beside them (`gpt-5-chat-latest`, `chatgpt-4o-latest`) take
 * `temperature` and are not listed. A model missing here that refuses a parameter is still handled: the provider
 * leaves out a parameter a 400 names as unsupported (`providers/openai.ts`).
 */
const REASONING_FAMILIES = [
  "o1", "o1-mini", "o1-preview", "o1-pro",
  "o3", "o3-mini", "o3-pro", "o3-deep-research",
  "o4-mini", "o4-mini-deep-research", "codex-mini-latest",
  "gpt-5", "gpt-5-mini", "gpt-5-nano", "gpt-5-pro", "gpt-5-codex",
  "gpt-5.1", "gpt-5.1-codex", "gpt-5.1-codex-mini", "gpt-5.1-codex-max",
  "gpt-5.2", "gpt-5.2-pro", "gpt-5.2-codex",
];
const REASONING = new RegExp(`^(${REASONING_FAMILIES.map((f) => f.replace(/[.]/g, "\\.")).join("|")})(-\\d{4}-\\d{2}-\\d{2})?$`);

/**
 * Whether an OpenAI model is a reasoning model: sent `max_completion_tokens` instead of `max_tokens`, and no
 * `temperature`.
 * @example isReasoningModel("o4-mini") // → true
 * @example isReasoningModel("gpt-4o-mini") // → false
 * @example isReasoningModel("gpt-5-chat-latest") // → false
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
