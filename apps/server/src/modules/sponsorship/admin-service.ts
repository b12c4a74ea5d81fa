import {
  adminListHref,
  AdminSponsorshipUpdateSchema,
  SPONSORSHIP_ADMIN_MESSAGES,
} from '@sodalis/contracts';
import type {
  AdminAuditEntry,
  AdminListQuery,
  AdminPage,
  AdminSponsorshipRequest,
  AdminSponsorshipSummary,
  SponsorshipStatus,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import type { Clock } from '../../text/dates.js';
import { historyOf, writeAudit, type Actor } from '../admin/audit.js';
import { versionBefore } from '../admin/undo.js';
import { attachmentsOf } from '../attachments/repository.js';
import type { PendingWorkProvider } from '../admin/dashboard.js';
import { enqueue } from '../outbox/outbox.js';
import { outcomeMail } from './mail-text.js';
import {
  countRequests,
  findRequest,
  findRequestFile,
  requestPage,
  setRequestStatus,
  type SponsorshipRequestRow,
} from './repository.js';

/** The dashboard's count (ADR 023): requests received and not yet approved or rejected. */
export const sponsorshipPendingWork: PendingWorkProvider = async (db) => [
  {
    key: 'patrocini-da-gestire',
    label: 'Richieste di patrocinio da gestire',
    count: await countRequests(db, 'received'),
    href: adminListHref('patrocini', { status: 'received' }),
  },
];

const STATUS_LABEL: Record<SponsorshipStatus, string> = {
  received: 'ricevuta',
  approved: 'approvata',
  rejected: 'respinta',
};

export interface SponsorshipAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  /** The secretariat's addresses (replies to an outcome e-mail go to the first). */
  secretariat: string[];
  societyName: string;
  notifyOutbox: () => void;
}

/**
 * The sponsorship requests in the back office (ADR 013): read, their PDFs downloaded, handled
 * with who and when. Every change has its audit entry in its transaction.
 */
export class SponsorshipAdminService {
  constructor(private readonly deps: SponsorshipAdminDeps) {}

  async listSponsorships(
    query: AdminListQuery & { status?: SponsorshipStatus | undefined },
  ): Promise<AdminPage<AdminSponsorshipSummary>> {
    const { rows, total } = await requestPage(this.deps.db, query);
    const files = await this.sponsorshipFiles(rows.map((row) => row.id));
    return {
      items: rows.map((row) => toSummary(row, files.get(row.id)?.length ?? 0)),
      total,
    };
  }

  async getSponsorship(id: number): Promise<AdminSponsorshipRequest> {
    const row = await findRequest(this.deps.db, id);
    if (row === undefined) throw new AppError('notFound');
    const files = (await this.sponsorshipFiles([id])).get(id) ?? [];
    return {
      ...toSummary(row, files.length),
      phone: row.phone,
      requestKind: row.request_kind,
      venue: row.venue,
      organiser: row.organiser,
      website: row.website,
      scientificSecretariat: row.scientific_secretariat,
      organisingSecretariat: row.organising_secretariat,
      otherSponsors: row.other_sponsors,
      eventContents: row.event_contents,
      attachments: files,
      internalNote: row.internal_note,
      outcomeSentAt: row.outcome_sent_at,
    };
  }

  /**
   * Records the decision, who took it and when (back to "received" clears both), the internal
   * note, and on request e-mails the outcome to the requester through the outbox; all audited.
   * `rollback` marks a version put back from the history (ADR 031): said in the summary.
   */
  async handleSponsorship(
    actor: Actor,
    id: number,
    decision: {
      status: SponsorshipStatus;
      internalNote?: string | null | undefined;
      notifyRequester?: boolean | undefined;
      outcomeMessage?: string | null | undefined;
    },
    rollback = false,
  ): Promise<AdminSponsorshipRequest> {
    const { status } = decision;
    const now = this.deps.clock();
    let mailed = false;
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await findRequest(trx, id);
      if (row === undefined) throw new AppError('notFound');
      const handled = status !== 'received';
      const notify = decision.notifyRequester === true;
      if (notify && !handled) {
        throw new AppError('invalidRequest', [
          { path: 'status', message: SPONSORSHIP_ADMIN_MESSAGES.outcomeNeedsDecision },
        ]);
      }
      if (notify && (row.email === null || row.email === '')) {
        throw new AppError('invalidRequest', [
          { path: 'notifyRequester', message: SPONSORSHIP_ADMIN_MESSAGES.outcomeNeedsEmail },
        ]);
      }
      const internalNote = decision.internalNote ?? null;
      await setRequestStatus(trx, id, {
        status,
        handledAt: handled ? now.toISOString() : null,
        handledBy: handled ? actor.email : null,
        internalNote,
        ...(notify ? { outcomeSentAt: now.toISOString() } : {}),
      });
      if (notify && row.email) {
        await enqueue(
          trx,
          'mail',
          outcomeMail({
            id,
            email: row.email,
            eventTitle: row.event_title,
            approved: status === 'approved',
            message: decision.outcomeMessage ?? null,
            secretariat: this.deps.secretariat,
            societyName: this.deps.societyName,
          }),
          now,
        );
        mailed = true;
      }
      await writeAudit(
        trx,
        actor,
        {
          action: handled ? 'gestisce' : 'riapre',
          entity: 'sponsorship',
          entityId: id,
          summary: `Richiesta di patrocinio "${row.event_title}" (${row.requester}): ${STATUS_LABEL[status]}${rollback ? ' (versione precedente ripristinata, nessuna e-mail al richiedente)' : ''}`,
          before: { stato: STATUS_LABEL[row.status], nota: row.internal_note },
          after: {
            stato: STATUS_LABEL[status],
            nota: internalNote,
            ...(notify
              ? { esitoInviatoA: row.email, messaggio: decision.outcomeMessage ?? null }
              : {}),
          },
        },
        now,
      );
    });
    if (mailed) this.deps.notifyOutbox();
    return this.getSponsorship(id);
  }

  /** The request's history from the audit log, newest first (ADR 031). */
  async sponsorshipHistory(id: number): Promise<AdminAuditEntry[]> {
    if ((await findRequest(this.deps.db, id)) === undefined) throw new AppError('notFound');
    return historyOf(this.deps.db, 'sponsorship', id);
  }

  /**
   * "Annulla questa modifica" (ADR 031): the status and note the entry replaced, saved again
   * through `handleSponsorship`. A rollback restores the record, it does not notify: the
   * outcome e-mail is never sent again.
   */
  async rollbackSponsorship(
    actor: Actor,
    id: number,
    auditId: number,
  ): Promise<AdminSponsorshipRequest> {
    const current = await this.getSponsorship(id);
    const before = await versionBefore(this.deps.db, 'sponsorship', id, auditId);
    const status =
      (Object.keys(STATUS_LABEL) as SponsorshipStatus[]).find(
        (key) => STATUS_LABEL[key] === before.stato,
      ) ?? current.status;
    const restored = parseInput(AdminSponsorshipUpdateSchema, {
      status,
      internalNote: 'nota' in before ? before.nota : current.internalNote,
      notifyRequester: false,
    });
    return this.handleSponsorship(actor, id, restored, true);
  }

  /** A file of a request, by its attachment id and the request's id (never by a path). */
  async sponsorshipFile(requestId: number, attachmentId: number) {
    const row = await findRequestFile(this.deps.db, requestId, attachmentId);
    if (row === undefined) throw new AppError('notFound');
    return {
      sha256: row.file_sha256,
      fileName: row.file_name,
      contentType: row.content_type,
      sizeBytes: row.size_bytes,
    };
  }

  /** A request's PDFs by id and name: they are served only through the request (`sponsorshipFile`). */
  private async sponsorshipFiles(ids: number[]) {
    const grouped = await attachmentsOf(this.deps.db, 'sponsorship_request', ids);
    return new Map(
      [...grouped].map(([owner, files]) => [
        owner,
        files.map(({ id, fileName, sizeBytes }) => ({ id, fileName, sizeBytes })),
      ]),
    );
  }
}

function toSummary(row: SponsorshipRequestRow, attachmentCount: number): AdminSponsorshipSummary {
  return {
    id: row.id,
    createdAt: row.created_at,
    requester: row.requester,
    email: row.email,
    organisation: row.organisation,
    eventTitle: row.event_title,
    eventKind: row.event_kind,
    startsOn: row.starts_on,
    endsOn: row.ends_on,
    city: row.city,
    status: row.status,
    handledAt: row.handled_at,
    handledBy: row.handled_by,
    attachmentCount,
  };
}
