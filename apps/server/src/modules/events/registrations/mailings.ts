import {
  REGISTRATION_STATE_LABELS,
  type AdminRegistrationMailing,
  type RegistrationMailingData,
  type RegistrationMailingSent,
  type RegistrationRecipientsQuery,
  type RegistrationState,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import type { Clock } from '../../../text/dates.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import { enqueue, type MailJob } from '../../outbox/outbox.js';
import { findEventRows } from '../repository.js';
import {
  insertMailingOnce,
  mailingByRequestKey,
  mailingsOfEvent,
  registrantsIn,
  type MailingRow,
} from './mailings-repository.js';

export interface RegistrationMailingsDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  notifyOutbox: () => void;
  society: { acronym: string; publicBaseUrl: string };
}

/**
 * Writing to an event's registrants (ADR 049, amendment "writing to the registrants"): the
 * staff choose the states (confirmed, waiting…), see how many it reaches, and send; each person
 * gets the message with their name, through the outbox (nothing is lost while mail is down),
 * and the message is kept in the event's history with who sent it. A form sent twice sends once
 * (`request_key`).
 */
export class RegistrationMailings {
  constructor(private readonly deps: RegistrationMailingsDeps) {}

  /** How many people a message to these states would reach now. */
  async recipients(query: RegistrationRecipientsQuery): Promise<{ count: number }> {
    await this.eventTitle(query.eventId);
    return { count: (await registrantsIn(this.deps.db, query.eventId, query.states)).length };
  }

  async send(actor: Actor, input: RegistrationMailingData): Promise<RegistrationMailingSent> {
    const { db, logger } = this.deps;
    const earlier = await mailingByRequestKey(db, input.requestKey);
    if (earlier !== undefined) return sentBefore(earlier);
    const title = await this.eventTitle(input.eventId);
    const now = this.deps.clock();
    const sent = await db.transaction().execute(async (trx) => {
      const people = await registrantsIn(trx, input.eventId, input.states);
      if (people.length === 0) {
        throw new AppError('invalidRequest', [
          { path: 'states', message: 'Destinatari: nessun iscritto in questi stati.' },
        ]);
      }
      const id = await insertMailingOnce(trx, {
        event_id: input.eventId,
        request_key: input.requestKey,
        states: input.states.join(','),
        subject: input.subject,
        body_text: input.text,
        recipients: people.length,
        sent_by: actor.email,
        created_at: now.toISOString(),
      });
      // The same key committed meanwhile by a second request: that one sent it.
      if (id === null) return null;
      for (const person of people) {
        await enqueue(trx, 'mail', this.mail(input, title, person), now);
      }
      await writeAudit(
        trx,
        actor,
        {
          action: 'scrive agli iscritti',
          entity: 'event',
          entityId: input.eventId,
          summary: `E-mail «${input.subject}» a ${people.length} iscritti di «${title}» (${statesText(input.states)})`,
        },
        now,
      );
      return { id, recipients: people.length, repeated: false };
    });
    if (sent === null) {
      const again = await mailingByRequestKey(db, input.requestKey);
      if (again === undefined) throw new Error('messaggio agli iscritti registrato ma non trovato');
      return sentBefore(again);
    }
    this.deps.notifyOutbox();
    logger.info(
      { eventId: input.eventId, mailingId: sent.id, recipients: sent.recipients },
      'messaggio agli iscritti di un evento inviato',
    );
    return sent;
  }

  /** The messages sent to an event's registrants, latest first. */
  async history(eventId: number): Promise<AdminRegistrationMailing[]> {
    await this.eventTitle(eventId);
    return (await mailingsOfEvent(this.deps.db, eventId)).map((row) => ({
      id: row.id,
      states: row.states.split(',') as RegistrationState[],
      subject: row.subject,
      recipients: row.recipients,
      sentBy: row.sent_by,
      createdAt: row.created_at,
    }));
  }

  private async eventTitle(eventId: number): Promise<string> {
    const [event] = await findEventRows(this.deps.db, [eventId]);
    if (event === undefined) {
      throw new AppError('invalidRequest', [
        { path: 'eventId', message: 'L’evento scelto non esiste.' },
      ]);
    }
    return event.title;
  }

  private mail(
    input: RegistrationMailingData,
    eventTitle: string,
    person: { email: string; first_name: string; last_name: string },
  ): MailJob {
    const { acronym, publicBaseUrl } = this.deps.society;
    return {
      to: [person.email],
      subject: input.subject,
      text: [
        `Gentile ${person.first_name} ${person.last_name},`,
        '',
        input.text,
        '',
        '—',
        `Ricevi questo messaggio perché ti sei iscritto a «${eventTitle}».`,
        `Le tue iscrizioni: ${publicBaseUrl}/area-riservata-iscrizioni`,
        '',
        `Segreteria ${acronym}`,
      ].join('\n'),
    };
  }
}

function sentBefore(row: MailingRow): RegistrationMailingSent {
  return { id: row.id, recipients: row.recipients, repeated: true };
}

/** "confermate, in lista d'attesa": the states written to, in words. */
function statesText(states: readonly RegistrationState[]): string {
  return states.map((state) => REGISTRATION_STATE_LABELS[state].toLowerCase()).join(', ');
}
