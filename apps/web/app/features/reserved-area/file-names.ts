/** A file name as shown: without extension, underscores as spaces (spec §2.9 "cleaned"). */
export function cleanFileName(fileName: string): string {
  return fileName
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
}
