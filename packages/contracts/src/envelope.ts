import { z } from './zod.js';

/** Every answer wraps its result in `data` (spec §3). */
export function envelopeSchema<T extends z.ZodType>(dataSchema: T) {
  return z.object({ data: dataSchema });
}

/** List answers: `data.items` and `data.pagingInfo`, absent on the last page (spec §3). */
export function pagedListSchema<T extends z.ZodType>(itemSchema: T) {
  return z.object({ items: z.array(itemSchema), pagingInfo: z.string().optional() });
}

/** The answer of a list call: a page of its items in the envelope (spec §3). */
export function listAnswerSchema<T extends z.ZodType>(itemSchema: T) {
  return envelopeSchema(pagedListSchema(itemSchema));
}

/** An item of a list call (spec §3): its numeric id and its title, then its own fields. */
export function listItemSchema<T extends z.ZodRawShape>(fields: T) {
  return z.object({ id: z.number().int(), title: z.string(), ...fields });
}

export interface PagedList<T> {
  items: T[];
  pagingInfo?: string;
}
