import {
  APPLICATION_MESSAGES,
  MembershipApplicationBodySchema,
  type MembershipApplicationForm,
} from '@sodalis/contracts';
import { AppError } from '../../http/app-error.js';
import { parseInput } from '../../http/validation.js';
import type { MembershipService } from './service.js';

/**
 * The "Iscriviti" form (ADR 024): the contracts' schema, then the membership's rules, with the
 * client's address for the public forms' hourly limits (ADR 040).
 */
export function applicationForm(
  membership: MembershipService,
  clientAddress: string,
): MembershipApplicationForm {
  return {
    apply: async (fields, cv) => {
      let body;
      try {
        body = parseInput(MembershipApplicationBodySchema, fields);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        return { ok: false, message: APPLICATION_MESSAGES.failed, issues: error.issues ?? [] };
      }
      const file = cv === null ? null : { fileName: cv.fileName, content: Buffer.from(cv.content) };
      return membership.apply(body, file, clientAddress);
    },
  };
}
