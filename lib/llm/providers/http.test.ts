// The keep-alive fetch handed to the SDKs: status, headers, bodies, errors and aborts behave like fetch's.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createServer } from "node:http";
import { createNodeFetch } from "./http.js";

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
}

test("posts a body with headers and returns status, headers and JSON", async () => {
  const s = await serve((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      res.writeHead(201, { "content-type": "application/json", "x-echo": String(req.headers["x-test"]), "set-cookie": ["a=1", "b=2"] });
      const extra = req.url?.startsWith("/q") ? { url: req.url, auth: req.headers.authorization } : {};
      res.end(JSON.stringify({ got: body ? JSON.parse(body) : null, method: req.method, length: req.headers["content-length"], ...extra }));
    });
  });
  try {
    const f = createNodeFetch();
    const res = await f(`${s.url}/x`, { method: "POST", headers: new Headers({ "X-Test": "yes" }), body: JSON.stringify({ a: "é" }) });
    assert.equal(res.status, 201);
    assert.equal(res.headers.get("x-echo"), "yes");
    assert.deepEqual(await res.json(), { got: { a: "é" }, method: "POST", length: "10" });
    const empty = await f(`${s.url}/y`, { headers: { accept: "application/json" } });
    assert.equal(empty.status, 201);
    assert.equal(empty.ok, true);
    const copy = empty.clone();
    assert.match(await empty.text(), /"method":"GET"/);
    await assert.rejects(empty.text(), /already been used/);
    const reader = copy.body!.getReader();
    const first = await reader.read();
    assert.match(Buffer.from(first.value!).toString(), /"method":"GET"/);
    // The path keeps its query; credentials in the URL become basic auth; a parsed URL is reused across calls.
    for (let i = 0; i < 2; i++) {
      const q = await f(`${s.url.replace("http://", "http://user:p%40ss@")}/q?a=1&b=${i}`);
      assert.deepEqual(await q.json(), { got: null, method: "GET", url: `/q?a=1&b=${i}`, auth: `Basic ${Buffer.from("user:p@ss").toString("base64")}` });
    }
  } finally {
    await s.close();
  }
});

test("a 204 has a null body; a refused connection rejects; an abort rejects with AbortError", async () => {
  const s = await serve((req, res) => {
    if (req.url === "/none") {
      res.writeHead(204);
      res.end();
    }
    // other paths never answer
  });
  const f = createNodeFetch();
  try {
    const none = await f(`${s.url}/none`);
    assert.equal(none.status, 204);
    assert.equal(none.body, null);
    const controller = new AbortController();
    const pending = f(`${s.url}/hang`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await assert.rejects(pending, { name: "AbortError" });
    await assert.rejects(f(`${s.url}/x`, { signal: AbortSignal.abort() }), { name: "AbortError" });
  } finally {
    await s.close();
  }
  await assert.rejects(f(`${s.url}/gone`), { code: "ECONNREFUSED" });
});
