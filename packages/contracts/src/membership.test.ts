import { describe, expect, it } from 'vitest';
import { dueMethodOfReference, paymentMethodText } from './membership.js';

describe('how a payment was made, from its stored reference (ADR 029)', () => {
  it.each([
    ['5O190127TN364715T', 'paypal', 'PayPal (ordine 5O190127TN364715T)'],
    ['bonifico:NOTPROVIDED-2026-0001', 'bonifico', 'Bonifico (riferimento NOTPROVIDED-2026-0001)'],
    ['contanti:congresso-2026-7', 'contanti', 'Contanti (riferimento congresso-2026-7)'],
    ['carta:POS 42', 'carta', 'Carta (riferimento POS 42)'],
  ] as const)('%s → %s', (reference, method, text) => {
    expect(dueMethodOfReference(reference)).toBe(method);
    expect(paymentMethodText(reference)).toBe(text);
  });
});
