/**
 * The causale of a dues bank transfer (ADR 029): `QUOTA <member number> ANNI <years> CK <check>`,
 * the check two digits by ISO 7064 MOD 97-10 (the IBAN's rule) over the member number's letters
 * and digits and the years. Written once here: shown to the member and validated on import.
 * Banks add spaces, change case, drop or add punctuation and wrap lines: the reading ignores
 * everything but letters and digits.
 */

// The member number is what follows the last QUOTA: free text before it may say "quota" too.
const CAUSALE_PATTERN = /QUOTA((?:(?!QUOTA)[A-Z0-9])+?)ANNI((?:\d{4})+)CK(\d{2})/;

/** Upper-case letters and digits only: what survives every bank's rewriting. */
export function bankText(text: string): string {
  return text
    .normalize('NFKD')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** The remainder modulo 97 of a string of letters (A = 10 … Z = 35) and digits. */
function mod97(text: string): number {
  let remainder = 0;
  for (const char of text) {
    const value = /\d/.test(char) ? char : String(char.charCodeAt(0) - 55);
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97;
  }
  return remainder;
}

function checkDigits(memberNumber: string, years: readonly number[]): string {
  const payload = `${bankText(memberNumber)}${years.join('')}`;
  return String(98 - mod97(`${payload}00`)).padStart(2, '0');
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
