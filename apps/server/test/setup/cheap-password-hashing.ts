import type * as Argon2 from 'argon2';
import { vi } from 'vitest';

/**
 * Test runs only: passwords are hashed at argon2id's lowest cost. At the server's cost (64 MiB,
 * 3 passes: src/security/passwords.ts, unchanged) every hash and every sign-in takes from a tenth
 * of a second to a second on a busy 2-core machine, and the tests sign in hundreds of times.
 * Verifying reads the cost from the stored hash, so the accounts the tests create and the demo
 * accounts of the test databases verify cheaply too. Only Vitest loads this file (a setup file
 * in vitest.config.ts): the server and the end-to-end tests keep the real cost.
 */
const TEST_COST = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

type Argon2Module = typeof Argon2 & { default: typeof Argon2 };

/**
 * One mocked module for the whole test process: the test files share their modules (`isolate:
 * false`, vitest.config.ts), and this setup file runs again before each of them. A new object per
 * file would leave the server's modules, loaded by an earlier file, on the old one, where a later
 * file's `vi.spyOn(argon2, 'verify')` would never see a call.
 */
const shared = globalThis as typeof globalThis & { sodalisCheapArgon2?: Promise<Argon2Module> };

vi.mock('argon2', (importOriginal) => {
  shared.sodalisCheapArgon2 ??= importOriginal<Argon2Module>().then((argon2) => {
    const hash = ((password: Buffer | string, options: Argon2.HashOptions = {}) =>
      argon2.hash(password, { ...options, ...TEST_COST })) as typeof Argon2.hash;
    return { ...argon2, hash, default: { ...argon2.default, hash } };
  });
  return shared.sodalisCheapArgon2;
});
