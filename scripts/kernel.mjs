#!/usr/bin/env node
// Registers the tslab kernel inside the project (installing the Jupyter environment first if needed) and prints how
// to open the notebooks with it.
import { ensureKernel, root } from "./jupyter.mjs";

try {
  const { env, kind } = await ensureKernel();
  console.log(`tslab kernel registered under ${env.JUPYTER_PATH}`);
  console.log("Open the notebooks with:");
  console.log(`  cd ${root} && npm run lab`);
  if (kind === "venv") {
    console.log("(or by hand: npm run build, then JUPYTER_PATH=.jupyter/share/jupyter JUPYTER_CONFIG_PATH=jupyter .venv/bin/jupyter lab)");
  } else {
    console.log("(JupyterLab is not installed here: npm run lab starts Debian's Jupyter Notebook 6)");
  }
} catch (e) {
  console.error(String(e.message ?? e));
  process.exit(1);
}
