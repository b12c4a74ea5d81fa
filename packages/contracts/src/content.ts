import { z } from 'zod';
import { AttachmentRefSchema, type AttachmentRef } from './attachments.js';
import { VALIDATION_MESSAGES } from './messages.js';

// SharepointContent beside the news (news.ts): file ids and page contents by key (spec §3, §7).

/** `?id=` of GetNewsFileById / GetCVById: a positive integer (spec §5: must not be null). */
export const IdQuerySchema = z.object({
  id: z
    .string({ message: VALIDATION_MESSAGES.nullParameter })
    .trim()
    .regex(/^\d{1,12}$/, { message: 'id deve essere un numero intero positivo.' })
    .transform(Number),
});

/**
 * A setup element (spec §3): a piece of page content the secretariat edits, by key. `corpo` is
 * sanitised HTML. Over the API (GetSetupData) attachments carry their base64 `content`.
 */
export const SetupAttachmentSchema = AttachmentRefSchema.extend({ content: z.string() });
export const SetupElementSchema = z.object({
  title: z.string(),
  corpo: z.string(),
  attachments: z.array(SetupAttachmentSchema),
});
export type SetupElement = z.infer<typeof SetupElementSchema>;

/** The same element for server-rendered pages: attachments are links, not inline bytes. */
export interface PageSetupElement {
  title: string;
  corpo: string;
  attachments: AttachmentRef[];
}

export const GetSetupDataBodySchema = z.object({
  titles: z
    .array(z.string().trim().min(1).max(100), {
      message: 'titles deve essere un elenco di chiavi.',
    })
    .min(1, { message: 'titles deve contenere almeno una chiave.' })
    .max(50, { message: 'titles può contenere al massimo 50 chiavi.' }),
});
