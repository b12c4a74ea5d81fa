import {
  AdminAuditListQuerySchema,
  DASHBOARD_LATEST_ENTRIES,
  type AdminDashboard,
  type PendingWork,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { listAudit } from './audit.js';

/**
 * One domain's count of what waits for the secretariat (ADR 023). Each domain exports its own
 * from its staff code; the dashboard only assembles the list it is given.
 */
export type PendingWorkProvider = (db: Kysely<Database>, now: Date) => Promise<PendingWork[]>;

/** The back office's home: every provider's pending work, in order, and the latest activity. */
export async function dashboard(
  db: Kysely<Database>,
  providers: readonly PendingWorkProvider[],
  now: Date,
): Promise<AdminDashboard> {
  const [pending, latest] = await Promise.all([
    Promise.all(providers.map((provider) => provider(db, now))),
    listAudit(
      db,
      AdminAuditListQuerySchema.parse({ perPage: String(DASHBOARD_LATEST_ENTRIES), order: 'DESC' }),
    ),
  ]);
  return { pending: pending.flat(), latest: latest.items };
}
