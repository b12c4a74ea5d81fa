import { z } from 'zod';

/**
 * The categories of the society's mail to people (ADR 061): each with its legal basis under the
 * GDPR and the Italian privacy code, whether a person may leave it, and what holds before any
 * choice. Reference data versioned with the code: a new category is a new entry here (and, if
 * it rests on consent, stays off until given). Transactional mail (receipts, password,
 * registrations) is no category and is never blocked by a choice made here.
 */
export const COMMUNICATION_CATEGORIES = [
  {
    code: 'istituzionali',
    name: 'Comunicazioni istituzionali',
    description:
      'Convocazioni delle assemblee, avvisi sulle quote associative e sugli adempimenti dello statuto.',
    legalBasis: 'contratto',
    legalBasisText:
      'Le riceve chi è socio perché sono necessarie al rapporto associativo regolato dallo statuto (art. 6, par. 1, lett. b, GDPR). Non si possono disattivare finché si resta soci: per non riceverle occorre recedere dalla Società.',
    /** Who may leave it: nobody (the statute needs these notices to reach every member). */
    changeable: false,
    defaultOn: true,
    /**
     * For an address that is no member's (a newsletter subscriber): the newsletter rests on
     * the subscriber's double opt-in (ADR 008); events' promotion on consent, since no service
     * was bought (art. 130, comma 1, Codice privacy).
     */
    addressDefaultOn: true,
  },
  {
    code: 'newsletter-scientifica',
    name: 'Newsletter scientifica',
    description:
      'Aggiornamenti scientifici, pubblicazioni, raccomandazioni e notizie della Società.',
    legalBasis: 'legittimo-interesse',
    legalBasisText:
      'Inviata ai soci per il legittimo interesse della Società a diffondere l’aggiornamento scientifico tra i propri iscritti (art. 6, par. 1, lett. f, GDPR). È attiva finché non la disattivi: puoi farlo qui o con il link presente in ogni messaggio.',
    changeable: true,
    defaultOn: true,
    addressDefaultOn: true,
  },
  {
    code: 'promozione-eventi',
    name: 'Promozione di eventi',
    description: 'Inviti a congressi, corsi e webinar organizzati dalla Società.',
    legalBasis: 'legittimo-interesse',
    legalBasisText:
      'Ai soci e a chi ha partecipato ai nostri eventi proponiamo eventi analoghi della Società senza chiedere un consenso preventivo (art. 130, comma 4, Codice privacy; art. 6, par. 1, lett. f, GDPR). Puoi opporti in ogni momento, qui o con il link presente in ogni messaggio.',
    changeable: true,
    defaultOn: true,
    addressDefaultOn: false,
  },
  {
    code: 'iniziative-terzi',
    name: 'Iniziative di terzi',
    description:
      'Proposte di enti, aziende e altre società scientifiche che la Società ritiene di interesse.',
    legalBasis: 'consenso',
    legalBasisText:
      'Le riceve solo chi lo ha chiesto, con il proprio consenso libero e revocabile (art. 6, par. 1, lett. a, GDPR; art. 130, commi 1 e 2, Codice privacy). Finché non le attivi non ti scriviamo.',
    changeable: true,
    defaultOn: false,
    addressDefaultOn: false,
  },
] as const;

export type CommunicationCategoryCode = (typeof COMMUNICATION_CATEGORIES)[number]['code'];
export type CommunicationCategory = (typeof COMMUNICATION_CATEGORIES)[number];
export type CommunicationLegalBasis = CommunicationCategory['legalBasis'];

export const COMMUNICATION_CATEGORY_CODES = COMMUNICATION_CATEGORIES.map(
  (category) => category.code,
) as [CommunicationCategoryCode, ...CommunicationCategoryCode[]];

/** The category of `code`, or undefined for a code this version does not know. */
export function communicationCategory(code: string): CommunicationCategory | undefined {
  return COMMUNICATION_CATEGORIES.find((category) => category.code === code);
}

/** How a choice was made: the profile's form, the one-click link in a message, the staff. */
export const COMMUNICATION_CHOICE_CHANNELS = ['profilo', 'link', 'segreteria'] as const;
export type CommunicationChoiceChannel = (typeof COMMUNICATION_CHOICE_CHANNELS)[number];

/** Italian names of the channels, as the history shows them. */
export const COMMUNICATION_CHOICE_CHANNEL_NAMES: Record<CommunicationChoiceChannel, string> = {
  profilo: 'modulo profilo',
  link: 'link di disiscrizione',
  segreteria: 'segreteria',
};

/** One category as a person's preferences show it. */
export interface CommunicationPreference {
  code: CommunicationCategoryCode;
  name: string;
  description: string;
  legalBasisText: string;
  changeable: boolean;
  /** Whether the person receives it now (their choice, else the category's default). */
  subscribed: boolean;
  /** When the person (or the staff) last chose, null while the default holds. */
  changedAt: string | null;
  changedBy: CommunicationChoiceChannel | null;
}

/** A past change of a person's choice, newest first. */
export interface CommunicationChoiceChange {
  code: CommunicationCategoryCode;
  subscribed: boolean;
  channel: CommunicationChoiceChannel;
  reason: string | null;
  changedAt: string;
}

/** A member's preferences with their history (the back office's record). */
export interface AdminCommunicationPreferences {
  preferences: CommunicationPreference[];
  history: CommunicationChoiceChange[];
}

const subscribedFlag = z.union([z.boolean(), z.enum(['true', 'false', 'on', 'off'])], {
  message: 'Indicare sì o no.',
});

/**
 * The profile's form: the changeable categories the person wants. A form posted without
 * scripts sends only the ticked boxes (`on`): a changeable category missing from it is off.
 */
export const CommunicationPreferencesInputSchema = z.object({
  categories: z.record(z.string(), subscribedFlag, { message: 'Indicare le categorie scelte.' }),
});
export type CommunicationPreferencesInput = z.input<typeof CommunicationPreferencesInputSchema>;

/** The staff's change of a member's preferences: the same choices and the reason, required. */
export const AdminCommunicationPreferencesInputSchema = CommunicationPreferencesInputSchema.extend({
  reason: z
    .string({ message: 'Indicare il motivo della modifica.' })
    .trim()
    .min(3, { message: 'Indicare il motivo della modifica (almeno 3 caratteri).' })
    .max(500, { message: 'Il motivo può avere al massimo 500 caratteri.' }),
});
export type AdminCommunicationPreferencesInput = z.input<
  typeof AdminCommunicationPreferencesInputSchema
>;

/** `true`/`on` as a ticked box, anything else as not ticked. */
export function isTicked(value: boolean | string | undefined): boolean {
  return value === true || value === 'true' || value === 'on';
}
