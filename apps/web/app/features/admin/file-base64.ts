/**
 * A chosen file's bytes as base64, for the staff uploads sent inside JSON (statements, registers,
 * CSV imports): the server reads the bytes themselves, so it can tell UTF-8 from Windows-1252.
 * In slices, so a large file does not overflow the call stack of `String.fromCharCode`.
 */
export async function fileAsBase64(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}
