import { ADMIN_MESSAGES } from './admin.js';
import { z } from './zod.js';

/**
 * The texts of the dues reminders the secretariat edits (ADR 030, amendment of 28 November
 * 2026): subject and body of each kind of message the reminders send, with placeholders in
 * braces as the site's own texts have them (`{acronimo}`, ADR 035). The defaults are the texts
 * the code sent before they were editable: a society that never edits them sends exactly those.
 */

/** Each kind of message, in the order of the staff list. */
export const DUES_REMINDER_TEXT_KINDS = [
  'prima-dell-anno',
  'quota-dell-anno',
  'arretrati',
  'invia-ora',
  'decadenza',
  'decaduto',
] as const;
export type DuesReminderTextKind = (typeof DUES_REMINDER_TEXT_KINDS)[number];

/** What each kind is called and when it goes, in the staff screens. */
export const DUES_REMINDER_TEXT_LABELS: Record<
  DuesReminderTextKind,
  { label: string; when: string }
> = {
  'prima-dell-anno': {
    label: 'Quota dell’anno, prima che inizi',
    when: 'Prima che inizi l’anno della quota, nei giorni del calendario dei promemoria (per esempio 30 giorni prima del 1° gennaio).',
  },
  'quota-dell-anno': {
    label: 'Quota dell’anno da pagare',
    when: 'Dal 1° gennaio, nei giorni del calendario dei promemoria, finché la quota dell’anno non è pagata.',
  },
  arretrati: {
    label: 'Quote arretrate',
    when: 'Ogni mese, nel giorno stabilito, a chi ha quote di anni passati da pagare; anche con «Invia ora» a chi ha quote arretrate.',
  },
  'invia-ora': {
    label: '«Invia ora» a chi deve solo la quota di quest’anno',
    when: 'Con «Invia ora», a un socio o a un gruppo, per chi non ha quote arretrate ma deve la quota dell’anno.',
  },
  decadenza: {
    label: 'Avviso prima della decadenza',
    when: 'Una volta, alcuni giorni prima che il socio decada.',
  },
  decaduto: {
    label: 'Comunicazione di decadenza',
    when: 'Una volta, il giorno in cui il socio decade. Non contiene il collegamento per pagare.',
  },
};

/** Every placeholder of these texts. */
export const DUES_REMINDER_PLACEHOLDERS = [
  'nome',
  'cognome',
  'numero',
  'acronimo',
  'link',
  'anno',
  'anni',
  'quote',
  'importo',
  'avviso-decadenza',
] as const;
export type DuesReminderPlaceholder = (typeof DUES_REMINDER_PLACEHOLDERS)[number];

const MEMBER: Record<'nome' | 'cognome' | 'numero' | 'acronimo', string> = {
  nome: 'il nome del socio',
  cognome: 'il cognome del socio',
  numero: 'il numero di socio (00042); vuoto per chi non ne ha uno',
  acronimo: 'la sigla della società',
};
const LINK = 'l’indirizzo della pagina da cui pagare (quella dei Soci o degli Affiliati)';
const OPEN_DUES = {
  anni: 'gli anni da pagare, separati da virgole (2025, 2026)',
  quote:
    'la frase con le quote da pagare, l’importo di ciascun anno e il totale («risultano ancora da pagare le quote associative degli anni 2025 (80,00 €) e 2026 (90,00 €), in tutto 170,00 €.»)',
  importo: 'il totale da pagare (170,00 €); vuoto se la quota di un anno non è stabilita',
  'avviso-decadenza':
    'la frase che avvisa della decadenza, solo a chi decadrà entro l’anno; per gli altri la riga non compare',
};

/** The placeholders each kind may use, with what they stand for, in the editor's list. */
export const DUES_REMINDER_TEXT_PLACEHOLDERS: Record<
  DuesReminderTextKind,
  Partial<Record<DuesReminderPlaceholder, string>>
> = {
  'prima-dell-anno': { ...MEMBER, link: LINK, anno: 'l’anno della quota (2027)' },
  'quota-dell-anno': { ...MEMBER, link: LINK, anno: 'l’anno della quota (2027)' },
  arretrati: { ...MEMBER, link: LINK, ...OPEN_DUES },
  'invia-ora': { ...MEMBER, link: LINK, ...OPEN_DUES },
  decadenza: {
    ...MEMBER,
    link: LINK,
    anni: 'gli anni non pagati, separati da virgole (2025, 2026)',
  },
  decaduto: { ...MEMBER, anni: 'gli anni non pagati (2025 e 2026)' },
};

/** The placeholder names of `kind`, in the list's order. */
export function duesReminderPlaceholdersOf(kind: DuesReminderTextKind): DuesReminderPlaceholder[] {
  return DUES_REMINDER_PLACEHOLDERS.filter((name) =>
    Object.hasOwn(DUES_REMINDER_TEXT_PLACEHOLDERS[kind], name),
  );
}

const PAYING_CLOSING = [
  '',
  'Puoi pagare online con PayPal o con bonifico bancario dalla pagina: {link}',
  'Accedi con l’indirizzo e-mail e la password dell’area riservata: la pagina mostrerà le tue quote da pagare e potrai pagarle tutte insieme.',
  '',
  'Se hai già pagato, non tenere conto di questo messaggio: la registrazione del pagamento può richiedere qualche giorno.',
  '',
  'La segreteria {acronimo}',
];

const OPEN_DUES_BODY = [
  'Gentile {nome} {cognome},',
  '{quote}',
  '{avviso-decadenza}',
  ...PAYING_CLOSING,
].join('\n');

export interface DuesReminderText {
  subject: string;
  body: string;
}

/** The texts sent when the secretariat has not edited them: the ones of before (ADR 030). */
export const DUES_REMINDER_TEXT_DEFAULTS: Record<DuesReminderTextKind, DuesReminderText> = {
  'prima-dell-anno': {
    subject: '{acronimo} – Quota associativa {anno}',
    body: [
      'Gentile {nome} {cognome},',
      'il 01/01/{anno} inizia l’anno associativo {anno}: la quota si può già pagare.',
      ...PAYING_CLOSING,
    ].join('\n'),
  },
  'quota-dell-anno': {
    subject: '{acronimo} – Quota associativa {anno} da pagare',
    body: [
      'Gentile {nome} {cognome},',
      'la quota associativa {anno} risulta ancora da pagare.',
      ...PAYING_CLOSING,
    ].join('\n'),
  },
  arretrati: {
    subject: '{acronimo} – Quote associative arretrate da pagare',
    body: OPEN_DUES_BODY,
  },
  'invia-ora': {
    subject: '{acronimo} – Quota associativa {anni} da pagare',
    body: OPEN_DUES_BODY,
  },
  decadenza: {
    subject: '{acronimo} – Avviso di decadenza da socio',
    body: [
      'Gentile {nome} {cognome},',
      'risultano non pagate le quote associative degli anni {anni}.',
      'Come prevede lo statuto, se non verranno pagate decadrai da socio e perderai l’accesso all’area riservata.',
      ...PAYING_CLOSING,
    ].join('\n'),
  },
  decaduto: {
    subject: '{acronimo} – Decadenza da socio',
    body: [
      'Gentile {nome} {cognome},',
      'poiché non risultano pagate le quote associative degli anni {anni}, come prevede lo statuto la tua iscrizione è decaduta.',
      'Restano disponibili nell’area riservata le ricevute dei pagamenti fatti.',
      'Per tornare socio o per qualsiasi chiarimento scrivi alla segreteria.',
      '',
      'La segreteria {acronimo}',
    ].join('\n'),
  },
};

/** A placeholder in a text: a name in braces, on one line. */
const PLACEHOLDER = /\{([^{}\n]*)\}/g;

/** The placeholders written in `text`, each once, in their order (`{nome}` → `nome`). */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((match) => match[1] ?? ''))];
}

/**
 * `template` with each placeholder of `values` replaced, in one pass (a value is never read
 * again as a template). A line that had placeholders and is left blank is dropped, so an
 * optional sentence (`{avviso-decadenza}`) leaves no empty line; a braced name not in `values`
 * stays as written (the save refuses it, so only an old text could hold one).
 */
export function fillDuesReminderText(
  template: string,
  values: Readonly<Partial<Record<DuesReminderPlaceholder, string>>>,
): string {
  const lines: string[] = [];
  for (const line of template.split('\n')) {
    let replaced = false;
    const filled = line.replace(PLACEHOLDER, (whole, name: string) => {
      if (!Object.hasOwn(values, name)) return whole;
      replaced = true;
      return values[name as DuesReminderPlaceholder] ?? '';
    });
    if (replaced && filled.trim() === '') continue;
    lines.push(filled);
  }
  return lines.join('\n');
}

/** "{a}", "{a} e {b}", "{a}, {b} e {c}". */
function braced(names: readonly string[]): string {
  const parts = names.map((name) => `{${name}}`);
  return parts.length <= 1 ? parts.join('') : `${parts.slice(0, -1).join(', ')} e ${parts.at(-1)}`;
}

/**
 * The Italian refusal of a text with placeholders `kind` does not have, naming them, or null
 * when every placeholder is one of its own.
 */
export function unknownPlaceholderMessage(kind: DuesReminderTextKind, text: string): string | null {
  const allowed = duesReminderPlaceholdersOf(kind);
  const unknown = placeholdersIn(text).filter(
    (name) => !(allowed as readonly string[]).includes(name),
  );
  if (unknown.length === 0) return null;
  return `${
    unknown.length === 1
      ? `Il segnaposto ${braced(unknown)} non esiste in questo testo`
      : `I segnaposto ${braced(unknown)} non esistono in questo testo`
  }: puoi usare ${braced(allowed)}.`;
}

export const DUES_REMINDER_TEXT_MESSAGES = {
  oneLine: 'L’oggetto deve stare su una riga.',
  unknownKind: `Testo sconosciuto: usa ${DUES_REMINDER_TEXT_KINDS.join(', ')}.`,
} as const;

/** Line ends as a textarea may send them, made `\n`. */
const withUnixLines = (value: unknown) =>
  typeof value === 'string' ? value.replace(/\r\n?/g, '\n') : value;

/**
 * The save of one text: subject on one line and body, neither empty. Which placeholders are
 * allowed depends on the kind (the address's), so the server checks them after this schema
 * with `unknownPlaceholderMessage`; other fields of the edit form are dropped.
 */
export const DuesReminderTextInputSchema = z.object({
  subject: z.preprocess(
    withUnixLines,
    z
      .string({ message: ADMIN_MESSAGES.required })
      .trim()
      .min(1, { message: ADMIN_MESSAGES.required })
      .max(200, { message: ADMIN_MESSAGES.tooLong })
      .refine((value) => !value.includes('\n'), { message: DUES_REMINDER_TEXT_MESSAGES.oneLine }),
  ),
  body: z.preprocess(
    withUnixLines,
    z
      .string({ message: ADMIN_MESSAGES.required })
      .trim()
      .min(1, { message: ADMIN_MESSAGES.required })
      .max(10_000, { message: ADMIN_MESSAGES.tooLong }),
  ),
});
export type DuesReminderTextInput = z.output<typeof DuesReminderTextInputSchema>;

/** `:id` of a text's address: its kind. */
export const DuesReminderTextParamsSchema = z.object({
  id: z.enum(DUES_REMINDER_TEXT_KINDS, { message: DUES_REMINDER_TEXT_MESSAGES.unknownKind }),
});

/** One text in the back office (`/api/v1/Admin/DuesReminderTexts/:id`). */
export interface AdminDuesReminderText {
  /** The kind: react-admin's record id. */
  id: DuesReminderTextKind;
  label: string;
  when: string;
  /** The text sent now: the secretariat's, or the default. */
  subject: string;
  body: string;
  defaultSubject: string;
  defaultBody: string;
  /** Whether subject or body differ from the default. */
  edited: boolean;
  /** The values the editor's preview fills in: an example member, this society. */
  example: Partial<Record<DuesReminderPlaceholder, string>>;
  /** Raised by every save (ADR 041): the save names it in `If-Match`. */
  version: number;
  updatedAt: string | null;
}
