/**
 * The one narrow language-model interface every mechanism talks to.
 * Providers (OpenAI, Gemini, OpenAI-compatible servers) and wrappers (limits, retries,
 * replay cache, usage ledger) live in `lib/llm` and implement this interface.
 * Mechanisms never see which provider or which wrapper they talk to.
 */
import type { ZodType } from "zod";
import { hash } from "node:crypto";

/** A text part of a message. */
export interface TextPart {
  type: "text";
  text: string;
}

/** An image part of a message: PNG or JPEG bytes. Hashed into the replay-cache key. */
export interface ImagePart {
  type: "image";
  mimeType: "image/png" | "image/jpeg";
  /** The image bytes, or the same bytes as base64. */
  data: Uint8Array | string;
}

export type ContentPart = TextPart | ImagePart;

export interface ChatMessage {
  role: "user" | "assistant";
  /** Plain text, or a list of text and image parts. */
  content: string | ContentPart[];
}

/**
 * Which call of a study a request is: `mechanism/cellKey/seed=n/role/step=i/agent=a/sample=k`.
 * Two requests with equal text but different addresses are different calls (each is paid for, each has its own
 * replay-cache entry and its own provider seed). The address holds no config hash: adding seeds, switching
 * profiles or changing limits keeps every address, so the replay cache still hits.
 */
export interface CallAddress {
  /** "tbs", "gated", "calibration", "nous". */
  mechanism: string;
  /** The cell's factor levels without the seed (`mode=willing,force=true`); "" for a cell with no factors. */
  cell: string;
  seed: number;
  /** The mechanism's role for this call: tbs reasoner|speaker|summarizer; gated adjudicator|chatter;
   *  calibration executor|judge; nous extractor|answerer|scorer. */
  role: string;
  /** The step within the cell (interval, round, tick, turn, question index…). */
  step: number | string;
  /** The agent (or item) the call is for; "-" when none. */
  agent?: number | string;
  /** The sample index when one step draws several samples. */
  sample?: number;
}

/**
 * The address as one string, in a fixed order.
 * @example
 * formatAddress({ mechanism: "tbs", cell: "mode=willing", seed: 3, role: "reasoner", step: 4, agent: 2 });
 * // "tbs/mode=willing/seed=3/reasoner/step=4/agent=2/sample=0"
 */
export function formatAddress(a: CallAddress): string {
  return `${a.mechanism}/${a.cell}/seed=${a.seed}/${a.role}/step=${a.step}/agent=${a.agent ?? "-"}/sample=${a.sample ?? 0}`;
}

/**
 * The role of an address string (`formatAddress`), or undefined when it is not one. The role is the part between
 * `seed=<n>/` and `/step=`, so a cell key or a step holding "/" (a file level, `conv-2/w0`) does not matter.
 * @example addressRole("nous/ablation=none/seed=1/extractor/step=conv-2/w0/agent=-/sample=0") // "extractor"
 */
export function addressRole(address: string | undefined): string | undefined {
  if (!address) return undefined;
  return /(?:^|\/)seed=-?\d+\/([^/]+)\/step=/.exec(address)?.[1];
}

/**
 * The provider seed of a call, derived from its address alone (a non-negative 31-bit integer).
 * @example
 * providerSeed("tbs/mode=willing/seed=3/reasoner/step=4/agent=2/sample=0"); // same number on every run
 */
export function providerSeed(address: string): number {
  // the digest's first four bytes read little-endian, from its hex text (no Hash object or Buffer per call): the
  // eight hex digits are those bytes big-endian, swapped here
  const b = parseInt(hash("sha256", address, "hex").slice(0, 8), 16);
  return (((b & 0xff) << 24) | ((b & 0xff00) << 8) | ((b >>> 8) & 0xff00) | (b >>> 24)) & 0x7fffffff;
}

/** The base64 text of an image part's bytes. */
export function imageBase64(part: ImagePart): string {
  return typeof part.data === "string" ? part.data : Buffer.from(part.data).toString("base64");
}

/** The text of a message's content (image parts are left out). */
export function contentText(content: string | ContentPart[]): string {
  if (typeof content === "string") return content;
  return content.map((p) => (p.type === "text" ? p.text : "")).join("");
}

export interface GenerateRequest<T = unknown> {
  system?: string;
  messages: ChatMessage[];
  /** With a schema, the reply is parsed and validated; `data` holds the validated object. */
  schema?: ZodType<T>;
  /** Name of the schema sent to the provider (defaults to "reply"). */
  schemaName?: string;
  temperature?: number;
  /** Provider seed. With an address, the llm layer derives it from the address and this field is ignored. */
  seed?: number;
  maxTokens?: number;
  signal?: AbortSignal;
  /** Free-form tag for the usage ledger (e.g. "tbs.reason"). Not sent to the provider. */
  tag?: string;
  /** Which call of the study this is (see `CallAddress`); part of the replay-cache key and the ledger line. */
  address?: CallAddress | string;
}

export interface Usage {
  inputTokens: number;
  outputTokens: number;
  /** Input tokens the provider billed at its cached-input price, when it reports them. */
  cachedInputTokens?: number;
}

export interface GenerateResult<T = unknown> {
  text: string;
  data?: T;
  usage: Usage;
  latencyMs: number;
  cached: boolean;
  /** The model that answered, as `provider:model`. */
  model: string;
}

export interface LanguageModel {
  /** `provider:model`, e.g. `openai:gpt-4o-mini`. Written into every table row the model produces. */
  readonly id: string;
  generate<T = unknown>(request: GenerateRequest<T>): Promise<GenerateResult<T>>;
  /** Resolves once everything the model writes behind its calls (a replay cache) is on disk. Optional. */
  flush?(): Promise<void>;
}
