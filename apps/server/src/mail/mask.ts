/**
 * E-mail addresses never reach the logs in full (docs/architecture.md, "Security baseline"): the first
 * character of the local part and the domain are enough to tell deliveries apart.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${address[0]}***${address.slice(at)}`;
}

const EMAIL_IN_TEXT = /[^\s<>"'(),;:]+@[^\s<>"'(),;:]+\.[A-Za-z]{2,}/g;

/** Masks every address inside a text (SMTP errors often quote the recipient). */
export function maskEmailsIn(text: string): string {
  return text.replace(EMAIL_IN_TEXT, (address) => maskEmail(address));
}
