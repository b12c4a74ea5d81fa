import fs from 'node:fs';

/** Removes the server's temporary data folder once the run is over. */
export default function globalTeardown(): void {
  const dataDir = process.env.E2E_DATA_DIR;
  if (dataDir && dataDir.includes('sodalis-e2e-'))
    fs.rmSync(dataDir, { recursive: true, force: true });
}
