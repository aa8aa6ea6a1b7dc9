import { test } from "node:test";
import assert from "node:assert/strict";
import { redactText, stripUrlCredentials } from "./redact.js";

test("URL credentials, key parameters and key-like strings are removed", () => {
  assert.equal(stripUrlCredentials("https://bob:hunter2@proxy.example:8443/v1"), "https://proxy.example:8443/v1");
  assert.equal(stripUrlCredentials("http://127.0.0.1:8080/v1"), "http://127.0.0.1:8080/v1");
  const t = redactText("cannot reach http://alice:s3cret@10.0.0.1/v1 (key sk-proj-abcdefghijklmnop, url https://g.example/x?alt=json&key=AIzaSyA1234567890abcdefghijk&y=1, Bearer abcdefghijkl)");
  for (const secret of ["alice", "s3cret", "sk-proj-abcdefghijklmnop", "AIzaSyA1234567890abcdefghijk", "abcdefghijkl"]) assert.ok(!t.includes(secret), `${secret} in ${t}`);
  assert.match(t, /http:\/\/10\.0\.0\.1\/v1/);
  assert.match(t, /alt=json&key=\[redacted\]&y=1/);
  assert.equal(redactText("plain text, no secrets: sk-1"), "plain text, no secrets: sk-1");
});
