import { describe, expect, it } from 'vitest';
import {
  DUES_REMINDER_TEXT_DEFAULTS,
  DUES_REMINDER_TEXT_KINDS,
  DuesReminderTextInputSchema,
  fillDuesReminderText,
  placeholdersIn,
  unknownPlaceholderMessage,
} from './dues-reminder-texts.js';

describe('the texts of the dues reminders', () => {
  it('writes each default with its own placeholders only, so a default is always saved back', () => {
    for (const kind of DUES_REMINDER_TEXT_KINDS) {
      const { subject, body } = DUES_REMINDER_TEXT_DEFAULTS[kind];
      expect(unknownPlaceholderMessage(kind, subject), kind).toBeNull();
      expect(unknownPlaceholderMessage(kind, body), kind).toBeNull();
      expect(DuesReminderTextInputSchema.parse({ subject, body })).toEqual({ subject, body });
    }
    expect(placeholdersIn(DUES_REMINDER_TEXT_DEFAULTS.decaduto.body)).not.toContain('link');
  });

  it('fills placeholders once, drops a line left blank by them, and keeps other braces', () => {
    expect(
      fillDuesReminderText('Gentile {nome},\n{avviso-decadenza}\n\nCiao {x} {cognome}', {
        nome: '{cognome}',
        cognome: 'Rossi',
        'avviso-decadenza': '',
      }),
    ).toBe('Gentile {cognome},\n\nCiao {x} Rossi');
    expect(fillDuesReminderText('{numero} ', { numero: '' })).toBe('');
    expect(fillDuesReminderText('Socio n. {numero}', { numero: '' })).toBe('Socio n. ');
  });

  it('names in Italian the placeholders a kind does not have', () => {
    expect(unknownPlaceholderMessage('decaduto', 'Paga: {link} {nome}')).toBe(
      'Il segnaposto {link} non esiste in questo testo: puoi usare {nome}, {cognome}, {numero}, {acronimo} e {anni}.',
    );
    expect(unknownPlaceholderMessage('quota-dell-anno', '{ nome } {Nome} {anno}')).toBe(
      'I segnaposto { nome } e {Nome} non esistono in questo testo: puoi usare {nome}, {cognome}, {numero}, {acronimo}, {link} e {anno}.',
    );
    expect(unknownPlaceholderMessage('arretrati', 'Nessun segnaposto { qui')).toBeNull();
  });
});
