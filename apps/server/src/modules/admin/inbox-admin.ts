import type {
  AdminNewsletterSubscriber,
  AdminOutboxMessage,
  AdminPage,
  AdminSponsorshipRequest,
  AdminSponsorshipSummary,
  SponsorshipStatus,
} from '@sodalis/contracts';
import { sql, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { containsPattern } from '../../text/search-text.js';
import type { NewsletterService } from '../newsletter/service.js';
import { writeAudit, type Actor } from './audit.js';
import { toCsv } from '../../text/csv.js';
import { attachmentsOf } from './uploads.js';

interface ListQuery {
  page: number;
  perPage: number;
  order: 'ASC' | 'DESC';
  q?: string | undefined;
}

const STATUS_LABEL: Record<SponsorshipStatus, string> = {
  received: 'ricevuta',
  approved: 'approvata',
  rejected: 'respinta',
};

const SUBSCRIBER_LABEL: Record<AdminNewsletterSubscriber['status'], string> = {
  pending: 'in attesa di conferma',
  confirmed: 'confermata',
  unsubscribed: 'annullata',
};

export interface InboxAdminDeps {
  db: Kysely<Database>;
  clock: Clock;
  newsletter: NewsletterService;
  notifyOutbox: () => void;
}

/**
 * The secretariat's inbox (issue 10): sponsorship requests (read, files, handled with who and
 * when), newsletter subscribers (read, withdraw on request, export) and outbox messages that
 * died (retry or discard). Every change has its audit entry in its transaction.
 */
export class InboxAdminService {
  constructor(private readonly deps: InboxAdminDeps) {}

  // --- sponsorship requests ----------------------------------------------------------------

  private sponsorships(query: ListQuery & { status?: SponsorshipStatus | undefined }) {
    let builder = this.deps.db.selectFrom('sponsorship_requests');
    const text = query.q?.trim() ?? '';
    if (text !== '') {
      const pattern = containsPattern(text);
      builder = builder.where(
        sql<SqlBool>`(lower(requester) like ${pattern} escape '\\' or lower(organisation) like ${pattern} escape '\\' or lower(event_title) like ${pattern} escape '\\')`,
      );
    }
    if (query.status !== undefined) builder = builder.where('status', '=', query.status);
    return builder;
  }

  async listSponsorships(
    query: ListQuery & { status?: SponsorshipStatus | undefined },
  ): Promise<AdminPage<AdminSponsorshipSummary>> {
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      this.sponsorships(query)
        .selectAll()
        .orderBy('created_at', direction)
        .orderBy('id', direction)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      this.sponsorships(query)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    const files = await this.sponsorshipFiles(rows.map((row) => row.id));
    return {
      items: rows.map((row) => this.sponsorshipSummary(row, files.get(row.id)?.length ?? 0)),
      total: Number(count.total),
    };
  }

  async getSponsorship(id: number): Promise<AdminSponsorshipRequest> {
    const row = await this.deps.db
      .selectFrom('sponsorship_requests')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    const files = (await this.sponsorshipFiles([id])).get(id) ?? [];
    return {
      ...this.sponsorshipSummary(row, files.length),
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
    };
  }

  /** Records the decision, who took it and when; back to "received" clears both. */
  async handleSponsorship(
    actor: Actor,
    id: number,
    status: SponsorshipStatus,
  ): Promise<AdminSponsorshipRequest> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await trx
        .selectFrom('sponsorship_requests')
        .select(['status', 'event_title', 'requester'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (row === undefined) throw new AppError('notFound');
      const handled = status !== 'received';
      await trx
        .updateTable('sponsorship_requests')
        .set({
          status,
          handled_at: handled ? now.toISOString() : null,
          handled_by: handled ? actor.email : null,
        })
        .where('id', '=', id)
        .execute();
      await writeAudit(
        trx,
        actor,
        {
          action: handled ? 'gestisce' : 'riapre',
          entity: 'sponsorship',
          entityId: id,
          summary: `Richiesta di patrocinio "${row.event_title}" (${row.requester}): ${STATUS_LABEL[status]}`,
          before: { stato: STATUS_LABEL[row.status] },
          after: { stato: STATUS_LABEL[status] },
        },
        now,
      );
    });
    return this.getSponsorship(id);
  }

  /** A file of a request, by its attachment id and the request's id (never by a path). */
  async sponsorshipFile(requestId: number, attachmentId: number) {
    const row = await this.deps.db
      .selectFrom('attachments')
      .innerJoin('files', 'files.sha256', 'attachments.file_sha256')
      .select([
        'attachments.file_name',
        'attachments.file_sha256',
        'files.content_type',
        'files.size_bytes',
      ])
      .where('attachments.id', '=', attachmentId)
      .where('attachments.owner_kind', '=', 'sponsorship_request')
      .where('attachments.owner_id', '=', requestId)
      .executeTakeFirst();
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

  private sponsorshipSummary(
    row: {
      id: number;
      created_at: string;
      requester: string;
      email: string | null;
      organisation: string;
      event_title: string;
      event_kind: string;
      starts_on: string;
      ends_on: string;
      city: string;
      status: SponsorshipStatus;
      handled_at: string | null;
      handled_by: string | null;
    },
    attachmentCount: number,
  ): AdminSponsorshipSummary {
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

  // --- newsletter subscribers ----------------------------------------------------------------

  private subscribers(query: {
    q?: string | undefined;
    status?: AdminNewsletterSubscriber['status'] | undefined;
  }) {
    let builder = this.deps.db.selectFrom('newsletter_subscriptions');
    const text = query.q?.trim() ?? '';
    if (text !== '') {
      builder = builder.where(sql<SqlBool>`lower(email) like ${containsPattern(text)} escape '\\'`);
    }
    if (query.status !== undefined) builder = builder.where('status', '=', query.status);
    return builder;
  }

  async listSubscribers(
    query: ListQuery & { status?: AdminNewsletterSubscriber['status'] | undefined },
  ): Promise<AdminPage<AdminNewsletterSubscriber>> {
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      this.subscribers(query)
        .selectAll()
        .orderBy('created_at', direction)
        .orderBy('id', direction)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      this.subscribers(query)
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        email: row.email,
        status: row.status,
        consentAt: row.consent_at,
        confirmedAt: row.confirmed_at,
        unsubscribedAt: row.unsubscribed_at,
      })),
      total: Number(count.total),
    };
  }

  /** Withdraws a subscription at the subscriber's request (also at MailUp when forwarded). */
  async withdrawSubscriber(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    const withdrawn = await this.deps.newsletter.withdrawById(id, async (trx, email) => {
      await writeAudit(
        trx,
        actor,
        {
          action: 'annulla iscrizione',
          entity: 'newsletter',
          entityId: id,
          summary: `Iscrizione alla newsletter annullata su richiesta: ${email}`,
        },
        now,
      );
    });
    if (!withdrawn) {
      throw new AppError('invalidRequest', [
        { path: 'id', message: 'L’iscrizione non esiste o è già annullata.' },
      ]);
    }
  }

  async exportSubscribers(
    actor: Actor,
    query: { q?: string | undefined; status?: AdminNewsletterSubscriber['status'] | undefined },
  ): Promise<string> {
    const rows = await this.subscribers(query).selectAll().orderBy('email').execute();
    // An export of personal data is itself a staff action worth recording.
    await writeAudit(
      this.deps.db,
      actor,
      {
        action: 'esporta',
        entity: 'newsletter',
        entityId: null,
        summary: `Esportati ${rows.length} iscritti alla newsletter${query.status ? ` (${SUBSCRIBER_LABEL[query.status]})` : ''}`,
      },
      this.deps.clock(),
    );
    return toCsv([
      ['email', 'stato', 'consenso', 'conferma', 'annullamento'],
      ...rows.map((row) => [
        row.email,
        SUBSCRIBER_LABEL[row.status],
        row.consent_at,
        row.confirmed_at ?? '',
        row.unsubscribed_at ?? '',
      ]),
    ]);
  }

  // --- outbox messages that died -------------------------------------------------------------

  async listDeadMessages(query: ListQuery): Promise<AdminPage<AdminOutboxMessage>> {
    const { db } = this.deps;
    const direction = query.order === 'ASC' ? 'asc' : 'desc';
    const [rows, count] = await Promise.all([
      db
        .selectFrom('outbox')
        .selectAll()
        .where('status', '=', 'dead')
        .orderBy('created_at', direction)
        .orderBy('id', direction)
        .limit(query.perPage)
        .offset((query.page - 1) * query.perPage)
        .execute(),
      db
        .selectFrom('outbox')
        .select((eb) => eb.fn.countAll<number | string>().as('total'))
        .where('status', '=', 'dead')
        .executeTakeFirstOrThrow(),
    ]);
    return {
      items: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        ...describePayload(row.kind, row.payload_json),
        attempts: row.attempts,
        lastError: row.last_error,
        createdAt: row.created_at,
      })),
      total: Number(count.total),
    };
  }

  /** Puts a dead message back in the queue, as new: the worker tries it at once. */
  async retryMessage(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deadRow(trx, id);
      await trx
        .updateTable('outbox')
        .set({
          status: 'pending',
          attempts: 0,
          next_attempt_at: now.toISOString(),
          last_error: null,
        })
        .where('id', '=', id)
        .where('status', '=', 'dead')
        .execute();
      await writeAudit(
        trx,
        actor,
        {
          action: 'riprova',
          entity: 'outbox',
          entityId: id,
          summary: `Messaggio rimesso in coda (${row.kind}): ${describePayload(row.kind, row.payload_json).recipients}`,
        },
        now,
      );
    });
    this.deps.notifyOutbox();
  }

  async discardMessage(actor: Actor, id: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const row = await this.deadRow(trx, id);
      await trx.deleteFrom('outbox').where('id', '=', id).where('status', '=', 'dead').execute();
      await writeAudit(
        trx,
        actor,
        {
          action: 'scarta',
          entity: 'outbox',
          entityId: id,
          summary: `Messaggio scartato (${row.kind}): ${describePayload(row.kind, row.payload_json).recipients}`,
          before: { errore: row.last_error, tentativi: row.attempts },
        },
        now,
      );
    });
  }

  private async deadRow(db: Kysely<Database>, id: number) {
    const row = await db
      .selectFrom('outbox')
      .select(['kind', 'payload_json', 'last_error', 'attempts', 'status'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (row === undefined) throw new AppError('notFound');
    if (row.status !== 'dead') {
      throw new AppError('invalidRequest', [
        { path: 'id', message: 'Il messaggio non è tra quelli non consegnati.' },
      ]);
    }
    return row;
  }
}

/** Who a message was for and its subject: never its text (reset links carry tokens). */
function describePayload(
  kind: string,
  payloadJson: string,
): { recipients: string; subject: string | null } {
  try {
    const payload = JSON.parse(payloadJson) as {
      to?: unknown;
      subject?: unknown;
      subscriptionId?: unknown;
      paymentId?: unknown;
    };
    if (kind === 'mail') {
      return {
        recipients: Array.isArray(payload.to) ? payload.to.map(String).join(', ') : '',
        subject: typeof payload.subject === 'string' ? payload.subject : null,
      };
    }
    if (typeof payload.subscriptionId === 'number') {
      return { recipients: `iscrizione n. ${payload.subscriptionId}`, subject: null };
    }
    if (typeof payload.paymentId === 'number') {
      return { recipients: `pagamento n. ${payload.paymentId}`, subject: null };
    }
    return { recipients: '', subject: null };
  } catch {
    return { recipients: '', subject: null };
  }
}
