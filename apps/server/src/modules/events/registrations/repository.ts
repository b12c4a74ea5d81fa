import {
  LIVE_REGISTRATION_STATES,
  PLACE_HOLDING_STATES,
  type InvoiceFilter,
  type RegistrationCheck,
  type RegistrationState,
} from '@sodalis/contracts';
import type {
  ExpressionBuilder,
  Insertable,
  Selectable,
  SelectQueryBuilder,
  Updateable,
} from 'kysely';
import type { Database, Executor } from '../../../db/schema.js';
import { anyColumnContains } from '../../../text/search-text.js';
import type { EventRegistrationsTable } from '../tables.js';

/** Every query of the registrations' tables (ADR 049). */

export type RegistrationRow = Selectable<EventRegistrationsTable>;
export type RegistrationValues = Omit<
  Insertable<EventRegistrationsTable>,
  'id' | 'version' | 'created_at' | 'updated_at'
>;

/**
 * Takes the event until the transaction ends (ADR 049): every path that counts the event's
 * places and then takes or frees one starts here, so two of them for one event run one after
 * the other and the second counts what the first committed. A write on the event's own row is
 * the lock both engines have: a row lock on PostgreSQL (several instances, ADR 033), the
 * database's write lock on SQLite. False when the event does not exist.
 */
export async function lockEvent(db: Executor, eventId: number): Promise<boolean> {
  const result = await db
    .updateTable('events')
    .set((eb) => ({ id: eb.ref('id') }))
    .where('id', '=', eventId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The places the event's registrations hold: in all, per type and per add-on. */
export async function heldPlaces(
  db: Executor,
  eventId: number,
): Promise<{ event: number; byType: Map<number, number>; byAddon: Map<number, number> }> {
  const [byType, byAddon] = await Promise.all([
    db
      .selectFrom('event_registrations')
      .select(['type_id', (eb) => eb.fn.countAll<number | string>().as('held')])
      .where('event_id', '=', eventId)
      .where('state', 'in', PLACE_HOLDING_STATES)
      .groupBy('type_id')
      .execute(),
    db
      .selectFrom('event_registration_addons as a')
      .innerJoin('event_registrations as r', 'r.id', 'a.registration_id')
      .select(['a.addon_id', (eb) => eb.fn.countAll<number | string>().as('held')])
      .where('r.event_id', '=', eventId)
      .where('r.state', 'in', PLACE_HOLDING_STATES)
      .groupBy('a.addon_id')
      .execute(),
  ]);
  const types = new Map(byType.map((row) => [row.type_id, Number(row.held)]));
  return {
    event: [...types.values()].reduce((sum, held) => sum + held, 0),
    byType: types,
    byAddon: new Map(byAddon.map((row) => [row.addon_id, Number(row.held)])),
  };
}

export async function findRegistration(
  db: Executor,
  id: number,
): Promise<RegistrationRow | undefined> {
  return db.selectFrom('event_registrations').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function registrationByRequestKey(
  db: Executor,
  requestKey: string,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('request_key', '=', requestKey)
    .executeTakeFirst();
}

/** The account's registration to the event that is still alive (one at most, by index). */
export async function liveRegistrationOf(
  db: Executor,
  eventId: number,
  memberId: number,
): Promise<RegistrationRow | undefined> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('member_id', '=', memberId)
    .where('state', 'in', LIVE_REGISTRATION_STATES)
    .executeTakeFirst();
}

/** Stores a registration and its add-ons; answers its id. */
export async function insertRegistration(
  db: Executor,
  values: RegistrationValues,
  addons: readonly { addonId: number; amountCents: number }[],
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('event_registrations')
    .values({ ...values, created_at: now, updated_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (addons.length > 0) {
    await db
      .insertInto('event_registration_addons')
      .values(
        addons.map((addon) => ({
          registration_id: row.id,
          addon_id: addon.addonId,
          amount_cents: addon.amountCents,
        })),
      )
      .execute();
  }
  return row.id;
}

/**
 * Moves a registration from one of `from` to a new state with its changes; false when it was
 * no longer in one of them (another request moved it first).
 */
export async function moveRegistration(
  db: Executor,
  id: number,
  from: readonly RegistrationState[],
  change: Updateable<EventRegistrationsTable> & { state: RegistrationState },
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable('event_registrations')
    .set((eb) => ({ ...change, updated_at: now, version: eb('version', '+', 1) }))
    .where('id', '=', id)
    .where('state', 'in', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The event's waiting list, first come first. */
export async function waitingList(db: Executor, eventId: number): Promise<RegistrationRow[]> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where('state', '=', 'waiting')
    .orderBy('id')
    .execute();
}

/** The add-ons a registration took, with their names. */
export async function addonsOfRegistrations(db: Executor, registrationIds: readonly number[]) {
  if (registrationIds.length === 0) return [];
  return db
    .selectFrom('event_registration_addons as a')
    .innerJoin('event_addons as e', 'e.id', 'a.addon_id')
    .select(['a.registration_id', 'a.addon_id', 'a.amount_cents', 'e.name'])
    .where('a.registration_id', 'in', registrationIds)
    .orderBy('e.position')
    .execute();
}

/** An account's registrations with their events and types, the latest event first. */
export async function registrationsOfMember(db: Executor, memberId: number) {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .innerJoin('event_registration_types as t', 't.id', 'r.type_id')
    .selectAll('r')
    .select([
      'e.title as event_title',
      'e.starts_at as event_starts_at',
      'e.ends_at as event_ends_at',
      'e.cancellable_until as event_cancellable_until',
      't.name as type_name',
    ])
    .where('r.member_id', '=', memberId)
    .orderBy('e.starts_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/** Of the waiting registrations `ids`, how many wait before each (its place in the list). */
export async function waitingPositions(
  db: Executor,
  registrations: readonly { id: number; event_id: number }[],
): Promise<Map<number, number>> {
  const positions = new Map<number, number>();
  for (const registration of registrations) {
    const ahead = await db
      .selectFrom('event_registrations')
      .select((eb) => eb.fn.countAll<number | string>().as('ahead'))
      .where('event_id', '=', registration.event_id)
      .where('state', '=', 'waiting')
      .where('id', '<', registration.id)
      .executeTakeFirstOrThrow();
    positions.set(registration.id, Number(ahead.ahead) + 1);
  }
  return positions;
}

/** An offer past its time or a place unpaid past its deadline at `now`. */
function lapsedHold(eb: ExpressionBuilder<Database, 'event_registrations'>, now: string) {
  return eb.or([
    eb.and([eb('state', '=', 'offered'), eb('offer_expires_at', '<=', now)]),
    eb.and([eb('state', '=', 'awaiting_payment'), eb('pay_by', '<=', now)]),
  ]);
}

/** The events with an offer past its time or a place unpaid past its deadline at `now`. */
export async function eventsWithLapsedHolds(db: Executor, now: string): Promise<number[]> {
  const rows = await db
    .selectFrom('event_registrations')
    .select('event_id')
    .distinct()
    .where((eb) => lapsedHold(eb, now))
    .execute();
  return rows.map((row) => row.event_id);
}

/** The event's registrations whose offer or payment time has passed at `now`. */
export async function lapsedHoldsOf(
  db: Executor,
  eventId: number,
  now: string,
): Promise<RegistrationRow[]> {
  return db
    .selectFrom('event_registrations')
    .selectAll()
    .where('event_id', '=', eventId)
    .where((eb) => lapsedHold(eb, now))
    .orderBy('id')
    .execute();
}

/** Unpaid places whose deadline falls before `until` and whose holder was not reminded. */
export async function unpaidToRemind(db: Executor, now: string, until: string) {
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .selectAll('r')
    .select(['e.title as event_title'])
    .where('r.state', '=', 'awaiting_payment')
    .where('r.payment_reminded_at', 'is', null)
    .where('r.pay_by', '>', now)
    .where('r.pay_by', '<=', until)
    .orderBy('r.id')
    .execute();
}

/** Marks the reminder of an unpaid place sent (once: false when another run did). */
export async function markPaymentReminded(db: Executor, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable('event_registrations')
    .set({ payment_reminded_at: now })
    .where('id', '=', id)
    .where('payment_reminded_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Whether a registration names one of these events or types (they are never deleted). */
export async function anyRegistrationOf(
  db: Executor,
  column: 'event_id' | 'type_id',
  ids: readonly number[],
): Promise<boolean> {
  if (ids.length === 0) return false;
  const row = await db
    .selectFrom('event_registrations')
    .select('id')
    .where(column, 'in', ids)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether a registration took one of these add-ons (they are never deleted). */
export async function anyRegistrationWithAddon(
  db: Executor,
  addonIds: readonly number[],
): Promise<boolean> {
  if (addonIds.length === 0) return false;
  const row = await db
    .selectFrom('event_registration_addons')
    .select('registration_id')
    .where('addon_id', 'in', addonIds)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** A registration with its event's title and type's name (a receipt's and an order's words). */
export async function registrationWithNames(db: Executor, id: number) {
  const [row] = await registrationsWithNames(db, [id]);
  return row;
}

/** The staff list's rows: an event's, a state's, a name or e-mail typed (ADR 049). */
export function filteredRegistrations(
  db: Executor,
  filters: {
    eventId?: number | undefined;
    state?: RegistrationState | undefined;
    text?: string | undefined;
    invoice?: InvoiceFilter | undefined;
    check?: RegistrationCheck | undefined;
  },
) {
  let query = db.selectFrom('event_registrations');
  // What the staff may have to check (ADR 059).
  if (filters.check === 'codice-fiscale') query = query.where('fiscal_code_name_mismatch', '=', 1);
  if (filters.check === 'professione') query = query.where('profession_to_check', '=', 1);
  if (filters.eventId !== undefined) query = query.where('event_id', '=', filters.eventId);
  if (filters.state !== undefined) query = query.where('state', '=', filters.state);
  if (filters.invoice === 'da-emettere') query = invoicesToIssue(query);
  if (filters.invoice === 'emessa') query = query.where('invoice_issued_at', 'is not', null);
  const text = anyColumnContains(
    [
      'event_registrations.email',
      'event_registrations.last_name',
      'event_registrations.first_name',
    ],
    filters.text,
  );
  // A registration's number typed (a transfer's garbled causale still shows it, ADR 053).
  const number = /^\s*(\d{1,9})\s*$/.exec(filters.text ?? '')?.[1];
  if (number !== undefined) {
    const id = Number(number);
    query = query.where((eb) =>
      text === null ? eb('id', '=', id) : eb.or([eb('id', '=', id), text]),
    );
  } else if (text !== null) query = query.where(text);
  return query;
}

/**
 * The invoices to issue (ADR 049, amendment "invoices"): paid, confirmed registrations that asked
 * for one not yet marked as issued, whatever the event's date (an invoice outlives the event).
 */
function invoicesToIssue<Q extends SelectQueryBuilder<Database, 'event_registrations', object>>(
  query: Q,
): Q {
  return query
    .where('event_registrations.invoice_name', 'is not', null)
    .where('event_registrations.invoice_issued_at', 'is', null)
    .where('event_registrations.payment_id', 'is not', null)
    .where('event_registrations.state', '=', 'confirmed') as Q;
}

/** How many invoices wait to be issued (the staff home's count, ADR 023). */
export async function countInvoicesToIssue(db: Executor): Promise<number> {
  const row = await invoicesToIssue(db.selectFrom('event_registrations'))
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

/**
 * Marks a registration's invoice issued, if it asked for one not yet issued: false otherwise (two
 * staff members at once, the second is told).
 */
export async function markInvoiceIssued(
  db: Executor,
  id: number,
  invoice: { number: string; by: string; at: string },
): Promise<boolean> {
  const result = await db
    .updateTable('event_registrations')
    .set({
      invoice_number: invoice.number,
      invoice_issued_at: invoice.at,
      invoice_issued_by: invoice.by,
      updated_at: invoice.at,
    })
    .where('id', '=', id)
    .where('invoice_name', 'is not', null)
    .where('invoice_issued_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Registrations by id, with their event's title and type's name. */
export async function registrationsWithNames(db: Executor, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('event_registrations as r')
    .innerJoin('events as e', 'e.id', 'r.event_id')
    .innerJoin('event_registration_types as t', 't.id', 'r.type_id')
    .selectAll('r')
    .select(['e.title as event_title', 't.name as type_name'])
    .where('r.id', 'in', ids)
    .execute();
}

/** Every registration of an event by state and type (the summary's counts). */
export async function registrationCounts(db: Executor, eventId: number) {
  return db
    .selectFrom('event_registrations')
    .select(['state', 'type_id', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('event_id', '=', eventId)
    .groupBy(['state', 'type_id'])
    .execute();
}

/** What an event's paid, confirmed registrations brought, and the invoices asked for. */
export async function registrationTakings(db: Executor, eventId: number) {
  const row = await db
    .selectFrom('event_registrations')
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('state', '=', 'confirmed'), eb('payment_id', 'is not', null)]))
            .then(eb.ref('total_cents'))
            .else(0)
            .end(),
        )
        .as('takings'),
      eb.fn.count<number | string>('invoice_name').as('invoices'),
    ])
    .where('event_id', '=', eventId)
    .executeTakeFirstOrThrow();
  return { takingsCents: Number(row.takings ?? 0), invoicesRequested: Number(row.invoices) };
}

/** The events staff may look at registrations of: those with registration types, latest first. */
export async function eventsWithRegistrationTypes(db: Executor) {
  return db
    .selectFrom('events as e')
    .select(['e.id', 'e.title', 'e.starts_at'])
    .where('e.deleted_at', 'is', null)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('event_registration_types as t')
          .select('t.id')
          .whereRef('t.event_id', '=', 'e.id'),
      ),
    )
    .orderBy('e.starts_at', 'desc')
    .orderBy('e.id', 'desc')
    .execute();
}

/**
 * How many registrations of events not yet ended are in each of `states` (the staff home's
 * pending work): a state without any is 0.
 */
export async function stateCountsOfComingEvents<State extends RegistrationState>(
  db: Executor,
  now: string,
  states: readonly State[],
): Promise<Record<State, number>> {
  const rows = await db
    .selectFrom('event_registrations')
    .innerJoin('events', 'events.id', 'event_registrations.event_id')
    .select(['event_registrations.state', (eb) => eb.fn.countAll<number | string>().as('count')])
    .where('events.ends_at', '>', now)
    .where('event_registrations.state', 'in', states)
    .groupBy('event_registrations.state')
    .execute();
  const counts = Object.fromEntries(states.map((state) => [state, 0])) as Record<State, number>;
  for (const row of rows) counts[row.state as State] = Number(row.count);
  return counts;
}
