/** "crea" → "Crea": a phrase made to be read at the start of a sentence, cell or line. */
export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
