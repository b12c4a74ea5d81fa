import { z } from 'zod';
import { AdminListQuerySchema, AdminUploadSchema, ADMIN_LIMITS, ADMIN_MESSAGES } from './admin.js';
import type { AdminAttachment } from './admin.js';

/**
 * Back office (issue 10): setup elements, the pieces of page text the secretariat edits by key
 * (spec §3), with their PDFs. See docs/decisions/013-back-office.md.
 */

export interface AdminSetupElementSummary {
  /** The key: react-admin's record id. */
  id: string;
  /** Where the site shows it, in Italian. */
  place: string;
  /** Address of the page that shows it. */
  pagePath: string;
  /** False for a key of the spec that has no text yet. */
  exists: boolean;
  attachmentCount: number;
  updatedAt: string | null;
}

export interface AdminSetupElement extends AdminSetupElementSummary {
  bodyHtml: string;
  attachments: AdminAttachment[];
}

export const AdminSetupElementListQuerySchema = AdminListQuerySchema.extend({
  sort: z.string().max(40).optional(),
});

export const AdminSetupElementInputSchema = z.object({
  bodyHtml: z.string().max(500_000, { message: ADMIN_MESSAGES.tooLong }).default(''),
  keptAttachmentIds: z.array(z.number().int().positive()).default([]),
  newAttachments: z
    .array(AdminUploadSchema)
    .max(ADMIN_LIMITS.maxNewFilesPerSave, { message: ADMIN_MESSAGES.tooManyFiles })
    .default([]),
});
export type AdminSetupElementInput = z.input<typeof AdminSetupElementInputSchema>;

export const AdminRichTextPreviewSchema = z.object({
  bodyHtml: z.string().max(500_000, { message: ADMIN_MESSAGES.tooLong }),
});
