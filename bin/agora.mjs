#!/usr/bin/env node
// The `agora` command. Runs the TypeScript CLI (lib/cli/main.ts) through tsx, so it works without a build.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../lib/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
