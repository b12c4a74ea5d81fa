/**
 * File-name rules shared by the server (names it stores and mails) and the web (names it shows),
 * so one upload's name reads the same everywhere.
 */

/** Longest stem kept (before `.pdf`); long names are cut, not refused. */
const MAX_STEM_LENGTH = 100;

/**
 * The server's own name for an uploaded PDF: no folders, no control or unusual characters,
 * `.pdf` at the end, never empty. The name is shown and mailed, never used as a path.
 */
export function sanitisePdfFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const stem = base
    .normalize('NFC')
    .replace(/\.pdf$/i, '')
    .replace(/[^\p{L}\p{N} ._()-]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[\s._-]+|[\s._-]+$/g, '')
    .slice(0, MAX_STEM_LENGTH)
    .trim();
  return `${stem === '' ? 'allegato' : stem}.pdf`;
}

/** Makes names unique within one request: `programma.pdf`, `programma-2.pdf`… */
export function uniqueFileNames(names: string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    let candidate = name;
    for (let n = 2; used.has(candidate.toLowerCase()); n += 1) {
      candidate = name.replace(/\.pdf$/, `-${n}.pdf`);
    }
    used.add(candidate.toLowerCase());
    return candidate;
  });
}

/** A file name as shown: without extension, underscores as spaces (spec §2.9 "cleaned"). */
export function cleanFileName(fileName: string): string {
  return fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
}

/**
 * Why the server refuses an uploaded PDF (ADR 027), in the words shown beside the file: the
 * same for the public sponsorship form and the back office.
 */
export const PDF_REFUSAL_MESSAGES = {
  notPdf: 'Il file non è un PDF.',
  foreignContent:
    'Il file PDF contiene dati di altro tipo (per esempio una pagina web o un archivio) e non può essere accettato.',
  activeContent: 'Il file PDF contiene contenuti attivi o allegati e non può essere accettato.',
  encrypted: 'Il file PDF è protetto da password o cifrato: carica una copia senza protezione.',
  tooExpanded:
    'Il file PDF, una volta decompresso, supera i limiti consentiti e non può essere accettato.',
} as const;
export type PdfRefusal = keyof typeof PDF_REFUSAL_MESSAGES;
