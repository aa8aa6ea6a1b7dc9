/**
 * What a request will cost in tokens, estimated before it is sent: what the tpm limiter reserves and the budget
 * prices. Corrected by the real usage when the reply comes back.
 *
 * - Input: one token per four characters of the system text, the messages and the schema, plus each image at its
 *   provider's published rule (`image-tokens.ts`), times the highest ratio of real to estimated input seen for the
 *   call's role recently (never below 1), so text that tokenizes densely is not under-reserved twice.
 * - Output: the request's `maxTokens`; without it, the largest output of the role's last 256 replies (a running high
 *   quantile: above its 99th percentile once the role has 100 replies); before the role's first reply, its default
 *   (`roles.ts`).
 */
import { contentText, imageBase64, type GenerateRequest, type ImagePart, type Usage } from "../core/model.js";
import { imageSize, imageTokens } from "./image-tokens.js";
import { requestRole, roleOutputTokens } from "./roles.js";
import { compileSchema } from "./structured.js";

/** Replies remembered per role for the running high quantile. */
const WINDOW = 256;

const imageCache = new WeakMap<ImagePart, number>();

/** Tokens of an image part at the provider's rule (1,000 when its size cannot be read). */
function imagePartTokens(part: ImagePart, provider: string, model: string): number {
  let n = imageCache.get(part);
  if (n === undefined) {
    try {
      const bytes = typeof part.data === "string" ? Buffer.from(imageBase64(part).slice(0, 65_536), "base64") : part.data;
      const { width, height } = imageSize(bytes);
      n = imageTokens(provider, model, width, height).tokens;
    } catch {
      n = 1000;
    }
    imageCache.set(part, n);
  }
  return n;
}

/**
 * The input tokens of a request, estimated before it is sent: one per four characters (system, messages, schema)
 * plus the images at the provider's rule (`provider`/`model` default to OpenAI's gpt-4o rule).
 * @example estimateInputTokens({ messages: [{ role: "user", content: "12345678" }] }) // → 2
 */
export function estimateInputTokens(req: GenerateRequest, provider = "openai", model = "gpt-4o"): number {
  let chars = req.system?.length ?? 0;
  let images = 0;
  for (const m of req.messages) {
    if (typeof m.content === "string") chars += m.content.length;
    else {
      chars += contentText(m.content).length;
      for (const p of m.content) if (p.type === "image") images += imagePartTokens(p, provider, model);
    }
  }
  if (req.schema) chars += compileSchema(req.schema).jsonText.length;
  return Math.max(1, Math.ceil(chars / 4)) + images;
}

/** A ring of the last `WINDOW` values and their running maximum. */
class Recent {
  private readonly values: number[] = [];
  private next = 0;
  private top = -Infinity;

  add(v: number): void {
    if (this.values.length < WINDOW) this.values.push(v);
    else {
      const old = this.values[this.next];
      this.values[this.next] = v;
      this.next = (this.next + 1) % WINDOW;
      if (old === this.top && v < old) {
        this.top = Math.max(...this.values);
        return;
      }
    }
    if (v > this.top) this.top = v;
  }

  get max(): number | undefined {
    return this.values.length ? this.top : undefined;
  }
}

/**
 * Per-role estimates of a model's requests, learnt from its replies. One per model (the limiter's) or per budget.
 * @example
 * const e = new RequestEstimate("openai", "gpt-4o-mini");
 * const raw = estimateInputTokens(req, "openai", "gpt-4o-mini");
 * const reserve = e.input(req, raw) + e.output(req); … e.observe(req, result.usage, raw);
 */
export class RequestEstimate {
  private readonly outputs = new Map<string, Recent>();
  private readonly ratios = new Map<string, Recent>();

  constructor(
    readonly provider = "openai",
    readonly model = "gpt-4o",
  ) {}

  /** Input tokens to reserve for `req`, whose plain estimate (`estimateInputTokens`) is `raw`. */
  input(req: GenerateRequest, raw = estimateInputTokens(req, this.provider, this.model)): number {
    const ratio = this.ratios.get(roleKey(req))?.max ?? 1;
    return Math.ceil(raw * Math.max(1, ratio));
  }

  /** Output tokens to reserve for `req`: `maxTokens`, else the role's running high quantile, else its default. */
  output(req: GenerateRequest): number {
    if (req.maxTokens !== undefined) return req.maxTokens;
    return this.outputs.get(roleKey(req))?.max ?? roleOutputTokens(requestRole(req));
  }

  /** True when a request of this role would reserve a guessed output (no `maxTokens`, no reply of the role seen yet). */
  guessesOutput(req: GenerateRequest): boolean {
    return req.maxTokens === undefined && !this.outputs.has(roleKey(req));
  }

  /** Records a reply's real usage; `raw` is the request's plain input estimate (`estimateInputTokens`). */
  observe(req: GenerateRequest, usage: Usage | undefined, raw = estimateInputTokens(req, this.provider, this.model)): void {
    if (!usage) return;
    const role = roleKey(req);
    if (!this.outputs.has(role)) this.outputs.set(role, new Recent());
    this.outputs.get(role)!.add(usage.outputTokens);
    if (usage.inputTokens > 0 && raw > 0) {
      if (!this.ratios.has(role)) this.ratios.set(role, new Recent());
      this.ratios.get(role)!.add(usage.inputTokens / raw);
    }
  }
}

/** The key estimates are kept under: the address's role, else the tag, else "-". */
export function roleKey(req: GenerateRequest): string {
  return requestRole(req) ?? req.tag ?? "-";
}
