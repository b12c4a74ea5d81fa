import { describe, expect, it } from 'vitest';
import { decodeUploadedText } from '../../src/text/encoding.js';

/**
 * Uploaded spreadsheets and bank exports (ADR 027, ADR 029): UTF-8 with or without a BOM, or
 * Windows-1252 as Italian Excel and home banking write it. The bytes are written out by hand,
 * as those programs save them, so the test does not lean on the decoder it checks.
 */
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

describe('the text of an uploaded file', () => {
  it('reads Windows-1252 with its 0x80–0x9F characters (€, quotes, dashes) and accented letters', () => {
    const bytes = Uint8Array.from([
      ...ascii('Niccol'),
      0xf2, // ò
      ...ascii(';Universit'),
      0xe0, // à
      ...ascii(';D'),
      0x92, // ’
      ...ascii('Amico;'),
      0x91, // ‘
      ...ascii('s'),
      0xec, // ì
      0x92, // ’
      0x20,
      0x93, // “
      ...ascii('quota'),
      0x94, // ”
      0x20,
      0x96, // –
      ...ascii(' 80 '),
      0x80, // €
      0x20,
      0x97, // —
      0x20,
      0x85, // …
    ]);
    expect(decodeUploadedText(bytes)).toEqual({
      text: 'Niccolò;Università;D’Amico;‘sì’ “quota” – 80 € — …',
      encoding: 'Windows-1252',
    });
  });

  it('reads UTF-8 with and without a BOM, the BOM dropped', () => {
    const text = 'Niccolò;Università;D’Amico;‘sì’ “quota” – 80 €';
    const utf8 = Buffer.from(text, 'utf8');
    expect(decodeUploadedText(utf8)).toEqual({ text, encoding: 'UTF-8' });
    expect(decodeUploadedText(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), utf8]))).toEqual({
      text,
      encoding: 'UTF-8',
    });
    expect(decodeUploadedText(new Uint8Array())).toEqual({ text: '', encoding: 'UTF-8' });
  });
});
