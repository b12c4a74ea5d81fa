import argon2 from 'argon2';

/** argon2id with the library's defaults (64 MiB, 3 passes, 4 lanes): OWASP's recommendation. */
export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, { type: argon2.argon2id });
}

export async function verifyPassword(hash: string | null, password: string): Promise<boolean> {
  if (hash === null) return false;
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/**
 * A hash to verify against when the account does not exist, so a wrong e-mail takes as long
 * as a wrong password and timing tells nothing.
 */
let decoyHash: Promise<string> | null = null;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-used');
  return decoyHash;
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
