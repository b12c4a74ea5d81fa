import { z } from 'zod';
import {
  ADMIN_LIMITS,
  ADMIN_MESSAGES,
  AdminListQuerySchema,
  AdminUploadSchema,
  isoDate,
  optionalText,
  type AdminAttachment,
} from './admin.js';
import { isWebAddress } from './sponsorship-rules.js';
import { ASSEMBLY_SECTIONS, TERRITORIES } from './constants.js';
import { RESERVED_AUDIENCE_VALUES, type ReservedAudience } from './reserved-area.js';

/**
 * Back office (issue 10): the reserved area's recommendations and assemblies, each with its
 * audience (ADR 011) and PDFs. See docs/decisions/013-back-office.md.
 */

const AUDIENCE_MESSAGE = 'Scegli a chi è destinato.';

export const AdminReservedListQuerySchema = AdminListQuerySchema.extend({
  audience: z.enum(RESERVED_AUDIENCE_VALUES).optional(),
  published: z.enum(['true', 'false']).optional(),
  territory: z.enum(TERRITORIES).optional(),
});
export type AdminReservedListQuery = z.output<typeof AdminReservedListQuerySchema>;

const title = z
  .string({ message: ADMIN_MESSAGES.required })
  .trim()
  .min(1, { message: ADMIN_MESSAGES.required })
  .max(300, { message: ADMIN_MESSAGES.tooLong });

const files = {
  keptAttachmentIds: z.array(z.number().int().positive()).default([]),
  newAttachments: z
    .array(AdminUploadSchema)
    .max(ADMIN_LIMITS.maxNewFilesPerSave, { message: ADMIN_MESSAGES.tooManyFiles })
    .default([]),
};

export const AdminRecommendationInputSchema = z.object({
  title,
  publishedOn: isoDate,
  sourceName: optionalText(200),
  sourceUrl: optionalText(1000).refine((value) => value === null || isWebAddress(value), {
    message: ADMIN_MESSAGES.webAddress,
  }),
  audience: z.enum(RESERVED_AUDIENCE_VALUES, { message: AUDIENCE_MESSAGE }),
  published: z.boolean().default(true),
  ...files,
});
export type AdminRecommendationInput = z.input<typeof AdminRecommendationInputSchema>;

export const AdminAssemblyInputSchema = z.object({
  title,
  heldOn: isoDate,
  place: optionalText(200),
  territory: z.enum(TERRITORIES, { message: 'Scegli nazionale o regionale.' }),
  section: z
    .enum(ASSEMBLY_SECTIONS, { message: 'Sezione non valida.' })
    .nullish()
    .transform((value) => value ?? null),
  audience: z.enum(RESERVED_AUDIENCE_VALUES, { message: AUDIENCE_MESSAGE }),
  published: z.boolean().default(true),
  ...files,
});
export type AdminAssemblyInput = z.input<typeof AdminAssemblyInputSchema>;

export interface AdminRecommendation {
  id: number;
  title: string;
  publishedOn: string;
  sourceName: string | null;
  sourceUrl: string | null;
  audience: ReservedAudience;
  published: boolean;
  attachments: AdminAttachment[];
  updatedAt: string;
}

export interface AdminAssembly {
  id: number;
  title: string;
  heldOn: string;
  place: string;
  territory: (typeof TERRITORIES)[number];
  section: (typeof ASSEMBLY_SECTIONS)[number] | null;
  audience: ReservedAudience;
  published: boolean;
  attachments: AdminAttachment[];
  updatedAt: string;
}
