import type { FastifyInstance } from 'fastify';
import type { DuesTable } from '../../src/db/schema.js';
import { signedIn } from '../../src/modules/accounts/credentials.js';
import { findMemberById, insertMember } from '../../src/modules/accounts/repository.js';
import { loadJwtSecret, SessionTokens } from '../../src/security/session-tokens.js';
import { bareMembership } from '../../src/modules/membership/repository.js';

const WRITTEN_AT = '2026-01-01T00:00:00.000Z';

/**
 * A member written straight to the database, as an imported register leaves one (ADR 042): the
 * account `<name> Rossi` (`<name>@example.org`, no password), a position from `sinceYear`
 * (an affiliate in the technicians' section) and the given ledger rows.
 */
export async function addLedgerMember(
  app: FastifyInstance,
  name: string,
  sinceYear: number,
  dues: Record<number, DuesTable['status']> = {},
  options: { kind?: 'Socio' | 'Affiliato'; memberNumber?: string | null } = {},
): Promise<number> {
  const kind = options.kind ?? 'Socio';
  const { db } = app.services;
  const id = await insertMember(
    db,
    {
      email: `${name.toLowerCase()}@example.org`,
      firstName: name,
      lastName: 'Rossi',
      role: kind === 'Affiliato' ? 'affiliato' : 'socio',
    },
    WRITTEN_AT,
  );
  await db
    .insertInto('memberships')
    .values({
      ...bareMembership(id, kind, sinceYear, WRITTEN_AT),
      member_number: options.memberNumber ?? null,
      section: kind === 'Affiliato' ? 'tecnici' : null,
    })
    .execute();
  for (const [year, status] of Object.entries(dues)) await setDue(app, id, Number(year), status);
  return id;
}

/**
 * A ledger row as the old register had it (paid by transfer, or exempt as an honorary member);
 * a year already in the ledger takes the new status.
 */
export async function setDue(
  app: FastifyInstance,
  memberId: number,
  year: number,
  status: DuesTable['status'],
): Promise<void> {
  await app.services.db
    .insertInto('dues')
    .values({
      member_id: memberId,
      year,
      status,
      amount_cents: status === 'paid' ? 10_000 : null,
      method: status === 'paid' ? 'bonifico' : null,
      payment_id: null,
      exempt_reason: status === 'exempt' ? 'Socio onorario' : null,
      settled_on: null,
      created_at: WRITTEN_AT,
      updated_at: WRITTEN_AT,
    })
    .onConflict((conflict) => conflict.columns(['member_id', 'year']).doUpdateSet({ status }))
    .execute();
}

/**
 * A session token of any account, as a sign-in gives it, without its password: accounts a test
 * writes straight to the database have none, and hundreds of argon2 sign-ins would be the
 * test's whole time.
 */
export async function sessionOf(app: FastifyInstance, memberId: number): Promise<string> {
  const { config, db, clock } = app.services;
  const tokens = new SessionTokens(
    loadJwtSecret(config.jwtSecret, config.dataDir),
    clock,
    config.staff.sessionMinutes * 60,
  );
  const member = await findMemberById(db, memberId);
  if (member === undefined) throw new Error(`Nessun account ${memberId}.`);
  const { token } = await signedIn(db, tokens, member);
  if (token === null) throw new Error('Nessuna sessione.');
  return token;
}
