import { test } from "node:test";
import assert from "node:assert/strict";
import type { DisplayBundle } from "../plot/kernel.js";
import { createReporter, displayReporter, type ProgressEvent } from "./progress.js";

const ev = (done: number, elapsedMs: number, finished = false): ProgressEvent =>
  ({ name: "x", done, failed: 0, total: 100, skipped: 0, elapsedMs, finished });

/** What a notebook keeps: Jupyter's own rule (nbclient's), an update replaces the data of the display with its id. */
function notebookOutputs() {
  const outputs: { data: Record<string, unknown>; id: unknown }[] = [];
  const messages: boolean[] = [];
  const write = (bundle: DisplayBundle, update: boolean) => {
    messages.push(update);
    const id = bundle.transient?.display_id;
    if (!update) outputs.push({ data: bundle.data, id });
    else for (const o of outputs) if (o.id === id) o.data = bundle.data;
  };
  return { outputs, messages, write };
}

test("in a notebook, progress is one output updated in place and emptied at the end: no progress line is kept", () => {
  const nb = notebookOutputs();
  const r = displayReporter(nb.write, 500);
  const seen: string[] = [];
  for (let d = 0; d < 100; d++) {
    r.update(ev(d, d * 30));
    seen.push(String(nb.outputs[0]?.data["text/plain"]));
  }
  assert.equal(nb.outputs.length, 1, "one display output");
  assert.equal(nb.messages[0], false, "created once");
  assert.ok(nb.messages.slice(1).every((u) => u), "then only updated");
  // at most one update per 500 ms of run time: 0, 510, 1020, …, 2970 ms
  assert.equal(nb.messages.length, 6);
  assert.match(seen[50], /^x: 34\/100 cells \(34%\) · 0 failed · [\d.]+ cells\/s · ETA \d+s$/);
  r.update(ev(100, 3000, true));
  assert.deepEqual(nb.outputs[0].data, { "text/plain": "" }, "the line is emptied when the run ends");
  r.update(ev(100, 3100, true));
  r.stop();
  assert.equal(nb.messages.length, 7, "nothing after the end");
});

test("a run stopped before its end also empties the line; two runs in one cell get two displays", () => {
  const nb = notebookOutputs();
  const a = displayReporter(nb.write);
  const b = displayReporter(nb.write);
  a.update(ev(1, 0));
  b.update(ev(1, 0));
  a.stop();
  assert.equal(nb.outputs.length, 2);
  assert.notEqual(nb.outputs[0].id, nb.outputs[1].id);
  assert.deepEqual(nb.outputs[0].data, { "text/plain": "" });
  assert.match(String(nb.outputs[1].data["text/plain"]), /^x: 1\/100/);
});

test("a reporter that never showed anything writes nothing when it ends", () => {
  const nb = notebookOutputs();
  const r = displayReporter(nb.write);
  r.update(ev(100, 10, true));
  r.stop();
  assert.deepEqual(nb.messages, []);
});

test('outside a kernel, "line" prints lines and "none" prints nothing', () => {
  const lines: string[] = [];
  const log = console.log;
  console.log = (l: string) => lines.push(l);
  try {
    const r = createReporter("line");
    r.update(ev(100, 10, true));
    createReporter("none").update(ev(100, 10, true));
  } finally {
    console.log = log;
  }
  assert.equal(lines.length, 1);
  assert.match(lines[0], /done in 0\.0s$/);
});
