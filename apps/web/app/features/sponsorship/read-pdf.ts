/**
 * Reads a file in the browser as base64 without the data-URL prefix (spec §3: attachment
 * content), reporting progress as it goes.
 */
export function readFileAsBase64(
  file: File,
  onProgress: (loadedBytes: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded);
    };
    reader.onerror = () => reject(reader.error ?? new Error('lettura non riuscita'));
    reader.onload = () => {
      const result = typeof reader.result === 'string' ? reader.result : '';
      const comma = result.indexOf(',');
      resolve(comma === -1 ? '' : result.slice(comma + 1));
    };
    reader.readAsDataURL(file);
  });
}

/** base64 of the bytes every PDF starts with, `%PDF-`: a cheap check before sending. */
export const PDF_BASE64_PREFIX = 'JVBERi0';
