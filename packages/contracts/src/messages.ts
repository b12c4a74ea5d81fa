/**
 * Validation messages of spec §5 and §8 (verbatim) and the checks the web forms and the server
 * share. No zod here: the browser bundle imports this module and stays small.
 */
export const VALIDATION_MESSAGES = {
  newsletterEmail: 'Inserisci una e-mail valida.',
  newsletterPrivacy: 'Devi acconsentire al trattamento dei dati personali.',
  email: 'Il formato email non è corretto',
  passwordMismatch: 'Le password non corrispondono',
  nullParameter: 'the parameter cannot be null',
  invalidBase64: 'Invalid base64 string',
} as const;

/**
 * A practical e-mail check: one @, a non-empty local part, a dotted domain, no spaces, at most
 * 254 characters (RFC 5321's path limit).
 */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email);
}
