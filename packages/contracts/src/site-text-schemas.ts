import { z } from './zod.js';
import { requiredText } from './admin.js';
import { isSitePath, type ExternalLinkKind } from './site-texts.js';
import { isWebAddress, withWebScheme } from './web-address.js';

/**
 * The saves of the home's hero, the /chi-siamo cards and the links to other sites (ADR 035),
 * with what only the back office shows: kept apart from `site-texts.ts`, which every page loads.
 */

/** The kinds, in the order of the edit screen (the defaults' order). */
export const EXTERNAL_LINK_KINDS = [
  'area-professionale',
  'rivista',
  'eventi',
  'donatore-viaggiatore',
  'privacy',
  'formazione',
] as const satisfies readonly ExternalLinkKind[];

/** Each kind's Italian name and where the site shows it, for the edit screen. */
export const EXTERNAL_LINK_KIND_NAMES: Record<ExternalLinkKind, string> = {
  'area-professionale': 'Area professionale (menu e carosello della home)',
  rivista: 'Rivista scientifica (menu, home e carosello)',
  eventi: 'Eventi (menu e home)',
  'donatore-viaggiatore': 'Guida per il donatore viaggiatore (home)',
  privacy: 'Privacy policy (piè di pagina)',
  formazione: 'Formazione ECM (piè di pagina)',
};

export const SITE_TEXT_MESSAGES = {
  siteLink:
    'Indica un indirizzo del sito che inizia con / (per esempio /chi-siamo) o un indirizzo https://.',
  httpsAddress: 'Indica un indirizzo https:// valido.',
  kind: `Tipo sconosciuto: usa ${EXTERNAL_LINK_KINDS.join(', ')}.`,
  kindTwice: 'Questo collegamento compare già nell’elenco.',
  kindMissing: (name: string) => `Manca il collegamento «${name}».`,
  atLeastOneCard: 'Aggiungi almeno una scheda.',
  tooManyCards: 'Al massimo 12 schede.',
} as const;

/** An https address with a host, "www.…" given https:// (as the rich-text link dialog does). */
export function isHttpsAddress(value: string): boolean {
  return isWebAddress(value) && value.startsWith('https://');
}

/** A link of a button or card: a path of this site or an https address. */
export const siteLink = (max: number) =>
  requiredText(max)
    .transform(withWebScheme)
    .refine((value) => isSitePath(value) || isHttpsAddress(value), {
      message: SITE_TEXT_MESSAGES.siteLink,
    });

const httpsAddress = (max: number) =>
  requiredText(max)
    .transform(withWebScheme)
    .refine(isHttpsAddress, { message: SITE_TEXT_MESSAGES.httpsAddress });

export const HomeInputSchema = z.object({
  titolo: requiredText(80),
  sottotitolo: requiredText(160),
  testo: requiredText(400),
  pulsante: requiredText(40),
  link: siteLink(500),
});

export const AboutInputSchema = z.object({
  schede: z
    .array(z.object({ titolo: requiredText(80), testo: requiredText(300), link: siteLink(500) }), {
      message: SITE_TEXT_MESSAGES.atLeastOneCard,
    })
    .min(1, { message: SITE_TEXT_MESSAGES.atLeastOneCard })
    .max(12, { message: SITE_TEXT_MESSAGES.tooManyCards }),
});

export const ExternalLinksInputSchema = z.object({
  collegamenti: z
    .array(
      z.object({
        tipo: z.enum(EXTERNAL_LINK_KINDS, { message: SITE_TEXT_MESSAGES.kind }),
        etichetta: requiredText(80),
        url: httpsAddress(1000),
      }),
      { message: SITE_TEXT_MESSAGES.kindMissing(EXTERNAL_LINK_KIND_NAMES[EXTERNAL_LINK_KINDS[0]]) },
    )
    .superRefine((links, context) => {
      const seen = new Set<string>();
      for (const [index, link] of links.entries()) {
        if (seen.has(link.tipo))
          context.addIssue({
            code: 'custom',
            path: [index, 'tipo'],
            message: SITE_TEXT_MESSAGES.kindTwice,
          });
        seen.add(link.tipo);
      }
      for (const kind of EXTERNAL_LINK_KINDS) {
        if (!seen.has(kind))
          context.addIssue({
            code: 'custom',
            path: [],
            message: SITE_TEXT_MESSAGES.kindMissing(EXTERNAL_LINK_KIND_NAMES[kind]),
          });
      }
    }),
});
