/** Prints a figure a test saw, for the record (a note for the reader, never an assertion). */
export function recordFigure(...parts: unknown[]): void {
  process.stdout.write(
    `${parts.map((part) => (typeof part === 'string' ? part : JSON.stringify(part))).join(' ')}\n`,
  );
}
