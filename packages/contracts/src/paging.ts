/**
 * Paging tokens (docs/architecture.md, "Paging"): keyset positions in the SharePoint form
 * `Paged=TRUE&p_ID=<id>&p_<SortField>=<value>…`. A token names the last item of the page just
 * answered; the next page starts after it in the requested order. Tokens are opaque to clients
 * but readable, so the opinion-detail trick of spec §4 (`Paged=TRUE&p_ID=` + (id + 1)) works.
 */

export interface PagingPosition {
  /** ID of the item the page continues after. */
  id: number;
  /** Sort values of that item, by sort field name; absent when the token carries only `p_ID`. */
  sortValues: Record<string, string> | null;
}

export class InvalidPagingTokenError extends Error {
  constructor(reason: string) {
    super(`Invalid paging token: ${reason}`);
    this.name = 'InvalidPagingTokenError';
  }
}

export function encodePagingToken(position: {
  id: number;
  sortValues: Record<string, string>;
}): string {
  const params = new URLSearchParams();
  params.set('Paged', 'TRUE');
  params.set('p_ID', String(position.id));
  for (const [field, value] of Object.entries(position.sortValues)) params.set(`p_${field}`, value);
  return params.toString();
}

/**
 * Reads a token. `sortFields` are the fields of the requested order besides ID; a token must
 * carry either all of them or none (an ID-only position). Anything else is refused.
 */
/** A token with none of the characters form decoding changes (`%`, `+`) nor a leading `?`. */
const PLAIN_TOKEN = /^[\w=&.:-]*$/;

/**
 * The fields of a token as `URLSearchParams` reads them. A plain token (every token this
 * server writes for dates, numbers and plain words) is split by hand: the same fields,
 * without the cost of form decoding on every uncached list call (ADR 038).
 */
function tokenFields(token: string): [string, string][] {
  if (!PLAIN_TOKEN.test(token)) return [...new URLSearchParams(token)];
  const fields: [string, string][] = [];
  for (const part of token.split('&')) {
    if (part === '') continue;
    const equals = part.indexOf('=');
    fields.push(equals === -1 ? [part, ''] : [part.slice(0, equals), part.slice(equals + 1)]);
  }
  return fields;
}

export function decodePagingToken(token: string, sortFields: readonly string[]): PagingPosition {
  const fields = tokenFields(token);
  const keys = fields.map(([key]) => key);
  if (new Set(keys).size !== keys.length) throw new InvalidPagingTokenError('repeated field');
  // No field repeats: each name has one value.
  const params = new Map(fields);
  if (params.get('Paged')?.toUpperCase() !== 'TRUE')
    throw new InvalidPagingTokenError('missing Paged=TRUE');
  const idText = params.get('p_ID') ?? '';
  if (!/^\d{1,12}$/.test(idText))
    throw new InvalidPagingTokenError('p_ID is not a positive integer');
  const expected = new Set(['Paged', 'p_ID', ...sortFields.map((field) => `p_${field}`)]);
  for (const key of keys) {
    if (!expected.has(key)) throw new InvalidPagingTokenError(`unexpected field ${key}`);
  }
  const present = sortFields.filter((field) => params.has(`p_${field}`));
  if (present.length === 0) return { id: Number(idText), sortValues: null };
  if (present.length !== sortFields.length)
    throw new InvalidPagingTokenError('incomplete sort values');
  const sortValues: Record<string, string> = {};
  for (const field of sortFields) {
    const value = params.get(`p_${field}`) ?? '';
    if (value.length > 500) throw new InvalidPagingTokenError('sort value too long');
    sortValues[field] = value;
  }
  return { id: Number(idText), sortValues };
}
