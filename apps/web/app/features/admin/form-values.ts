/** A form's optional text field as the API wants it: blank (or not text) becomes null. */
export function blankToNull(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value : null;
}

/** A form's optional number field as the API wants it: empty (or not a number) becomes null. */
export function blankNumberToNull(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isFinite(number) ? number : null;
}
