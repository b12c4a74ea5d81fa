import type { SponsorshipRequest } from '@sodalis/contracts';
import type { Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import { attachmentUrl } from '../attachments/repository.js';

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
    await trx
      .insertInto('files')
      .values({
        sha256: file.sha256,
        size_bytes: file.sizeBytes,
        content_type: 'application/pdf',
        created_at: now,
      })
      .onConflict((conflict) => conflict.column('sha256').doNothing())
      .execute();
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
