#!/usr/bin/env node
// Registers the tslab kernel inside the project and prints how to start Jupyter with it.
import { ensureKernel, root } from "./jupyter.mjs";

try {
  const { env } = await ensureKernel();
  console.log(`tslab kernel registered under ${env.JUPYTER_PATH}`);
  console.log("Open the notebooks with:");
  console.log(`  cd ${root} && npm run build && JUPYTER_PATH=${env.JUPYTER_PATH} jupyter notebook notebooks/`);
  console.log("(or `jupyter lab notebooks/` where JupyterLab is installed; choose the kernel \"TypeScript\")");
} catch (e) {
  console.error(String(e.message ?? e));
  process.exit(1);
}
