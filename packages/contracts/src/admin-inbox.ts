import { z } from 'zod';
import { AdminListQuerySchema } from './admin.js';

/**
 * Back office inbox (issue 10): sponsorship requests, newsletter subscribers and outbox
 * messages that could not be delivered. See docs/decisions/013-back-office.md.
 */

export const SPONSORSHIP_STATUSES = ['received', 'approved', 'rejected'] as const;
export type SponsorshipStatus = (typeof SPONSORSHIP_STATUSES)[number];

export const AdminSponsorshipListQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(SPONSORSHIP_STATUSES).optional(),
});

export interface AdminSponsorshipSummary {
  id: number;
  createdAt: string;
  requester: string;
  email: string | null;
  organisation: string;
  eventTitle: string;
  eventKind: string;
  startsOn: string;
  endsOn: string;
  city: string;
  status: SponsorshipStatus;
  handledAt: string | null;
  handledBy: string | null;
  attachmentCount: number;
}

export interface AdminSponsorshipRequest extends AdminSponsorshipSummary {
  phone: string | null;
  requestKind: string | null;
  venue: string | null;
  organiser: string | null;
  website: string | null;
  scientificSecretariat: string | null;
  organisingSecretariat: string | null;
  otherSponsors: string | null;
  eventContents: string | null;
  attachments: { id: number; fileName: string; sizeBytes: number }[];
}

export const AdminSponsorshipUpdateSchema = z.object({
  status: z.enum(SPONSORSHIP_STATUSES, { message: 'Stato non valido.' }),
});

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

export const AdminNewsletterListQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(NEWSLETTER_STATUSES).optional(),
});

export interface AdminNewsletterSubscriber {
  id: number;
  email: string;
  status: (typeof NEWSLETTER_STATUSES)[number];
  consentAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

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
