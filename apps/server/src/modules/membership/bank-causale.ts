/**
 * The causale of a dues bank transfer (ADR 029): `QUOTA <member number> ANNI <years> CK <check>`,
 * the check two digits by ISO 7064 MOD 97-10 (the IBAN's rule) over the member number's letters
 * and digits and the years. Written once here: shown to the member and validated on import.
 * Banks add spaces, change case, drop or add punctuation and wrap lines: the reading ignores
 * everything but letters and digits.
 */

import { bankText, checkDigits97, mod97 } from '@sodalis/contracts';

// The member number is what follows the last QUOTA: free text before it may say "quota" too.
const CAUSALE_PATTERN = /QUOTA((?:(?!QUOTA)[A-Z0-9])+?)ANNI((?:\d{4})+)CK(\d{2})/;

function checkDigits(memberNumber: string, years: readonly number[]): string {
  return checkDigits97(`${memberNumber}${years.join('')}`);
}

/** The causale a member writes on the transfer for `years` (sorted, each once). */
export function dueCausale(memberNumber: string, years: readonly number[]): string {
  const sorted = [...new Set(years)].sort((a, b) => a - b);
  return `QUOTA ${memberNumber} ANNI ${sorted.join(' ')} CK ${checkDigits(memberNumber, sorted)}`;
}

/** What a bank's remittance text says, when it carries a causale of ours. */
export type CausaleReading =
  | { kind: 'none' }
  | { kind: 'wrongCheck'; memberKey: string; years: number[] }
  | { kind: 'valid'; memberKey: string; years: number[] };

/**
 * Finds a causale in a remittance text. `memberKey` is the member number's letters and digits
 * (compare with `bankText` of the stored number).
 */
export function readCausale(text: string): CausaleReading {
  const match = CAUSALE_PATTERN.exec(bankText(text));
  if (match === null) return { kind: 'none' };
  const [, memberKey = '', yearDigits = '', check = ''] = match;
  const years = (yearDigits.match(/\d{4}/g) ?? []).map(Number);
  const valid = mod97(`${memberKey}${yearDigits}${check}`) === 1;
  return { kind: valid ? 'valid' : 'wrongCheck', memberKey, years };
}
