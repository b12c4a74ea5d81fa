import iconv from 'iconv-lite';

export type UploadedTextEncoding = 'UTF-8' | 'Windows-1252';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The text of a file a spreadsheet or a bank wrote (the members' CSV import, bank statements:
 * ADR 029), for every upload that may not be UTF-8. UTF-8 when the bytes are valid UTF-8 (a
 * BOM dropped), else Windows-1252, what Italian Excel's "CSV delimitato" and home banking
 * exports write ("Niccolò" as 0xF2, "’" as 0x92, "€" as 0x80). Windows-1252 is read by
 * iconv-lite: Node's TextDecoder, built with small ICU, reads `windows-1252` as ISO-8859-1, so
 * 0x80–0x9F (€, ’, ‘, “, ”, –) became invisible control characters. A Windows-1252 file reads
 * as valid UTF-8 only when every byte above 0x7F falls in a UTF-8 sequence (each accented
 * letter followed by one or two of €, quotes or symbols, and nothing else), which real names
 * and bank descriptions never do.
 */
export function decodeUploadedText(bytes: Uint8Array): {
  text: string;
  encoding: UploadedTextEncoding;
} {
  try {
    return { text: utf8.decode(bytes), encoding: 'UTF-8' };
  } catch {
    return { text: iconv.decode(Buffer.from(bytes), 'windows-1252'), encoding: 'Windows-1252' };
  }
}
