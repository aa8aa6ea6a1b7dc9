import { test } from "node:test";
import assert from "node:assert/strict";
import { ConfigError, DependencyError } from "../core/errors.js";
import { closeBrowser } from "./browser.js";
import { lineChart } from "./lines.js";
import { renderSVG } from "./render.js";
import { save } from "./save.js";

test("a missing Chromium gives a DependencyError naming the Debian package", async () => {
  const before = process.env.AGORA_CHROMIUM;
  process.env.AGORA_CHROMIUM = "/nonexistent/chromium";
  try {
    await assert.rejects(renderSVG(lineChart([{ name: "a", x: [1], y: [1] }])), (e: unknown) => {
      assert.ok(e instanceof DependencyError);
      assert.equal(e.missing, "chromium");
      assert.match(e.message, /apt-get install chromium/);
      assert.match(e.message, /\/nonexistent\/chromium/);
      return true;
    });
  } finally {
    if (before === undefined) delete process.env.AGORA_CHROMIUM;
    else process.env.AGORA_CHROMIUM = before;
    await closeBrowser();
  }
});

test("save refuses unknown formats and non-positive sizes before starting a browser", async () => {
  const fig = lineChart([{ name: "a", x: [1], y: [1] }]);
  await assert.rejects(save(fig, "/tmp/never", { formats: ["gif" as "svg"] }), ConfigError);
  await assert.rejects(save(fig, "/tmp/never", { width: 0 }), ConfigError);
});
