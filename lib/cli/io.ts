/** Where the CLI writes. Tests replace these two functions to capture output. */
export const io = {
  out: (text: string): void => {
    process.stdout.write(text);
  },
  err: (text: string): void => {
    process.stderr.write(text);
  },
};
