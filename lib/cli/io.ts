/** Where the CLI writes. Tests replace these two functions to capture output. Every line passes through redaction. */
import { redactText } from "../core/redact.js";

export const io = {
  out: (text: string): void => {
    process.stdout.write(redactText(text));
  },
  err: (text: string): void => {
    process.stderr.write(redactText(text));
  },
};
