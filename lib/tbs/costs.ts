/**
 * The `costs` table: per interval, the LLM calls the protocol makes, their input and output tokens, and the
 * utterances. It measures the paper's efficiency claim (in TBS non-speakers generate no public text) against the
 * baselines.
 *
 * - LLM runs: every call's `GenerateResult.usage` (what the provider billed), summed per interval.
 * - Offline runs: the calls the same protocol would make on an LLM, with the tokens of rendered prompts and of the
 *   offline replies as JSON, counted with OpenAI's o200k_base encoding (`countRequestTokens`, as gpt-4o-mini). To stay
 *   fast, only `costSamplePerInterval` calls of each role per interval are rendered and tokenized (a deterministic
 *   rotating choice of agents); their mean is scaled to the interval's calls. These rows say `token_source:
 *   "offline-rendered-sample"`; they estimate what an LLM would be sent, not what it would write.
 */
import { countRequestTokens, countTokens } from "../llm/tokens.js";

export type Role = "reasoner" | "speaker" | "summarizer";

/** One sampled call: the rendered request and the reply text it would get. */
export interface RenderedCall {
  system: string;
  user: string;
  reply: string;
}

interface Acc {
  calls: number;
  inSum: number;
  outSum: number;
  sampledIn: number[];
  sampledOut: number[];
}

/** Collects the calls of one interval, by role. */
export class CostMeter {
  private acc = new Map<Role, Acc>();

  constructor(private readonly offline: boolean, private readonly sample: number) {}

  private get(role: Role): Acc {
    let a = this.acc.get(role);
    if (!a) this.acc.set(role, (a = { calls: 0, inSum: 0, outSum: 0, sampledIn: [], sampledOut: [] }));
    return a;
  }

  /** An LLM call with its reported usage. */
  used(role: Role, inputTokens: number, outputTokens: number): void {
    const a = this.get(role);
    a.calls++;
    a.inSum += inputTokens;
    a.outSum += outputTokens;
  }

  /**
   * `n` offline calls of a role; `render(k)` renders the k-th of them (called for at most `sample` of them, chosen
   * deterministically from `offset`).
   */
  offlineCalls(role: Role, n: number, offset: number, render: (k: number) => RenderedCall): void {
    const a = this.get(role);
    a.calls += n;
    const m = Math.min(n, this.sample);
    for (let j = 0; j < m; j++) {
      const c = render((offset + Math.floor((j * n) / m)) % n);
      a.sampledIn.push(countRequestTokens(c.system, [{ role: "user", content: c.user }]).tokens);
      a.sampledOut.push(countTokens(c.reply).tokens);
    }
  }

  /** The interval's totals; resets the meter. Offline token columns are null when nothing was sampled. */
  take(): { calls: number; input_tokens: number | null; output_tokens: number | null; by_role: Record<string, number> } {
    let calls = 0, inp = 0, out = 0, missing = false;
    const byRole: Record<string, number> = {};
    for (const [role, a] of this.acc) {
      calls += a.calls;
      byRole[role] = a.calls;
      if (!this.offline) {
        inp += a.inSum;
        out += a.outSum;
      } else if (a.calls > 0) {
        if (a.sampledIn.length === 0) missing = true;
        else {
          const mean = (xs: number[]) => xs.reduce((s, x) => s + x, 0) / xs.length;
          inp += mean(a.sampledIn) * a.calls;
          out += mean(a.sampledOut) * a.calls;
        }
      }
    }
    this.acc.clear();
    return { calls, input_tokens: missing ? null : Math.round(inp), output_tokens: missing ? null : Math.round(out), by_role: byRole };
  }
}
