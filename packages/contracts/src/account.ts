import { z } from './zod.js';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  AdminListQuerySchema,
  base64Within,
  requiredText,
} from './admin.js';
import { isStrictBase64 } from './sponsorship-rules.js';
import { envelopeSchema } from './envelope.js';
import { isValidEmail, VALIDATION_MESSAGES } from './messages.js';
import { MEMBER_ROLES } from './constants.js';

/** /api/v1/Account calls (spec §7). Login and password reset come with the reserved area. */

/** POST /api/v1/Account/SubscribeMailUp — body {email} (spec §3 "Newsletter subscription"). */
export const SubscribeMailUpBodySchema = z.object({
  email: z
    .string({ message: VALIDATION_MESSAGES.newsletterEmail })
    .trim()
    .refine(isValidEmail, { message: VALIDATION_MESSAGES.newsletterEmail }),
});
export type SubscribeMailUpBody = z.input<typeof SubscribeMailUpBodySchema>;

/**
 * The answer is the same whatever the address's state (new, pending, confirmed), so it says
 * nothing about who is subscribed.
 */
export const SubscribeMailUpResponseSchema = envelopeSchema(z.null());

// ---------------------------------------------------------------------------------------------
// Members in the back office (ADR 013)

export const MEMBER_STATUSES = ['active', 'disabled'] as const;

/**
 * A member's annual fee for a year, from the payments ledger: `paid` with a payment PayPal
 * verified, `toVerify` with one only reported or flagged, `unpaid` with none (or only rejected
 * or refunded ones).
 */
export const MEMBER_FEE_STATUSES = ['paid', 'toVerify', 'unpaid'] as const;
export type MemberFeeStatus = (typeof MEMBER_FEE_STATUSES)[number];
export const MEMBER_FEE_STATUS_LABELS: Record<MemberFeeStatus, string> = {
  paid: 'Pagata',
  toVerify: 'Da verificare',
  unpaid: 'Non pagata',
};

export const AdminMemberListQuerySchema = AdminListQuerySchema.extend({
  role: z.enum(MEMBER_ROLES).optional(),
  status: z.enum(MEMBER_STATUSES).optional(),
  feeStatus: z.enum(MEMBER_FEE_STATUSES, { message: 'Stato della quota non valido.' }).optional(),
  /** The fee year the status is about; this year (Rome) when absent. */
  feeYear: z.coerce
    .number({ message: 'Anno non valido.' })
    .int({ message: 'Anno non valido.' })
    .min(2000, { message: 'Anno non valido.' })
    .max(2100, { message: 'Anno non valido.' })
    .optional(),
});
export type AdminMemberListQuery = z.output<typeof AdminMemberListQuerySchema>;

export interface AdminMember {
  id: number;
  email: string;
  firstName: string;
  lastName: string;
  role: (typeof MEMBER_ROLES)[number];
  status: (typeof MEMBER_STATUSES)[number];
  /** False until the member chooses a password from the invitation. */
  hasPassword: boolean;
  /** The annual fee of `feeYear` (the list's year, or this year). */
  feeYear: number;
  feeStatus: MemberFeeStatus;
  createdAt: string;
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

const personName = requiredText(100);

export const AdminMemberCreateSchema = z.object({
  email: z
    .string({ message: ADMIN_MESSAGES.email })
    .trim()
    .refine(isValidEmail, { message: ADMIN_MESSAGES.email }),
  firstName: personName,
  lastName: personName,
  role: z.enum(MEMBER_ROLES, { message: ADMIN_MESSAGES.role }),
  /** Send the invitation e-mail at once. */
  invite: z.boolean().default(false),
});
export type AdminMemberCreate = z.input<typeof AdminMemberCreateSchema>;

export const AdminMemberUpdateSchema = z.object({
  firstName: personName,
  lastName: personName,
  role: z.enum(MEMBER_ROLES, { message: ADMIN_MESSAGES.role }),
  status: z.enum(MEMBER_STATUSES),
});
export type AdminMemberUpdate = z.input<typeof AdminMemberUpdateSchema>;

/**
 * The CSV as text (`csv`) or as the file's bytes in base64 (`content`): bytes let the server
 * tell UTF-8 from Windows-1252, which Excel's "CSV delimitato" writes.
 */
export const AdminMemberImportSchema = z
  .object({
    csv: z
      .string()
      .max(ADMIN_LIMITS.maxCsvBytes, { message: ADMIN_MESSAGES.csvTooLarge })
      .optional(),
    content: z
      .string()
      .refine(isStrictBase64, { message: ADMIN_MESSAGES.fileContent })
      .refine(base64Within(ADMIN_LIMITS.maxCsvBytes), { message: ADMIN_MESSAGES.csvTooLarge })
      .optional(),
    apply: z.boolean().default(false),
  })
  .refine((body) => body.csv !== undefined || body.content !== undefined, {
    message: ADMIN_MESSAGES.required,
    path: ['content'],
  });

/** The accounts an import just created, to invite all at once. */
export const AdminMemberInviteImportedSchema = z.object({
  emails: z.array(z.string().trim().toLowerCase().max(254)).min(1).max(5000),
});

/** One row of the import as read, with what it would do (the preview shows every field). */
export interface AdminMemberImportRow {
  line: number;
  email: string;
  firstName: string;
  lastName: string;
  role: string;
  outcome: 'crea' | 'aggiorna' | 'invariato';
}

export interface AdminMemberImportReport {
  applied: boolean;
  /** How the file's bytes were read: "UTF-8" or "Windows-1252" (absent for text sent as text). */
  encoding?: string;
  rows: AdminMemberImportRow[];
  created: string[];
  updated: string[];
  unchanged: string[];
  rejected: { line: number; reason: string }[];
}
