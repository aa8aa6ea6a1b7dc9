/**
 * Input tokens of an image part, by each provider's published rule.
 *
 * OpenAI (vision guide, "Calculating costs"; the same rule for OpenAI-compatible servers that serve an OpenAI model
 * name, else the gpt-4o rule, marked approximate):
 * - tile models: the image is scaled down to fit 2048 × 2048, then down so that its shorter side is at most 768 px
 *   (never up); tokens = base + per-tile × ⌈w/512⌉·⌈h/512⌉; `detail: "low"` costs the base alone. Base / per tile:
 *   gpt-4o, gpt-4.1, gpt-4.5 85 / 170; gpt-4o-mini 2833 / 5667; o1, o1-pro, o3 75 / 150; gpt-5, gpt-5-chat-latest
 *   70 / 140; computer-use-preview 65 / 129.
 * - patch models (gpt-4.1-mini, gpt-4.1-nano, o4-mini, gpt-5-mini, gpt-5-nano): 32 × 32 px patches, at most 1,536
 *   (a larger image is scaled down to fit), times a multiplier: 1.62, 2.46, 1.72, 1.62, 2.46.
 * `detail: "auto"` (what agora sends: no detail) is counted as high, the upper of the two.
 *
 * Gemini ("Image understanding", token counting): Gemini 2.x counts an image whose sides are both ≤ 384 px as 258
 * tokens; a larger one is cut into 768 × 768 tiles of 258 tokens each (⌈w/768⌉·⌈h/768⌉ here: how Gemini crops is not
 * published, so such counts are marked approximate); Gemini 1.5 counts 258 per image; Gemini 3 counts 1,120 per
 * image at its default (high) media resolution.
 */

/** How many tokens one image costs, and by which rule. */
export interface ImageTokens {
  tokens: number;
  /** The rule, for reports: "openai tile 2833+5667/tile: 1 tile", "gemini 258 per image (≤384 px)". */
  rule: string;
  /** True when the rule is not this model's published one (an unknown model name, or Gemini's tiling of a large image). */
  approximate: boolean;
}

interface TileRule { base: number; tile: number }
interface PatchRule { multiplier: number }

/** OpenAI model families, longest prefix first (a dated snapshot `gpt-4o-mini-2024-07-18` matches `gpt-4o-mini`). */
const OPENAI: [RegExp, TileRule | PatchRule][] = [
  [/^gpt-4o-mini/, { base: 2833, tile: 5667 }],
  [/^gpt-4\.1-mini/, { multiplier: 1.62 }],
  [/^gpt-4\.1-nano/, { multiplier: 2.46 }],
  [/^gpt-5-mini/, { multiplier: 1.62 }],
  [/^gpt-5-nano/, { multiplier: 2.46 }],
  [/^o4-mini/, { multiplier: 1.72 }],
  [/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5)/, { base: 85, tile: 170 }],
  [/^(o1|o3)(?!-mini)/, { base: 75, tile: 150 }],
  [/^gpt-5/, { base: 70, tile: 140 }],
  [/^computer-use-preview/, { base: 65, tile: 129 }],
];

const PATCH = 32;
const PATCH_BUDGET = 1536;

/**
 * Tokens of one image of `width` × `height` pixels sent to `provider:model`.
 * @example imageTokens("openai", "gpt-4o", 1024, 1024) // → { tokens: 765, rule: "openai tile 85+170/tile: 4 tiles", approximate: false }
 * @example imageTokens("gemini", "gemini-2.5-flash", 193, 193).tokens // → 258
 */
export function imageTokens(provider: string, model: string, width: number, height: number, detail: "low" | "high" | "auto" = "auto"): ImageTokens {
  if (provider === "gemini") return geminiImage(model, width, height);
  const found = OPENAI.find(([re]) => re.test(model));
  const rule = found?.[1] ?? { base: 85, tile: 170 };
  const approximate = !found;
  if ("multiplier" in rule) {
    const patches = patchCount(width, height);
    return { tokens: Math.ceil(patches * rule.multiplier), rule: `openai patches ×${rule.multiplier}: ${patches} patches`, approximate };
  }
  if (detail === "low") return { tokens: rule.base, rule: `openai low detail ${rule.base}`, approximate };
  const [w, h] = tileSize(width, height);
  const tiles = Math.ceil(w / 512) * Math.ceil(h / 512);
  return { tokens: rule.base + rule.tile * tiles, rule: `openai tile ${rule.base}+${rule.tile}/tile: ${tiles} tile${tiles === 1 ? "" : "s"}`, approximate };
}

/** The size a tile model sees: scaled down into 2048 × 2048, then down to a shorter side of 768 px at most. */
function tileSize(width: number, height: number): [number, number] {
  let w = width;
  let h = height;
  if (w > 2048 || h > 2048) {
    const s = 2048 / Math.max(w, h);
    w *= s;
    h *= s;
  }
  if (Math.min(w, h) > 768) {
    const s = 768 / Math.min(w, h);
    w *= s;
    h *= s;
  }
  return [Math.round(w), Math.round(h)];
}

/** 32-px patches of an image, scaled down (keeping whole patches along each side) when it has more than 1,536. */
function patchCount(width: number, height: number): number {
  const count = (w: number, h: number) => Math.ceil(w / PATCH) * Math.ceil(h / PATCH);
  if (count(width, height) <= PATCH_BUDGET) return count(width, height);
  const shrink = Math.sqrt((PATCH * PATCH * PATCH_BUDGET) / (width * height));
  const ws = (width * shrink) / PATCH;
  const hs = (height * shrink) / PATCH;
  const adjusted = shrink * Math.min(Math.floor(ws) / ws, Math.floor(hs) / hs);
  return Math.min(PATCH_BUDGET, count(Math.max(1, Math.floor(width * adjusted)), Math.max(1, Math.floor(height * adjusted))));
}

function geminiImage(model: string, width: number, height: number): ImageTokens {
  if (/^gemini-3/.test(model)) return { tokens: 1120, rule: "gemini 3: 1120 per image (high media resolution)", approximate: false };
  if (/^gemini-1\.5/.test(model)) return { tokens: 258, rule: "gemini 1.5: 258 per image", approximate: false };
  if (width <= 384 && height <= 384) return { tokens: 258, rule: "gemini 258 per image (both sides ≤ 384 px)", approximate: !/^gemini-2/.test(model) };
  const tiles = Math.ceil(width / 768) * Math.ceil(height / 768);
  return { tokens: 258 * tiles, rule: `gemini 258 per 768-px tile: ${tiles} tiles`, approximate: true };
}

/**
 * Width and height of a PNG or JPEG image from its header bytes.
 * @throws Error when the bytes are neither a PNG nor a JPEG with a frame header.
 * @example imageSize(pngBytes) // → { width: 193, height: 193 }
 */
export function imageSize(bytes: Uint8Array): { width: number; height: number } {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length >= 24 && b.readUInt32BE(0) === 0x89504e47 && b.toString("ascii", 12, 16) === "IHDR") {
    return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
  }
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xd8) {
    let i = 2;
    while (i + 9 < b.length) {
      if (b[i] !== 0xff) {
        i++;
        continue;
      }
      const marker = b[i + 1];
      // SOF0–SOF15 carry the frame size; DHT (C4), JPG (C8) and DAC (CC) share the range but do not.
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: b.readUInt16BE(i + 7), height: b.readUInt16BE(i + 5) };
      }
      if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
        i += 2;
        continue;
      }
      i += 2 + b.readUInt16BE(i + 2);
    }
  }
  throw new Error("not a PNG or JPEG image with a readable size");
}
