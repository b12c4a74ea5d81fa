import { z } from './zod.js';
import { VALIDATION_MESSAGES } from './messages.js';

/** An attachment as lists answer it (spec §3): the file name and the address to download it by. */
export const AttachmentRefSchema = z.object({
  fileName: z.string(),
  serverRelativeUrl: z.string(),
});
export type AttachmentRef = z.infer<typeof AttachmentRefSchema>;

/** A file answered inline as base64 (spec §3: news file, CV file). */
export const FileContentSchema = z.object({
  content: z.string(),
  fileName: z.string(),
});
export type FileContent = z.infer<typeof FileContentSchema>;

/**
 * `?serverRelativeUrl=` of document downloads: the address as lists answer it, matched against
 * stored rows only (never a path). `download=1` asks for an attachment instead of inline.
 */
export const PublicDocumentQuerySchema = z.object({
  serverRelativeUrl: z
    .string({ message: VALIDATION_MESSAGES.nullParameter })
    .min(1, { message: VALIDATION_MESSAGES.nullParameter })
    .max(500, { message: 'serverRelativeUrl è troppo lungo.' })
    .refine((value) => !value.includes('\0'), { message: 'serverRelativeUrl non è valido.' }),
  download: z
    .enum(['0', '1', 'true', 'false'], { message: 'download deve essere 1 o 0.' })
    .optional()
    .transform((value) => value === '1' || value === 'true'),
});
