import { z } from 'zod';

/** Every answer wraps its result in `data` (spec §3). */
export function envelopeSchema<T extends z.ZodType>(dataSchema: T) {
  return z.object({ data: dataSchema });
}

/** List answers: `data.items` and `data.pagingInfo`, absent on the last page (spec §3). */
export function pagedListSchema<T extends z.ZodType>(itemSchema: T) {
  return z.object({ items: z.array(itemSchema), pagingInfo: z.string().optional() });
}

export interface PagedList<T> {
  items: T[];
  pagingInfo?: string;
}
