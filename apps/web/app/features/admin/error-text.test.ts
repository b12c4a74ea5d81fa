import { HttpError } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { errorText } from './error-text';

describe('the Italian message of a failed staff call', () => {
  it('is the server’s message the data provider put in the error', () => {
    const failed = new HttpError('Codice non valido. Riprova.', 400);
    expect(errorText(failed, 'Codice non accettato.')).toBe('Codice non valido. Riprova.');
  });

  it('is the screen’s own text when the error says nothing', () => {
    expect(errorText(new Error(''), 'Codice non accettato.')).toBe('Codice non accettato.');
    expect(errorText('rete assente', 'Codice non accettato.')).toBe('Codice non accettato.');
    expect(errorText(undefined, 'Operazione non riuscita.')).toBe('Operazione non riuscita.');
  });
});
