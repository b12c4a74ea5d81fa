import {
  isStaffRole,
  isValidEmail,
  REGISTER_COLUMNS,
  REGISTER_ROW_OUTCOMES,
  romeDate,
  type DueMethod,
  type MemberRole,
  type MembershipKind,
  type RegisterImportReport,
  type RegisterImportRow,
  type RegisterRowOutcome,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database, Executor } from '../../db/schema.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../text/dates.js';
import { parseCsv } from '../../text/csv.js';
import { decodeUploadedText } from '../../text/encoding.js';
import { writeAudit, type Actor } from '../admin/audit.js';
import { allMemberIdentities, insertMember } from '../accounts/repository.js';
import { MembersService } from '../accounts/members-service.js';
import { feesOfYears } from './dues/year-fees.js';
import { isValidCodiceFiscale } from '../../text/codice-fiscale.js';
import { formatMemberNumber } from './member-number.js';
import {
  allDues,
  allMemberships,
  extendMembershipBack,
  insertMembershipOnce,
  lockDuesOf,
  nextMemberNumber,
  raiseMemberNumberCounter,
  membershipVersions,
  updateMembership,
  writeDue,
  type DueRow,
  type MembershipRow,
} from './repository.js';

export interface RegisterImportDeps {
  db: Kysely<Database>;
  clock: Clock;
  logger: Logger;
  /** MEMBER_NUMBER_FORMAT: numbers a spreadsheet turned into plain numbers get their zeros back. */
  memberNumberFormat: string;
  society: { acronym: string; publicBaseUrl: string };
}

/** What applying a register needs beyond the database. */
export type RegisterRules = Pick<RegisterImportDeps, 'memberNumberFormat' | 'society'>;

/** What a year's cell says. */
type YearCell =
  | { kind: 'none' }
  | { kind: 'exempt' }
  | { kind: 'paid'; date: string | null; method: DueMethod }
  | { kind: 'bad'; reason: string };

/** A row read and checked, before it meets the database. */
interface RegisterEntry {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  memberNumber: string | null;
  codiceFiscale: string | null;
  kind: MembershipKind;
  section: string | null;
  region: string | null;
  sinceYear: number;
  paid: Map<number, { date: string | null; method: DueMethod }>;
  exempt: number[];
  problems: string[];
}

const EXEMPT_WORDS = new Set(['esonero', 'esonerato', 'esonerata', 'esente', 'e']);
const PAID_WORDS = new Set(['x', 'si', 'sì', 'pagata', 'pagato', 'ok', 'versata', 'p']);
const METHOD_WORDS: Record<string, DueMethod> = {
  bonifico: 'bonifico',
  contanti: 'contanti',
  carta: 'carta',
  pos: 'carta',
  bancomat: 'carta',
  paypal: 'paypal',
};
const IMPORTED_EXEMPTION = 'Esonero (dal registro importato)';
/** Rolls back a preview: the import runs whole, then nothing of it stays. */
class PreviewOnly extends Error {}

/** A header as the import compares it: lower case, no accents, single spaces. */
function headerKey(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[_\s]+/g, ' ')
    .trim();
}

/** The year a column holds, for `2024`, `Quota 2024`, `anno 2024`. */
function yearOfHeader(value: string): number | null {
  const match = /^(?:quota |anno )?(\d{4})$/.exec(headerKey(value));
  return match === null ? null : Number(match[1]);
}

/** `dd/mm/yyyy`, `d.m.yyyy` or `yyyy-mm-dd` as an ISO date, null when it is none or not real. */
function isoDateOf(text: string): string | null | 'bad' {
  const italian = /(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})/.exec(text);
  const iso = /(\d{4})-(\d{2})-(\d{2})/.exec(text);
  const [year, month, day] = italian
    ? [Number(italian[3]), Number(italian[2]), Number(italian[1])]
    : iso
      ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
      : [0, 0, 0];
  if (year === 0) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1) return 'bad';
  return date.toISOString().slice(0, 10);
}

function readYearCell(year: number, raw: string): YearCell {
  const text = raw.trim().toLowerCase();
  if (text === '' || text === '-' || text === 'no') return { kind: 'none' };
  if (EXEMPT_WORDS.has(text)) return { kind: 'exempt' };
  const date = isoDateOf(text);
  if (date === 'bad')
    return { kind: 'bad', reason: `Anno ${year}: la data "${raw.trim()}" non esiste.` };
  const words = text
    .replace(/(\d{1,4})[/.-](\d{1,2})[/.-](\d{1,4})/g, ' ')
    .split(/[\s,;]+/)
    .filter((word) => word !== '');
  let method: DueMethod = 'storico';
  for (const word of words) {
    const known = METHOD_WORDS[word];
    if (known !== undefined) method = known;
    else if (!PAID_WORDS.has(word)) {
      return {
        kind: 'bad',
        reason: `Anno ${year}: "${raw.trim()}" non è riconosciuto (scrivi la data del pagamento, "pagata" o "esonero").`,
      };
    }
  }
  return { kind: 'paid', date, method };
}

/** The member number as given; a spreadsheet's `42` gets back the zeros of `{n:5}`. */
function memberNumberOf(raw: string, format: string): string | null {
  const value = raw.trim();
  if (value === '') return null;
  const padded = /^\{n:([1-9])\}$/.exec(format);
  return padded !== null && /^\d+$/.test(value) ? value.padStart(Number(padded[1]), '0') : value;
}

/** The progressive inside a member number (`00042`, `2026/0007`), for the counter. */
function progressiveOf(memberNumber: string): number | null {
  const digits = /(\d+)\D*$/.exec(memberNumber);
  return digits === null ? null : Number(digits[1]);
}

function kindOf(raw: string): MembershipKind | null {
  const key = headerKey(raw);
  if (key === '' || key.startsWith('socio') || key === 'ordinario') return 'Socio';
  if (key.startsWith('affiliat')) return 'Affiliato';
  return null;
}

function sectionOf(raw: string): string | null | 'bad' {
  const key = headerKey(raw);
  if (key === '') return null;
  if (key.startsWith('tecnic')) return 'tecnici';
  if (key.startsWith('infermier')) return 'infermieri';
  return 'bad';
}

/** The cells of a spreadsheet's first sheet as text, as a CSV would give them. */
async function xlsxRows(content: Buffer): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  try {
    // exceljs declares its own Buffer type, narrower than Node's.
    await workbook.xlsx.load(content as unknown as ArrayBuffer);
  } catch {
    throw refusal('Il file non è un foglio Excel leggibile (.xlsx).');
  }
  const sheet = workbook.worksheets[0];
  if (sheet === undefined) return [];
  const rows: string[][] = [];
  sheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: string[] = [];
    for (let column = 1; column <= sheet.columnCount; column += 1) {
      cells.push(cellText(row.getCell(column).value));
    }
    rows.push(cells);
  });
  return rows;
}

function cellText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    const iso = value.toISOString();
    return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  }
  if (typeof value === 'object') {
    const object = value as { text?: unknown; result?: unknown; richText?: { text: string }[] };
    if (Array.isArray(object.richText)) return object.richText.map((part) => part.text).join('');
    if (object.result !== undefined) return cellText(object.result);
    if (object.text !== undefined) return cellText(object.text);
    return '';
  }
  return String(value as string | number | boolean);
}

const refusal = (message: string) => new AppError('invalidRequest', [{ path: 'file', message }]);

/** The file's rows as text and how it was read. */
async function readRegisterFile(
  fileName: string,
  content: Buffer,
): Promise<{ rows: string[][]; format: string }> {
  if (content.length === 0) throw refusal('Il file è vuoto.');
  const zip = content.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  if (zip || /\.xlsx$/i.test(fileName)) return { rows: await xlsxRows(content), format: 'XLSX' };
  const decoded = decodeUploadedText(content);
  try {
    return { rows: parseCsv(decoded.text), format: decoded.encoding };
  } catch {
    throw refusal('Il file non è un CSV leggibile: salvalo come "CSV (delimitato)" o come .xlsx.');
  }
}

/** Reads and checks each row on its own (the database's checks come after). */
function readEntries(rows: string[][], today: string, numberFormat: string): RegisterEntry[] {
  const [header = [], ...body] = rows;
  const keys = header.map(headerKey);
  const columnOf = (names: readonly string[]) => keys.findIndex((key) => names.includes(key));
  const columns = Object.fromEntries(
    Object.entries(REGISTER_COLUMNS).map(([field, names]) => [field, columnOf(names)]),
  ) as Record<keyof typeof REGISTER_COLUMNS, number>;
  const missing = (['email', 'firstName', 'lastName'] as const)
    .filter((field) => columns[field] === -1)
    .map((field) => REGISTER_COLUMNS[field][0]);
  if (missing.length > 0) {
    throw refusal(
      `Nella prima riga mancano le colonne: ${missing.join(', ')}. Servono almeno email, nome e cognome; poi numero, codice fiscale, tipo, sezione, regione, primo anno e una colonna per anno (es. 2024).`,
    );
  }
  const yearColumns = header
    .map((cell, index) => ({ index, year: yearOfHeader(cell) }))
    .filter((column): column is { index: number; year: number } => column.year !== null);
  const thisYear = Number(today.slice(0, 4));
  return body.map((cells, index) => {
    const cell = (column: number) => (column === -1 ? '' : (cells[column] ?? '').trim());
    const problems: string[] = [];
    const email = cell(columns.email).toLowerCase();
    if (!isValidEmail(email))
      problems.push(`Indirizzo e-mail "${cell(columns.email)}" non valido.`);
    const firstName = cell(columns.firstName);
    const lastName = cell(columns.lastName);
    if (firstName === '' || lastName === '') problems.push('Nome e cognome sono obbligatori.');
    if (firstName.length > 100 || lastName.length > 100)
      problems.push('Nome o cognome troppo lunghi.');
    const codiceFiscale = cell(columns.codiceFiscale).toUpperCase() || null;
    if (codiceFiscale !== null && !isValidCodiceFiscale(codiceFiscale)) {
      problems.push(`Il codice fiscale ${codiceFiscale} non è valido (controlla lettere e cifre).`);
    }
    const kind = kindOf(cell(columns.kind));
    if (kind === null)
      problems.push(`Tipo "${cell(columns.kind)}" non riconosciuto: usa Socio o Affiliato.`);
    const section = sectionOf(cell(columns.section));
    if (section === 'bad') {
      problems.push(
        `Sezione "${cell(columns.section)}" non riconosciuta: usa Tecnici o Infermieri.`,
      );
    }
    const paid = new Map<number, { date: string | null; method: DueMethod }>();
    const exempt: number[] = [];
    for (const { index: column, year } of yearColumns) {
      const read = readYearCell(year, cell(column));
      if (read.kind === 'bad') problems.push(read.reason);
      else if (read.kind === 'exempt') exempt.push(year);
      else if (read.kind === 'paid') paid.set(year, { date: read.date, method: read.method });
    }
    const settledYears = [...paid.keys(), ...exempt];
    const sinceText = cell(columns.sinceYear);
    const sinceYear = sinceText === '' ? Math.min(thisYear, ...settledYears) : Number(sinceText);
    if (!Number.isInteger(sinceYear) || sinceYear < 1900 || sinceYear > thisYear + 1) {
      problems.push(`Primo anno "${sinceText}" non valido.`);
    } else {
      const before = settledYears.filter((year) => year < sinceYear).sort((a, b) => a - b);
      if (before.length > 0) {
        problems.push(
          `Il primo anno (${sinceYear}) è dopo un anno già pagato o esonerato (${before.join(', ')}).`,
        );
      }
    }
    for (const year of settledYears) {
      if (year > thisYear + 1) problems.push(`Anno ${year}: è oltre il prossimo anno.`);
    }
    for (const [year, { date }] of paid) {
      if (date === null) continue;
      if (date > today) problems.push(`Anno ${year}: la data di pagamento ${date} è nel futuro.`);
      else if (Number(date.slice(0, 4)) < sinceYear) {
        problems.push(
          `Anno ${year}: la data di pagamento ${date} è prima del primo anno del socio (${sinceYear}).`,
        );
      }
    }
    return {
      line: index + 2,
      email,
      firstName,
      lastName,
      memberNumber: memberNumberOf(cell(columns.memberNumber), numberFormat),
      codiceFiscale,
      kind: kind ?? 'Socio',
      section: kind === 'Affiliato' && section !== 'bad' ? section : null,
      region: cell(columns.region) || null,
      sinceYear,
      paid,
      exempt: exempt.sort((a, b) => a - b),
      problems,
    };
  });
}

const roleOfKind = (kind: MembershipKind): MemberRole =>
  kind === 'Affiliato' ? 'affiliato' : 'socio';

/**
 * Takes over the society's existing register (ADR 042): a CSV (UTF-8 or Windows-1252, ";" or ",")
 * or XLSX with one row per member. Each row is matched to an account by e-mail, else to a
 * membership by codice fiscale; created or completed; its years paid (with date and method when
 * known) or exempt written to the ledger without payments or receipts (receipts were the old
 * register's); member numbers kept as given and the counter moved past the highest. A row that
 * cannot be applied is refused with its line and reasons, and nothing else of it is written.
 * One transaction: the preview runs the same steps and rolls them back, so it says exactly what
 * applying does; applying the same file twice changes nothing the second time.
 */
export async function importRegister(
  deps: RegisterImportDeps,
  actor: Actor | null,
  file: { fileName: string; content: Buffer },
  apply: boolean,
): Promise<RegisterImportReport> {
  const { db, clock, logger } = deps;
  const now = clock();
  const today = romeDate(now);
  const { rows, format } = await readRegisterFile(file.fileName, file.content);
  const entries = readEntries(rows, today, deps.memberNumberFormat);
  if (entries.length === 0) throw refusal('Il file non contiene soci dopo la riga delle colonne.');
  let report: RegisterImportRow[] = [];
  let created: string[] = [];
  let counts = countOutcomes(report);
  try {
    await db.transaction().execute(async (trx) => {
      ({ report, created } = await applyEntries(deps, trx, entries, now));
      counts = countOutcomes(report);
      if (actor !== null && counts.create + counts.update > 0) {
        await writeAudit(
          trx,
          actor,
          {
            action: 'importa registro',
            entity: 'membership',
            entityId: null,
            summary: `Registro soci ${file.fileName}: ${counts.create} nuovi, ${counts.update} aggiornati, ${counts.unchanged} invariati, ${counts.refused} scartati`,
            after: { ...counts, creati: created },
          },
          now,
        );
      }
      if (!apply) throw new PreviewOnly();
    });
  } catch (error) {
    if (!(error instanceof PreviewOnly)) throw error;
  }
  if (apply) logger.info({ ...counts }, 'registro soci importato');
  return {
    applied: apply,
    format,
    rows: report,
    counts,
    created: apply ? created : [],
    message: apply
      ? `Registro importato: ${counts.create} nuovi soci, ${counts.update} aggiornati, ${counts.unchanged} invariati, ${counts.refused} righe scartate.`
      : `Anteprima: ${counts.create} nuovi soci, ${counts.update} da aggiornare, ${counts.unchanged} invariati, ${counts.refused} righe da scartare. Nulla è stato ancora scritto.`,
  };
}

/**
 * A register given as CSV text, applied inside the caller's transaction with the import's own
 * rules: how the demo data set puts its members in the ledger (db/seed/demo-content.ts). A row
 * refused there is a mistake in the caller's data, so it throws instead of reporting.
 */
export async function applyRegisterText(
  trx: Executor,
  deps: RegisterRules,
  text: string,
  now: Date,
): Promise<RegisterImportRow[]> {
  const entries = readEntries(parseCsv(text), romeDate(now), deps.memberNumberFormat);
  const { report } = await applyEntries(deps, trx, entries, now);
  const refused = report.filter((row) => row.outcome === 'refused');
  if (refused.length > 0) {
    throw new Error(
      `Registro non applicabile: ${refused.map((row) => `riga ${row.line}: ${row.notes.join(' ')}`).join('; ')}`,
    );
  }
  return report;
}

function countOutcomes(rows: RegisterImportRow[]): Record<RegisterRowOutcome, number> {
  const counts = Object.fromEntries(REGISTER_ROW_OUTCOMES.map((outcome) => [outcome, 0])) as Record<
    RegisterRowOutcome,
    number
  >;
  for (const row of rows) counts[row.outcome] += 1;
  return counts;
}

/** The entries against the database, in `trx`: what each does, done. */
async function applyEntries(
  deps: RegisterRules,
  trx: Executor,
  entries: RegisterEntry[],
  now: Date,
): Promise<{ report: RegisterImportRow[]; created: string[] }> {
  const nowIso = now.toISOString();
  const identities = await allMemberIdentities(trx);
  const accounts = new Map(identities.map((row) => [row.email, row]));
  const accountsById = new Map(identities.map((row) => [row.id, row]));
  const memberships = await allMemberships(trx);
  const byMember = new Map(memberships.map((row) => [row.member_id, row]));
  const byFiscalCode = new Map(
    memberships.flatMap((row) => (row.codice_fiscale ? [[row.codice_fiscale, row] as const] : [])),
  );
  const byNumber = new Map(
    memberships.flatMap((row) => (row.member_number ? [[row.member_number, row] as const] : [])),
  );
  const dues = new Map<number, Map<number, DueRow>>();
  for (const due of await allDues(trx)) {
    const ledger = dues.get(due.member_id) ?? new Map<number, DueRow>();
    ledger.set(due.year, due);
    dues.set(due.member_id, ledger);
  }
  const highest = Math.max(
    0,
    ...[...byNumber.keys(), ...entries.flatMap((entry) => entry.memberNumber ?? [])].map(
      (number) => progressiveOf(number) ?? 0,
    ),
  );
  await raiseMemberNumberCounter(trx, highest);

  const seenEmails = new Set<string>();
  const seenNumbers = new Map<string, number>();
  const seenFiscalCodes = new Map<string, number>();
  const report: RegisterImportRow[] = [];
  const created: string[] = [];
  const accountRules = new MembersService({ db: trx, clock: () => now, society: deps.society });

  for (const entry of entries) {
    const problems = [...entry.problems];
    const account = accounts.get(entry.email);
    const byCode = entry.codiceFiscale === null ? undefined : byFiscalCode.get(entry.codiceFiscale);
    const memberId = account?.id ?? byCode?.member_id ?? null;
    const membership = memberId === null ? undefined : byMember.get(memberId);
    if (seenEmails.has(entry.email))
      problems.push('La stessa e-mail è già in una riga precedente del file.');
    if (account !== undefined && isStaffRole(account.role)) {
      problems.push('L’e-mail è di un account del personale, non di un socio.');
    }
    if (account !== undefined && byCode !== undefined && byCode.member_id !== account.id) {
      problems.push(`Il codice fiscale ${entry.codiceFiscale} è già di un altro socio.`);
    }
    if (entry.memberNumber !== null) {
      const holder = byNumber.get(entry.memberNumber);
      if (holder !== undefined && holder.member_id !== memberId) {
        problems.push(`Il numero socio ${entry.memberNumber} è già di un altro socio.`);
      }
      const earlier = seenNumbers.get(entry.memberNumber);
      if (earlier !== undefined) {
        problems.push(`Il numero socio ${entry.memberNumber} è già alla riga ${earlier}.`);
      }
      if (membership?.member_number != null && membership.member_number !== entry.memberNumber) {
        problems.push(
          `Il socio ha già il numero ${membership.member_number}, il file indica ${entry.memberNumber}: cambialo dalla sua scheda se serve.`,
        );
      }
    }
    if (entry.codiceFiscale !== null) {
      const earlier = seenFiscalCodes.get(entry.codiceFiscale);
      if (earlier !== undefined) {
        problems.push(`Il codice fiscale ${entry.codiceFiscale} è già alla riga ${earlier}.`);
      }
      if (membership?.codice_fiscale != null && membership.codice_fiscale !== entry.codiceFiscale) {
        problems.push(
          `Il socio ha già il codice fiscale ${membership.codice_fiscale}, il file indica ${entry.codiceFiscale}.`,
        );
      }
    }
    const row: RegisterImportRow = {
      line: entry.line,
      email: entry.email,
      name: `${entry.firstName} ${entry.lastName}`.trim(),
      memberNumber: entry.memberNumber ?? membership?.member_number ?? null,
      outcome: 'refused',
      notes: problems,
      paidYears: [...entry.paid.keys()].sort((a, b) => a - b),
      exemptYears: entry.exempt,
    };
    report.push(row);
    if (problems.length > 0) continue;
    // Only rows that apply hold their e-mail, number and codice fiscale for the rows after.
    seenEmails.add(entry.email);
    if (entry.memberNumber !== null) seenNumbers.set(entry.memberNumber, entry.line);
    if (entry.codiceFiscale !== null) seenFiscalCodes.set(entry.codiceFiscale, entry.line);

    const notes: string[] = [];
    const foundByCode = account === undefined && memberId !== null;
    if (foundByCode) {
      notes.push(
        `Trovato per codice fiscale: l’account resta ${accountsById.get(memberId)?.email ?? ''} (il file indica ${entry.email}).`,
      );
    }
    let id = memberId;
    if (id === null) {
      id = await insertMember(
        trx,
        {
          email: entry.email,
          firstName: entry.firstName,
          lastName: entry.lastName,
          role: roleOfKind(entry.kind),
        },
        nowIso,
      );
      created.push(entry.email);
      notes.push('Nuovo account (senza password: invitalo dopo l’importazione).');
    } else if (account !== undefined && account.role !== roleOfKind(entry.kind)) {
      await accountRules.changeRole(account.email, roleOfKind(entry.kind));
      notes.push(`Ruolo dell’account: ${roleOfKind(entry.kind)}.`);
    }
    const memberNumber =
      entry.memberNumber ??
      membership?.member_number ??
      formatMemberNumber(deps.memberNumberFormat, await nextMemberNumber(trx), entry.sinceYear);
    if (membership === undefined) {
      await insertMembershipOnce(trx, {
        member_id: id,
        member_number: memberNumber,
        kind: entry.kind,
        section: entry.section,
        since_year: entry.sinceYear,
        codice_fiscale: entry.codiceFiscale,
        qualification: null,
        workplace: null,
        centre: null,
        region: entry.region,
        register_number: null,
        ratified_on: null,
        created_at: nowIso,
        updated_at: nowIso,
      });
      notes.push(`Iscrizione dal ${entry.sinceYear}, numero ${memberNumber}.`);
    } else {
      notes.push(...(await completeMembership(trx, membership, entry, memberNumber, nowIso)));
    }
    row.memberNumber = memberNumber;
    await lockDuesOf(trx, id);
    notes.push(...(await writeYears(trx, id, entry, dues.get(id) ?? new Map(), nowIso)));
    row.outcome = memberId === null ? 'create' : notes.length > 0 ? 'update' : 'unchanged';
    row.notes = notes;
    // Later rows see what this one wrote (a number or a codice fiscale given twice is refused).
    const written: MembershipRow = {
      ...(membership ?? ({} as MembershipRow)),
      member_id: id,
      member_number: memberNumber,
      codice_fiscale: entry.codiceFiscale ?? membership?.codice_fiscale ?? null,
    };
    byMember.set(id, written);
    byNumber.set(memberNumber, written);
    if (written.codice_fiscale !== null) byFiscalCode.set(written.codice_fiscale, written);
  }
  return { report, created };
}

/** What the file adds to an existing membership; a fact the file leaves empty stays as it is. */
async function completeMembership(
  trx: Executor,
  membership: MembershipRow,
  entry: RegisterEntry,
  memberNumber: string,
  now: string,
): Promise<string[]> {
  const notes: string[] = [];
  const change: Partial<MembershipRow> = {};
  if (membership.member_number !== memberNumber) {
    change.member_number = memberNumber;
    notes.push(`Numero socio ${memberNumber}.`);
  }
  if (entry.codiceFiscale !== null && membership.codice_fiscale !== entry.codiceFiscale) {
    change.codice_fiscale = entry.codiceFiscale;
    notes.push(`Codice fiscale ${entry.codiceFiscale}.`);
  }
  if (membership.kind !== entry.kind) {
    change.kind = entry.kind;
    notes.push(`Tipo: ${membership.kind} → ${entry.kind}.`);
  }
  if (entry.section !== null && membership.section !== entry.section) {
    change.section = entry.section;
    notes.push(`Sezione ${entry.section}.`);
  }
  if (entry.region !== null && membership.region !== entry.region) {
    change.region = entry.region;
    notes.push(`Regione ${entry.region}.`);
  }
  if (Object.keys(change).length > 0) {
    await updateMembership(trx, membership.member_id, { ...change, updated_at: now });
    await membershipVersions.next(trx, membership.member_id, null);
  }
  if (entry.sinceYear < membership.since_year) {
    await extendMembershipBack(trx, membership.member_id, entry.sinceYear);
    notes.push(`Primo anno: ${membership.since_year} → ${entry.sinceYear}.`);
  }
  return notes;
}

/**
 * The years the file says paid or exempt, where the ledger has them open: a year already paid,
 * exempt or waiting for a payment's verification stays as it is, and nothing is ever unpaid.
 */
async function writeYears(
  trx: Executor,
  memberId: number,
  entry: RegisterEntry,
  ledger: Map<number, DueRow>,
  now: string,
): Promise<string[]> {
  const open = (year: number) => {
    const status = ledger.get(year)?.status;
    return status === undefined || status === 'unpaid';
  };
  const paidYears = [...entry.paid.keys()].filter(open).sort((a, b) => a - b);
  const exemptYears = entry.exempt.filter(open);
  const amounts = await feesOfYears(trx, entry.kind, [...paidYears, ...exemptYears]);
  const kept = ['paid', 'exempt', 'reported'] as const;
  for (const [index, year] of paidYears.entries()) {
    const { date, method } = entry.paid.get(year) ?? { date: null, method: 'storico' as const };
    await writeDue(
      trx,
      {
        member_id: memberId,
        year,
        status: 'paid',
        amount_cents: amounts[index] ?? null,
        method,
        payment_id: null,
        exempt_reason: null,
        settled_on: date,
        updated_at: now,
      },
      [...kept],
    );
  }
  for (const [index, year] of exemptYears.entries()) {
    await writeDue(
      trx,
      {
        member_id: memberId,
        year,
        status: 'exempt',
        amount_cents: amounts[paidYears.length + index] ?? null,
        method: null,
        payment_id: null,
        exempt_reason: IMPORTED_EXEMPTION,
        settled_on: null,
        updated_at: now,
      },
      [...kept],
    );
  }
  const notes: string[] = [];
  if (paidYears.length > 0) notes.push(`Quote pagate: ${paidYears.join(', ')}.`);
  if (exemptYears.length > 0) notes.push(`Esoneri: ${exemptYears.join(', ')}.`);
  return notes;
}
