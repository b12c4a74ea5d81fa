import { describe, expect, it } from 'vitest';
import { dueMethodOfReference, paymentMethodText } from './membership.js';

describe('how a payment was made, from its stored reference (ADR 029)', () => {
  it.each([
    ['5O190127TN364715T', 'paypal', 'PayPal (ordine 5O190127TN364715T)'],
    ['bonifico:NOTPROVIDED-2026-0001', 'bonifico', 'Bonifico (riferimento NOTPROVIDED-2026-0001)'],
    ['contanti:congresso-2026-7', 'contanti', 'Contanti (riferimento congresso-2026-7)'],
    ['carta:POS 42', 'carta', 'Carta (riferimento POS 42)'],
    // What the bank import and the hand entries store: the bank's reference without
    // the file's kind, and nothing for a reference only ours (a digest, a day and a UUID).
    ['bonifico:camt:2026112700042', 'bonifico', 'Bonifico (riferimento 2026112700042)'],
    ['bonifico:csv:CRO 0042', 'bonifico', 'Bonifico (riferimento CRO 0042)'],
    ['bonifico:sha256:0123456789abcdef0123456789abcdef', 'bonifico', 'Bonifico'],
    ['contanti:2026-11-27:0b6c2f0e-4b1d-4c57-9a0e-3f8f3c1d2e4a', 'contanti', 'Contanti'],
    ['carta:2026-11-27:0b6c2f0e-4b1d-4c57-9a0e-3f8f3c1d2e4a', 'carta', 'Carta'],
  ] as const)('%s → %s', (reference, method, text) => {
    expect(dueMethodOfReference(reference)).toBe(method);
    expect(paymentMethodText(reference)).toBe(text);
  });
});
