import { RESERVED_AUDIENCES } from '@sodalis/contracts';

/** Italian labels and formats shared by the admin screens. */

/** Who may read a reserved item (ADR 011), as the audience selects offer it. */
export const AUDIENCE_CHOICES = Object.entries(RESERVED_AUDIENCES).map(([id, name]) => ({
  id,
  name,
}));

export const NEWS_STATE_CHOICES = [
  { id: 'pubblicata', name: 'Pubblicata' },
  { id: 'programmata', name: 'Programmata' },
  { id: 'non-pubblicata', name: 'Non pubblicata' },
];

export const YES_NO_CHOICES = [
  { id: 'true', name: 'Sì' },
  { id: 'false', name: 'No' },
];

export const ENTITY_CHOICES = [
  { id: 'news', name: 'Notizie' },
  { id: 'category', name: 'Categorie' },
  { id: 'member', name: 'Account' },
  { id: 'setup_element', name: 'Testi delle pagine' },
  { id: 'sponsorship', name: 'Richieste di patrocinio' },
  { id: 'newsletter', name: 'Newsletter' },
  { id: 'outbox', name: 'Posta non consegnata' },
  { id: 'recommendation', name: 'Raccomandazioni' },
  { id: 'assembly', name: 'Assemblee' },
  { id: 'press_review', name: 'Rassegna stampa' },
  { id: 'opinion', name: 'Pareri' },
  { id: 'magazine_issue', name: 'Numeri della rivista' },
  { id: 'magazine_article', name: 'Articoli della rivista' },
  { id: 'fee', name: 'Quote associative' },
  { id: 'payment', name: 'Pagamenti delle quote' },
  { id: 'board_member', name: 'Consiglio Direttivo' },
  { id: 'site_content', name: 'Contatti, dati legali e contenuti' },
];

export function choiceName(choices: { id: string; name: string }[], id: unknown): string {
  return choices.find((choice) => choice.id === id)?.name ?? String(id ?? '');
}

/** `dd/MM/yyyy` for a `YYYY-MM-DD` date (DESIGN.md: dates as the spec shows them). */
export function italianDate(value: unknown): string {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) return '';
  const [year, month, day] = value.slice(0, 10).split('-');
  return `${day}/${month}/${year}`;
}

/** `dd/MM/yyyy HH:mm` in Rome's time for an ISO timestamp. */
export function italianDateTime(value: unknown): string {
  if (typeof value !== 'string') return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat('it-IT', {
    timeZone: 'Europe/Rome',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  }).format(date);
}

/** Today in Rome, `YYYY-MM-DD` (the default publication date of a new item). */
export function romeToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Rome' }).format(new Date());
}

/**
 * Year choices for filters, newest first, down to 2019 (spec §9: year lists start in 2019).
 * `yearsAhead` adds years after this one (fees can be paid for next year).
 */
export function yearChoices(yearsAhead = 0): { id: string; name: string }[] {
  const choices: { id: string; name: string }[] = [];
  for (let year = Number(romeToday().slice(0, 4)) + yearsAhead; year >= 2019; year -= 1) {
    choices.push({ id: String(year), name: String(year) });
  }
  return choices;
}
