import { describe, expect, it } from 'vitest';
import {
  PaymentPurposes,
  type PaymentItem,
  type PaymentPurpose,
  type PaymentRow,
} from '../../../src/modules/payments/purposes.js';

/** A purpose that only has a name: the registry never calls its hooks. */
function purposeNamed(name: string): PaymentPurpose {
  const unused = () => {
    throw new Error('non chiamato');
  };
  return {
    name,
    reported: unused,
    settle: unused,
    undo: unused,
    receipt: unused,
    orderDescription: unused,
  };
}

function item(id: number, purpose: string, ref: string): PaymentItem {
  return {
    id,
    payment_id: 1,
    purpose,
    item_ref: ref,
    description: ref,
    amount_cents: 100,
  };
}

const PAYMENT = { id: 1, purpose: 'dues' } as PaymentRow;

describe('the purposes a payment may pay (ADR 045)', () => {
  it('groups a payment’s items by purpose, in the order they were added', () => {
    const dues = purposeNamed('dues');
    const congress = purposeNamed('congress');
    const purposes = new PaymentPurposes().register(dues).register(congress);
    const items = [
      item(1, 'dues', '2026'),
      item(2, 'congress', 'iscrizione:7'),
      item(3, 'dues', '2025'),
    ];
    expect(purposes.groups(PAYMENT, items)).toEqual([
      [dues, [items[0], items[2]]],
      [congress, [items[1]]],
    ]);
  });

  it('gives a payment without items to its own purpose, with none', () => {
    const dues = purposeNamed('dues');
    expect(new PaymentPurposes().register(dues).groups(PAYMENT, [])).toEqual([[dues, []]]);
  });

  it('refuses a purpose registered twice and a stored purpose nobody registered', () => {
    const purposes = new PaymentPurposes().register(purposeNamed('dues'));
    expect(() => purposes.register(purposeNamed('dues'))).toThrow(/registrato due volte/);
    expect(() => purposes.get('congress')).toThrow(/sconosciuto: congress/);
  });
});
