import { registrationOrderDescription } from '@sodalis/contracts';
import type { Executor } from '../../../db/schema.js';
import type {
  PaymentItem,
  PaymentItemInput,
  PaymentPurpose,
  PaymentRow,
  ReceiptPart,
  SettledBefore,
} from '../../payments/purposes.js';
import { registrationWithNames, type RegistrationRow } from './repository.js';

/** The name stored with every registration payment and item: never renamed (ADR 049). */
export const REGISTRATION_PURPOSE = 'registration';

/** What a receipt and a payment's item say of a registration. */
export function registrationCausaleText(eventTitle: string, typeName: string): string {
  return `iscrizione a «${eventTitle}», ${typeName}`;
}

/** The event's title in a registration's causale (the text after «, before the last »,). */
export function eventTitleOfCausale(causale: string): string {
  const start = causale.indexOf('«');
  const end = causale.lastIndexOf('», ');
  return start === -1 || end <= start ? '' : causale.slice(start + 1, end);
}

/** The registration's item of its payment: its price with the add-ons. */
export function registrationItem(
  registration: Pick<RegistrationRow, 'id' | 'total_cents'>,
  names: { eventTitle: string; typeName: string },
): PaymentItemInput {
  return {
    purpose: REGISTRATION_PURPOSE,
    item_ref: String(registration.id),
    description: registrationCausaleText(names.eventTitle, names.typeName),
    amount_cents: registration.total_cents,
  };
}

/** The registrations' side of a payment, run in the payment's transaction (ADR 049). */
export interface RegistrationLedger {
  /** Reported: the place stays held while the payment is verified. */
  paymentReported(trx: Executor, payment: PaymentRow, registrationId: number): Promise<void>;
  /** Verified: confirmed; answers why not (paid already, or no place left), else null. */
  paymentSettled(
    trx: Executor,
    payment: PaymentRow,
    registrationId: number,
    at: Date,
  ): Promise<string | null>;
  /** Rejected or refunded: the registration is no longer paid by it. */
  paymentUndone(
    trx: Executor,
    payment: PaymentRow,
    registrationId: number,
    at: Date,
  ): Promise<void>;
}

/**
 * Registrations as a purpose of payments (ADR 045, 049): an item is one registration
 * (`item_ref` its id); the registrations' ledger confirms it, under the event's lock, when the
 * payment is verified. Dues paid with it ("rinnova e iscriviti") are the dues purpose's items
 * of the same payment, settled by the dues ledger in the same transaction.
 */
export class RegistrationPurpose implements PaymentPurpose {
  readonly name = REGISTRATION_PURPOSE;

  constructor(private readonly ledger: RegistrationLedger) {}

  async reported(trx: Executor, payment: PaymentRow, items: PaymentItem[]): Promise<void> {
    for (const item of items)
      await this.ledger.paymentReported(trx, payment, Number(item.item_ref));
  }

  async settle(
    trx: Executor,
    payment: PaymentRow,
    items: PaymentItem[],
    at: Date,
  ): Promise<SettledBefore> {
    const texts: string[] = [];
    for (const item of items) {
      const why = await this.ledger.paymentSettled(trx, payment, Number(item.item_ref), at);
      if (why !== null) texts.push(why);
    }
    return {
      count: texts.length,
      of: items.length,
      text: texts.length === 0 ? null : texts.join('; '),
    };
  }

  async undo(trx: Executor, payment: PaymentRow, items: PaymentItem[], at: Date): Promise<void> {
    for (const item of items)
      await this.ledger.paymentUndone(trx, payment, Number(item.item_ref), at);
  }

  async receipt(trx: Executor, _payment: PaymentRow, items: PaymentItem[]): Promise<ReceiptPart> {
    const texts: string[] = [];
    let fiscalCode: string | null = null;
    for (const item of items) {
      const registration = await registrationWithNames(trx, Number(item.item_ref));
      texts.push(
        registration === undefined
          ? item.description
          : registrationCausaleText(registration.event_title, registration.type_name),
      );
      fiscalCode ??= registration?.fiscal_code ?? null;
    }
    const text = texts.join('; ');
    return { itemsText: text, causale: text, memberNumber: null, fiscalCode };
  }

  orderDescription(payment: PaymentRow, items: PaymentItem[]): string {
    const [item] = items;
    // The event's title as the item recorded it when the order was reported.
    return registrationOrderDescription(
      Number(item?.item_ref ?? 0),
      payment.account_name,
      eventTitleOfCausale(item?.description ?? ''),
    );
  }
}
