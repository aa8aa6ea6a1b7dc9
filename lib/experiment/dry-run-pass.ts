/**
 * One pass of the dry run: the sampled cells run through the mechanism against the stand-in model, with one
 * assumption about reply lengths, and every recorded request counted as the provider bills it.
 */
import { cellAddresser, type MechanismRunner } from "../core/mechanism.js";
import { createRng } from "../core/rng.js";
import type { ResolvedConfig } from "./config.js";
import type { Cell } from "./grid.js";
import { specLabel } from "./model.js";
import type { RecordedCall } from "./stand-in.js";

/** What the dry run needs of a plan (a `RunPlan` is one). */
export interface DryRunPlan {
  config: Pick<ResolvedConfig, "name" | "mechanism" | "profile" | "grid" | "seeds" | "model" | "file" | "outputTokens">;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  runner: MechanismRunner<any>;
  params: unknown;
  cells: Cell[];
  dir: string;
  hash: string;
}

/** What one pass measured on the sample (not yet scaled to the run). */
export interface PassResult {
  calls: RecordedCall[];
  /** Per condition key: each sampled cell's calls, input and output tokens. */
  perKey: Map<string, { calls: number; input: number; output: number }[]>;
  byRole: Record<string, { calls: number; inputTokens: number; outputTokens: number; imageTokens: number; schemaTokens: number }>;
  textTokens: number;
  schemaTokens: number;
  /** Image parts by size and rule. */
  images: Map<string, { width: number; height: number; parts: number; tokensEach: number; rule: string }>;
  tokenizer: string;
  approximate: boolean;
}

/**
 * Runs the sample once. `replyTokens` gives each call's reply length; without it replies are short.
 * @example const p = await measureSample(plan, sample, (c) => c.maxTokens ?? 300); p.perKey.get("mode=willing");
 */
export async function measureSample(plan: DryRunPlan, sample: Cell[], replyTokens: ((c: { role: string; maxTokens?: number }) => number) | undefined): Promise<PassResult> {
  const label = specLabel(plan.config.model);
  const [provider, ...rest] = label.split(":");
  const modelName = rest.join(":");
  const { countRequest, countTokens, schemaWireText } = await import("../llm/tokens.js");
  const { standInModel } = await import("./stand-in.js");
  const count = (text: string) => countTokens(text, provider, modelName).tokens;
  const schemaText = new Map<unknown, Map<string, string>>();
  const out: PassResult = { calls: [], perKey: new Map(), byRole: {}, textTokens: 0, schemaTokens: 0, images: new Map(), tokenizer: "", approximate: false };
  for (const cell of sample) {
    const m = standInModel(label, cell.seed, replyTokens ? { replyTokens, count } : {});
    await plan.runner.runCell({
      runId: cell.runId, seed: cell.seed, condition: { ...cell.condition }, params: structuredClone(plan.params),
      model: { kind: "llm", llm: m }, rng: createRng(cell.seed).fork(plan.config.mechanism, cell.runId),
      address: cellAddresser(plan.config.mechanism, cell.key, cell.seed),
    });
    let input = 0;
    let output = 0;
    for (const call of m.calls) {
      let wire: string | undefined;
      if (call.schema) {
        const name = call.schemaName ?? "reply";
        const byName = schemaText.get(call.schema) ?? new Map<string, string>();
        schemaText.set(call.schema, byName);
        wire = byName.get(name) ?? schemaWireText(provider, call.schema, name);
        byName.set(name, wire);
      }
      const t = countRequest({ system: call.system, messages: call.messages, schemaText: wire }, provider, modelName);
      const o = count(call.reply);
      out.approximate ||= t.approximate;
      out.tokenizer = t.encoding;
      input += t.tokens;
      output += o;
      out.textTokens += t.text;
      out.schemaTokens += t.schemaTokens;
      const r = (out.byRole[call.role] ??= { calls: 0, inputTokens: 0, outputTokens: 0, imageTokens: 0, schemaTokens: 0 });
      r.calls++;
      r.inputTokens += t.tokens;
      r.outputTokens += o;
      r.imageTokens += t.imageTokens;
      r.schemaTokens += t.schemaTokens;
      for (const img of t.images) {
        const k = `${img.width}x${img.height} ${img.rule}`;
        const e = out.images.get(k) ?? { width: img.width, height: img.height, parts: 0, tokensEach: img.tokens, rule: img.rule };
        e.parts++;
        out.images.set(k, e);
      }
    }
    out.calls.push(...m.calls);
    out.perKey.set(cell.key, [...(out.perKey.get(cell.key) ?? []), { calls: m.calls.length, input, output }]);
  }
  return out;
}
