import { constants as zlibConstants, createInflate } from 'node:zlib';
import { PDF_REFUSAL_MESSAGES, type PdfRefusal } from '@sodalis/contracts';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFRef,
  type PDFObject,
} from 'pdf-lib';
import type { ErrorIssue } from '../http/app-error.js';

/** Decompressed bytes one PDF may hold across all its streams (ADR 027). */
export const MAX_INFLATED_PDF_BYTES = 128 * 1024 * 1024;

const SIGNATURE = '%PDF-';
const END_OF_FILE = '%%EOF';

/**
 * Names that make a PDF act (scripts, launching programs, sending or importing data, rich
 * media, XFA forms) or carry other files; a name anywhere in the file, as a key or a value,
 * refuses it. Links (/URI) and destinations (/OpenAction to a page) stay allowed.
 */
const ACTIVE_NAMES = new Set([
  'JS',
  'JavaScript',
  'AA',
  'Launch',
  'SubmitForm',
  'ImportData',
  'EmbeddedFiles',
  'EmbeddedFile',
  'EF',
  'FileAttachment',
  'RichMedia',
  'GoToE',
  'XFA',
]);

const FLATE = new Set(['FlateDecode', 'Fl']);
const RUN_LENGTH = new Set(['RunLengthDecode', 'RL']);
const LZW = new Set(['LZWDecode', 'LZW']);
/** Filters whose output is never larger than their input: decoded in memory, then counted on. */
const SHRINKING = new Set(['ASCIIHexDecode', 'AHx', 'ASCII85Decode', 'A85']);

/** Bytes of whitespace PDF allows, plus NUL, which some writers pad files with. */
const TRAILING_ALLOWED = /^[\0\t\n\f\r ]*$/;

/**
 * Markers of another format outside the PDF's streams: HTML a browser would render, ZIP
 * headers and directories (a PDF+ZIP polyglot keeps them outside any stream).
 */
const HTML_MARKER = /<\s*(?:!doctype|html|head|body|script|iframe|svg|object|embed|meta)\b/i;
const ZIP_MARKERS = ['PK\u0003\u0004', 'PK\u0001\u0002', 'PK\u0005\u0006'];

function isExpanding(filter: string): boolean {
  return FLATE.has(filter) || RUN_LENGTH.has(filter) || LZW.has(filter);
}

/** A PDF name's text with every `#xx` escape decoded, in either case (viewers accept both). */
function decodedName(raw: string): string {
  return raw.replace(/#([0-9a-fA-F]{2})/g, (_match, hex: string) =>
    String.fromCharCode(Number.parseInt(hex, 16)),
  );
}

/** The names written in a piece of PDF syntax (`/Name` tokens), decoded. */
function namesIn(text: string): string[] {
  return [...text.matchAll(/\/([^\s/<>[\](){}%]*)/g)].map((match) => decodedName(match[1] ?? ''));
}

/**
 * Counts what a zlib stream inflates to, streaming and discarding the output, and stops as soon
 * as the count passes `budget`: a bomb is never held in memory (ADR 027). A damaged or
 * truncated stream counts what it gave before the damage.
 */
export function inflatedSize(data: Uint8Array, budget: number): Promise<number> {
  return new Promise((resolve) => {
    const inflater = createInflate({
      finishFlush: zlibConstants.Z_SYNC_FLUSH,
      chunkSize: 64 * 1024,
    });
    let total = 0;
    let settled = false;
    const settle = () => {
      if (settled) return;
      settled = true;
      resolve(total);
    };
    inflater.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > budget) {
        settle();
        inflater.destroy();
      }
    });
    inflater.on('end', settle);
    inflater.on('error', settle);
    inflater.on('close', settle);
    inflater.end(data);
  });
}

/** The size RunLengthDecode would produce, counted without producing it. */
function runLengthSize(data: Uint8Array): number {
  let total = 0;
  let index = 0;
  while (index < data.length) {
    const length = data[index] as number;
    if (length === 128) break;
    if (length < 128) {
      total += length + 1;
      index += length + 2;
    } else {
      total += 257 - length;
      index += 2;
    }
  }
  return total;
}

/** True when the bytes start with a zlib header, the only form pdf-lib's Flate decoder reads. */
function startsWithZlibHeader(data: Uint8Array, at: number): boolean {
  const method = data[at];
  const flags = data[at + 1];
  if (method === undefined || flags === undefined) return false;
  return (method & 0x0f) === 8 && method >> 4 <= 7 && ((method << 8) | flags) % 31 === 0;
}

interface RawStream {
  /** Where the `stream` keyword is. */
  keyword: number;
  /** Where the stream's data starts (after `stream` and its end of line, as pdf-lib reads it). */
  dataStart: number;
  /** Where the next `endstream` is, or the end of the file. */
  dataEnd: number;
}

/** Every `stream` keyword that is not part of `endstream`: where pdf-lib may find a stream. */
function streamCandidates(text: string): RawStream[] {
  const streams: RawStream[] = [];
  for (
    let keyword = text.indexOf('stream');
    keyword !== -1;
    keyword = text.indexOf('stream', keyword + 6)
  ) {
    if (text.slice(Math.max(0, keyword - 3), keyword) === 'end') continue;
    let dataStart = keyword + 6;
    for (const endOfLine of [' \r\n', '\r\n', '\r', '\n']) {
      if (text.startsWith(endOfLine, dataStart)) {
        dataStart += endOfLine.length;
        break;
      }
    }
    const end = text.indexOf('endstream', dataStart);
    streams.push({ keyword, dataStart, dataEnd: end === -1 ? text.length : end });
  }
  return streams;
}

/** The file's syntax without the streams' data, piece by piece. */
function syntaxOutsideStreams(text: string, streams: RawStream[]): string[] {
  const pieces: string[] = [];
  let from = 0;
  for (const stream of streams) {
    if (stream.keyword < from) continue;
    pieces.push(text.slice(from, stream.dataStart));
    from = stream.dataEnd;
  }
  pieces.push(text.slice(from));
  return pieces;
}

/** Longest dictionary looked at in front of a stream keyword. */
const DICTIONARY_WINDOW = 64 * 1024;

/**
 * The checks on the raw bytes, before any parser runs: the signature at byte 0, nothing but
 * whitespace after the last `%%EOF`, no foreign format or active name outside the streams, and
 * the object and cross-reference streams (which pdf-lib decompresses while loading) within the
 * budget. Answers the refusal, or the bytes those streams used of the budget.
 */
async function rawRefusal(
  bytes: Uint8Array,
  budget: number,
): Promise<{ refusal: PdfRefusal } | { used: number }> {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  if (!text.startsWith(SIGNATURE)) {
    // A signature further in (viewers look in the first 1024 bytes) means something before it.
    return { refusal: text.slice(0, 1024).includes(SIGNATURE) ? 'foreignContent' : 'notPdf' };
  }
  const lastEnd = text.lastIndexOf(END_OF_FILE);
  if (lastEnd === -1) return { refusal: 'notPdf' };
  if (!TRAILING_ALLOWED.test(text.slice(lastEnd + END_OF_FILE.length))) {
    return { refusal: 'foreignContent' };
  }

  const streams = streamCandidates(text);
  for (const syntax of syntaxOutsideStreams(text, streams)) {
    if (HTML_MARKER.test(syntax) || ZIP_MARKERS.some((marker) => syntax.includes(marker))) {
      return { refusal: 'foreignContent' };
    }
    if (namesIn(syntax).some((name) => ACTIVE_NAMES.has(name))) return { refusal: 'activeContent' };
  }

  let used = 0;
  for (const stream of streams) {
    // The dictionary in front: back to the previous `endstream`, never beyond the window.
    const windowStart = Math.max(0, stream.keyword - DICTIONARY_WINDOW);
    const before = text.slice(
      Math.max(windowStart, text.lastIndexOf('endstream', stream.keyword)),
      stream.keyword,
    );
    const names = namesIn(before);
    if (!names.includes('ObjStm') && !names.includes('XRef')) continue;
    // pdf-lib decompresses these while loading, with no limit: only plain Flate, read here
    // first with the budget, is let through; a /Type or /Filter by reference hides the kind.
    if (/\/Type\s+\d|\/Filter\s+\d/.test(before)) return { refusal: 'notPdf' };
    const filters = names.filter(
      (name) => FLATE.has(name) || RUN_LENGTH.has(name) || LZW.has(name) || SHRINKING.has(name),
    );
    if (filters.some((name) => !FLATE.has(name))) return { refusal: 'notPdf' };
    const data = bytes.subarray(stream.dataStart, stream.dataEnd);
    if (filters.length === 0) used += data.length;
    else if (startsWithZlibHeader(data, 0)) used += await inflatedSize(data, budget - used);
    if (used > budget) return { refusal: 'tooExpanded' };
  }
  return { used };
}

/** A stream's filters, by name, in order (a reference resolved; anything else ignored). */
function filtersOf(stream: PDFRawStream): string[] {
  const filter = stream.dict.lookup(PDFName.of('Filter'));
  const entries = filter instanceof PDFArray ? filter.asArray() : [filter];
  return entries
    .map((entry) => stream.dict.context.lookup(entry))
    .filter((entry): entry is PDFName => entry instanceof PDFName)
    .map((name) => decodedName(name.decodeText()));
}

/**
 * What one stream decompresses to, within `budget`: the shrinking filters in front are decoded,
 * the first expanding one is counted (Flate streamed, RunLength counted), what follows it is an
 * image codec a viewer bounds by the image's size. LZW (replaced by Flate since PDF 1.2) and an
 * expanding filter behind another are refused: they could only serve to hide a bomb.
 */
async function streamSize(stream: PDFRawStream, budget: number): Promise<number | 'refused'> {
  const filters = filtersOf(stream);
  let data: Uint8Array = stream.contents;
  for (const [index, filter] of filters.entries()) {
    if (SHRINKING.has(filter)) {
      const prefix = stream.dict.context.obj({ Filter: filter });
      data = decodePDFRawStream(PDFRawStream.of(prefix, data)).decode();
      continue;
    }
    if (LZW.has(filter) || filters.slice(index + 1).some(isExpanding)) return 'refused';
    if (FLATE.has(filter)) return inflatedSize(data, budget);
    if (RUN_LENGTH.has(filter)) return runLengthSize(data);
    return data.length;
  }
  return data.length;
}

/** Every name in an object and what it holds directly (references are visited on their own). */
function hasActiveName(object: PDFObject | undefined): boolean {
  if (object instanceof PDFName) return ACTIVE_NAMES.has(decodedName(object.decodeText()));
  if (object instanceof PDFArray) return object.asArray().some(hasActiveName);
  if (object instanceof PDFDict) {
    return [...object.entries()].some(([key, value]) => hasActiveName(key) || hasActiveName(value));
  }
  if (object instanceof PDFRawStream) return hasActiveName(object.dict);
  return false;
}

/**
 * Reads an uploaded PDF and answers why it must be refused (`PDF_REFUSAL_MESSAGES` says it in
 * Italian: not a PDF pdf-lib can read; foreign bytes before, after or around it, a polyglot;
 * active content or embedded files; encryption we cannot look inside; a Flate bomb), or null when it is safe to store,
 * mail and show (ADR 027). The raw checks run first, so the parser never meets a polyglot or a
 * bomb; then pdf-lib reads every object (those in object streams too) for active names,
 * encryption and the decompressed size of every stream.
 */
export async function pdfRefusal(
  bytes: Uint8Array,
  budget: number = MAX_INFLATED_PDF_BYTES,
): Promise<PdfRefusal | null> {
  const raw = await rawRefusal(bytes, budget);
  if ('refusal' in raw) return raw.refusal;

  let document: PDFDocument;
  try {
    document = await PDFDocument.load(bytes, {
      ignoreEncryption: true,
      updateMetadata: false,
      throwOnInvalidObject: true,
    });
    if (document.isEncrypted) return 'encrypted';
    if (document.getPageCount() < 1) return 'notPdf';
  } catch {
    return 'notPdf';
  }

  let used = raw.used;
  for (const [, object] of document.context.enumerateIndirectObjects()) {
    if (object instanceof PDFRef) continue;
    if (hasActiveName(object)) return 'activeContent';
    if (object instanceof PDFRawStream) {
      const size = await streamSize(object, budget - used);
      if (size === 'refused') return 'notPdf';
      used += size;
      if (used > budget) return 'tooExpanded';
    }
  }
  return null;
}

/**
 * The error issue of one uploaded PDF that must be refused, or null when it is safe: `path`
 * names the field, `fileName` (when given) is added so a form with several files says which.
 */
export async function pdfIssue(
  path: string,
  content: Uint8Array,
  fileName?: string,
): Promise<ErrorIssue | null> {
  const refusal = await pdfRefusal(content);
  if (refusal === null) return null;
  const message = PDF_REFUSAL_MESSAGES[refusal];
  return { path, message: fileName === undefined ? message : `${message} (${fileName})` };
}
