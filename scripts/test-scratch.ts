import fs from 'node:fs';

/** Below this much free memory in /dev/shm (a container's default is 64 MB), the disk is kept. */
const MINIMUM_FREE_BYTES = 2 * 1024 ** 3;

/**
 * The test runners' scratch files (data folders, databases, base copies, browser profiles) go to
 * memory: on the project's machines /tmp is a virtual disk where removing one test's data folder
 * (290 small files) took a second and SQLite's commits wait for the disk; /dev/shm is tmpfs.
 * Sets TMPDIR, which `os.tmpdir()` reads, for the runner and the processes it starts, unless it
 * is already set, or /dev/shm cannot be written or has less than 2 GB free (ADR 039).
 */
export function useMemoryScratch(): void {
  if (process.env.TMPDIR) return;
  try {
    fs.accessSync('/dev/shm', fs.constants.W_OK);
    const { bavail, bsize } = fs.statfsSync('/dev/shm');
    if (bavail * bsize < MINIMUM_FREE_BYTES) return;
  } catch {
    return;
  }
  process.env.TMPDIR = '/dev/shm';
}
