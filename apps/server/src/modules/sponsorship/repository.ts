import type { AdminListQuery, SponsorshipRequest, SponsorshipStatus } from '@sodalis/contracts';
import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database, SponsorshipRequestsTable } from '../../db/schema.js';
import { anyColumnContains } from '../../text/search-text.js';
import { BY_CREATION_TIME, countOf, rowsPage } from '../listing/id-page.js';
import {
  attachmentsWithFiles,
  attachmentUrl,
  recordStoredFile,
} from '../attachments/repository.js';
import type { Executor } from '../../db/schema.js';

export interface StoredFile {
  fileName: string;
  sha256: string;
  sizeBytes: number;
}

/** A request stored with the same fingerprint at or after `since`, if any. */
export async function recentWithFingerprint(
  trx: Transaction<Database>,
  fingerprint: string,
  since: string,
): Promise<number | null> {
  const row = await trx
    .selectFrom('sponsorship_requests')
    .select('id')
    .where('fingerprint', '=', fingerprint)
    .where('created_at', '>=', since)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Stores the request, its files' metadata and its attachments; answers the request's id. */
export async function insertRequest(
  trx: Transaction<Database>,
  request: SponsorshipRequest,
  files: StoredFile[],
  fingerprint: string,
  now: string,
): Promise<number> {
  const { id } = await trx
    .insertInto('sponsorship_requests')
    .values({
      requester: request.richiedente,
      email: request.email,
      organisation: request.ente,
      phone: request.telefono,
      request_kind: request.richiesta,
      event_kind: request.tipoEvento,
      event_title: request.titoloEvento,
      starts_on: request.dataInizio,
      ends_on: request.dataFine,
      city: request.luogo,
      venue: request.sede,
      organiser: request.organizzatore,
      website: request.sitoWeb,
      scientific_secretariat: request.segreteriaScientifica,
      organising_secretariat: request.segreteriaOrganizzativa,
      other_sponsors: request.altriEntiPatrocinanti,
      event_contents: request.contenutiEvento,
      privacy_accepted_at: now,
      status: 'received',
      created_at: now,
      fingerprint,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  for (const [position, file] of files.entries()) {
    await recordStoredFile(trx, file, 'application/pdf', now);
    await trx
      .insertInto('attachments')
      .values({
        owner_kind: 'sponsorship_request',
        owner_id: id,
        position,
        file_name: file.fileName,
        server_relative_url: attachmentUrl('Patrocini', id, file.fileName),
        file_sha256: file.sha256,
        created_at: now,
      })
      .execute();
  }
  return id;
}

export type SponsorshipRequestRow = Selectable<SponsorshipRequestsTable>;

/**
 * On PostgreSQL two identical requests may arrive together on two connections: this
 * transaction lock on the fingerprint makes the second wait and then see the first (ADR 008).
 * SQLite runs one transaction at a time and needs none.
 */
export async function lockFingerprint(trx: Transaction<Database>, fingerprint: string) {
  await sql`select pg_advisory_xact_lock(hashtext(${fingerprint}))`.execute(trx);
}

/** Requests whose requester, organisation or event title contain `q`, of one status if given. */
function filteredRequests(
  db: Kysely<Database>,
  query: { q?: string | undefined; status?: SponsorshipStatus | undefined },
) {
  let builder = db.selectFrom('sponsorship_requests');
  const search = anyColumnContains(['requester', 'organisation', 'event_title'], query.q);
  if (search !== null) builder = builder.where(search);
  if (query.status !== undefined) builder = builder.where('status', '=', query.status);
  return builder;
}

/** How many requests have this status (the dashboard's pending work, ADR 023). */
export function countRequests(db: Kysely<Database>, status: SponsorshipStatus): Promise<number> {
  return countOf(filteredRequests(db, { status }));
}

/** One page of requests, newest first unless `order` says otherwise, with the total. */
export async function requestPage(
  db: Kysely<Database>,
  query: AdminListQuery & { status?: SponsorshipStatus | undefined },
): Promise<{ rows: SponsorshipRequestRow[]; total: number }> {
  return rowsPage(filteredRequests(db, query), query, BY_CREATION_TIME, (ids) =>
    db.selectFrom('sponsorship_requests').selectAll().where('id', 'in', ids).execute(),
  );
}

export function findRequest(db: Executor, id: number): Promise<SponsorshipRequestRow | undefined> {
  return db.selectFrom('sponsorship_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Records the secretariat's decision, who took it and when (both null when reopened). */
export async function setRequestStatus(
  trx: Transaction<Database>,
  id: number,
  change: {
    status: SponsorshipStatus;
    handledAt: string | null;
    handledBy: string | null;
    internalNote: string | null;
    outcomeSentAt?: string;
  },
): Promise<void> {
  await trx
    .updateTable('sponsorship_requests')
    .set({
      status: change.status,
      handled_at: change.handledAt,
      handled_by: change.handledBy,
      internal_note: change.internalNote,
      ...(change.outcomeSentAt === undefined ? {} : { outcome_sent_at: change.outcomeSentAt }),
    })
    .where('id', '=', id)
    .execute();
}

/** A file of a request, by its attachment id and the request's id (never by a path). */
export function findRequestFile(db: Kysely<Database>, requestId: number, attachmentId: number) {
  return attachmentsWithFiles(db)
    .where('attachments.id', '=', attachmentId)
    .where('attachments.owner_kind', '=', 'sponsorship_request')
    .where('attachments.owner_id', '=', requestId)
    .executeTakeFirst();
}
