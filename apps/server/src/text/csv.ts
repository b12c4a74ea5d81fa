import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { italianDateTime } from '@sodalis/contracts';

/**
 * The secretariat's CSV files, read and written with maintained libraries (csv-parse and
 * csv-stringify). Exports open correctly in Italian Excel: UTF-8 with a BOM, ";" between fields,
 * CRLF lines, every field quoted where it needs to be.
 */
export function toCsv(rows: readonly (readonly CsvCell[])[]): string {
  return stringify(
    rows.map((row) =>
      row.map((cell) => (typeof cell === 'string' ? formulaSafe(cell) : cell.formula)),
    ),
    {
      bom: true,
      delimiter: ';',
      record_delimiter: 'windows',
      eof: true,
    },
  );
}

/** A cell of `toCsv`: text, or a code a spreadsheet must keep as written (`textCode`). */
export type CsvCell = string | { readonly formula: string };

/**
 * A code made of digits a spreadsheet would read as a number and strip of its leading zeros (a
 * member number `00042`): written `="00042"`, which Excel and LibreOffice show as the text
 * 00042. Only letters, digits and `/ . _ -` (MEMBER_NUMBER_FORMAT) are wrapped so: anything else
 * is plain text, made safe from formulas as every cell is.
 */
export function textCode(value: string): CsvCell {
  return /^[A-Za-z0-9/._-]+$/.test(value) ? { formula: `="${value}"` } : value;
}

/**
 * An instant as Italian Excel reads a date and time from a CSV cell: `dd/mm/yyyy hh:mm` in
 * Rome's time (no comma, which would make it text); empty when it is not an instant.
 */
export function spreadsheetDateTime(iso: string): string {
  return italianDateTime(iso).replace(',', '');
}

/** A leading =, +, - or @ would be a formula in a spreadsheet: it is written as text. */
function formulaSafe(value: string): string {
  return /^[=+\-@]/.test(value) ? `'${value}` : value;
}

/**
 * Reads what a spreadsheet saved: comma or semicolon separated (Italian spreadsheets use ";"),
 * double-quoted fields with "" escapes, CRLF or LF lines, a BOM ignored, blank lines skipped.
 * Rows may have different lengths (the import reports them per row).
 */
export function parseCsv(text: string): string[][] {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const delimiter =
    (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows = parse(source, {
    delimiter,
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
  }) as string[][];
  return rows.filter((cells) => cells.some((cell) => cell.trim() !== ''));
}
