import { isParticipantRole } from '@sodalis/contracts';
import { useRouteLoaderData } from 'react-router';
import { Breadcrumb } from '../../components/breadcrumb';
import { displayRole, type SessionUser } from '../../shared/session/session';

/** The id of the reserved pages' layout route (routes.ts), whose data is the signed-in user. */
const RESERVED_AREA_LAYOUT = 'reserved-area';

/** The signed-in user, as the reserved layout's guard let them in (spec §6). */
export function useReservedUser(): SessionUser {
  const data = useRouteLoaderData<{ user: SessionUser }>(RESERVED_AREA_LAYOUT);
  if (data === undefined) throw new Error('Pagina dell’area riservata fuori dal suo layout');
  return data.user;
}

/**
 * A reserved page's breadcrumb (spec §2.9): "Area riservata (Ruolo)", leading to the reserved
 * home, then `trail`; on the reserved home itself the trail is empty.
 */
export function ReservedBreadcrumb({ trail }: { trail: { label: string; to?: string }[] }) {
  const { role } = useReservedUser();
  // An events' participant has no reserved home: their registrations belong to the events (ADR 055).
  const start = isParticipantRole(role)
    ? { label: 'Eventi', to: '/eventi' }
    : { label: `Area riservata (${displayRole(role)})`, to: '/area-riservata-homepage' };
  return <Breadcrumb trail={[start, ...trail]} />;
}
