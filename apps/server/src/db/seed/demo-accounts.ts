import type { Kysely } from 'kysely';
import { hashPassword } from '../../security/passwords.js';
import type { Database, MemberRole } from '../schema.js';

/** The password of every demo account (README). */
export const DEMO_PASSWORD = 'Sodalis-demo-2026';

/** Demo accounts (ADR 010): one per role, and one that must choose its password at first sign-in. */
export const DEMO_ACCOUNTS: {
  email: string;
  firstName: string;
  lastName: string;
  role: MemberRole;
  passwordChanged: boolean;
}[] = [
  {
    email: 'socio.demo@example.org',
    firstName: 'Giulia',
    lastName: 'Ferri',
    role: 'socio',
    passwordChanged: true,
  },
  {
    email: 'affiliato.demo@example.org',
    firstName: 'Marco',
    lastName: 'Lanza',
    role: 'affiliato',
    passwordChanged: true,
  },
  {
    email: 'segreteria.demo@example.org',
    firstName: 'Paola',
    lastName: 'Neri',
    role: 'segreteria',
    passwordChanged: true,
  },
  {
    email: 'nuovo.demo@example.org',
    firstName: 'Luca',
    lastName: 'Conti',
    role: 'socio',
    passwordChanged: false,
  },
  // The narrower staff roles (ADR 031), after the others so their ids stay as they were.
  {
    email: 'redazione.demo@example.org',
    firstName: 'Sara',
    lastName: 'Galli',
    role: 'redazione',
    passwordChanged: true,
  },
  {
    email: 'tesoreria.demo@example.org',
    firstName: 'Enrico',
    lastName: 'Villa',
    role: 'tesoreria',
    passwordChanged: true,
  },
];

export async function insertDemoAccounts(db: Kysely<Database>, createdAt: string): Promise<number> {
  // One hash for all: the same password, and argon2 is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insertInto('members')
    .values(
      DEMO_ACCOUNTS.map((account) => ({
        email: account.email,
        first_name: account.firstName,
        last_name: account.lastName,
        role: account.role,
        status: 'active' as const,
        password_hash: passwordHash,
        password_changed: account.passwordChanged ? 1 : 0,
        created_at: createdAt,
        updated_at: createdAt,
      })),
    )
    .execute();
  return DEMO_ACCOUNTS.length;
}
