/**
 * namesSomeone (referents.ts): the one check the state rules use to refuse a value that names a speaker, a person
 * named in the session or an entity whose value is known.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { addPerson, namesSomeone, type SessionContext } from "./referents.js";

test("namesSomeone: whole speaker names always, first names only when asked, against the value or its first word", () => {
  const ctx: SessionContext = { speakers: ["Ann Lee", "Ben"] };
  assert.equal(namesSomeone(ctx, "Ann Lee"), true);
  assert.equal(namesSomeone(ctx, "Ann"), false);
  assert.equal(namesSomeone(ctx, "Ann", { firstName: "value" }), true);
  assert.equal(namesSomeone(ctx, "Ann Street", { firstName: "value" }), false);
  assert.equal(namesSomeone(ctx, "Ann Street", { firstName: "first" }), true);
  assert.equal(namesSomeone(ctx, "Leeds", { firstName: "first", gendered: true, known: true }), false);
});

test("namesSomeone: people named in the session, gendered ones only when asked; known entities only when asked", () => {
  const ctx: SessionContext = { speakers: ["Ann", "Ben"], known: { Callum: { workplace: "Cairngorm" } } };
  addPerson(ctx, { name: "Ann's sister", gender: "f", turn: "D1:1" });
  addPerson(ctx, { name: "Brodie", turn: "D1:2" });
  assert.equal(namesSomeone(ctx, "Ann's sister", { gendered: true }), true);
  assert.equal(namesSomeone(ctx, "Brodie"), true);
  assert.equal(namesSomeone(ctx, "Brodie", { gendered: true }), false);
  assert.equal(namesSomeone(ctx, "Callum"), false);
  assert.equal(namesSomeone(ctx, "Callum", { known: true }), true);
});
