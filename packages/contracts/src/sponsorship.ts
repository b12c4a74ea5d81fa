import { z } from './zod.js';
import { AdminListQuerySchema, optionalText } from './admin.js';
import { envelopeSchema } from './envelope.js';
import {
  isStrictBase64,
  normaliseSponsorshipValues,
  SPONSORSHIP_LIMITS,
  SPONSORSHIP_MESSAGES,
  sponsorshipFieldErrors,
  type SponsorshipEventKind,
  type SponsorshipFormValues,
  type SponsorshipRequestKind,
} from './sponsorship-rules.js';

/**
 * POST /api/v1/SharepointContent/InviaRichiestaPatrocinio (spec §3 "Sponsorship request", §7).
 * The field rules are those of the form (`sponsorship-rules.ts`); the server adds what needs the
 * bytes (PDF signature, size) once this schema has passed.
 */

const text = (field: string) =>
  z
    .string({ message: `${field} deve essere un testo.` })
    .nullish()
    .transform((value) => value ?? '');

/** An attachment as the form sends it: a name and the bytes as base64 without a data-URL prefix. */
export const SponsorshipAttachmentSchema = z.object({
  fileName: z
    .string({ message: SPONSORSHIP_MESSAGES.fileName })
    .trim()
    .min(1, { message: SPONSORSHIP_MESSAGES.fileName })
    .max(SPONSORSHIP_LIMITS.maxFileNameLength, { message: SPONSORSHIP_MESSAGES.fileName }),
  content: z
    .string({ message: SPONSORSHIP_MESSAGES.invalidBase64 })
    .refine(isStrictBase64, { message: SPONSORSHIP_MESSAGES.invalidBase64 }),
});
export type SponsorshipAttachment = z.infer<typeof SponsorshipAttachmentSchema>;

/** The count is checked before the (large) contents are. */
const attachmentsSchema = z
  .array(z.unknown(), { message: SPONSORSHIP_MESSAGES.noAttachments })
  .nullish()
  .transform((value) => value ?? [])
  .pipe(
    z
      .array(z.unknown())
      .min(1, { message: SPONSORSHIP_MESSAGES.noAttachments })
      .max(SPONSORSHIP_LIMITS.maxAttachments, { message: SPONSORSHIP_MESSAGES.tooManyAttachments }),
  )
  .pipe(z.array(SponsorshipAttachmentSchema));

/** The request after validation: texts trimmed, empty optional fields as null. */
export interface SponsorshipRequest {
  richiedente: string;
  email: string | null;
  ente: string;
  telefono: string | null;
  richiesta: SponsorshipRequestKind | null;
  tipoEvento: SponsorshipEventKind;
  titoloEvento: string;
  dataInizio: string;
  dataFine: string;
  luogo: string;
  sede: string | null;
  organizzatore: string | null;
  sitoWeb: string | null;
  segreteriaScientifica: string | null;
  segreteriaOrganizzativa: string | null;
  altriEntiPatrocinanti: string | null;
  contenutiEvento: string | null;
  accettaPrivacy: true;
  attachments: SponsorshipAttachment[];
}

const fieldsSchema = z.object({
  richiedente: text('richiedente'),
  email: text('email'),
  ente: text('ente'),
  telefono: text('telefono'),
  richiesta: text('richiesta'),
  tipoEvento: text('tipoEvento'),
  titoloEvento: text('titoloEvento'),
  dataInizio: text('dataInizio'),
  dataFine: text('dataFine'),
  luogo: text('luogo'),
  sede: text('sede'),
  organizzatore: text('organizzatore'),
  sitoWeb: text('sitoWeb'),
  segreteriaScientifica: text('segreteriaScientifica'),
  segreteriaOrganizzativa: text('segreteriaOrganizzativa'),
  altriEntiPatrocinanti: text('altriEntiPatrocinanti'),
  contenutiEvento: text('contenutiEvento'),
  accettaPrivacy: z
    .boolean({ message: SPONSORSHIP_MESSAGES.privacy })
    .nullish()
    .transform((value) => value === true),
});

/**
 * The body of InviaRichiestaPatrocinio. Unknown fields are ignored; every field of spec §3 is
 * checked with the form's rules, then the attachments' count and encoding.
 */
export const InviaRichiestaPatrocinioBodySchema = z
  .object({ ...fieldsSchema.shape, attachments: attachmentsSchema })
  .superRefine((value, context) => {
    const fields: SponsorshipFormValues & { attachments?: unknown } = { ...value };
    delete fields.attachments;
    const errors = sponsorshipFieldErrors(fields);
    for (const [field, message] of Object.entries(errors)) {
      context.addIssue({ code: 'custom', path: [field], message });
    }
  })
  .transform((value): SponsorshipRequest => {
    const { attachments, ...fields } = value;
    const clean = normaliseSponsorshipValues(fields);
    const optional = (text: string) => (text === '' ? null : text);
    return {
      richiedente: clean.richiedente,
      email: optional(clean.email),
      ente: clean.ente,
      telefono: optional(clean.telefono),
      richiesta: optional(clean.richiesta) as SponsorshipRequestKind | null,
      tipoEvento: clean.tipoEvento as SponsorshipEventKind,
      titoloEvento: clean.titoloEvento,
      dataInizio: clean.dataInizio,
      dataFine: clean.dataFine,
      luogo: clean.luogo,
      sede: optional(clean.sede),
      organizzatore: optional(clean.organizzatore),
      sitoWeb: optional(clean.sitoWeb),
      segreteriaScientifica: optional(clean.segreteriaScientifica),
      segreteriaOrganizzativa: optional(clean.segreteriaOrganizzativa),
      altriEntiPatrocinanti: optional(clean.altriEntiPatrocinanti),
      contenutiEvento: optional(clean.contenutiEvento),
      accettaPrivacy: true,
      attachments,
    };
  });
export type InviaRichiestaPatrocinioBody = z.input<typeof InviaRichiestaPatrocinioBodySchema>;

/** The answer: `data` is null (spec §7 does not read it). */
export const InviaRichiestaPatrocinioResponseSchema = envelopeSchema(z.null());

// --- The secretariat's handling of the requests (docs/decisions/013-back-office.md) ----------

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
  internalNote: string | null;
  /** When the outcome e-mail was queued for the requester; null if never. */
  outcomeSentAt: string | null;
}

export const AdminSponsorshipUpdateSchema = z.object({
  status: z.enum(SPONSORSHIP_STATUSES, { message: 'Stato non valido.' }),
  /** The secretariat's note: kept with the request, never sent. */
  internalNote: optionalText(4000),
  /** E-mail the decision (approved or rejected) to the requester, with `outcomeMessage`. */
  notifyRequester: z.boolean().default(false),
  outcomeMessage: optionalText(4000),
});

export const SPONSORSHIP_ADMIN_MESSAGES = {
  outcomeNeedsDecision: 'Per inviare l’esito scegli prima “Approvata” o “Respinta”.',
  outcomeNeedsEmail: 'La richiesta non ha un indirizzo e-mail a cui inviare l’esito.',
} as const;

export interface SponsorshipFormSettings {
  /** Largest attachment accepted, in bytes (decoded). */
  maxFileBytes: number;
  maxAttachments: number;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** Limits the /patrocini form shows and checks before sending. */
    sponsorship: SponsorshipFormSettings;
  }
}
