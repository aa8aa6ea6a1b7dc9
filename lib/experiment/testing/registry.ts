/** A registry holding only the test mechanism; point `AGORA_REGISTRY` at this file to use it from the CLI. */
import { echoRunner } from "./mechanism.js";

export const mechanisms = { echo: echoRunner };
