import fs from 'node:fs';

/**
 * The test runners' scratch files (data folders, databases, base copies, browser profiles) go to
 * memory: on the project's machines /tmp is a virtual disk where removing one test's data folder
 * (290 small files) took a second and SQLite's commits wait for the disk; /dev/shm is tmpfs.
 * Sets TMPDIR, which `os.tmpdir()` reads, for the runner and the processes it starts, unless it
 * is already set or /dev/shm cannot be written (ADR 039).
 */
export function useMemoryScratch(): void {
  if (process.env.TMPDIR) return;
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
  } catch {
    return;
  }
  process.env.TMPDIR = '/dev/shm';
}
