import { z } from './zod.js';
import { italianDate } from './dates.js';

/**
 * The undo of the back office's contents (ADR 023, ADR 031): bulk actions on a list's selected
 * items, the bin, and going back to a version of an item's history. The same rules for news and
 * for every other content with a published flag.
 */

/** Where a content with a published flag stands: on the site, scheduled for later, or a draft. */
export const PUBLICATION_STATES = ['pubblicata', 'programmata', 'non-pubblicata'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];

/** The state of a content: a draft when not published, scheduled while its moment is to come. */
export function publicationState(published: boolean, notYet: boolean): PublicationState {
  if (!published) return 'non-pubblicata';
  return notYet ? 'programmata' : 'pubblicata';
}

/**
 * Where a content stands, in words (ADR 023): "Programmata per il 30/11/2026 alle 09:00". The
 * staff forms and the preview's banner say it the same way; `ending` agrees with the kind's
 * noun ("notizia" a, "parere" o).
 */
export function publicationStateWords(
  state: PublicationState,
  day: string,
  time: string | null,
  ending: 'a' | 'o' = 'a',
): string {
  const when = `${italianDate(day)}${time === null ? '' : ` alle ${time}`}`;
  if (state === 'non-pubblicata') return 'Bozza: non è visibile sul sito.';
  if (state === 'programmata') return `Programmat${ending} per il ${when}`;
  return `Pubblicat${ending} sul sito dal ${when}`;
}

/**
 * "Programma" of a content (ADR 031): the Rome date and time it goes public, as the form's
 * `datetime-local` input gives it (`2026-11-30T09:00`); null goes public once published.
 */
export const publishAtField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, {
    message: 'Indica data e ora di pubblicazione (gg/mm/aaaa hh:mm).',
  })
  .nullish()
  .transform((value) => value ?? null);

/** What a list's bulk actions do to the chosen items. */
export const BULK_ACTIONS = ['pubblica', 'ritira', 'elimina'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** Most items one bulk action or one export takes. */
export const MAX_SELECTED = 200;

/**
 * The body of `POST /<Kind>/Bulk` and the query of `GET /<Kind>/Export`, with messages naming
 * the kind: `one` as in "Scegli almeno una notizia", `many` as in "200 notizie".
 */
export function selectionSchemas(one: string, many: string) {
  const bulk = z.object({
    ids: z
      .array(z.number().int().positive())
      .min(1, { message: `Scegli almeno ${one}.` })
      .max(MAX_SELECTED, { message: `Al massimo ${MAX_SELECTED} ${many} alla volta.` }),
    action: z.enum(BULK_ACTIONS, { message: 'Azione non valida.' }),
  });
  const exportQuery = z.object({
    ids: z
      .string({ message: `Scegli almeno ${one}.` })
      .regex(/^\d+(,\d+){0,199}$/, { message: `Scegli da 1 a ${MAX_SELECTED} ${many}.` })
      .transform((ids) => ids.split(',').map(Number)),
  });
  return { bulk, exportQuery };
}

/** A bulk action's body once read: the chosen ids and what to do. */
export interface AdminBulk {
  ids: number[];
  action: BulkAction;
}

/** "Annulla questa modifica" of an item's history: the entry whose change goes back. */
export const AdminRollbackSchema = z.object({
  auditId: z.number({ message: 'Versione non valida.' }).int().positive({
    message: 'Versione non valida.',
  }),
});

/** Days a deleted item stays in the bin before it is gone for good (ADR 023). */
export const BIN_DAYS = 30;

/** An item in a bin. */
export interface AdminBinItem {
  id: number;
  title: string;
  /** When it was deleted (ISO instant). */
  deletedAt: string;
  /** When it goes for good (ISO instant): `deletedAt` + BIN_DAYS. */
  purgeAt: string;
}

/** The selection schemas of the reserved area's documents (one set for the four kinds). */
export const ReservedSelection = selectionSchemas('un documento', 'documenti');
