/** Questions answered late or loosely: a still-remark ending in "then", a reply opening with a greeting and the
 * asker's name, and a question the session ended on, answered when the next one opens; on turns written here. */
import { test } from "node:test";
import assert from "node:assert/strict";
import { extract, type SessionContext } from "./extractor.js";
import { nextSession } from "./referents.js";
import { talkLines, tripleLine } from "./testing.js";

const talk = (turns: [string, string][]) => talkLines(turns, ["home", "workplace"]);

test("'Still at X then' presumes the listener's value, which a reply confirms", () => {
  assert.deepEqual(talk([["Ann", "Still at Hartley & Finch then"], ["Bob", "Still there. Six years in March, scary"]]), ["Bob | workplace | Hartley & Finch"]);
  assert.deepEqual(talk([["Ann", "So still in Leeds then."], ["Bob", "Yep, same flat"]]), ["Bob | home | Leeds"]);
  // an exclamation is the speaker's own news, and without "then" it stays a statement
  assert.deepEqual(talk([["Ann", "Still at Hartley & Finch!"]]), ["Ann | workplace | Hartley & Finch"]);
  assert.deepEqual(talk([["Ann", "Still at Hartley & Finch."]]), ["Ann | workplace | Hartley & Finch"]);
});

test("a reply that greets the asker by name before it names the new job", () => {
  assert.deepEqual(talk([["Bob", "Ann!! how is the new gig treating you"], ["Ann", "Sasa Bob! It's good, very different from our chaos. PesaFlo is like 40 people but they actually write design docs"]]), ["Ann | workplace | PesaFlo | 0.5"]);
  assert.deepEqual(talk([["Bob", "how is the new gig treating you"], ["Ann", "Hola Bob! All good."]]), []);
});

test("a where- or still-question the session ended on is answered when the next session opens", () => {
  const ctx: SessionContext = { speakers: ["Ann", "Bob"] };
  const lines = (id: string, speaker: string, text: string, c: SessionContext) => extract({ id, speaker, text, timestamp: 0 }, c).triples.filter((t) => t.attribute === "home").map(tripleLine);
  assert.deepEqual(lines("D1:1", "Bob", "you get used to it. you still in Brighton?", ctx), []);
  assert.deepEqual(lines("D2:1", "Ann", "Hove actually, very important distinction.", nextSession(ctx, ["Ann", "Bob"])), ["Ann | home | Hove"]);
  // answered in its own session, it is not asked again
  const done: SessionContext = { speakers: ["Ann", "Bob"] };
  lines("D1:1", "Bob", "you still in Brighton?", done);
  lines("D1:2", "Ann", "Yep.", done);
  assert.deepEqual(lines("D2:1", "Ann", "Hove actually, very important distinction.", nextSession(done, ["Ann", "Bob"])), []);
});
