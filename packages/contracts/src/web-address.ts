/** Web addresses as editors and applicants type them (no imports: every bundle may take it). */

/**
 * An address typed as people say it ("www.sito.it") gets `https://` in front; anything else is
 * left as typed for `isWebAddress` to judge.
 */
export function withWebScheme(value: string): string {
  const trimmed = value.trim();
  return /^www\./i.test(trimmed) ? `https://${trimmed}` : trimmed;
}

/** An absolute http(s) address with a host (the `sitoWeb` field is of URL type, spec §5). */
export function isWebAddress(value: string): boolean {
  if (/\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}
