// `npm run build:wasm`: compiles every lib/stats/kernels/*.wat (WebAssembly text, SIMD on) with wabt and writes the
// bytes beside it as a TypeScript module (`<name>-wasm.ts`, base64), so the library loads them without a file read or
// a build step. `lib/stats/kernels/kernels.test.ts` recompiles the sources and fails if a committed module is stale.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import wabtInit from "wabt";

const dir = fileURLToPath(new URL("../lib/stats/kernels/", import.meta.url));

/** The wasm bytes of one .wat source. */
export async function compileWat(name, text) {
  const wabt = await wabtInit();
  const mod = wabt.parseWat(name, text, { simd: true });
  try {
    mod.validate();
    return Buffer.from(mod.toBinary({ log: false, write_debug_names: false }).buffer);
  } finally {
    mod.destroy();
  }
}

/** The TypeScript module that carries `bytes`. */
export function moduleText(name, bytes) {
  const b64 = bytes.toString("base64").replace(/(.{100})/g, "$1\n");
  return `// Generated from ${name} by \`npm run build:wasm\` (scripts/build-wasm.mjs); do not edit.\n` +
    `export const WASM_BASE64 =\n  ${JSON.stringify(b64.split("\n").join(""))};\n`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const f of readdirSync(dir).filter((f) => f.endsWith(".wat")).sort()) {
    const bytes = await compileWat(f, readFileSync(join(dir, f), "utf8"));
    const out = join(dir, f.replace(/\.wat$/, "-wasm.ts"));
    writeFileSync(out, moduleText(f, bytes));
    console.log(`${f} → ${out} (${bytes.length} bytes)`);
  }
}
