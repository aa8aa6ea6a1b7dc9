// The keep-alive client (node:http agents) and the fetch on top of it handed to the SDKs: status, headers, bodies,
// errors and aborts behave like fetch's and node:http's; connections are kept alive and never keep the process alive.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createHttpClient, createNodeFetch } from "./http.js";
import type { Cancel } from "./common.js";

async function serve(handler: Parameters<typeof createServer>[1]) {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  let connections = 0;
  server.on("connection", () => connections++);
  return { url: `http://127.0.0.1:${port}`, connections: () => connections, close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }) };
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

test("the raw client keeps connections alive, joins repeated headers and maps a dropped connection to ECONNRESET", async () => {
  let connections = 0;
  const s = await serve((req, res) => {
    if (req.url === "/drop") return req.socket.destroy();
    res.writeHead(200, [["X-Multi", "a"], ["x-multi", "b"], ["Content-Type", "text/plain"]]);
    res.end(`ok ${req.method} ${req.url}`);
  });
  try {
    const client = createHttpClient({ maxSockets: 4 });
    for (let i = 0; i < 5; i++) {
      const r = await client(`${s.url}/seq?i=${i}`);
      assert.equal(r.status, 200);
      assert.equal(r.statusText, "OK");
      assert.equal(r.body.toString(), `ok GET /seq?i=${i}`);
      assert.equal(r.header("X-MULTI"), "a, b");
      assert.equal(r.header("missing"), null);
      assert.deepEqual(r.rawHeaders.slice(0, 4), ["X-Multi", "a", "x-multi", "b"]);
    }
    const all = await Promise.all(Array.from({ length: 12 }, (_, i) => client(`${s.url}/par`, { method: "POST", body: `b${i}` })));
    assert.ok(all.every((r) => r.body.toString() === "ok POST /par"));
    await assert.rejects(client(`${s.url}/drop`), { code: "ECONNRESET" });
  } finally {
    connections = s.connections();
    await s.close();
  }
  // one connection for the sequential calls, at most maxSockets for the parallel ones, one for the dropped call
  assert.ok(connections >= 2 && connections <= 6, `connections opened: ${connections}`);
});

test("cancel.abort stops a request in flight and one still waiting for a connection, each with AbortError", { timeout: 10_000 }, async () => {
  const s = await serve(() => undefined); // never answers
  try {
    const client = createHttpClient({ maxSockets: 1 });
    const first: Cancel = {};
    const second: Cancel = {};
    const a = client(`${s.url}/a`, { cancel: first });
    const b = client(`${s.url}/b`, { cancel: second }); // queued behind a: the pool has one connection
    await new Promise((r) => setTimeout(r, 30));
    second.abort?.(new Error("time is up"));
    await assert.rejects(b, { name: "AbortError" });
    first.abort?.(new Error("time is up"));
    await assert.rejects(a, { name: "AbortError" });
    const signal = AbortSignal.timeout(20);
    await assert.rejects(client(`${s.url}/c`, { signal }), { name: "AbortError" });
  } finally {
    await s.close();
  }
});

test("https with URL credentials as basic auth; an idle keep-alive connection does not keep the process alive", { timeout: 40_000 }, async () => {
  const dir = await mkdtemp(join(tmpdir(), "agora-http-"));
  const server = createTlsServer({ key: TEST_KEY, cert: TEST_CERT, keepAliveTimeout: 60_000 }, (req, res) => res.end(`${req.url} ${req.headers.authorization}`));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const port = (server.address() as { port: number }).port;
  try {
    await writeFile(join(dir, "ca.pem"), TEST_CERT);
    const module = fileURLToPath(new URL("./http.ts", import.meta.url));
    const script = `import { createHttpClient } from ${JSON.stringify(module)};
      const r = await createHttpClient()("https://u:p%40ss@127.0.0.1:${port}/tls?x=1");
      console.log(r.status, r.body.toString());`;
    const started = performance.now();
    const out = await new Promise<string>((resolve, reject) =>
      execFile(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { env: { ...process.env, NODE_EXTRA_CA_CERTS: join(dir, "ca.pem") }, timeout: 30_000 }, (err, stdout, stderr) =>
        err ? reject(new Error(`${err.message}\n${stderr}`)) : resolve(stdout),
      ),
    );
    assert.equal(out.trim(), `200 /tls?x=1 Basic ${Buffer.from("u:p@ss").toString("base64")}`);
    // the server would hold the connection for 60 s: the child exited on its own well before
    assert.ok(performance.now() - started < 25_000);
  } finally {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    await rm(dir, { recursive: true, force: true });
  }
});

// A self-signed certificate for 127.0.0.1 made for this test only (openssl req -x509 -newkey ec, 100 years).
const TEST_CERT = `-----BEGIN CERTIFICATE-----
MIIBkTCCATagAwIBAgIUCCeX7zaXL6Dgfp6BV0L5bA7qv/gwCgYIKoZIzj0EAwIw
FDESMBAGA1UEAwwJMTI3LjAuMC4xMCAXDTI2MTIwMjE2NTk1MVoYDzIxMjYxMTA4
MTY1OTUxWjAUMRIwEAYDVQQDDAkxMjcuMC4wLjEwWTATBgcqhkjOPQIBBggqhkjO
PQMBBwNCAAReOfEZdlvCO2P1dNhAl8RDeHEl8lGr/beFsZnfLPqR4vngIOF3Uenj
pJMJE2cI+c204LokG+eO6kFO+i+Tq3C1o2QwYjAdBgNVHQ4EFgQUNubsWAx00PIb
sykaXNw6xHNnFDIwHwYDVR0jBBgwFoAUNubsWAx00PIbsykaXNw6xHNnFDIwDwYD
VR0TAQH/BAUwAwEB/zAPBgNVHREECDAGhwR/AAABMAoGCCqGSM49BAMCA0kAMEYC
IQCeaQGXF8sLu3q7Ki63NhP3/jzW7KPEZ16RDsqGLQPL8wIhAIndjjNzbuVPlxAc
/PI3VQQJLCwiIpWgElB6YM31EeDc
-----END CERTIFICATE-----
`;
const TEST_KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQg02dgAM77sBtxM4Ue
Zl91cj76ajekQsQybvniRqMx1fahRANCAAReOfEZdlvCO2P1dNhAl8RDeHEl8lGr
/beFsZnfLPqR4vngIOF3UenjpJMJE2cI+c204LokG+eO6kFO+i+Tq3C1
-----END PRIVATE KEY-----
`;
