/** A registry holding only the synthetic mechanism, for `AGORA_REGISTRY` in tests (worker processes load it by path). */
import { syntheticRunner } from "./synthetic.js";

export const mechanisms = { synthetic: syntheticRunner };
