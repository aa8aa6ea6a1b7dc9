/**
 * Provenance of a model for a run's manifest: provider, model, the effective base URL (credentials stripped) and
 * where it came from, the SDK versions and the client that carried the requests, what the server reported about itself (model snapshot, system
 * fingerprint), parameters the server refused, and warnings (a floating alias). Never a key.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { stripUrlCredentials } from "../core/redact.js";
import { floatingAliasWarning } from "./models.js";
import type { ProviderInfo } from "./providers/openai.js";
import type { ResolvedSpec } from "./spec.js";

export interface Provenance {
  provider: string;
  model: string;
  /** The base URL requests go to, without credentials. */
  baseURL: string;
  baseURLSource: "spec" | "OPENAI_BASE_URL" | "default";
  /** The installed SDK versions (`@google/genai` for Gemini; `openai` is installed but not on the request path). */
  sdk: { openai?: string; "@google/genai"?: string };
  /** What carried the requests: "chat completions over node:http (agora)" or "@google/genai <version>". */
  client: string;
  /** What the server's replies said: OpenAI `model` and `system_fingerprint`, Gemini `modelVersion`. */
  reported: { model?: string; systemFingerprint?: string };
  /** Request parameters left out after the server named them unsupported (a 400, retried without them). */
  droppedParams: string[];
  warnings: string[];
}

export const DEFAULT_BASE_URLS = { openai: "https://api.openai.com/v1", gemini: "https://generativelanguage.googleapis.com" } as const;

let versions: Provenance["sdk"] | undefined;

/** Installed versions of the SDKs (read from their package.json once). */
export function sdkVersions(): Provenance["sdk"] {
  if (versions) return versions;
  const require = createRequire(import.meta.url);
  const versionOf = (name: string): string | undefined => {
    try {
      let dir = dirname(require.resolve(name));
      for (let i = 0; i < 6; i++, dir = dirname(dir)) {
        const file = join(dir, "package.json");
        if (existsSync(file)) {
          const pkg = JSON.parse(readFileSync(file, "utf8")) as { name?: string; version?: string };
          if (pkg.name === name) return pkg.version;
        }
      }
    } catch {
      // not installed
    }
    return undefined;
  };
  versions = { openai: versionOf("openai"), "@google/genai": versionOf("@google/genai") };
  return versions;
}

/** The provenance of a resolved spec and what its provider has learnt so far. */
export function provenanceOf(spec: ResolvedSpec, info: ProviderInfo): Provenance {
  const base = spec.baseURL ?? (spec.provider === "gemini" ? DEFAULT_BASE_URLS.gemini : DEFAULT_BASE_URLS.openai);
  const warnings: string[] = [];
  const alias = floatingAliasWarning(spec.provider, spec.model);
  if (alias) warnings.push(alias);
  return {
    provider: spec.provider,
    model: spec.model,
    baseURL: stripUrlCredentials(base),
    baseURLSource: spec.baseURLSource,
    sdk: { ...sdkVersions() },
    client: spec.provider === "gemini" ? `@google/genai ${sdkVersions()["@google/genai"] ?? "(version unknown)"}` : "chat completions over node:http (agora)",
    reported: { ...info.reported },
    droppedParams: [...info.droppedParams],
    warnings,
  };
}
