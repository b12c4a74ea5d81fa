/**
 * The society's account the e2e server shows on the fee page (BANK_IBAN, ADR 029): the usual
 * example IBAN, valid by its check digits; the page shows it in groups of four.
 */
export const E2E_BANK_IBAN = 'IT60X0542811101000000123456';
export const E2E_BANK_IBAN_SHOWN = 'IT60 X054 2811 1010 0000 0123 456';
