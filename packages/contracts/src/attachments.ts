import { z } from 'zod';

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
