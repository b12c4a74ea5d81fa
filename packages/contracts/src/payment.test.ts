import { describe, expect, it } from 'vitest';
import {
  buildPaymentOrder,
  centsOf,
  euroAmount,
  feesFor,
  ibanGroups,
  isPaymentSelectionComplete,
  paymentDescription,
  RegistraPagamentoBodySchema,
} from './payment.js';
import type { Fee } from './society.js';

const MEMBER_FEE: Fee = {
  id: 1,
  title: 'Quota Socio ordinario',
  quota: 80,
  accesso: { socio: 'Socio' },
};
const UNDER_35: Fee = {
  id: 2,
  title: 'Quota Socio under 35',
  quota: 40,
  accesso: { socio: 'Socio' },
};
const TECHNICIAN: Fee = {
  id: 3,
  title: 'Quota Affiliato tecnico',
  quota: 30.5,
  accesso: { affiliato: 'Affiliato' },
};
const FEES = [MEMBER_FEE, UNDER_35, TECHNICIAN];

describe('fee payment rules (spec §3, §4, §5, §6, §7 Payment)', () => {
  it('offers the "Socio" fees on the members’ page and the "Affiliato" fees on the affiliates’', () => {
    expect(feesFor(FEES, 'Socio').map((fee) => fee.id)).toEqual([1, 2]);
    expect(feesFor(FEES, 'Affiliato').map((fee) => fee.id)).toEqual([3]);
  });

  it('builds the order from the selection: one unit, EUR, the quota, year + name + fee title', () => {
    expect(
      buildPaymentOrder({ fee: TECHNICIAN, accountName: '  Anna   Bianchi ', year: 2027 }),
    ).toEqual({
      intent: 'CAPTURE',
      purchase_units: [
        {
          amount: { currency_code: 'EUR', value: '30.50' },
          description: '2027 - Anna Bianchi - Quota Affiliato tecnico',
        },
      ],
    });
    expect(
      buildPaymentOrder({ fee: MEMBER_FEE, accountName: 'Mario Rossi', year: 2026 }),
    ).toMatchObject({ purchase_units: [{ amount: { value: '80.00' } }] });
  });

  it('keeps the description within PayPal’s 127 characters', () => {
    expect(paymentDescription(2026, 'x'.repeat(200), 'Quota')).toHaveLength(127);
  });

  it.each([
    ['everything set', { fee: MEMBER_FEE, accountName: 'Mario Rossi', year: 2026 }, true],
    ['a later year up to 2099', { fee: MEMBER_FEE, accountName: 'Mario Rossi', year: 2099 }, true],
    ['no fee', { fee: undefined, accountName: 'Mario Rossi', year: 2026 }, false],
    ['no name', { fee: MEMBER_FEE, accountName: '', year: 2026 }, false],
    ['a blank name', { fee: MEMBER_FEE, accountName: '   ', year: 2026 }, false],
    ['no year', { fee: MEMBER_FEE, accountName: 'Mario Rossi', year: undefined }, false],
    ['a past year', { fee: MEMBER_FEE, accountName: 'Mario Rossi', year: 2025 }, false],
    ['a year after 2099', { fee: MEMBER_FEE, accountName: 'Mario Rossi', year: 2100 }, false],
    ['a fractional year', { fee: MEMBER_FEE, accountName: 'Mario Rossi', year: 2026.5 }, false],
  ])('enables the button with %s: %s', (_label, selection, enabled) => {
    expect(isPaymentSelectionComplete(selection, 2026)).toBe(enabled);
  });

  it('reads PayPal amounts as cents and writes euros with two decimals', () => {
    expect(euroAmount(80)).toBe('80.00');
    expect(euroAmount(0.1 + 0.2)).toBe('0.30');
    expect(centsOf('80.00')).toBe(8000);
    expect(centsOf('30.5')).toBe(3050);
    expect(centsOf('80')).toBe(8000);
    expect(centsOf('-1.00')).toBeNull();
    expect(centsOf('1e3')).toBeNull();
  });

  it('refuses a report without an order id, a fee, a name or a sensible year', () => {
    const valid = {
      orderId: '5O190127TN364715T',
      quotaId: 1,
      anno: 2026,
      nominativo: 'Mario Rossi',
      importo: '80.00',
      valuta: 'EUR',
    };
    expect(RegistraPagamentoBodySchema.safeParse(valid).success).toBe(true);
    for (const wrong of [
      { orderId: '' },
      { orderId: 'a/b/c/d/e' },
      { quotaId: 0 },
      { nominativo: ' ' },
      { anno: 2100 },
    ]) {
      expect(RegistraPagamentoBodySchema.safeParse({ ...valid, ...wrong }).success).toBe(false);
    }
  });

  it('writes an IBAN in groups of four capitals, however it was configured', () => {
    expect(ibanGroups('IT60X0542811101000000123456')).toBe('IT60 X054 2811 1010 0000 0123 456');
    expect(ibanGroups(' it60 x054 2811 1010 0000 0123 456 ')).toBe(
      'IT60 X054 2811 1010 0000 0123 456',
    );
    expect(ibanGroups('DE89370400440532013000')).toBe('DE89 3704 0044 0532 0130 00');
  });
});
