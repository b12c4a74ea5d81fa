import { z } from './zod.js';
import {
  AdminListQuerySchema,
  adminAttachmentFields,
  isoDate,
  optionalText,
  optionalWebAddress,
  requiredText,
  type AdminAttachment,
} from './admin.js';
import { AttachmentRefSchema } from './attachments.js';

/**
 * "Società trasparente" (docs/decisions/026-society-as-publisher.md): what an accredited
 * scientific society publishes on its own site (L. 24/2017 art. 5, DM 2 agosto 2017) and the
 * public contributions it received (L. 124/2017 art. 1 c. 125). Beyond the specification.
 */

/** Installation facts that decide which sections apply (configuration, ADR 026). */
export interface SocietyStatus {
  /** Accredited by the Ministry of Health (L. 24/2017 art. 5): the DM 2 agosto 2017 sections. */
  accredited: boolean;
  /** An Ente del Terzo settore (D.Lgs. 117/2017). */
  ets: boolean;
  /** Exempt from stamp duty (art. 82 c. 5 D.Lgs. 117/2017). */
  stampDutyExempt: boolean;
}

export const TRANSPARENCY_SECTION_IDS = [
  'statuto',
  'codice-etico',
  'bilanci',
  'incarichi',
  'conflitti-di-interesse',
  'produzione-scientifica',
  'contributi-pubblici',
  'privacy',
  'accessibilita',
] as const;
export type TransparencySectionId = (typeof TRANSPARENCY_SECTION_IDS)[number];

export interface TransparencySectionInfo {
  id: TransparencySectionId;
  title: string;
  /** What the section holds, one sentence for the reader. */
  intro: string;
  /** Shown only to accredited societies (DM 2 agosto 2017). */
  accreditedOnly: boolean;
}

/** The sections, in the page's order. */
export const TRANSPARENCY_SECTIONS: readonly TransparencySectionInfo[] = [
  {
    id: 'statuto',
    title: 'Statuto e atto costitutivo',
    intro: 'Lo statuto vigente e l’atto costitutivo della società.',
    accreditedOnly: false,
  },
  {
    id: 'codice-etico',
    title: 'Codice etico',
    intro: 'Il codice etico che impegna i soci e gli organi della società.',
    accreditedOnly: false,
  },
  {
    id: 'bilanci',
    title: 'Bilanci preventivi e consuntivi',
    intro: 'Il bilancio preventivo e il bilancio consuntivo di ogni anno, con l’archivio.',
    accreditedOnly: false,
  },
  {
    id: 'incarichi',
    title: 'Incarichi retribuiti',
    intro: 'Gli incarichi retribuiti conferiti dalla società.',
    accreditedOnly: true,
  },
  {
    id: 'conflitti-di-interesse',
    title: 'Conflitti di interesse',
    intro:
      'La politica sui conflitti di interesse e le dichiarazioni dei componenti del Consiglio Direttivo e dei gruppi di lavoro sulle linee guida.',
    accreditedOnly: true,
  },
  {
    id: 'produzione-scientifica',
    title: 'Produzione scientifica',
    intro:
      'Raccomandazioni e linee guida prodotte dalla società, anche attraverso il Sistema Nazionale Linee Guida.',
    accreditedOnly: true,
  },
  {
    id: 'contributi-pubblici',
    title: 'Contributi pubblici ricevuti',
    intro:
      'Sovvenzioni, sussidi, vantaggi, contributi o aiuti ricevuti da pubbliche amministrazioni (L. 124/2017, art. 1, c. 125), per anno.',
    accreditedOnly: false,
  },
  {
    id: 'privacy',
    title: 'Informativa sulla privacy',
    intro: 'Come la società tratta i dati personali.',
    accreditedOnly: false,
  },
  {
    id: 'accessibilita',
    title: 'Dichiarazione di accessibilità',
    intro: 'Lo stato di accessibilità del sito e come segnalare un problema.',
    accreditedOnly: false,
  },
];

/** The sections that apply to a society with this status, in order. */
export function transparencySectionsFor(status: SocietyStatus): TransparencySectionInfo[] {
  return TRANSPARENCY_SECTIONS.filter((section) => status.accredited || !section.accreditedOnly);
}

/** The kinds of publication, each in one section. */
export const TRANSPARENCY_PUBLICATION_TYPES = {
  statuto: { label: 'Statuto', section: 'statuto' },
  'atto-costitutivo': { label: 'Atto costitutivo', section: 'statuto' },
  'codice-etico': { label: 'Codice etico', section: 'codice-etico' },
  'bilancio-preventivo': { label: 'Bilancio preventivo', section: 'bilanci' },
  'bilancio-consuntivo': { label: 'Bilancio consuntivo', section: 'bilanci' },
  incarico: { label: 'Incarico retribuito', section: 'incarichi' },
  'politica-conflitti': {
    label: 'Politica sui conflitti di interesse',
    section: 'conflitti-di-interesse',
  },
  'dichiarazione-conflitti': {
    label: 'Dichiarazione sui conflitti di interesse',
    section: 'conflitti-di-interesse',
  },
  raccomandazione: { label: 'Raccomandazione', section: 'produzione-scientifica' },
  'linea-guida': { label: 'Linea guida', section: 'produzione-scientifica' },
  'assenza-contributi': {
    label: 'Dichiarazione di nessun contributo pubblico ricevuto',
    section: 'contributi-pubblici',
  },
  'informativa-privacy': { label: 'Informativa sulla privacy', section: 'privacy' },
  'dichiarazione-accessibilita': {
    label: 'Dichiarazione di accessibilità',
    section: 'accessibilita',
  },
} as const satisfies Record<string, { label: string; section: TransparencySectionId }>;
export type TransparencyPublicationType = keyof typeof TRANSPARENCY_PUBLICATION_TYPES;
export const TRANSPARENCY_PUBLICATION_TYPE_IDS = Object.keys(TRANSPARENCY_PUBLICATION_TYPES) as [
  TransparencyPublicationType,
  ...TransparencyPublicationType[],
];

export const TRANSPARENCY_MESSAGES = {
  type: 'Scegli il tipo di pubblicazione.',
  year: 'Indica un anno tra 1900 e 2999.',
  yearRequired:
    'Per i bilanci e la dichiarazione sui contributi indica l’anno a cui si riferiscono.',
  amount:
    'Indica un importo in euro maggiore di zero, con al massimo due decimali (es. 10000 o 10000,50).',
} as const;

/** The types whose publication refers to one year (the deadlines of ADR 026 look for them). */
export const YEARLY_PUBLICATION_TYPES: readonly TransparencyPublicationType[] = [
  'bilancio-preventivo',
  'bilancio-consuntivo',
  'assenza-contributi',
];

const year = z.coerce
  .number({ message: TRANSPARENCY_MESSAGES.year })
  .int({ message: TRANSPARENCY_MESSAGES.year })
  .min(1900, { message: TRANSPARENCY_MESSAGES.year })
  .max(2999, { message: TRANSPARENCY_MESSAGES.year });

// --- public answers -----------------------------------------------------------------------------

export const TransparencyPublicationSchema = z.object({
  id: z.number().int(),
  type: z.enum(TRANSPARENCY_PUBLICATION_TYPE_IDS),
  typeLabel: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  /** The year it refers to (budgets, final accounts), else null. */
  year: z.number().int().nullable(),
  publishedOn: z.string(),
  /** The day it was last changed, `YYYY-MM-DD` in Rome. */
  updatedOn: z.string(),
  /** A page elsewhere (the national guideline system, a reserved or public document). */
  linkUrl: z.string().nullable(),
  attachments: z.array(AttachmentRefSchema),
});
export type TransparencyPublication = z.infer<typeof TransparencyPublicationSchema>;

export const PublicContributionSchema = z.object({
  id: z.number().int(),
  year: z.number().int(),
  grantor: z.string(),
  amountCents: z.number().int(),
  receivedOn: z.string(),
  purpose: z.string(),
});
export type PublicContribution = z.infer<typeof PublicContributionSchema>;

/** The page's data: the sections that apply, their publications, the contributions by year. */
export interface TransparencyPage {
  status: SocietyStatus;
  sections: {
    id: TransparencySectionId;
    title: string;
    intro: string;
    publications: TransparencyPublication[];
  }[];
  /** Newest year first, each with its rows (by date) and total. */
  contributionYears: { year: number; totalCents: number; rows: PublicContribution[] }[];
  /** The latest change of anything on the page, `YYYY-MM-DD`, or null when empty. */
  updatedOn: string | null;
}

// --- back office --------------------------------------------------------------------------------

export const AdminTransparencyListQuerySchema = AdminListQuerySchema.extend({
  type: z.enum(TRANSPARENCY_PUBLICATION_TYPE_IDS).optional(),
});
export type AdminTransparencyListQuery = z.output<typeof AdminTransparencyListQuerySchema>;

export const AdminTransparencyPublicationInputSchema = z
  .object({
    type: z.enum(TRANSPARENCY_PUBLICATION_TYPE_IDS, { message: TRANSPARENCY_MESSAGES.type }),
    title: requiredText(300),
    description: optionalText(2000),
    year: z
      .union([year, z.literal(''), z.null()])
      .optional()
      .transform((value) => (value === '' || value === undefined ? null : value)),
    publishedOn: isoDate,
    linkUrl: optionalWebAddress,
    ...adminAttachmentFields,
  })
  .superRefine((input, context) => {
    if (YEARLY_PUBLICATION_TYPES.includes(input.type) && input.year === null)
      context.addIssue({
        code: 'custom',
        path: ['year'],
        message: TRANSPARENCY_MESSAGES.yearRequired,
      });
  });
export type AdminTransparencyPublicationInput = z.input<
  typeof AdminTransparencyPublicationInputSchema
>;

export interface AdminTransparencyPublication {
  id: number;
  type: TransparencyPublicationType;
  title: string;
  description: string | null;
  year: number | null;
  publishedOn: string;
  linkUrl: string | null;
  attachments: AdminAttachment[];
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

export const AdminContributionListQuerySchema = AdminListQuerySchema.extend({
  year: year.optional(),
});
export type AdminContributionListQuery = z.output<typeof AdminContributionListQuerySchema>;

export const AdminContributionInputSchema = z.object({
  year,
  grantor: requiredText(300),
  /** Euros, with a comma or a point: "10000", "10000,50". */
  amount: z
    .union([z.number(), z.string().trim()], { message: TRANSPARENCY_MESSAGES.amount })
    .transform((value) => String(value).replace(',', '.'))
    .refine((value) => /^\d{1,9}(\.\d{1,2})?$/.test(value) && Number(value) > 0, {
      message: TRANSPARENCY_MESSAGES.amount,
    })
    .transform((value) => Math.round(Number(value) * 100)),
  receivedOn: isoDate,
  purpose: requiredText(1000),
});
export type AdminContributionInput = z.input<typeof AdminContributionInputSchema>;

export interface AdminContribution {
  id: number;
  year: number;
  grantor: string;
  /** Euros with two decimals. */
  amount: string;
  receivedOn: string;
  purpose: string;
  updatedAt: string;
  /** The version a save must name (`If-Match`, ADR 041). */
  version: number;
}

/** A yearly publication missing or late (ADR 026), as the staff see it. */
export interface TransparencyWarning {
  /** `contributi-2025`, `bilancio-consuntivo-2025`: one per item and year. */
  key: string;
  /** The year the item refers to. */
  year: number;
  state: 'in-scadenza' | 'in-ritardo';
  /** The last day to publish, `YYYY-MM-DD`. */
  dueOn: string;
  message: string;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** "Società trasparente" (ADR 026). */
    transparency: { page(): Promise<TransparencyPage> };
  }
}
