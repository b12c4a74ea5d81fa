import { readRegistrationCausale } from '@sodalis/contracts';
import type { Executor } from '../../../db/schema.js';
import type { BankTransfer, ClaimedTransfer, TransferClaim } from '../../payments/purposes.js';
import { REGISTRATION_PURPOSE } from './purpose.js';
import type { EventRegistrations } from './service.js';

/**
 * A bank transfer whose causale names a registration (`ISCRIZIONE <n> CK <c>`, ADR 049), read by
 * the statement import through the claims payments keep (ADR 029's import stays membership's).
 */
export class RegistrationTransferClaim implements TransferClaim {
  readonly purpose = REGISTRATION_PURPOSE;

  constructor(
    private readonly registrations: Pick<EventRegistrations, 'transferOf' | 'transferAssigned'>,
  ) {}

  /** A transfer left for review given by hand to registration `id` (ADR 053). */
  assign(trx: Executor, id: number, transfer: BankTransfer): Promise<ClaimedTransfer> {
    return this.registrations.transferAssigned(trx, id, transfer);
  }

  async read(db: Executor, transfer: BankTransfer): Promise<ClaimedTransfer | null> {
    const reading = readRegistrationCausale(transfer.remittance);
    if (reading.kind === 'none') return null;
    if (reading.kind === 'wrongCheck') {
      return {
        outcome: 'unknown',
        reason:
          'Il codice di controllo della causale dell’iscrizione non torna: causale scritta male.',
        memberId: null,
        name: null,
        record: async () => null,
      };
    }
    return this.registrations.transferOf(db, reading.registrationId, transfer);
  }
}
