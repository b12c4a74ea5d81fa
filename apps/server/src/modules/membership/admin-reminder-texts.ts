import {
  DUES_REMINDER_TEXT_DEFAULTS,
  DUES_REMINDER_TEXT_KINDS,
  DUES_REMINDER_TEXT_LABELS,
  duesPaymentPath,
  duesReminderPlaceholdersOf,
  romeYear,
  unknownPlaceholderMessage,
  type AdminAuditEntry,
  type AdminDuesReminderText,
  type AdminPage,
  type DuesReminderPlaceholder,
  type DuesReminderText,
  type DuesReminderTextInput,
  type DuesReminderTextKind,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError, type ErrorIssue } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { historyOf, saveEntry, writeAudit, type Actor } from '../admin/audit.js';
import { takeNextVersion } from '../admin/versions.js';
import { LAPSING_SENTENCE } from './reminders.js';
import {
  findReminderText,
  reminderTextRowId,
  reminderTextVersions,
  savedReminderTexts,
  writeReminderText,
} from './reminders-repository.js';
import { textOf } from './reminder-texts.js';

export interface DuesReminderTextsDeps {
  db: Kysely<Database>;
  clock: Clock;
  society: { acronym: string; publicBaseUrl: string };
}

/** What the audit log keeps of a text: the words the member reads, defaults included. */
function auditView(text: DuesReminderText): Record<string, unknown> {
  return { oggetto: text.subject, testo: text.body };
}

/**
 * The texts of the dues reminders in the back office (ADR 030, amendment of 28 November 2026):
 * each kind's subject and body, the default where the secretariat has not written its own.
 * A save checks the placeholders against the kind's, names the version it was read at (ADR
 * 041) and is audited; a text saved equal to its default is stored as the default (null), so
 * it follows the code again.
 */
export class DuesReminderTextsAdmin {
  constructor(private readonly deps: DuesReminderTextsDeps) {}

  async list(): Promise<AdminPage<AdminDuesReminderText>> {
    const rows = new Map((await savedReminderTexts(this.deps.db)).map((row) => [row.kind, row]));
    const items = DUES_REMINDER_TEXT_KINDS.map((kind) => this.view(kind, rows.get(kind)));
    return { items, total: items.length };
  }

  async get(kind: DuesReminderTextKind): Promise<AdminDuesReminderText> {
    return this.view(kind, await findReminderText(this.deps.db, kind));
  }

  /** The text's saves from the audit log, newest first: who changed it since (ADR 041). */
  history(kind: DuesReminderTextKind): Promise<AdminAuditEntry[]> {
    return historyOf(this.deps.db, 'dues_reminder_text', kind);
  }

  async save(
    actor: Actor,
    kind: DuesReminderTextKind,
    input: DuesReminderTextInput,
    version: number | null,
  ): Promise<AdminDuesReminderText> {
    const issues: ErrorIssue[] = [];
    for (const field of ['subject', 'body'] as const) {
      const message = unknownPlaceholderMessage(kind, input[field]);
      if (message !== null) issues.push({ path: field, message });
    }
    if (issues.length > 0) throw new AppError('invalidRequest', issues);
    const fallback = DUES_REMINDER_TEXT_DEFAULTS[kind];
    const stored = {
      subject: input.subject === fallback.subject ? null : input.subject,
      body: input.body === fallback.body ? null : input.body,
    };
    const now = this.deps.clock();
    const stamp = now.toISOString();
    const { label } = DUES_REMINDER_TEXT_LABELS[kind];
    await this.deps.db.transaction().execute(async (trx) => {
      const id = await reminderTextRowId(trx, kind, stamp);
      // First write on the row, so it is this save's until it commits (ADR 041).
      await takeNextVersion(trx, reminderTextVersions, id, version);
      const before = textOf(kind, await findReminderText(trx, kind));
      await writeReminderText(trx, id, { ...stored, updated_at: stamp });
      const restored = stored.subject === null && stored.body === null;
      await writeAudit(
        trx,
        actor,
        saveEntry(
          {
            entity: 'dues_reminder_text',
            entityId: kind,
            summary: restored
              ? `Testo del promemoria «${label}» uguale al testo predefinito`
              : `Testo del promemoria «${label}» modificato`,
          },
          auditView(before),
          auditView(textOf(kind, stored)),
        ),
        now,
      );
    });
    return this.get(kind);
  }

  private view(
    kind: DuesReminderTextKind,
    row:
      | { subject: string | null; body: string | null; version: number; updated_at: string }
      | undefined,
  ): AdminDuesReminderText {
    const text = textOf(kind, row);
    const fallback = DUES_REMINDER_TEXT_DEFAULTS[kind];
    return {
      id: kind,
      ...DUES_REMINDER_TEXT_LABELS[kind],
      subject: text.subject,
      body: text.body,
      defaultSubject: fallback.subject,
      defaultBody: fallback.body,
      edited: text.subject !== fallback.subject || text.body !== fallback.body,
      example: this.example(kind),
      // Before its first save a kind has no row: its first save makes it at version 1.
      version: row?.version ?? 1,
      updatedAt: row === undefined ? null : row.updated_at,
    };
  }

  /** The editor's preview: an example member of this society, with two open years. */
  private example(kind: DuesReminderTextKind): Partial<Record<DuesReminderPlaceholder, string>> {
    const { acronym, publicBaseUrl } = this.deps.society;
    const year = romeYear(this.deps.clock());
    const values: Record<DuesReminderPlaceholder, string> = {
      nome: 'Anna',
      cognome: 'Rossi',
      numero: '00042',
      acronimo: acronym,
      link: `${publicBaseUrl}${duesPaymentPath('Socio')}`,
      anno: String(kind === 'prima-dell-anno' ? year + 1 : year),
      anni: kind === 'decaduto' ? `${year - 1} e ${year}` : `${year - 1}, ${year}`,
      quote: `risultano ancora da pagare le quote associative degli anni ${year - 1} (80,00 €) e ${year} (90,00 €), in tutto 170,00 €.`,
      importo: '170,00 €',
      'avviso-decadenza': LAPSING_SENTENCE,
    };
    if (kind === 'invia-ora') {
      values.anni = String(year);
      values.quote = `risulta ancora da pagare la quota associativa ${year} (90,00 €).`;
      values.importo = '90,00 €';
      values['avviso-decadenza'] = '';
    }
    return Object.fromEntries(duesReminderPlaceholdersOf(kind).map((name) => [name, values[name]]));
  }
}
