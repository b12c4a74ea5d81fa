import { AdminListQuerySchema } from './admin.js';

/**
 * Messages the outbox gave up on, as the back office lists them for a retry or a discard
 * (docs/decisions/008-outbox-and-double-opt-in.md, 013-back-office.md).
 */

export const AdminOutboxListQuerySchema = AdminListQuerySchema;

/** A message the outbox gave up on; never its body (reset links carry tokens). */
export interface AdminOutboxMessage {
  id: number;
  kind: string;
  /** Recipients of an e-mail, or what a MailUp call was about. */
  recipients: string;
  subject: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: string;
}
