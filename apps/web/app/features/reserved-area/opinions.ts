import { PAGE_SIZE, type Opinion, type PagedList } from '@sodalis/contracts';
import { apiRequest } from '../../api/api-client';

/** Opinions' order (spec §9): by date, then Ordinamento, newest first. */
export const OPINION_ORDER = 'Datapubblicazione,Ordinamento';

/** The date of an opinion as the spec shows it: the second word of its title (spec §3). */
export function opinionDate(opinion: Opinion): string {
  return opinion.title.split(/\s+/)[1] ?? '';
}

async function onePage(body: Record<string, unknown>): Promise<PagedList<Opinion> | null> {
  return apiRequest<PagedList<Opinion>>('/api/v1/ReservedArea/GetPareriCD', {
    body: { paginated: true, dataOffset: String(PAGE_SIZE.opinionDetail), ...body },
  });
}

/**
 * One opinion with its neighbours in the list's order (spec §4): the first-page token
 * `Paged=TRUE&p_ID=` + (id + 1), page size 1, descending, opens it; its token leads to the next
 * one; ascending from `p_ID=` + (id − 1) leads to the previous one (ADR 011).
 */
export async function loadOpinionDetail(id: number): Promise<{
  opinion: Opinion | null;
  previousId: number | null;
  nextId: number | null;
}> {
  const here = await onePage({
    ascending: false,
    orderByFields: OPINION_ORDER,
    pagingInfo: `Paged=TRUE&p_ID=${id + 1}`,
  });
  const opinion = here?.items[0];
  if (opinion === undefined || opinion.id !== id) {
    return { opinion: null, previousId: null, nextId: null };
  }
  const [next, back] = await Promise.all([
    here?.pagingInfo
      ? onePage({ ascending: false, orderByFields: OPINION_ORDER, pagingInfo: here.pagingInfo })
      : null,
    onePage({
      ascending: true,
      orderByFields: OPINION_ORDER,
      pagingInfo: `Paged=TRUE&p_ID=${Math.max(id - 1, 0)}`,
    }),
  ]);
  const previous = back?.pagingInfo
    ? await onePage({ ascending: true, orderByFields: OPINION_ORDER, pagingInfo: back.pagingInfo })
    : null;
  return {
    opinion,
    previousId: previous?.items[0]?.id ?? null,
    nextId: next?.items[0]?.id ?? null,
  };
}
