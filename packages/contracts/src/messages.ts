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

/**
 * Two-factor sign-in messages (ADR 017): here, beside no zod schema, because the back office's
 * first screen shows them (its sign-in dialog) and must not carry zod (ADR 020).
 */
export const TWO_FACTOR_MESSAGES = {
  code: 'Inserisci il codice di 6 cifre dell’app di autenticazione o un codice di recupero.',
  wrongCode: 'Il codice non è corretto o è scaduto: usa quello mostrato ora dall’app.',
  tooManyAttempts: 'Troppi tentativi non riusciti: riprova tra 15 minuti.',
  challengeExpired:
    'Il tempo per inserire il codice è scaduto: accedi di nuovo con e-mail e password.',
  notPending: 'Avvia prima l’attivazione della verifica in due passaggi.',
  alreadyEnabled: 'La verifica in due passaggi è già attiva.',
  notEnabled: 'La verifica in due passaggi non è attiva.',
  notOwnAccount:
    'La tua verifica in due passaggi si disattiva da "Sicurezza dell’account", con un codice.',
  notStaff: 'La verifica in due passaggi riguarda solo gli account della segreteria.',
} as const;
