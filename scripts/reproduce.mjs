#!/usr/bin/env node
// The main job: installs what is needed, then `agora reproduce`: every mechanism's default config on the
// offline models, every notebook executed (outputs saved in place), every figure exported to figures/.
//   npm run reproduce                 quick profile (minutes)
//   npm run reproduce -- --profile full
import { spawnSync } from "node:child_process";
import { setup } from "./setup.mjs";

try {
  await setup({ browser: true });
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
const root = new URL("..", import.meta.url).pathname;
const res = spawnSync(process.execPath, ["bin/agora.mjs", "reproduce", ...process.argv.slice(2)], { cwd: root, stdio: "inherit" });
process.exit(res.status ?? 1);
