import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * ADR 053: registrations subject to the secretariat's approval. A registration type may be
 * marked `requires_approval` (0/1); a registration of such a type waits in the new state
 * `pending_approval`, which holds a place and is alive, so the index keeping one live
 * registration per account and event (migration 0047) is made again with it among the live
 * states. Plain statements on both engines.
 */
export function eventRegistrationApprovalMigration(): Migration {
  return {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable('event_registration_types')
        .addColumn('requires_approval', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.dropIndex('event_registrations_live_once').execute();
      await sql`CREATE UNIQUE INDEX event_registrations_live_once ON event_registrations (event_id, member_id) WHERE state IN ('pending_approval', 'awaiting_payment', 'offered', 'confirmed', 'waiting')`.execute(
        db,
      );
    },
  };
}
