import { test } from "node:test";
import assert from "node:assert/strict";
import { fixPdfDates, sortedAttributes } from "./render.js";

test("PDF export dates are replaced by a fixed date of the same length (offsets stay valid)", () => {
  const pdf = Buffer.from("%PDF-1.4\n<</Producer (Skia/PDF m156)\n/CreationDate (D:20261130163819+00'00')\n/ModDate (D:20261130163819+01'30')>>\n", "latin1");
  const out = fixPdfDates(pdf);
  assert.equal(out.length, pdf.length);
  const text = out.toString("latin1");
  assert.match(text, /\/CreationDate \(D:20000101000000\+00'00'\)/);
  assert.match(text, /\/ModDate \(D:20000101000000\+00'00'\)/);
  assert.doesNotMatch(text, /2026/);
});

test("an SVG's attributes are put in name order, so that two orders of setting them give the same bytes", () => {
  const a = '<svg class="main-svg" width="640" style="" viewBox="0 0 640 400"><text x="0" transform="translate(9,0)" style="fill: red;">1 &quot;a&quot; b=c</text><g/></svg>';
  const b = '<svg class="main-svg" width="640" viewBox="0 0 640 400" style=""><text x="0" style="fill: red;" transform="translate(9,0)">1 &quot;a&quot; b=c</text><g/></svg>';
  assert.notEqual(a, b);
  assert.equal(sortedAttributes(a), sortedAttributes(b));
  assert.equal(sortedAttributes(a), '<svg class="main-svg" style="" viewBox="0 0 640 400" width="640"><text style="fill: red;" transform="translate(9,0)" x="0">1 &quot;a&quot; b=c</text><g/></svg>');
  // a self-closing tag keeps its slash, and text outside tags is left as it is
  assert.equal(sortedAttributes('<path d="M0" class="p"/> x="1"'), '<path class="p" d="M0"/> x="1"');
});
