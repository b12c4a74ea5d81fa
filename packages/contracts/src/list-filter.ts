import { z } from './zod.js';
import { MAX_PAGE_SIZE } from './constants.js';

/**
 * The search / paged-list filter of spec §3, shared by every list call (news, archives,
 * magazine). Fields a given call does not use are accepted and ignored, so a client may send
 * one filter shape everywhere, as the original client did; fields of the wrong type are refused.
 * `null` counts as "not given", because the original client sends nulls for unset filters.
 */

const YEAR_MESSAGE = 'Ogni anno deve essere un numero di quattro cifre tra 1900 e 2100.';
const MONTH_MESSAGE = 'Ogni mese deve essere un numero tra 1 e 12.';
const PAGE_SIZE_MESSAGE = `dataOffset deve essere un numero intero tra 1 e ${MAX_PAGE_SIZE}.`;

const integerLike = (message: string) =>
  z
    .union(
      [
        z.number(),
        z
          .string()
          .trim()
          .regex(/^-?\d{1,6}$/, { message }),
      ],
      { message },
    )
    .transform((value) => Number(value))
    .pipe(z.number({ message }).int({ message }));

const oneOrMany = <T extends z.ZodType>(item: T, max: number, message: string) =>
  z
    .union([item, z.array(item).max(max, { message })], { message })
    .transform((value) => (Array.isArray(value) ? value : [value]) as z.output<T>[]);

const text = (max: number, field: string) =>
  z.string({ message: `${field} deve essere un testo.` }).max(max, {
    message: `${field} può contenere al massimo ${max} caratteri.`,
  });

const flag = (field: string) => z.boolean({ message: `${field} deve essere true o false.` });

export const ListFilterSchema = z.object({
  dataOffset: integerLike(PAGE_SIZE_MESSAGE)
    .pipe(
      z
        .number()
        .min(1, { message: PAGE_SIZE_MESSAGE })
        .max(MAX_PAGE_SIZE, { message: PAGE_SIZE_MESSAGE }),
    )
    .nullish(),
  ascending: flag('ascending').nullish(),
  paginated: flag('paginated').nullish(),
  inEvidenza: flag('inEvidenza').nullish(),
  orderByFields: text(100, 'orderByFields').nullish(),
  pagingInfo: text(1000, 'pagingInfo').nullish(),
  title: text(200, 'title').nullish(),
  categorie: oneOrMany(
    text(100, 'categorie'),
    10,
    'categorie deve essere un testo o un elenco di al massimo 10 testi.',
  ).nullish(),
  years: oneOrMany(
    integerLike(YEAR_MESSAGE).pipe(
      z.number().min(1900, { message: YEAR_MESSAGE }).max(2100, { message: YEAR_MESSAGE }),
    ),
    50,
    'years può contenere al massimo 50 anni.',
  ).nullish(),
  months: oneOrMany(
    integerLike(MONTH_MESSAGE).pipe(
      z.number().min(1, { message: MONTH_MESSAGE }).max(12, { message: MONTH_MESSAGE }),
    ),
    12,
    'months può contenere al massimo 12 mesi.',
  ).nullish(),
  sezioni: oneOrMany(
    text(100, 'sezioni'),
    10,
    'sezioni deve essere un testo o un elenco di al massimo 10 testi.',
  ).nullish(),
  territorio: text(50, 'territorio').nullish(),
  riviste: oneOrMany(
    text(300, 'riviste'),
    20,
    'riviste deve essere un testo o un elenco di al massimo 20 testi.',
  ).nullish(),
});

/** The filter as the client sends it. */
export type ListFilterInput = z.input<typeof ListFilterSchema>;
/** The filter after validation: numbers are numbers, one-or-many fields are arrays. */
export type ListFilter = z.output<typeof ListFilterSchema>;
