import { z } from './zod.js';
import { AdminListQuerySchema } from './admin.js';

/**
 * Newsletter signup (spec §2.5, §3, §5) and its double opt-in, and the subscribers as the back
 * office lists them (docs/decisions/013-back-office.md).
 */

/**
 * The consent the form asks for. The version is stored with each subscription (time, text
 * version, IP), so change it whenever the text changes.
 */
export const NEWSLETTER_CONSENT = {
  version: '2026-11-22',
  text: 'Acconsento al trattamento dei miei dati personali per ricevere la newsletter, secondo l’informativa privacy.',
} as const;

/** Site pages the confirmation e-mail links to; `?token=` carries the secret of the link. */
export const NEWSLETTER_PATHS = {
  confirm: '/newsletter/conferma',
  unsubscribe: '/newsletter/annulla',
} as const;

/** How long a confirmation link works. */
export const NEWSLETTER_CONFIRM_LINK_DAYS = 7;

/**
 * What a confirmation link finds: a subscription waiting for it, one already confirmed, or
 * nothing (unknown, expired or withdrawn).
 */
export type NewsletterConfirmState = 'da-confermare' | 'confermata' | 'non-valido';

/** What an unsubscribe link finds: an active or pending subscription, one already withdrawn, or nothing. */
export type NewsletterUnsubscribeState = 'attiva' | 'annullata' | 'non-valido';

// --- The subscribers in the back office ----------------------------------------------------

export const NEWSLETTER_STATUSES = ['pending', 'confirmed', 'unsubscribed'] as const;

// Marked pure: the home page's signup form imports this module, and unused there the staff
// schema must drop out of its bundle with zod.
export const AdminNewsletterListQuerySchema = /* @__PURE__ */ AdminListQuerySchema.extend({
  status: /* @__PURE__ */ z.enum(NEWSLETTER_STATUSES).optional(),
});

export interface AdminNewsletterSubscriber {
  id: number;
  email: string;
  status: (typeof NEWSLETTER_STATUSES)[number];
  consentAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/**
 * The newsletter's confirmation and unsubscribe links. Opening a link only inspects it; the
 * change happens when the visitor presses the page's button (a POST), so mail scanners that
 * open links do not confirm or unsubscribe anyone.
 */
export interface NewsletterLinks {
  confirmState(token: string): Promise<NewsletterConfirmState>;
  /** Confirms the subscription; answers the state after the attempt. */
  confirm(token: string): Promise<NewsletterConfirmState>;
  unsubscribeState(token: string): Promise<NewsletterUnsubscribeState>;
  /** Withdraws the subscription; answers the state after the attempt. */
  unsubscribe(token: string): Promise<NewsletterUnsubscribeState>;
}

/** Its part of the pages' SSR context (ADR 046). */
declare module './web-context.js' {
  interface SodalisLoadContext {
    /** The double opt-in links of the newsletter e-mails (pages /newsletter/conferma, /annulla). */
    newsletter: NewsletterLinks;
  }
}
