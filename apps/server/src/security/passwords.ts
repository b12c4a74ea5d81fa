import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { BoundedWorkQueue, type WorkQueueLimits } from './bounded-work-queue.js';

/**
 * argon2id's parameters, in this one place (ADR 010, ADR 021): 64 MiB, 3 passes, 4 lanes, above
 * OWASP's minimum (19 MiB, 2 passes, 1 lane). Stored hashes carry their own parameters, so a
 * change here applies to new passwords and older hashes still verify.
 */
export const ARGON2_PARAMETERS = {
  type: argon2.argon2id,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 4,
} as const;

/** A new password's hash, computed at once (the seed and the CLI; requests go through the queue). */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_PARAMETERS);
}

/** The hashing queue is full: the caller answers 503 with Retry-After (ADR 021). */
export class PasswordHashingBusyError extends Error {
  constructor() {
    super('troppe verifiche di password in attesa');
    this.name = 'PasswordHashingBusyError';
  }
}

/** argon2 computations at once (each takes 64 MiB and a core for ~0.1 s) and waiting. */
export type PasswordHashingLimits = WorkQueueLimits;

/**
 * Every argon2 computation a request asks for (sign-in, a new password), through a
 * `BoundedWorkQueue` (ADR 021): at most `concurrency` at once and `queue` waiting, so a flood
 * cannot take every core and all the memory, and a request that would wait too long is refused
 * at once (`PasswordHashingBusyError`) instead of hanging. Verification always runs argon2: an
 * account without a password, or an unknown e-mail, is checked against a decoy hash made with
 * the same parameters, so its answer takes as long as a wrong password's.
 */
export class PasswordHashing {
  private readonly queue: BoundedWorkQueue;
  private readonly decoyHash: Promise<string>;
  /** argon2 verifications run (the decoy's included): what the tests count. */
  verifications = 0;

  constructor(limits: PasswordHashingLimits) {
    this.queue = new BoundedWorkQueue(limits, () => new PasswordHashingBusyError());
    // A random password nobody knows: the decoy never matches.
    this.decoyHash = hashPassword(randomBytes(24).toString('base64url'));
    // Made at start-up, so the first sign-in does not pay for it; awaited when used.
    this.decoyHash.catch(() => undefined);
  }

  /** Computations refused because the queue was full. */
  get refused(): number {
    return this.queue.refused;
  }

  /** Computations waiting for their turn. */
  get waiting(): number {
    return this.queue.waiting;
  }

  hash(password: string): Promise<string> {
    return this.queue.run(() => hashPassword(password));
  }

  /**
   * Whether `password` matches `hash`; with no hash (no account, or no password chosen yet) the
   * same argon2 verification runs against the decoy and the answer is false.
   */
  verify(hash: string | null, password: string): Promise<boolean> {
    return this.queue.run(async () => {
      const against = hash ?? (await this.decoyHash);
      this.verifications += 1;
      try {
        return (await argon2.verify(against, password)) && hash !== null;
      } catch {
        return false;
      }
    });
  }
}

/** Passwords anyone would try first (common lists, Italian ones included). */
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '12345678910',
  '0123456789',
  '1111111111',
  '0000000000',
  '1234512345',
  '9876543210',
  'password12',
  'password123',
  'password1234',
  'passwordpassword',
  'password!!',
  'qwertyuiop',
  'qwerty1234',
  'qwerty12345',
  'asdfghjkl1',
  'iloveyou12',
  'abcdefghij',
  'abc1234567',
  'letmein123',
  'welcome123',
  'benvenuto1',
  'benvenuto123',
  'ciaociao12',
  'ciaociao123',
  'forzainter',
  'forzamilan',
  'forzajuve1',
  'forzaroma1',
  'forzanapoli',
  'juventus123',
  'napoli1926',
  'amoremio12',
  'principessa',
  'passw0rd12',
  'p@ssw0rd12',
  'password2024',
  'password2025',
  'password2026',
  'sangue1234',
  'donatore123',
  'trasfusione',
  'cambiami123',
  'cambiapassword',
  'changeme123',
  'administrator',
  'amministratore',
  'segreteria1',
]);

export interface PasswordPolicyContext {
  email: string;
  societyAcronym: string;
  societyName: string;
}

/**
 * The password policy (ADR 010): at least 10 characters, not the e-mail or the society's name,
 * not a very common password. Answers the Italian reason, or null when acceptable.
 */
export function passwordProblem(password: string, context: PasswordPolicyContext): string | null {
  if ([...password].length < 10) return 'La password deve contenere almeno 10 caratteri.';
  const lower = password.toLowerCase().trim();
  const email = context.email.toLowerCase();
  const forbidden = [
    email,
    email.split('@')[0] ?? '',
    context.societyAcronym.toLowerCase(),
    context.societyName.toLowerCase(),
  ];
  if (forbidden.some((value) => value.length >= 4 && lower.includes(value))) {
    return 'La password non può contenere il tuo indirizzo e-mail o il nome della società.';
  }
  if (
    COMMON_PASSWORDS.has(lower) ||
    /^(.)\1+$/.test(lower) ||
    /^(0123456789|1234567890)+$/.test(lower)
  ) {
    return 'La password è troppo comune: scegline una meno prevedibile.';
  }
  return null;
}
