import { AUDIT_ENTITY_NAMES, RESERVED_AUDIENCES, romeYear } from '@sodalis/contracts';

/** Italian labels and formats shared by the admin screens. */

/** Who may read a reserved item (ADR 011), as the audience selects offer it. */
export const AUDIENCE_CHOICES = choicesOf(RESERVED_AUDIENCES);

/** The choices of a select from Italian names by value, in their order. */
export function choicesOf(names: Readonly<Record<string, string>>): { id: string; name: string }[] {
  return Object.entries(names).map(([id, name]) => ({ id, name }));
}

export const NEWS_STATE_CHOICES = [
  { id: 'pubblicata', name: 'Pubblicata' },
  { id: 'programmata', name: 'Programmata' },
  { id: 'non-pubblicata', name: 'Non pubblicata' },
];

export const YES_NO_CHOICES = [
  { id: 'true', name: 'Sì' },
  { id: 'false', name: 'No' },
];

export const ENTITY_CHOICES = choicesOf(AUDIT_ENTITY_NAMES);

export function choiceName(choices: { id: string; name: string }[], id: unknown): string {
  return choices.find((choice) => choice.id === id)?.name ?? String(id ?? '');
}

/**
 * Year choices for filters, newest first, down to 2019 (spec §9: year lists start in 2019).
 * `yearsAhead` adds years after this one (fees can be paid for next year).
 */
export function yearChoices(yearsAhead = 0): { id: string; name: string }[] {
  const choices: { id: string; name: string }[] = [];
  for (let year = romeYear() + yearsAhead; year >= 2019; year -= 1) {
    choices.push({ id: String(year), name: String(year) });
  }
  return choices;
}

/**
 * What an edit changed, from its audit entry (which keeps only the changed fields, with the
 * Italian names the secretariat reads: "dataPubblicazione" → "data pubblicazione"); null for an
 * entry that is not an edit or changed nothing it names ("Notizia modificata" three
 * times said nothing of what changed).
 */
export function changedFieldsText(entry: {
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
}): string | null {
  if (entry.action !== 'modifica' || entry.before === null || entry.after === null) return null;
  const names = Object.keys(entry.after).map((key) =>
    key.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase(),
  );
  return names.length === 0 ? null : `Campi modificati: ${names.join(', ')}`;
}
