import { test } from "node:test";
import assert from "node:assert/strict";
import { fixPdfDates } from "./render.js";

test("PDF export dates are replaced by a fixed date of the same length (offsets stay valid)", () => {
  const pdf = Buffer.from("%PDF-1.4\n<</Producer (Skia/PDF m156)\n/CreationDate (D:20261130163819+00'00')\n/ModDate (D:20261130163819+01'30')>>\n", "latin1");
  const out = fixPdfDates(pdf);
  assert.equal(out.length, pdf.length);
  const text = out.toString("latin1");
  assert.match(text, /\/CreationDate \(D:20000101000000\+00'00'\)/);
  assert.match(text, /\/ModDate \(D:20000101000000\+00'00'\)/);
  assert.doesNotMatch(text, /2026/);
});
