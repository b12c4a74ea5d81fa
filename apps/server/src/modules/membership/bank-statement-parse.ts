import { createHash } from 'node:crypto';
import { parse as parseCsv } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { decodeUploadedText } from '../../text/encoding.js';

/**
 * Bank statements read into credit rows (ADR 029): ISO 20022 camt.053 XML and the bank's CSV
 * export (Italian: `;`, decimal comma, dd/mm/yyyy, UTF-8 or Windows-1252). Debits are left out.
 * Anything else is refused with an Italian message (`StatementError`), never half read.
 */

export type StatementFormat = 'camt053' | 'csv';

export interface StatementRow {
  /** The bank's reference of the transaction, or a digest of the row when it has none. */
  reference: string;
  bookedOn: string;
  amountCents: number;
  payer: string | null;
  /** The payer's IBAN, upper-case without spaces, when the statement gives one that reads as such. */
  payerIban: string | null;
  remittance: string;
}

export interface ParsedStatement {
  format: StatementFormat;
  rows: StatementRow[];
}

export class StatementError extends Error {}

/** camt.053's namespace, any version (001.02, as Italian banks send, to 001.13). */
const CAMT_NAMESPACE_VERSION = /^urn:iso:std:iso:20022:tech:xsd:camt\.053\.001\.\d{2}$/;

/** An amount of the bank's CSV (after its decimal comma became a point): cents at most. */
const CSV_AMOUNT = /^[+-]?\d{1,9}(\.\d{1,2})?$/;
/** An amount of camt.053: ISO 20022 allows five decimals. */
const CAMT_AMOUNT = /^[+-]?\d{1,9}(\.\d{1,5})?$/;

/**
 * Euros as written by a bank (`80.00`, `1.234,56`, `80,5`; in camt.053 up to five decimals, as
 * ISO 20022's amounts allow: `80.00000`) → cents, or null; digits past the cent must be zeros.
 */
function centsOfBankAmount(text: string, decimalComma: boolean): number | null {
  let value = text.trim().replace(/\s|€/g, '');
  if (decimalComma) value = value.replace(/\./g, '').replace(',', '.');
  if (!(decimalComma ? CSV_AMOUNT : CAMT_AMOUNT).test(value)) return null;
  const negative = value.startsWith('-');
  const [whole = '0', fraction = ''] = value.replace(/^[+-]/, '').split('.');
  if (/[1-9]/.test(fraction.slice(2))) return null;
  const cents = Number(whole) * 100 + Number(fraction.slice(0, 2).padEnd(2, '0'));
  return negative ? -cents : cents;
}

/** An IBAN as a bank writes it (spaces, lower case) → `IT60X0542811101000000123456`, or null. */
export function normalIban(text: string | null | undefined): string | null {
  const iban = (text ?? '').replace(/\s/g, '').toUpperCase();
  return /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban) ? iban : null;
}

/** A digest standing for a reference the bank did not give: same row, same reference. */
function digestReference(row: Omit<StatementRow, 'reference'>, occurrence: number): string {
  const text = [row.bookedOn, row.amountCents, row.payer ?? '', row.remittance, occurrence];
  return `sha256:${createHash('sha256').update(text.join('|')).digest('hex').slice(0, 32)}`;
}

/** References for rows without one: a repeated identical row gets its occurrence number. */
function withReferences(
  rows: (Omit<StatementRow, 'reference'> & { reference: string | null })[],
): StatementRow[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    if (row.reference !== null && row.reference !== '') return { ...row, reference: row.reference };
    const key = JSON.stringify([row.bookedOn, row.amountCents, row.payer, row.remittance]);
    const occurrence = (seen.get(key) ?? 0) + 1;
    seen.set(key, occurrence);
    return { ...row, reference: digestReference(row, occurrence) };
  });
}

// ---------------------------------------------------------------------------------------------
// camt.053

type XmlNode = Record<string, unknown>;

function node(value: unknown): XmlNode {
  return typeof value === 'object' && value !== null ? (value as XmlNode) : {};
}

function list(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

function text(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  const inner = node(value)['#text'];
  return typeof inner === 'string' || typeof inner === 'number' ? String(inner).trim() : '';
}

/**
 * The deepest nesting a camt.053 is allowed: the schema's deepest path (Document, report,
 * statement, entry, details, parties, party, identification…) is under 20 levels.
 */
const CAMT_MAX_DEPTH = 40;

/**
 * The XML of a statement as plain objects, refusing what a bank never sends and an attacker
 * would (ADR 027, ADR 029): any DOCTYPE or entity declaration (external entities that read a
 * file or an address, parameter entities, entity expansion) before the parser sees it, nesting
 * deeper than a statement's, element names that would reach an object's prototype (attributes
 * are safe: they are read with an `@` before the name). Each refusal is a `StatementError`
 * with its Italian reason, never a 500.
 */
function parseCamtXml(xml: string): unknown {
  if (/<!\s*(?:DOCTYPE|ENTITY)/i.test(xml)) {
    throw new StatementError(
      'Il file XML contiene una dichiarazione DOCTYPE o di entità: per sicurezza non è accettato.',
    );
  }
  if (XMLValidator.validate(xml) !== true) {
    throw new StatementError('Il file non è un XML valido: non è un estratto conto camt.053.');
  }
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    removeNSPrefix: true,
    parseTagValue: false,
    processEntities: false,
    maxNestedTags: CAMT_MAX_DEPTH,
  });
  try {
    return parser.parse(xml) as unknown;
  } catch (error) {
    // fast-xml-parser refuses with plain errors; their wording is all that tells them apart.
    const reason = error instanceof Error ? error.message : '';
    if (/nested/i.test(reason)) {
      throw new StatementError(
        'Il file XML è annidato troppo in profondità: non è un estratto conto camt.053.',
      );
    }
    if (/__proto__|constructor|prototype/.test(reason)) {
      throw new StatementError(
        'Il file XML contiene elementi con nomi non ammessi (__proto__, constructor, prototype): non è un estratto conto camt.053.',
      );
    }
    throw new StatementError('Il file non è un XML valido: non è un estratto conto camt.053.');
  }
}

/**
 * The namespace of the root `Document` element, by its URI whatever the prefix it is bound to
 * and wherever among the root's attributes it is declared (banks put `xmlns:xsi` first, or bind
 * the camt namespace to a prefix). The parser drops namespaces with their prefixes, so they are
 * read from the root's start tag.
 */
function documentNamespace(xml: string): string {
  const root = /<(?:([A-Za-z_][\w.-]*):)?Document\b([^>]*)>/.exec(xml);
  if (root === null) return '';
  const prefix = root[1] ?? '';
  for (const declaration of (root[2] ?? '').matchAll(
    /\bxmlns(?::([\w.-]+))?\s*=\s*(?:"([^"]*)"|'([^']*)')/g,
  )) {
    if ((declaration[1] ?? '') === prefix) return (declaration[2] ?? declaration[3] ?? '').trim();
  }
  return '';
}

/**
 * The status of an entry, `BOOK` for a booked one: a code (`<Sts><Cd>BOOK</Cd></Sts>`, from
 * version 001.08) or the code itself (`<Sts>BOOK</Sts>`, earlier versions); empty when absent.
 */
function entryStatus(entry: XmlNode): string {
  return text(node(entry.Sts).Cd) || text(entry.Sts);
}

/**
 * What the payer wrote and the bank added to a transaction, each once and in this order: the
 * unstructured remittance, the structured one's creditor references and additional text, the
 * transaction's additional information, and the entry's.
 */
function remittanceText(entry: XmlNode, detail: XmlNode): string {
  const remittance = node(detail.RmtInf);
  const structured = list(remittance.Strd).map(node);
  const pieces = [
    ...list(remittance.Ustrd).map(text),
    ...structured.flatMap((part) => list(part.CdtrRefInf).map((ref) => text(node(ref).Ref))),
    ...structured.flatMap((part) => list(part.AddtlRmtInf).map(text)),
    ...list(detail.AddtlTxInf).map(text),
    text(entry.AddtlNtryInf),
  ];
  return [...new Set(pieces.filter((piece) => piece !== ''))].join(' ');
}

function readCamt(xml: string): StatementRow[] {
  const document = node(node(parseCamtXml(xml)).Document);
  const report = node(document.BkToCstmrStmt);
  if (!CAMT_NAMESPACE_VERSION.test(documentNamespace(xml)) || Object.keys(report).length === 0) {
    throw new StatementError(
      'Il file XML non è un estratto conto ISO 20022 camt.053 (spazio dei nomi o struttura diversi).',
    );
  }
  const rows: (Omit<StatementRow, 'reference'> & { reference: string | null })[] = [];
  for (const statement of list(report.Stmt)) {
    for (const entryValue of list(node(statement).Ntry)) {
      const entry = node(entryValue);
      if (text(entry.CdtDbtInd) !== 'CRDT') continue;
      // Pending or informative entries are not money received yet (001.08: `Sts/Cd`).
      const status = entryStatus(entry);
      if (status !== '' && status !== 'BOOK') continue;
      const bookedOn = text(node(entry.BookgDt).Dt) || text(node(entry.BookgDt).DtTm).slice(0, 10);
      // A batch booked as one entry lists its transactions, in one or several `NtryDtls`.
      const details = list(entry.NtryDtls).flatMap((part) => list(node(part).TxDtls).map(node));
      const parts = details.length === 0 ? [{} as XmlNode] : details;
      for (const detail of parts) {
        // Versions from 001.03 may mark each transaction of a batch; a debit among them is not ours.
        if (text(detail.CdtDbtInd) === 'DBIT') continue;
        const amountText =
          details.length > 1
            ? text(detail.Amt) || text(node(node(detail.AmtDtls).TxAmt).Amt)
            : text(entry.Amt);
        const amountCents = centsOfBankAmount(amountText, false);
        if (amountCents === null || !/^\d{4}-\d{2}-\d{2}$/.test(bookedOn)) {
          throw new StatementError(
            `Un movimento dell’estratto conto non ha importo o data leggibili (${amountText || 'senza importo'}, ${bookedOn || 'senza data'}).`,
          );
        }
        const refs = node(detail.Refs);
        const parties = node(detail.RltdPties);
        const debtor = node(parties.Dbtr);
        const payer = text(debtor.Nm) || text(node(debtor.Pty).Nm) || null;
        const payerIban = normalIban(text(node(node(parties.DbtrAcct).Id).IBAN));
        const reference =
          text(refs.AcctSvcrRef) ||
          text(entry.AcctSvcrRef) ||
          text(refs.EndToEndId).replace(/^NOTPROVIDED$/, '') ||
          text(entry.NtryRef) ||
          null;
        rows.push({
          reference: reference === null ? null : `camt:${reference}`,
          bookedOn,
          amountCents,
          payer,
          payerIban,
          remittance: remittanceText(entry, detail),
        });
      }
    }
  }
  return withReferences(rows);
}

// ---------------------------------------------------------------------------------------------
// The bank's CSV export

const CSV_COLUMNS = {
  date: ['data contabile', 'data operazione', 'data'],
  amount: ['importo', 'entrate', 'accrediti', 'avere', 'importo (eur)'],
  remittance: ['descrizione', 'descrizione operazione', 'causale', 'dettagli', 'note'],
  reference: ['riferimento', 'id operazione', 'identificativo', 'cro', 'trn'],
  payer: ['ordinante', 'controparte'],
  payerIban: ['iban ordinante', 'iban controparte', 'iban'],
} as const;

function headerKey(header: string): string {
  return header.trim().toLowerCase().replace(/\s+/g, ' ');
}

function readCsv(content: string): StatementRow[] {
  let records: string[][];
  try {
    records = parseCsv(content, {
      delimiter: ';',
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch {
    throw new StatementError('Il file CSV non si legge: serve il separatore “;” della banca.');
  }
  const headerIndex = records.findIndex((record) =>
    record.some((cell) => (CSV_COLUMNS.date as readonly string[]).includes(headerKey(cell))),
  );
  const header = (records[headerIndex] ?? []).map(headerKey);
  const column = (names: readonly string[]) => header.findIndex((cell) => names.includes(cell));
  const columns = {
    date: column(CSV_COLUMNS.date),
    amount: column(CSV_COLUMNS.amount),
    remittance: header
      .map((cell, index) =>
        (CSV_COLUMNS.remittance as readonly string[]).includes(cell) ? index : -1,
      )
      .filter((index) => index >= 0),
    reference: column(CSV_COLUMNS.reference),
    payer: column(CSV_COLUMNS.payer),
    payerIban: column(CSV_COLUMNS.payerIban),
  };
  const missing = [
    columns.date < 0 ? 'data (“Data contabile”)' : null,
    columns.amount < 0 ? 'importo (“Importo”)' : null,
    columns.remittance.length === 0 ? 'causale (“Descrizione” o “Causale”)' : null,
  ].filter((name) => name !== null);
  if (headerIndex < 0 || missing.length > 0) {
    throw new StatementError(
      `Il file CSV non ha le colonne necessarie: ${missing.length > 0 ? missing.join(', ') : 'data, importo, causale'}.`,
    );
  }
  const rows: (Omit<StatementRow, 'reference'> & { reference: string | null })[] = [];
  for (const [offset, record] of records.slice(headerIndex + 1).entries()) {
    const line = headerIndex + offset + 2;
    const dateText = record[columns.date] ?? '';
    const date = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(dateText);
    const amountCents = centsOfBankAmount(record[columns.amount] ?? '', true);
    if (date === null || amountCents === null) {
      throw new StatementError(
        `Riga ${line} del CSV: data (gg/mm/aaaa) o importo (es. 80,00) non leggibili.`,
      );
    }
    if (amountCents <= 0) continue;
    const reference = columns.reference < 0 ? '' : (record[columns.reference] ?? '');
    rows.push({
      reference: reference === '' ? null : `csv:${reference}`,
      bookedOn: `${date[3]}-${date[2]}-${date[1]}`,
      amountCents,
      payer: columns.payer < 0 ? null : record[columns.payer] || null,
      payerIban: columns.payerIban < 0 ? null : normalIban(record[columns.payerIban]),
      remittance: columns.remittance
        .map((index) => record[index] ?? '')
        .join(' ')
        .trim(),
    });
  }
  return withReferences(rows);
}

/** Reads a statement by its content (XML or CSV), whatever its name says. */
export function parseStatement(content: Buffer): ParsedStatement {
  const decoded = decodeUploadedText(content).text;
  if (decoded.trimStart().startsWith('<')) return { format: 'camt053', rows: readCamt(decoded) };
  if (!decoded.includes(';')) {
    throw new StatementError(
      'Il file non è un estratto conto riconosciuto: carica il camt.053 (XML) o il CSV della banca.',
    );
  }
  return { format: 'csv', rows: readCsv(decoded) };
}
