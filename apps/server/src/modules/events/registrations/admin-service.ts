import {
  adminListHref,
  REGISTRATION_MESSAGES,
  REGISTRATION_STATE_LABELS,
  romeDate,
  REGISTRATION_STATES,
  registrationCausale,
  type AdminPage,
  type AdminRegistration,
  type AdminRegistrationListQuery,
  type AdminRegistrationSummary,
  type PriceWindow,
  type RegistrationState,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import { toCsv } from '../../../text/csv.js';
import type { PendingWorkProvider } from '../../admin/dashboard.js';
import { idPage } from '../../listing/id-page.js';
import { findEventAddons, findEventRows, findRegistrationTypes } from '../repository.js';
import {
  addonsOfRegistrations,
  eventsWithRegistrationTypes,
  filteredRegistrations,
  heldPlaces,
  registrationCounts,
  registrationTakings,
  registrationsWithNames,
  countInvoicesToIssue,
  markInvoiceIssued,
  stateCountsOfComingEvents,
} from './repository.js';
import { registrationProfessionalFacts } from './professional-facts.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import type { Clock } from '../../../text/dates.js';

/** How many rows one export carries at most (a congress has hundreds to a few thousand). */
const EXPORT_LIMIT = 20_000;

const SORTS = {
  createdAt: 'event_registrations.created_at',
  lastName: 'event_registrations.last_name',
  state: 'event_registrations.state',
} as const;

type Row = Awaited<ReturnType<typeof registrationsWithNames>>[number];

/**
 * What waits on the staff home for the events' coming registrations (ADR 023, 049, 053):
 * registrations awaiting the secretariat's approval, offered places not yet taken (the offer
 * lapses by itself, a call may save it) and places held until paid. Each links to the list
 * under the same state.
 */
export const registrationsPendingWork: PendingWorkProvider = async (db, now) => {
  const counts = await stateCountsOfComingEvents(db, now.toISOString(), [
    'pending_approval',
    'offered',
    'awaiting_payment',
  ]);
  return [
    {
      key: 'iscrizioni-da-approvare',
      label: 'Iscrizioni agli eventi da approvare',
      count: counts.pending_approval,
      href: adminListHref('iscrizioni', { state: 'pending_approval' }),
    },
    {
      key: 'iscrizioni-posti-offerti',
      label: 'Posti offerti dalla lista d’attesa, senza risposta',
      count: counts.offered,
      href: adminListHref('iscrizioni', { state: 'offered' }),
    },
    {
      key: 'iscrizioni-da-pagare',
      label: 'Iscrizioni agli eventi in attesa di pagamento',
      count: counts.awaiting_payment,
      href: adminListHref('iscrizioni', { state: 'awaiting_payment' }),
    },
    {
      key: 'iscrizioni-fatture-da-emettere',
      label: 'Fatture richieste dagli iscritti agli eventi, da emettere',
      count: await countInvoicesToIssue(db),
      href: adminListHref('iscrizioni', { invoice: 'da-emettere' }),
    },
  ];
};

/**
 * The secretariat's registrations (ADR 049): the list with its filters, one registration, an
 * event's summary (by state, type and add-on against places, takings, invoices) and the export
 * for a spreadsheet (`;` and BOM, `toCsv`).
 */
export class RegistrationsAdmin {
  constructor(private readonly deps: { db: Kysely<Database>; clock: Clock }) {}

  async list(query: AdminRegistrationListQuery): Promise<AdminPage<AdminRegistration>> {
    const page = await idPage(this.filtered(query), query, {
      idColumn: 'event_registrations.id',
      sortColumns: SORTS,
      fallback: 'createdAt',
    });
    return { items: await this.items(page.ids), total: page.total };
  }

  /** The events to choose from in the list's filter (the treasury does not see the events' area). */
  async events(): Promise<{ id: number; title: string; startsAt: string }[]> {
    const rows = await eventsWithRegistrationTypes(this.deps.db);
    return rows.map((row) => ({ id: row.id, title: row.title, startsAt: row.starts_at }));
  }

  /**
   * A registration's invoice marked as issued with the accountant's number (ADR 049, amendment
   * "invoices"): only a paid, confirmed registration that asked for one, once; audited.
   */
  async issueInvoice(actor: Actor, id: number, number: string): Promise<AdminRegistration> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      const [row] = await registrationsWithNames(trx, [id]);
      if (row === undefined) throw new AppError('notFound');
      const refused = (message: string) =>
        new AppError('stateConflict', [{ path: 'invoice', message }]);
      if (row.invoice_name === null) throw refused(REGISTRATION_MESSAGES.invoiceNotAsked);
      if (row.invoice_number !== null) {
        throw refused(REGISTRATION_MESSAGES.invoiceIssued(row.invoice_number));
      }
      if (row.state !== 'confirmed' || row.payment_id === null) {
        throw refused(REGISTRATION_MESSAGES.invoiceNotPaid);
      }
      const marked = await markInvoiceIssued(trx, id, {
        number,
        by: actor.email,
        at: now.toISOString(),
      });
      // Another staff member marked it meanwhile.
      if (!marked) throw refused(REGISTRATION_MESSAGES.invoiceIssued(number));
      await writeAudit(
        trx,
        actor,
        {
          action: 'fattura emessa',
          entity: 'event_registration',
          entityId: id,
          summary: `Fattura n. ${number} dell’iscrizione ${id} di ${row.email} a «${row.event_title}» emessa`,
          before: { fattura: null },
          after: { fattura: number },
        },
        now,
      );
    });
    return this.get(id);
  }

  async get(id: number): Promise<AdminRegistration> {
    const [item] = await this.items([id]);
    if (item === undefined) throw new AppError('notFound');
    return item;
  }

  async summary(eventId: number): Promise<AdminRegistrationSummary> {
    const { db } = this.deps;
    const [event] = await findEventRows(db, [eventId]);
    if (event === undefined) throw new AppError('notFound');
    const [types, addons, counts, held, takings] = await Promise.all([
      findRegistrationTypes(db, [eventId]),
      findEventAddons(db, [eventId]),
      registrationCounts(db, eventId),
      heldPlaces(db, eventId),
      registrationTakings(db, eventId),
    ]);
    const byState = Object.fromEntries(REGISTRATION_STATES.map((state) => [state, 0])) as Record<
      RegistrationState,
      number
    >;
    for (const row of counts) byState[row.state] += Number(row.count);
    return {
      eventId,
      eventTitle: event.title,
      places: event.places,
      byState,
      types: types.map((type) => ({
        name: type.name,
        places: type.places,
        held: held.byType.get(type.id) ?? 0,
        waiting: counts
          .filter((row) => row.type_id === type.id && row.state === 'waiting')
          .reduce((sum, row) => sum + Number(row.count), 0),
      })),
      addons: addons.map((addon) => ({
        name: addon.name,
        places: addon.places,
        held: held.byAddon.get(addon.id) ?? 0,
      })),
      ...takings,
    };
  }

  /** The list's rows (its filters, oldest first) for a spreadsheet. */
  async exportCsv(query: AdminRegistrationListQuery): Promise<string> {
    const ids = await this.filtered(query)
      .select('event_registrations.id')
      .orderBy('event_registrations.id')
      .limit(EXPORT_LIMIT)
      .execute();
    const items = await this.items(ids.map((row) => row.id));
    const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    return toCsv([
      [
        'iscrizione',
        'evento',
        'cognome',
        'nome',
        'e-mail',
        'tipo',
        'servizi aggiuntivi',
        'importo (€)',
        'stato',
        'codice fiscale',
        'codice fiscale da verificare',
        'codice professione',
        'professione',
        'codice disciplina',
        'disciplina',
        'professione da verificare',
        'condizione lavorativa',
        'ente',
        'fattura: denominazione',
        'fattura: partita IVA o codice fiscale',
        'fattura: codice destinatario',
        'fattura: PEC',
        'fattura: numero',
        'fattura: emessa il',
        'causale bonifico',
        'iscritto il',
      ],
      ...items.map((item) => [
        String(item.id),
        item.eventTitle,
        item.lastName,
        item.firstName,
        item.email,
        item.typeName,
        item.addons.join(', '),
        euros(item.totalCents),
        item.stateLabel,
        item.fiscalCode ?? '',
        item.fiscalCodeNameMismatch ? 'sì' : '',
        item.professionCode === null ? '' : String(item.professionCode),
        item.profession ?? '',
        item.disciplineCode === null ? '' : String(item.disciplineCode),
        item.discipline ?? '',
        item.professionToCheck ? 'sì' : '',
        item.employmentLabel ?? '',
        item.employer ?? '',
        item.invoice?.name ?? '',
        item.invoice?.taxId ?? '',
        item.invoice?.recipientCode ?? '',
        item.invoice?.pec ?? '',
        item.invoice?.number ?? '',
        item.invoice?.issuedAt === null || item.invoice === null
          ? ''
          : romeDate(new Date(item.invoice.issuedAt)),
        item.causale,
        item.createdAt,
      ]),
    ]);
  }

  private filtered(query: AdminRegistrationListQuery) {
    return filteredRegistrations(this.deps.db, {
      eventId: query.eventId,
      state: query.state,
      text: query.q,
      invoice: query.invoice,
      check: query.check,
    });
  }

  private async items(ids: readonly number[]): Promise<AdminRegistration[]> {
    const { db } = this.deps;
    const [rows, addons] = await Promise.all([
      registrationsWithNames(db, ids),
      addonsOfRegistrations(db, ids),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.flatMap((id) => {
      const row = byId.get(id);
      return row === undefined
        ? []
        : [
            adminRegistration(
              row,
              addons.filter((addon) => addon.registration_id === id).map((addon) => addon.name),
            ),
          ];
    });
  }
}

function adminRegistration(row: Row, addons: string[]): AdminRegistration {
  return {
    id: row.id,
    eventId: row.event_id,
    eventTitle: row.event_title,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    typeName: row.type_name,
    addons,
    totalCents: row.total_cents,
    priceWindow: row.price_window as PriceWindow,
    state: row.state,
    stateLabel:
      row.state === 'awaiting_payment' && row.payment_id !== null
        ? 'Pagamento in verifica'
        : REGISTRATION_STATE_LABELS[row.state],
    payBy: row.pay_by,
    offerExpiresAt: row.offer_expires_at,
    paymentId: row.payment_id,
    causale: registrationCausale(row.id),
    fiscalCode: row.fiscal_code,
    fiscalCodeNameMismatch: row.fiscal_code_name_mismatch === 1,
    ...registrationProfessionalFacts(row),
    employer: row.employer,
    invoice:
      row.invoice_name === null || row.invoice_tax_id === null
        ? null
        : {
            name: row.invoice_name,
            taxId: row.invoice_tax_id,
            recipientCode: row.invoice_recipient_code,
            pec: row.invoice_pec,
            number: row.invoice_number,
            issuedAt: row.invoice_issued_at,
          },
    endedBy: row.ended_by,
    endReason: row.end_reason,
    createdAt: row.created_at,
  };
}
