import { ADMIN_MESSAGES, isWebAddress } from '@sodalis/contracts';

/**
 * A web address checked before saving with the server's own rule (contracts `isWebAddress`);
 * an empty field is left to `required()` where the field needs a value.
 */
export function webAddress(value: unknown): string | undefined {
  if (value === undefined || value === null || value === '') return undefined;
  return isWebAddress(String(value).trim()) ? undefined : ADMIN_MESSAGES.webAddress;
}
