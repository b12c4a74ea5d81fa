import { createDeflate } from 'node:zlib';
import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { makeDemoPdf } from '../../src/db/seed/demo-pdf.js';

/**
 * The upload corpus of ADR 027, generated here: a valid PDF (pdf-lib, as the demo content's
 * PDFs are made) and the bad files an attacker sends — polyglots with HTML or ZIP, active
 * actions, an embedded file, Flate bombs. Each bad file is otherwise a well-formed PDF, so only
 * the rule under test refuses it.
 */

/** A valid one-page PDF, as the demo content's are made. */
export async function validPdf(title = 'Programma del congresso'): Promise<Buffer> {
  return Buffer.from(await makeDemoPdf(title, ['Sessione plenaria', 'Relatori e orari']));
}

/** A PDF whose catalogue gets `entries` (an /OpenAction, /Names…), saved without object streams. */
async function pdfWithCatalog(
  build: (document: PDFDocument) => Record<string, unknown>,
  useObjectStreams = false,
): Promise<Buffer> {
  const document = await PDFDocument.load(await validPdf());
  for (const [key, value] of Object.entries(build(document))) {
    document.catalog.set(PDFName.of(key), document.context.obj(value as never));
  }
  return Buffer.from(await document.save({ useObjectStreams }));
}

export function javaScriptOpenAction(useObjectStreams = false): Promise<Buffer> {
  return pdfWithCatalog(
    (document) => ({
      OpenAction: document.context.register(
        document.context.obj({ S: 'JavaScript', JS: PDFString.of('app.alert("ciao")') }),
      ),
    }),
    useObjectStreams,
  );
}

export function launchAction(): Promise<Buffer> {
  return pdfWithCatalog(() => ({ OpenAction: { S: 'Launch', F: PDFString.of('calc.exe') } }));
}

/** /Java#53cript: the name written with an escape, as a viewer reads it. */
export async function escapedJavaScriptName(): Promise<Buffer> {
  const plain = (await javaScriptOpenAction()).toString('latin1');
  return Buffer.from(plain.replace('/JavaScript', '/Java#53cript'), 'latin1');
}

export async function embeddedFile(): Promise<Buffer> {
  const document = await PDFDocument.load(await validPdf());
  await document.attach(Buffer.from('MZ eseguibile'), 'programma.exe', {
    mimeType: 'application/octet-stream',
  });
  return Buffer.from(await document.save());
}

export async function pdfThenHtml(): Promise<Buffer> {
  const html = '<html><body><script>alert(document.cookie)</script></body></html>\n';
  return Buffer.concat([await validPdf(), Buffer.from(html)]);
}

export async function htmlThenPdf(): Promise<Buffer> {
  return Buffer.concat([Buffer.from('<html><!-- '), await validPdf()]);
}

/** A PDF followed by a ZIP archive (local header, data, central directory, end record). */
export async function pdfThenZip(): Promise<Buffer> {
  const name = Buffer.from('a.txt');
  const data = Buffer.from('ciao');
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(name.length, 26);
  local.writeUInt32LE(data.length, 18);
  local.writeUInt32LE(data.length, 22);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(name.length, 28);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  return Buffer.concat([await validPdf(), local, name, data, central, name, end]);
}

const deflatedCache = new Map<string, Promise<Buffer>>();

/**
 * `size` zero bytes deflated with zlib, made in pieces so the test never holds them whole, and
 * once per test file: the 200 MiB take a while to compress.
 */
export function deflatedZeros(size: number, prefix = Buffer.alloc(0)): Promise<Buffer> {
  const key = `${size}:${prefix.toString('hex')}`;
  const cached = deflatedCache.get(key) ?? deflateZeros(size, prefix);
  deflatedCache.set(key, cached);
  return cached;
}

async function deflateZeros(size: number, prefix: Buffer): Promise<Buffer> {
  const deflater = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  const piece = Buffer.alloc(1024 * 1024);
  deflater.write(prefix);
  for (let written = 0; written < size; written += piece.length) {
    if (!deflater.write(piece)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await done;
  return Buffer.concat(chunks);
}

/**
 * A PDF written object by object (`objects[0]` is object 1), with a correct cross-reference
 * table: for the files pdf-lib would not write, such as an object stream that is a bomb.
 */
export function handWrittenPdf(objects: Buffer[], root = 1): Buffer {
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  for (const [index, object] of objects.entries()) {
    offsets.push(length);
    const part = Buffer.concat([
      Buffer.from(`${index + 1} 0 obj\n`),
      object,
      Buffer.from('\nendobj\n'),
    ]);
    parts.push(part);
    length += part.length;
  }
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root ${root} 0 R >>`,
    'startxref',
    String(length),
    '%%EOF',
    '',
  ].join('\n');
  parts.push(Buffer.from(xref));
  return Buffer.concat(parts);
}

function streamObject(dictionary: string, data: Buffer): Buffer {
  return Buffer.concat([
    Buffer.from(`<< ${dictionary} /Length ${data.length} >>\nstream\n`),
    data,
    Buffer.from('\nendstream'),
  ]);
}

const PAGE_OBJECTS = [
  Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
  Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
  Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>'),
];

/**
 * A minimal valid one-page PDF, distinct per `label`, written synchronously for the tests'
 * fixtures; `extraBytes` of spaces in its page content make it as large as a test needs.
 */
export function minimalPdf(label: string, extraBytes = 0): Buffer {
  const content = Buffer.concat([
    Buffer.from(`% ${label}\n`, 'latin1'),
    Buffer.alloc(extraBytes, 0x20),
  ]);
  return handWrittenPdf([...PAGE_OBJECTS, streamObject('', content)]);
}

/** A small file whose page content inflates to `size` bytes (200 MiB in the audit). */
export async function flateBomb(size = 200 * 1024 * 1024): Promise<Buffer> {
  const bomb = await deflatedZeros(size);
  return handWrittenPdf([...PAGE_OBJECTS, streamObject('/Filter /FlateDecode', bomb)]);
}

/** The bomb inside an object stream, which pdf-lib itself would inflate while loading. */
export async function objectStreamBomb(size = 200 * 1024 * 1024): Promise<Buffer> {
  const header = Buffer.from('6 0 << /Producer (bomba) >> ');
  const bomb = await deflatedZeros(size, header);
  return handWrittenPdf([
    ...PAGE_OBJECTS,
    streamObject('', Buffer.from('0 0 m')),
    streamObject(`/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode`, bomb),
  ]);
}
