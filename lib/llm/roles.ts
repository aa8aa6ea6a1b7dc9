import { addressRole } from "../core/model.js";

/**
 * Output-token defaults by call role, used when a request gives no `maxTokens`: the tpm limiter reserves them and
 * the budget estimates their cost before a request is sent (both are corrected by the real usage afterwards).
 * They are generous upper estimates of what each role's structured reply needs, not measurements; give
 * `maxTokens` to bound a call exactly.
 */
export const ROLE_OUTPUT_TOKENS: Record<string, number> = {
  reasoner: 600,
  speaker: 400,
  summarizer: 500,
  adjudicator: 300,
  chatter: 400,
  executor: 600,
  judge: 300,
  extractor: 800,
  answerer: 300,
  scorer: 100,
};

/** Output tokens reserved for a call without `maxTokens` and without a known role. */
export const DEFAULT_OUTPUT_TOKENS = 800;

/** Roles of recent addresses (cleared when it holds 4,096). */
const roles = new Map<string, string | undefined>();

/**
 * The role of an address string `mechanism/cell/seed=n/role/step=i/agent=a/sample=k` (between `seed=n/` and
 * `/step=`, so a cell or a step holding "/" does not matter), or undefined.
 * @example roleOf("tbs/mode=willing/seed=3/reasoner/step=4/agent=2/sample=0") // → "reasoner"
 */
export function roleOf(address: string | undefined): string | undefined {
  if (address === undefined) return undefined;
  // a call's role is looked up several times (limits, budget, estimates): each address is parsed once
  let role = roles.get(address);
  if (role === undefined && !roles.has(address)) {
    if (roles.size >= 4096) roles.clear();
    roles.set(address, (role = addressRole(address)));
  }
  return role;
}

/**
 * Where `createModel` puts the role of a call's address (`addressRole`, or null for none), parsed once when the call
 * enters it: the limits, the estimates and the budget read it several times per call (`requestRole`), and a lookup
 * by address in `roles` above costs more than that (every call has an address of its own, so each one was parsed,
 * inserted and later cleared).
 */
export const ROLE = Symbol("agora.llm.role");

/**
 * The role of a request's address: the one `createModel` parsed (`ROLE`), else `roleOf` its address string.
 * @example requestRole({ address: "tbs/c/seed=1/reasoner/step=0/agent=-/sample=0" }) // → "reasoner"
 */
export function requestRole(req: { address?: unknown; [ROLE]?: string | null }): string | undefined {
  const parsed = req[ROLE];
  if (parsed !== undefined) return parsed ?? undefined;
  return typeof req.address === "string" ? roleOf(req.address) : undefined;
}

/** Output tokens reserved for a call of `role` without `maxTokens`: its default, else `DEFAULT_OUTPUT_TOKENS`. */
export function roleOutputTokens(role: string | undefined): number {
  return (role && ROLE_OUTPUT_TOKENS[role]) || DEFAULT_OUTPUT_TOKENS;
}

/**
 * Output tokens to reserve for a call: its `maxTokens`, else its role's default, else `DEFAULT_OUTPUT_TOKENS`.
 * @example outputTokensFor(undefined, "nous/c/seed=1/scorer/step=0/agent=-/sample=0") // → 100
 */
export function outputTokensFor(maxTokens: number | undefined, address: string | undefined): number {
  if (maxTokens !== undefined) return maxTokens;
  return roleOutputTokens(roleOf(address));
}
