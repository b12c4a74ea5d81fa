/** A form's optional text field as the API wants it: blank (or not text) becomes null. */
export function blankToNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}
