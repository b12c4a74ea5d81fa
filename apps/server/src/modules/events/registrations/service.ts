import {
  eventSlug,
  paidOnInFutureRefusal,
  italianDateTime,
  italianEuroText,
  romeDate,
  LIVE_REGISTRATION_STATES,
  PLACE_HOLDING_STATES,
  priceInWindow,
  priceWindowAt,
  REGISTRATION_MESSAGES,
  REGISTRATION_STATE_LABELS,
  REGISTRATION_WINDOW_MESSAGES,
  registrationStateLabel,
  registrationCausale,
  registrationOrderDescription,
  type MyRegistration,
  type RegistrationPayment,
  type PriceWindow,
  type RegistrationAnswer,
  type RegistrationQuote,
  type RegistrationRefund,
  type RegistrationRequestData,
  type RegistrationState,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import type { Clock } from '../../../text/dates.js';
import { codiceFiscaleMatchesName, isValidCodiceFiscale } from '../../../text/codice-fiscale.js';
import { storedFactsOf } from './professional-facts.js';
import type { AuthenticatedMember } from '../../accounts/service.js';
import { enqueue } from '../../outbox/outbox.js';
import type {
  BankTransfer,
  ClaimedTransfer,
  PaymentItemInput,
  PaymentRow,
  ReceivedPayment,
  ReportedPayment,
} from '../../payments/purposes.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import { REGISTRATION_PURPOSE, registrationItem, type RegistrationLedger } from './purpose.js';
import {
  findEventAddons,
  findEventRows,
  findRegistrationTypes,
  visibleEvents,
} from '../repository.js';
import type { EventAddonsTable, EventRegistrationTypesTable, EventsTable } from '../tables.js';
import {
  placeHeldForApprovalMail,
  placeOfferedMail,
  registrationApprovedMail,
  registrationEndedMail,
  registrationReceivedMail,
  paymentReminderMail,
} from './mail-text.js';
import {
  addonsOfRegistrations,
  eventsWithLapsedHolds,
  findRegistration,
  heldPlaces,
  insertRegistration,
  lapsedHoldsOf,
  liveRegistrationOf,
  lockEvent,
  markPaymentReminded,
  moveRegistration,
  registrationByRequestKey,
  registrationsOfMember,
  unpaidToRemind,
  waitingList,
  waitingPositions,
  type RegistrationRow,
} from './repository.js';
import type { Selectable } from 'kysely';

/**
 * What the events ask membership of a registrant (ADR 049): the kind of membership, whether
 * the dues make them a member in good standing, and the open years as payment items, so a
 * member in arrears pays dues and registration in one payment. Null without a membership.
 */
export interface MemberDuesForEvents {
  duesStanding(
    db: Executor,
    memberId: number,
  ): Promise<{ inGoodStanding: boolean; openDues: PaymentItemInput[] } | null>;
}

export interface RegistrationSettings {
  /** How long an unpaid place is held (EVENTS_PAYMENT_DAYS). */
  paymentDays: number;
  /** How long an offered place waits to be taken (EVENTS_OFFER_HOURS, default 48). */
  offerHours: number;
  /** How long before a place is given up its holder is reminded to pay. */
  reminderHours: number;
}

/** What registrations ask of payments (ADR 045, 049): record a PayPal report or money received. */
export interface PaymentsForRegistrations {
  recordReported(input: ReportedPayment): Promise<PaymentRow>;
  recordReceived(trx: Executor, input: ReceivedPayment): Promise<number | null>;
  /** A registration's payment marked to refund when it paid only that (ADR 049). */
  refundDue(
    trx: Executor,
    paymentId: number,
    item: { purpose: string; ref: string },
    reason: string,
    at: Date,
  ): Promise<'toRefund' | 'partOfPayment' | 'notPaid'>;
}

export interface RegistrationsDeps {
  db: Kysely<Database>;
  payments: PaymentsForRegistrations;
  clock: Clock;
  logger: Logger;
  notifyOutbox: () => void;
  society: { acronym: string; publicBaseUrl: string };
  members: MemberDuesForEvents;
  settings: RegistrationSettings;
  badges: RegistrationBadges;
}

/** A confirmed registration's badge (ADR 051), kept by the events' attendance. */
export interface RegistrationBadges {
  /** Queues the badge's mail of a registration confirmed in `trx`. */
  confirmed(trx: Executor, registrationId: number, at: Date): Promise<void>;
  /** "Le mie iscrizioni" with each confirmed registration's badge and certificate. */
  withBadges(registrations: MyRegistration[]): Promise<MyRegistration[]>;
}

type EventRow = Selectable<EventsTable>;
type TypeRow = Selectable<EventRegistrationTypesTable>;
type AddonRow = Selectable<EventAddonsTable>;

const HOUR_MS = 3_600_000;

/** A refusal naming its field (the form shows it there). */
function refusal(path: string, message: string): AppError {
  return new AppError('invalidRequest', [{ path, message }]);
}

/** A request the registration's state no longer allows. */
function conflict(path: string, message: string): AppError {
  return new AppError('stateConflict', [{ path, message }]);
}

function isLive(state: RegistrationState): boolean {
  return (LIVE_REGISTRATION_STATES as readonly string[]).includes(state);
}

/** A place held or offered, not yet paid. */
function payable(row: RegistrationRow): boolean {
  return row.state === 'awaiting_payment' || row.state === 'offered';
}

function holdsPlace(state: RegistrationState): boolean {
  return (PLACE_HOLDING_STATES as readonly string[]).includes(state);
}

/**
 * What an ended registration's reason adds when its payment also paid dues: how much of it to
 * give back (the payment stays, the dues being paid).
 */
function refundNote(refund: RegistrationRefund, totalCents: number): string {
  return refund === 'partOfPayment'
    ? ` – da rimborsare ${italianEuroText(totalCents)} della quota (il pagamento comprende anche le quote associative)`
    : '';
}

function rolesText(roles: string): string {
  return roles
    .split(',')
    .filter((role) => role !== '')
    .map((role) => (role === 'socio' ? 'Soci' : 'Affiliati'))
    .join(' e ');
}

/** A registration priced and checked, before it is stored. */
interface Plan {
  event: EventRow;
  type: TypeRow;
  addons: AddonRow[];
  window: PriceWindow;
  quote: RegistrationQuote;
  /** The dues items paid with it (a member not in good standing on a members' type). */
  duesItems: PaymentItemInput[];
}

/**
 * Registrations to events (ADR 049): who may choose which type, what it costs in the price
 * window, places and the waiting list. Every change of places runs under the event's row lock
 * (`lockEvent`), so no event, type or add-on is ever overbooked, whatever the instances; the
 * database keeps one registration per submission and one live registration per person.
 */
export class EventRegistrations implements RegistrationLedger {
  constructor(private readonly deps: RegistrationsDeps) {}

  private now(): Date {
    return this.deps.clock();
  }

  /** The second step of the form: what the registration would cost and whether a place is free. */
  async quote(
    member: AuthenticatedMember,
    eventId: number,
    request: RegistrationRequestData,
  ): Promise<RegistrationQuote> {
    return (await this.plan(this.deps.db, member, eventId, request, this.now())).quote;
  }

  /**
   * Registers the member: a place held until paid (confirmed at once when free of charge), or
   * the waiting list when the event or the type is full. The same submission twice answers
   * the first registration.
   */
  async register(
    member: AuthenticatedMember,
    eventId: number,
    request: RegistrationRequestData,
  ): Promise<RegistrationAnswer> {
    const { db, logger } = this.deps;
    const earlier = await this.repeated(member, request.requestKey);
    if (earlier !== null) return earlier;
    const now = this.now();
    const stamp = now.toISOString();
    const made = await db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) {
        throw refusal('event', REGISTRATION_MESSAGES.eventNotFound);
      }
      const plan = await this.plan(trx, member, eventId, request, now);
      if ((await registrationByRequestKey(trx, request.requestKey)) !== undefined) return null;
      if ((await liveRegistrationOf(trx, eventId, member.id)) !== undefined) {
        throw conflict('event', REGISTRATION_MESSAGES.alreadyRegistered);
      }
      const free = plan.quote.payCents === 0;
      // A type subject to approval holds the place while the secretariat decides (ADR 053).
      const state: RegistrationState = !plan.quote.placeAvailable
        ? 'waiting'
        : plan.quote.requiresApproval
          ? 'pending_approval'
          : free
            ? 'confirmed'
            : 'awaiting_payment';
      const id = await insertRegistration(
        trx,
        {
          event_id: eventId,
          type_id: plan.type.id,
          member_id: member.id,
          request_key: request.requestKey,
          state,
          price_window: plan.window,
          type_cents: plan.quote.typeCents,
          total_cents: plan.quote.totalCents,
          first_name: member.firstName,
          last_name: member.lastName,
          email: member.email,
          fiscal_code: request.fiscalCode,
          ...storedFactsOf(request),
          fiscal_code_name_mismatch:
            request.fiscalCode !== null &&
            !codiceFiscaleMatchesName(request.fiscalCode, member.firstName, member.lastName)
              ? 1
              : 0,
          employer: request.employer,
          invoice_name: request.invoice?.name ?? null,
          invoice_tax_id: request.invoice?.taxId ?? null,
          invoice_recipient_code: request.invoice?.recipientCode ?? null,
          invoice_pec: request.invoice?.pec ?? null,
          pay_by: state === 'awaiting_payment' ? this.payBy(plan.event, now) : null,
          payment_reminded_at: null,
          offer_expires_at: null,
          payment_id: null,
          confirmed_at: state === 'confirmed' ? stamp : null,
          ended_at: null,
          ended_by: null,
          end_reason: null,
        },
        plan.quote.addons.map((addon) => ({ addonId: addon.id, amountCents: addon.cents })),
        stamp,
      );
      const stored = await findRegistration(trx, id);
      if (stored === undefined) throw new Error('iscrizione registrata ma non trovata');
      if (state === 'confirmed') await this.deps.badges.confirmed(trx, id, now);
      await enqueue(
        trx,
        'mail',
        registrationReceivedMail(stored, this.mailContext(plan.event)),
        now,
      );
      return stored;
    });
    if (made === null) {
      const again = await this.repeated(member, request.requestKey);
      if (again !== null) return again;
      throw conflict('event', REGISTRATION_MESSAGES.alreadyRegistered);
    }
    this.deps.notifyOutbox();
    logger.info(
      { registrationId: made.id, eventId, state: made.state },
      'iscrizione a un evento registrata',
    );
    const view = await this.view(db, made);
    return { registration: view, message: this.madeMessage(view), repeated: false };
  }

  /** The member's registrations, the latest event first ("Le mie iscrizioni"). */
  async mine(member: AuthenticatedMember): Promise<MyRegistration[]> {
    const mine = await this.views(
      this.deps.db,
      await registrationsOfMember(this.deps.db, member.id),
    );
    return this.deps.badges.withBadges(mine);
  }

  /**
   * The holder cancels their registration or leaves the waiting list (until the event's
   * cancellation limit, else its start). A freed place is offered to the next waiting.
   */
  async cancel(member: AuthenticatedMember, registrationId: number): Promise<RegistrationAnswer> {
    const now = this.now();
    const stamp = now.toISOString();
    const registration = await this.own(member, registrationId);
    const cancelled = await this.deps.db.transaction().execute(async (trx) => {
      await lockEvent(trx, registration.event_id);
      const current = await findRegistration(trx, registrationId);
      const event = await this.eventRow(trx, registration.event_id);
      if (current === undefined || !isLive(current.state)) {
        throw conflict('registration', REGISTRATION_MESSAGES.notCancellable);
      }
      const limit = event.cancellable_until ?? event.starts_at;
      if (stamp >= limit) {
        throw conflict('registration', REGISTRATION_MESSAGES.cancelClosed(italianDateTime(limit)));
      }
      // Paid: the refund recorded for the treasury, as for a staff cancellation.
      const refund = await this.refundOf(trx, current, 'Iscrizione annullata dalla persona', now);
      const after = await this.end(
        trx,
        current,
        event,
        {
          state: 'cancelled',
          ended_by: 'persona',
          end_reason:
            current.payment_id === null
              ? 'Annullata dalla persona'
              : `Annullata: da rimborsare${refundNote(refund, current.total_cents)}`,
        },
        current.state === 'waiting'
          ? `sei uscito dalla lista d’attesa di «${event.title}».`
          : current.payment_id === null
            ? `la tua iscrizione a «${event.title}» è annullata.`
            : `la tua iscrizione a «${event.title}» è annullata; la segreteria ti contatterà per il rimborso della quota.`,
        now,
      );
      if (holdsPlace(current.state)) await this.offerFreedPlaces(trx, event, now);
      return { after, leftWaitingList: current.state === 'waiting' };
    });
    this.deps.notifyOutbox();
    return {
      registration: await this.view(this.deps.db, cancelled.after),
      message: cancelled.leftWaitingList
        ? 'Sei uscito dalla lista d’attesa.'
        : 'La tua iscrizione è annullata.',
      repeated: false,
    };
  }

  /** Takes an offered place of a registration free of charge (a paid one is taken by paying). */
  async accept(member: AuthenticatedMember, registrationId: number): Promise<RegistrationAnswer> {
    const now = this.now();
    const stamp = now.toISOString();
    const registration = await this.own(member, registrationId);
    const accepted = await this.deps.db.transaction().execute(async (trx) => {
      await lockEvent(trx, registration.event_id);
      const current = await findRegistration(trx, registrationId);
      if (current === undefined || current.state !== 'offered') {
        throw conflict('registration', REGISTRATION_MESSAGES.notOffered);
      }
      if (current.offer_expires_at !== null && current.offer_expires_at <= stamp) {
        throw conflict('registration', REGISTRATION_MESSAGES.offerExpired);
      }
      if (current.total_cents > 0) {
        throw conflict('registration', REGISTRATION_MESSAGES.acceptNeedsPayment);
      }
      await moveRegistration(
        trx,
        current.id,
        ['offered'],
        { state: 'confirmed', confirmed_at: stamp, offer_expires_at: null },
        stamp,
      );
      await this.deps.badges.confirmed(trx, current.id, now);
      return findRegistration(trx, current.id);
    });
    return {
      registration: await this.view(this.deps.db, accepted),
      message: 'Il posto è tuo: iscrizione confermata.',
      repeated: false,
    };
  }

  /**
   * The holder reports a PayPal capture for the registration (and the dues it takes with it):
   * recorded by payments once per order, verified with PayPal through the outbox; the
   * registration is confirmed when the payment is verified (`paymentSettled`).
   */
  async payByPayPal(
    member: AuthenticatedMember,
    registrationId: number,
    report: { orderId: string; importo: string; valuta: string },
  ): Promise<RegistrationAnswer> {
    const registration = await this.own(member, registrationId);
    // PayPal has taken the money already: the report is recorded whatever the registration
    // became meanwhile (paid in another tab, expired), and settling decides (ADR 029, 049).
    const items = await this.checkoutItems(this.deps.db, registration, 'captured');
    await this.deps.payments.recordReported({
      orderId: report.orderId,
      purpose: REGISTRATION_PURPOSE,
      memberId: member.id,
      accountName: `${registration.first_name} ${registration.last_name}`,
      fee: null,
      year: Number(registration.created_at.slice(0, 4)),
      items,
      reportedAmount: report.importo,
      reportedCurrency: report.valuta,
    });
    const view = await this.view(
      this.deps.db,
      await findRegistration(this.deps.db, registrationId),
    );
    return {
      registration: view,
      message:
        view.state === 'confirmed'
          ? 'Pagamento ricevuto: iscrizione confermata.'
          : 'Pagamento ricevuto: l’iscrizione sarà confermata appena PayPal lo conferma.',
      repeated: false,
    };
  }

  /**
   * Cash or card taken by staff at the desk for a registration (ADR 049, as for dues, ADR 029):
   * a verified payment at once, with its receipt, audited; the registration is confirmed.
   */
  async recordHandPayment(
    actor: Actor,
    registrationId: number,
    body: { method: 'contanti' | 'carta'; paidOn: string; note?: string | undefined },
  ): Promise<{ paymentId: number }> {
    const now = this.now();
    const future = paidOnInFutureRefusal(body.paidOn, romeDate(now));
    if (future !== null) throw refusal('paidOn', future);
    return this.deps.db.transaction().execute(async (trx) => {
      const registration = await findRegistration(trx, registrationId);
      if (registration === undefined) {
        throw new AppError('notFound', [
          { path: 'registration', message: REGISTRATION_MESSAGES.notFound },
        ]);
      }
      const items = await this.checkoutItems(trx, registration, 'to-take');
      const amountCents = items.reduce((sum, item) => sum + item.amount_cents, 0);
      const note = body.note === undefined || body.note === '' ? null : body.note;
      const paymentId = await this.deps.payments.recordReceived(trx, {
        reference: `${body.method}:${body.paidOn}:${randomUUID()}`,
        purpose: REGISTRATION_PURPOSE,
        memberId: registration.member_id,
        accountName: `${registration.first_name} ${registration.last_name}`,
        fee: null,
        year: Number(body.paidOn.slice(0, 4)),
        items,
        amountCents,
        at: now,
        receivedOn: body.paidOn,
        note,
      });
      if (paymentId === null) throw new Error('pagamento a mano non registrato');
      await writeAudit(
        trx,
        actor,
        {
          action: 'registra pagamento',
          entity: 'payment',
          entityId: paymentId,
          summary: `Iscrizione ${registration.id} di ${registration.email}: ${italianEuroText(amountCents)} (${body.method}, ${body.paidOn})`,
          after: {
            iscrizione: registration.id,
            importo: amountCents,
            metodo: body.method,
            data: body.paidOn,
            nota: note,
          },
        },
        now,
      );
      return { paymentId };
    });
  }

  /**
   * The secretariat approves a registration awaiting approval (ADR 053): it goes on as one
   * made without approval would have — confirmed when nothing is due, else a place held until
   * `pay_by` — with an e-mail and an audit entry. Its place was held while it waited, so
   * approving takes none; the event's lock still orders it with every other change of places.
   */
  async approve(actor: Actor, registrationId: number): Promise<void> {
    await this.decide(registrationId, async (trx, current, event, now) => {
      const stamp = now.toISOString();
      const type = await this.typeOf(trx, current);
      if (type === undefined) throw refusal('registration', REGISTRATION_MESSAGES.notFound);
      const dues = await this.duesWith(trx, current, type);
      const free =
        current.total_cents + dues.reduce((sum, item) => sum + item.amount_cents, 0) === 0;
      const moved = await moveRegistration(
        trx,
        current.id,
        ['pending_approval'],
        free
          ? { state: 'confirmed', confirmed_at: stamp }
          : {
              state: 'awaiting_payment',
              pay_by: this.payBy(event, now),
              payment_reminded_at: null,
            },
        stamp,
      );
      const after = moved ? await findRegistration(trx, current.id) : undefined;
      if (after === undefined) throw new Error('iscrizione approvata ma non trovata');
      if (free) await this.deps.badges.confirmed(trx, current.id, now);
      await enqueue(trx, 'mail', registrationApprovedMail(after, this.mailContext(event)), now);
      await writeAudit(
        trx,
        actor,
        {
          action: 'approva iscrizione',
          entity: 'event_registration',
          entityId: current.id,
          summary: `Iscrizione ${current.id} di ${current.email} a «${event.title}» approvata`,
          before: { stato: current.state },
          after: { stato: after.state, pagareEntro: after.pay_by },
        },
        now,
      );
    });
    this.deps.logger.info({ registrationId }, 'iscrizione approvata');
  }

  /**
   * The secretariat refuses a registration awaiting approval with the reason the person reads
   * (ADR 053): `refused`, an e-mail with the reason, an audit entry, and its place offered to
   * the waiting list as any freed place is, in the same transaction under the event's lock.
   */
  async refuse(actor: Actor, registrationId: number, reason: string): Promise<void> {
    await this.decide(registrationId, (trx, current, event, now) =>
      this.endByStaff(trx, actor, current, event, now, {
        state: 'refused',
        reason,
        endReason: reason,
        why: `la segreteria non ha accettato la tua iscrizione a «${event.title}».\nMotivo: ${reason}`,
        audit: { action: 'rifiuta iscrizione', done: 'rifiutata', extra: {} },
      }),
    );
    this.deps.logger.info({ registrationId }, 'iscrizione rifiutata');
  }

  /**
   * The staff cancel a live registration with a reason (ADR 049, amendment "cancelled by the
   * staff"), whatever the person's own limit: under the event's lock, mailed to the person,
   * audited, the freed place offered on. A paid one is recorded as to refund: its payment
   * becomes "da rimborsare" when it paid only this registration, for the treasury to record
   * the refund; when it paid dues too the reason says how much of it to give back.
   */
  async cancelByStaff(
    actor: Actor,
    registrationId: number,
    reason: string,
  ): Promise<RegistrationRefund> {
    const now = this.now();
    const registration = await findRegistration(this.deps.db, registrationId);
    if (registration === undefined) {
      throw new AppError('notFound', [
        { path: 'registration', message: REGISTRATION_MESSAGES.notFound },
      ]);
    }
    const refund = await this.deps.db.transaction().execute(async (trx) => {
      await lockEvent(trx, registration.event_id);
      const current = await findRegistration(trx, registrationId);
      if (current === undefined || !isLive(current.state)) {
        const state = current?.state ?? registration.state;
        throw conflict(
          'registration',
          REGISTRATION_MESSAGES.notCancellableByStaff(
            registrationStateLabel(state, registration.payment_id !== null),
          ),
        );
      }
      const event = await this.eventRow(trx, current.event_id);
      const outcome: RegistrationRefund =
        current.payment_id === null
          ? 'none'
          : await this.refundOf(
              trx,
              current,
              `Iscrizione annullata dalla segreteria: ${reason}`,
              now,
            );

      await this.endByStaff(trx, actor, current, event, now, {
        state: 'cancelled',
        reason,
        endReason: `${reason}${outcome === 'toRefund' ? ' – quota da rimborsare' : refundNote(outcome, current.total_cents)}`,
        why: [
          `la segreteria ha annullato la tua iscrizione a «${event.title}».`,
          `Motivo: ${reason}`,
          ...(outcome === 'none'
            ? []
            : ['', 'La quota che hai pagato ti sarà rimborsata: la segreteria ti contatterà.']),
        ].join('\n'),
        audit: { action: 'annulla iscrizione', done: 'annullata', extra: { rimborso: outcome } },
      });
      return outcome;
    });
    this.deps.notifyOutbox();
    this.deps.logger.info({ registrationId, refund }, 'iscrizione annullata dalla segreteria');
    return refund;
  }

  /**
   * A registration ended by the staff (refused, cancelled): `end` with the reason mailed, an
   * audit entry, and the place it held offered to the waiting list, under the event's lock.
   */
  private async endByStaff(
    trx: Executor,
    actor: Actor,
    current: RegistrationRow,
    event: EventRow,
    now: Date,
    ending: {
      state: 'cancelled' | 'refused';
      reason: string;
      endReason: string;
      why: string;
      audit: { action: string; done: string; extra: Record<string, string> };
    },
  ): Promise<void> {
    await this.end(
      trx,
      current,
      event,
      { state: ending.state, ended_by: 'segreteria', end_reason: ending.endReason },
      ending.why,
      now,
    );
    await writeAudit(
      trx,
      actor,
      {
        action: ending.audit.action,
        entity: 'event_registration',
        entityId: current.id,
        summary: `Iscrizione ${current.id} di ${current.email} a «${event.title}» ${ending.audit.done}: ${ending.reason}`,
        before: { stato: current.state },
        after: { stato: ending.state, motivo: ending.reason, ...ending.audit.extra },
      },
      now,
    );
    if (holdsPlace(current.state)) await this.offerFreedPlaces(trx, event, now);
  }

  /** A paid registration taken back: its payment marked to refund through payments (ADR 045). */
  private async refundOf(
    trx: Executor,
    registration: RegistrationRow,
    reason: string,
    now: Date,
  ): Promise<RegistrationRefund> {
    if (registration.payment_id === null) return 'none';
    const outcome = await this.deps.payments.refundDue(
      trx,
      registration.payment_id,
      { purpose: REGISTRATION_PURPOSE, ref: String(registration.id) },
      reason,
      now,
    );
    return outcome === 'notPaid' ? 'none' : outcome;
  }

  /**
   * A staff decision on a registration awaiting approval (ADR 053): in one transaction under
   * the event's lock, the registration read again and still awaiting approval (else 409), then
   * `decision`; the outbox woken after the commit. 404 for no such registration.
   */
  private async decide(
    registrationId: number,
    decision: (
      trx: Executor,
      current: RegistrationRow,
      event: EventRow,
      now: Date,
    ) => Promise<void>,
  ): Promise<void> {
    const now = this.now();
    const registration = await findRegistration(this.deps.db, registrationId);
    if (registration === undefined) {
      throw new AppError('notFound', [
        { path: 'registration', message: REGISTRATION_MESSAGES.notFound },
      ]);
    }
    await this.deps.db.transaction().execute(async (trx) => {
      await lockEvent(trx, registration.event_id);
      const current = await this.awaitingApproval(trx, registrationId);
      await decision(trx, current, await this.eventRow(trx, current.event_id), now);
    });
    this.deps.notifyOutbox();
  }

  /** The registration's type. */
  private async typeOf(db: Executor, row: RegistrationRow): Promise<TypeRow | undefined> {
    const types = await findRegistrationTypes(db, [row.event_id]);
    return types.find((candidate) => candidate.id === row.type_id);
  }

  /**
   * Ends a registration read under the event's lock (cancelled by its holder, refused by the
   * staff) and mails its holder `why`; answers it as it is now.
   */
  private async end(
    trx: Executor,
    current: RegistrationRow,
    event: EventRow,
    change: { state: 'cancelled' | 'refused'; ended_by: string; end_reason: string },
    why: string,
    now: Date,
  ): Promise<RegistrationRow> {
    const stamp = now.toISOString();
    await moveRegistration(trx, current.id, [current.state], { ...change, ended_at: stamp }, stamp);
    const after = await findRegistration(trx, current.id);
    if (after === undefined) throw new Error('iscrizione non trovata');
    await enqueue(trx, 'mail', registrationEndedMail(after, this.mailContext(event), why), now);
    return after;
  }

  /** The registration read again under the event's lock, still awaiting approval, or 409. */
  private async awaitingApproval(trx: Executor, id: number): Promise<RegistrationRow> {
    const current = await findRegistration(trx, id);
    if (current === undefined) throw refusal('registration', REGISTRATION_MESSAGES.notFound);
    if (current.state !== 'pending_approval') {
      throw conflict(
        'registration',
        REGISTRATION_MESSAGES.notPendingApproval(
          registrationStateLabel(current.state, current.payment_id !== null),
        ),
      );
    }
    return current;
  }

  /**
   * What paying a registration takes (ADR 049): its item first (the PayPal order is named
   * after it), then the dues years of a member not in good standing on a members' type while
   * it waits for payment. Money still `to-take` (the desk) is refused when the registration no
   * longer waits for a payment; money `captured` (PayPal) is always recorded.
   */
  private async checkoutItems(
    db: Executor,
    registration: RegistrationRow,
    money: 'to-take' | 'captured',
  ): Promise<PaymentItemInput[]> {
    const stamp = this.now().toISOString();
    const waitsForPayment = payable(registration) && registration.payment_id === null;
    if (money === 'to-take') {
      if (registration.state === 'offered' && (registration.offer_expires_at ?? stamp) <= stamp) {
        throw conflict('registration', REGISTRATION_MESSAGES.offerExpired);
      }
      if (!waitsForPayment) throw conflict('registration', REGISTRATION_MESSAGES.nothingToPay);
    }
    const [event] = await findEventRows(db, [registration.event_id]);
    const type = await this.typeOf(db, registration);
    if (event === undefined || type === undefined) {
      throw refusal('registration', REGISTRATION_MESSAGES.notFound);
    }
    const dues = waitsForPayment ? await this.duesWith(db, registration, type) : [];
    const items = [
      ...(registration.total_cents > 0
        ? [registrationItem(registration, { eventTitle: event.title, typeName: type.name })]
        : []),
      ...dues,
    ];
    if (items.length === 0) throw conflict('registration', REGISTRATION_MESSAGES.nothingToPay);
    return items;
  }

  /**
   * A bank transfer naming a registration by its causale (ADR 049): matched when it brings what
   * the registration asks (with the dues it carries), for review when the amount differs or
   * nothing is due, to be refunded when the registration was paid already. A matched one is
   * recorded as money received on the bank's booking date, and settled like any payment.
   */
  async transferOf(
    db: Executor,
    registrationId: number,
    transfer: BankTransfer,
  ): Promise<ClaimedTransfer> {
    const unmatched = (
      outcome: ClaimedTransfer['outcome'],
      reason: string,
      registration?: RegistrationRow,
    ): ClaimedTransfer => ({
      outcome,
      reason,
      memberId: registration?.member_id ?? null,
      name:
        registration === undefined ? null : `${registration.first_name} ${registration.last_name}`,
      record: async () => null,
    });
    const registration = await findRegistration(db, registrationId);
    if (registration === undefined) {
      return unmatched('unknown', 'Nessuna iscrizione ha il numero indicato nella causale.');
    }
    if (registration.state === 'confirmed' && registration.payment_id !== null) {
      return unmatched(
        'alreadyPaid',
        `Iscrizione ${registration.id} già pagata: il bonifico va rimborsato.`,
        registration,
      );
    }
    if (registration.state === 'pending_approval') {
      // Nothing is due before the secretariat approves it (ADR 053): the row waits for review.
      return unmatched(
        'mismatch',
        `L’iscrizione ${registration.id} attende l’approvazione della segreteria: nulla è ancora dovuto.`,
        registration,
      );
    }
    const items = await this.checkoutItems(db, registration, 'captured').catch(() => null);
    if (items === null) {
      return unmatched(
        'unknown',
        `L’iscrizione ${registration.id} non prevede un pagamento.`,
        registration,
      );
    }
    const expected = items.reduce((sum, item) => sum + item.amount_cents, 0);
    if (transfer.amountCents !== expected) {
      return unmatched(
        'mismatch',
        `Importo ${italianEuroText(transfer.amountCents)} invece di ${italianEuroText(expected)}.`,
        registration,
      );
    }
    const name = `${registration.first_name} ${registration.last_name}`;
    return {
      outcome: 'matched',
      reason: null,
      memberId: registration.member_id,
      name,
      record: (trx, received, at) =>
        this.deps.payments.recordReceived(trx, {
          reference: `bonifico:${received.reference}`,
          purpose: REGISTRATION_PURPOSE,
          memberId: registration.member_id,
          accountName: name,
          fee: null,
          year: Number(received.bookedOn.slice(0, 4)),
          items,
          amountCents: received.amountCents,
          at,
          receivedOn: received.bookedOn,
          note: null,
        }),
    };
  }

  /**
   * A transfer left for review that staff give by hand to a registration (ADR 053): read as an
   * automatic match is (`transferOf`: the amount due, or why not), but under the event's lock,
   * which the payment's settling takes too, so a second transfer given to the same
   * registration at once waits and then finds it paid. A registration that could only make
   * the transfer one to refund (ended, or with a payment being verified) is refused.
   */
  async transferAssigned(
    trx: Executor,
    registrationId: number,
    transfer: BankTransfer,
  ): Promise<ClaimedTransfer> {
    const first = await findRegistration(trx, registrationId);
    if (first !== undefined) await lockEvent(trx, first.event_id);
    const registration = await findRegistration(trx, registrationId);
    const name =
      registration === undefined ? null : `${registration.first_name} ${registration.last_name}`;
    const refused = (reason: string): ClaimedTransfer => ({
      outcome: 'unknown',
      reason,
      memberId: registration?.member_id ?? null,
      name,
      record: async () => null,
    });
    if (registration === undefined) {
      return refused(`Nessuna iscrizione ha il numero ${registrationId}.`);
    }
    if (registration.state === 'cancelled' || registration.state === 'refused') {
      return refused(
        `L’iscrizione ${registration.id} è «${REGISTRATION_STATE_LABELS[registration.state].toLowerCase()}»: il movimento va rimborsato o ignorato.`,
      );
    }
    if (registration.state !== 'confirmed' && registration.payment_id !== null) {
      return refused(
        `L’iscrizione ${registration.id} ha già un pagamento in verifica: se arriva, il movimento va rimborsato.`,
      );
    }
    return this.transferOf(trx, registrationId, transfer);
  }

  // -------------------------------------------------------------------------------------------
  // The registrations' ledger of payments (ADR 049), run in the payment's transaction.

  /** A payment reported: the place stays held (no deadline) while it is verified. */
  async paymentReported(trx: Executor, payment: PaymentRow, registrationId: number): Promise<void> {
    const row = await findRegistration(trx, registrationId);
    if (row === undefined || !payable(row) || row.payment_id !== null) return;
    await moveRegistration(
      trx,
      row.id,
      [row.state],
      { state: 'awaiting_payment', payment_id: payment.id, pay_by: null, offer_expires_at: null },
      payment.created_at,
    );
  }

  /**
   * A payment verified: the registration is confirmed, under the event's lock. One that
   * another payment confirmed, or that ended with no place left since, answers why (the
   * payment is then to be refunded, ADR 029).
   */
  async paymentSettled(
    trx: Executor,
    payment: PaymentRow,
    registrationId: number,
    at: Date,
  ): Promise<string | null> {
    const stamp = at.toISOString();
    const first = await findRegistration(trx, registrationId);
    if (first === undefined) return `Iscrizione ${registrationId} inesistente`;
    await lockEvent(trx, first.event_id);
    const row = await findRegistration(trx, registrationId);
    if (row === undefined) return `Iscrizione ${registrationId} inesistente`;
    if (row.state === 'confirmed') {
      return row.payment_id === payment.id || row.payment_id === null
        ? null
        : `Iscrizione ${row.id} già pagata con un altro pagamento`;
    }
    if (row.state === 'cancelled' || row.state === 'refused') {
      return `Iscrizione ${row.id} annullata prima del pagamento`;
    }
    if (row.state === 'pending_approval') {
      // Paid before the secretariat decided (ADR 053): approval is not bought by paying.
      return `Iscrizione ${row.id} pagata prima dell’approvazione della segreteria`;
    }
    if (row.state === 'waiting' || row.state === 'expired') {
      // Paid late (a transfer after the deadline): confirmed if a place is free now.
      const other = await liveRegistrationOf(trx, row.event_id, row.member_id);
      const event = await this.eventRow(trx, row.event_id);
      const type = await this.typeOf(trx, row);
      const held = await heldPlaces(trx, row.event_id);
      const room =
        (event.places === null || held.event < event.places) &&
        (type?.places == null || (held.byType.get(row.type_id) ?? 0) < type.places);
      if ((other !== undefined && other.id !== row.id) || !room) {
        return `Iscrizione ${row.id} scaduta e senza posti liberi`;
      }
    }
    await moveRegistration(
      trx,
      row.id,
      [row.state],
      {
        state: 'confirmed',
        payment_id: payment.id,
        confirmed_at: stamp,
        pay_by: null,
        offer_expires_at: null,
        ended_at: null,
        ended_by: null,
        end_reason: null,
      },
      stamp,
    );
    await this.deps.badges.confirmed(trx, row.id, at);
    return null;
  }

  /** A payment rejected or refunded: its registration waits for a payment again. */
  async paymentUndone(
    trx: Executor,
    payment: PaymentRow,
    registrationId: number,
    at: Date,
  ): Promise<void> {
    const row = await findRegistration(trx, registrationId);
    if (row === undefined || row.payment_id !== payment.id) return;
    if (row.state !== 'confirmed' && row.state !== 'awaiting_payment') return;
    const event = await this.eventRow(trx, row.event_id);
    await moveRegistration(
      trx,
      row.id,
      [row.state],
      {
        state: 'awaiting_payment',
        payment_id: null,
        confirmed_at: null,
        pay_by: this.payBy(event, at),
        payment_reminded_at: null,
      },
      at.toISOString(),
    );
  }

  /**
   * The periodic pass (ADR 049): holders of an unpaid place are reminded before its deadline;
   * offers not taken and places not paid in time end, and each freed place is offered to the
   * next waiting. Safe to repeat; answers how many registrations it moved or reminded.
   */
  async runDue(): Promise<number> {
    const { db, settings } = this.deps;
    const now = this.now();
    const stamp = now.toISOString();
    let done = 0;
    const until = new Date(now.getTime() + settings.reminderHours * HOUR_MS).toISOString();
    for (const row of await unpaidToRemind(db, stamp, until)) {
      await db.transaction().execute(async (trx) => {
        if (!(await markPaymentReminded(trx, row.id, stamp))) return;
        await enqueue(
          trx,
          'mail',
          paymentReminderMail(row, {
            society: this.deps.society,
            eventTitle: row.event_title,
          }),
          now,
        );
        done += 1;
      });
    }
    for (const eventId of await eventsWithLapsedHolds(db, stamp)) {
      done += await db.transaction().execute(async (trx) => {
        await lockEvent(trx, eventId);
        const event = await this.eventRow(trx, eventId);
        let ended = 0;
        for (const row of await lapsedHoldsOf(trx, eventId, stamp)) {
          const offered = row.state === 'offered';
          const moved = await moveRegistration(
            trx,
            row.id,
            [row.state],
            {
              state: 'expired',
              ended_at: stamp,
              ended_by: 'sistema',
              end_reason: offered ? 'Posto offerto non accettato in tempo' : 'Quota non pagata',
            },
            stamp,
          );
          if (!moved) continue;
          ended += 1;
          const after = { ...row, state: 'expired' as const };
          await enqueue(
            trx,
            'mail',
            registrationEndedMail(
              after,
              this.mailContext(event),
              offered
                ? `il posto offerto per «${event.title}» non è stato accettato in tempo ed è passato al successivo in lista.`
                : `la quota dell’iscrizione a «${event.title}» non è arrivata in tempo: l’iscrizione è scaduta e il posto è passato ad altri.`,
            ),
            now,
          );
        }
        return ended + (await this.offerFreedPlaces(trx, event, now));
      });
    }
    if (done > 0) this.deps.notifyOutbox();
    return done;
  }

  // -------------------------------------------------------------------------------------------

  /** The registration the same submission made already, as its answer; null when none. */
  private async repeated(
    member: AuthenticatedMember,
    requestKey: string,
  ): Promise<RegistrationAnswer | null> {
    const earlier = await registrationByRequestKey(this.deps.db, requestKey);
    if (earlier === undefined) return null;
    if (earlier.member_id !== member.id)
      throw refusal('requestKey', REGISTRATION_MESSAGES.requestKey);
    const view = await this.view(this.deps.db, earlier);
    return { registration: view, message: this.madeMessage(view), repeated: true };
  }

  private madeMessage(view: MyRegistration): string {
    if (view.state === 'confirmed') return 'Iscrizione confermata.';
    if (view.state === 'pending_approval') {
      return 'Richiesta di iscrizione ricevuta: il posto è tenuto per te mentre la segreteria la esamina. Ti scriveremo l’esito.';
    }
    if (view.state === 'waiting') {
      return `L’evento è al completo: sei in lista d’attesa (posizione ${view.waitingPosition ?? 1}). Se si libera un posto ti scriveremo.`;
    }
    return `Iscrizione registrata: il posto è tenuto per te fino al ${italianDateTime(view.payBy)}, completa il pagamento entro allora.`;
  }

  /** The member's own registration, or 404 (someone else's is not theirs to see). */
  private async own(member: AuthenticatedMember, id: number): Promise<RegistrationRow> {
    const registration = await findRegistration(this.deps.db, id);
    if (registration === undefined || registration.member_id !== member.id) {
      throw new AppError('notFound', [
        { path: 'registration', message: REGISTRATION_MESSAGES.notFound },
      ]);
    }
    return registration;
  }

  private async eventRow(db: Executor, eventId: number): Promise<EventRow> {
    const [event] = await findEventRows(db, [eventId]);
    if (event === undefined) throw refusal('event', REGISTRATION_MESSAGES.eventNotFound);
    return event;
  }

  private mailContext(event: EventRow) {
    return { society: this.deps.society, eventTitle: event.title };
  }

  /** An unpaid place is held this long, never past the event's start. */
  private payBy(event: EventRow, now: Date): string {
    const held = new Date(now.getTime() + this.deps.settings.paymentDays * 24 * HOUR_MS);
    const by = held.toISOString();
    return by < event.starts_at || event.starts_at <= now.toISOString() ? by : event.starts_at;
  }

  /**
   * Checks and prices a registration (ADR 049) at `now`: the event on the site with its window
   * open, the type's eligibility from the member's dues (never self-declared) or code, the
   * add-ons, and whether the event and the type have a free place. Add-ons without a place
   * refuse (no waiting list for an add-on).
   */
  private async plan(
    db: Executor,
    member: AuthenticatedMember,
    eventId: number,
    request: RegistrationRequestData,
    now: Date,
  ): Promise<Plan> {
    const stamp = now.toISOString();
    const [event] = await visibleEvents(db, stamp, eventId);
    if (event === undefined) throw refusal('event', REGISTRATION_MESSAGES.eventNotFound);
    const [types, addons] = await Promise.all([
      findRegistrationTypes(db, [eventId]),
      findEventAddons(db, [eventId]),
    ]);
    if (types.length === 0) throw refusal('event', REGISTRATION_MESSAGES.noRegistration);
    if (event.ends_at <= stamp) throw refusal('event', REGISTRATION_MESSAGES.eventEnded);
    if (event.registration_opens_at !== null && stamp < event.registration_opens_at) {
      throw refusal('event', REGISTRATION_WINDOW_MESSAGES.opensOn(event.registration_opens_at));
    }
    if (event.registration_closes_at !== null && stamp >= event.registration_closes_at) {
      throw refusal('event', REGISTRATION_WINDOW_MESSAGES.closedOn(event.registration_closes_at));
    }
    const type = types.find((candidate) => candidate.id === request.typeId);
    if (type === undefined) throw refusal('typeId', REGISTRATION_MESSAGES.typeUnknown);
    // The check character too, not only the shape (the ECM report and invoices need it right).
    if (request.fiscalCode !== null && !isValidCodiceFiscale(request.fiscalCode)) {
      throw refusal('fiscalCode', REGISTRATION_MESSAGES.fiscalCodeWrong);
    }
    let duesItems: PaymentItemInput[] = [];
    if (type.eligibility === 'iscritti-in-regola') {
      const roles = type.member_roles.split(',');
      const dues = roles.includes(member.role)
        ? await this.deps.members.duesStanding(db, member.id)
        : null;
      if (dues === null) {
        throw refusal('typeId', REGISTRATION_MESSAGES.membersOnly(rolesText(type.member_roles)));
      }
      // "Renew and register": a member not in good standing pays the open years with it.
      if (!dues.inGoodStanding) duesItems = dues.openDues;
    } else if (type.eligibility === 'codice') {
      const given = (request.accessCode ?? '').trim().toUpperCase();
      if (given === '' || given !== (type.access_code ?? '').trim().toUpperCase()) {
        throw refusal('accessCode', REGISTRATION_MESSAGES.codeWrong);
      }
    }
    const chosen = request.addonIds.map((id) => addons.find((addon) => addon.id === id));
    if (chosen.some((addon) => addon === undefined)) {
      throw refusal('addonIds', REGISTRATION_MESSAGES.addonUnknown);
    }
    const chosenAddons = chosen.filter((addon): addon is AddonRow => addon !== undefined);
    const held = await heldPlaces(db, eventId);
    for (const addon of chosenAddons) {
      if (addon.places !== null && (held.byAddon.get(addon.id) ?? 0) >= addon.places) {
        throw refusal('addonIds', REGISTRATION_MESSAGES.addonFull(addon.name));
      }
    }
    const placeAvailable =
      (event.places === null || held.event < event.places) &&
      (type.places === null || (held.byType.get(type.id) ?? 0) < type.places);
    const window = priceWindowAt(
      { earlyBirdUntil: event.early_bird_until, onsiteFrom: event.onsite_from },
      stamp,
    );
    const typeCents = priceInWindow(
      {
        earlyCents: type.early_cents,
        standardCents: type.standard_cents,
        onsiteCents: type.onsite_cents,
      },
      window,
    );
    const addonLines = chosenAddons.map((addon) => ({
      id: addon.id,
      name: addon.name,
      cents: addon.price_cents,
    }));
    const totalCents = typeCents + addonLines.reduce((sum, addon) => sum + addon.cents, 0);
    const duesCents = duesItems.reduce((sum, item) => sum + item.amount_cents, 0);
    return {
      event,
      type,
      addons: chosenAddons,
      window,
      duesItems,
      quote: {
        typeId: type.id,
        typeName: type.name,
        priceWindow: window,
        typeCents,
        addons: addonLines,
        totalCents,
        duesYears: duesItems.map((item) => Number(item.item_ref)),
        duesCents,
        payCents: totalCents + duesCents,
        placeAvailable,
        requiresApproval: type.requires_approval === 1,
      },
    };
  }

  /**
   * Offers the places free now to the waiting list, first come first, in the event's lock: a
   * waiting registration whose type (and add-ons) has room gets the place for
   * `offerHours`, and an e-mail. Answers how many were offered.
   */
  private async offerFreedPlaces(trx: Executor, event: EventRow, now: Date): Promise<number> {
    const waiting = await waitingList(trx, event.id);
    if (waiting.length === 0) return 0;
    const stamp = now.toISOString();
    const held = await heldPlaces(trx, event.id);
    const types = await findRegistrationTypes(trx, [event.id]);
    const addons = await findEventAddons(trx, [event.id]);
    const takenAddons = await addonsOfRegistrations(
      trx,
      waiting.map((row) => row.id),
    );
    const expires = new Date(now.getTime() + this.deps.settings.offerHours * HOUR_MS);
    const offerUntil =
      expires.toISOString() < event.starts_at || event.starts_at <= stamp
        ? expires.toISOString()
        : event.starts_at;
    let offered = 0;
    for (const row of waiting) {
      if (event.places !== null && held.event >= event.places) break;
      const type = types.find((candidate) => candidate.id === row.type_id);
      if (type?.places != null && (held.byType.get(row.type_id) ?? 0) >= type.places) continue;
      const own = takenAddons.filter((addon) => addon.registration_id === row.id);
      const addonFull = own.some((taken) => {
        const addon = addons.find((candidate) => candidate.id === taken.addon_id);
        return addon?.places != null && (held.byAddon.get(addon.id) ?? 0) >= addon.places;
      });
      if (addonFull) continue;
      // A type subject to approval: the freed place is held while the secretariat decides
      // (ADR 053), never offered to be paid before it has.
      const approval = type?.requires_approval === 1;
      const moved = await moveRegistration(
        trx,
        row.id,
        ['waiting'],
        approval
          ? { state: 'pending_approval', offer_expires_at: null }
          : { state: 'offered', offer_expires_at: offerUntil },
        stamp,
      );
      if (!moved) continue;
      held.event += 1;
      held.byType.set(row.type_id, (held.byType.get(row.type_id) ?? 0) + 1);
      for (const taken of own) {
        held.byAddon.set(taken.addon_id, (held.byAddon.get(taken.addon_id) ?? 0) + 1);
      }
      await enqueue(
        trx,
        'mail',
        approval
          ? placeHeldForApprovalMail(
              { ...row, state: 'pending_approval', offer_expires_at: null },
              this.mailContext(event),
            )
          : placeOfferedMail(
              { ...row, state: 'offered', offer_expires_at: offerUntil },
              this.mailContext(event),
            ),
        now,
      );
      this.deps.logger.info(
        { registrationId: row.id, eventId: event.id },
        'posto offerto dalla lista d’attesa',
      );
      offered += 1;
    }
    return offered;
  }

  /**
   * The dues a registration's payment takes with it (ADR 049): a members' type chosen by a
   * member not in good standing pays the open years, as they are when it is paid.
   */
  private async duesWith(
    db: Executor,
    row: RegistrationRow,
    type: TypeRow,
  ): Promise<PaymentItemInput[]> {
    if (type.eligibility !== 'iscritti-in-regola') return [];
    const dues = await this.deps.members.duesStanding(db, row.member_id);
    return dues === null || dues.inGoodStanding ? [] : dues.openDues;
  }

  /** One registration as its holder sees it; it was just read or written, so it exists. */
  private async view(db: Executor, row: RegistrationRow | undefined): Promise<MyRegistration> {
    const [view] = await this.views(db, row === undefined ? [] : [row]);
    if (view === undefined) throw new Error('iscrizione non trovata');
    return view;
  }

  /** Registrations as their holders see them. */
  private async views(db: Executor, rows: readonly RegistrationRow[]): Promise<MyRegistration[]> {
    if (rows.length === 0) return [];
    const eventIds = [...new Set(rows.map((row) => row.event_id))];
    const [events, types, addons, positions] = await Promise.all([
      findEventRows(db, eventIds),
      findRegistrationTypes(db, eventIds),
      addonsOfRegistrations(
        db,
        rows.map((row) => row.id),
      ),
      waitingPositions(
        db,
        rows.filter((row) => row.state === 'waiting'),
      ),
    ]);
    const stamp = this.now().toISOString();
    const payments = new Map<number, RegistrationPayment>();
    for (const row of rows) {
      const event = events.find((candidate) => candidate.id === row.event_id);
      const type = types.find((candidate) => candidate.id === row.type_id);
      if (event === undefined || type === undefined) continue;
      if (!payable(row) || row.payment_id !== null) continue;
      const dues = await this.duesWith(db, row, type);
      const duesCents = dues.reduce((sum, item) => sum + item.amount_cents, 0);
      if (row.total_cents + duesCents === 0) continue;
      payments.set(row.id, {
        payCents: row.total_cents + duesCents,
        duesYears: dues.map((item) => Number(item.item_ref)),
        duesCents,
        orderDescription: registrationOrderDescription(
          row.id,
          `${row.first_name} ${row.last_name}`,
          event.title,
        ),
      });
    }
    return rows.flatMap((row) => {
      const event = events.find((candidate) => candidate.id === row.event_id);
      if (event === undefined) return [];
      const limit = event.cancellable_until ?? event.starts_at;
      return [
        {
          id: row.id,
          event: {
            id: event.id,
            title: event.title,
            slug: eventSlug(event.title),
            startsAt: event.starts_at,
            endsAt: event.ends_at,
          },
          state: row.state,
          stateLabel: registrationStateLabel(row.state, row.payment_id !== null),
          typeName: types.find((type) => type.id === row.type_id)?.name ?? '',
          addons: addons
            .filter((addon) => addon.registration_id === row.id)
            .map((addon) => ({ name: addon.name, cents: addon.amount_cents })),
          totalCents: row.total_cents,
          priceWindow: row.price_window as PriceWindow,
          payBy: row.state === 'awaiting_payment' ? row.pay_by : null,
          offerExpiresAt: row.state === 'offered' ? row.offer_expires_at : null,
          waitingPosition: positions.get(row.id) ?? null,
          refusalReason: row.state === 'refused' ? row.end_reason : null,
          causale: registrationCausale(row.id),
          cancellable: isLive(row.state) && stamp < limit,
          payment: payments.get(row.id) ?? null,
          createdAt: row.created_at,
        },
      ];
    });
  }
}
