import { afterEach, vi } from 'vitest';

/** A stray console.error or console.warn fails the test that caused it (docs/architecture.md, "Code and test conventions"). */
const strays: string[] = [];

for (const method of ['error', 'warn'] as const) {
  vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
    strays.push(`console.${method}: ${args.map(String).join(' ')}`);
  });
}

afterEach(() => {
  if (strays.length === 0) return;
  const found = strays.splice(0);
  throw new Error(`Messaggi inattesi sulla console:\n${found.join('\n')}`);
});
