/**
 * The policies compared: the two baselines, gated coordination, and its four ablations.
 */
import { ConfigError } from "../core/errors.js";
import { POLICIES } from "./types.js";
import type { PolicyFlags, PolicyName } from "./types.js";

const TABLE: Record<PolicyName, Omit<PolicyFlags, "name">> = {
  free_chat: { freeChat: true, rigid: false, partition: false, decide: "always", fallback: true },
  rigid: { freeChat: false, rigid: true, partition: true, decide: "never", fallback: true },
  gated: { freeChat: false, rigid: false, partition: true, decide: "score+adjudicator", fallback: true },
  gated_no_partition: { freeChat: false, rigid: false, partition: false, decide: "score+adjudicator", fallback: true },
  gated_rules_only: { freeChat: false, rigid: false, partition: true, decide: "rules", fallback: true },
  gated_score_only: { freeChat: false, rigid: false, partition: true, decide: "score", fallback: true },
  gated_no_fallback: { freeChat: false, rigid: false, partition: true, decide: "score+adjudicator", fallback: false },
};

/**
 * The flags of a policy by name.
 * @throws ConfigError for an unknown policy name.
 * @example
 * policyFlags("gated_score_only").decide; // "score"
 */
export function policyFlags(name: string): PolicyFlags {
  if (!(POLICIES as readonly string[]).includes(name)) {
    throw new ConfigError({ path: ["policy"], message: `unknown policy "${name}"`, fix: `use one of: ${POLICIES.join(", ")}` });
  }
  return { name: name as PolicyName, ...TABLE[name as PolicyName] };
}
