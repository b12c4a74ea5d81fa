import type { MemberRole } from '@sodalis/contracts';
import type { Audience } from '../../db/schema.js';

/**
 * Who reads what (docs/decisions/011-reserved-area-access.md): a Socio sees items for all
 * members and for Soci; an Affiliato those for all members, for Affiliati and for both
 * assembly sections; the secretariat (every staff role) sees everything. `public` items are for everyone.
 * It lives with the roles: the reserved area, the bulletin and the site search apply it, and
 * none of them need import another for it (ADR 044).
 */
const STAFF_AUDIENCES: readonly Audience[] = [
  'public',
  'all',
  'socio',
  'affiliato',
  'Affiliati tecnici',
  'Affiliati infermieri',
];

export const AUDIENCES_OF_ROLE: Readonly<Record<MemberRole, readonly Audience[]>> = {
  socio: ['public', 'all', 'socio'],
  affiliato: ['public', 'all', 'affiliato', 'Affiliati tecnici', 'Affiliati infermieri'],
  segreteria: STAFF_AUDIENCES,
  // Every staff role reads what it may edit or has to check (ADR 031).
  redazione: STAFF_AUDIENCES,
  tesoreria: STAFF_AUDIENCES,
  eventi: STAFF_AUDIENCES,
  // An events' participant is no member: only what everyone reads (ADR 055).
  partecipante: ['public'],
};

export function mayRead(role: MemberRole, audience: Audience): boolean {
  return AUDIENCES_OF_ROLE[role].includes(audience);
}
