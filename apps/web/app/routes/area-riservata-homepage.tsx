import { isStaffRole } from '@sodalis/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/area-riservata-homepage';
import { LinkCards } from '../components/link-cards';
import { MY_REGISTRATIONS_PATH } from '../features/events/event-format';
import { RESERVED_COPY } from '../copy/reserved';
import { privatePageMeta } from '../format/meta';
import { ReservedBreadcrumb, useReservedUser } from '../features/reserved-area/reserved-breadcrumb';
import { LOGOUT_HREF, signOut, STAFF_HOME } from '../shared/session/session';

export const meta: Route.MetaFunction = ({ matches }) => [
  ...privatePageMeta(matches, {
    // Its own title, not the sign-in page's: a reader (and a screen reader) tells them apart.
    title: 'Menu dell’area riservata',
    description: 'Area riservata per Soci e Affiliati.',
  }),
];

const CARDS = [
  {
    to: '/area-riservata-raccomandazioni',
    title: 'Raccomandazioni',
    text: 'Le raccomandazioni della società.',
  },
  {
    to: '/area-riservata-pareri',
    title: 'Pareri del Consiglio Direttivo',
    text: 'Domande e risposte del Consiglio Direttivo.',
  },
  {
    to: '/area-riservata-assemblee',
    title: 'Assemblee nazionali',
    text: 'Documenti delle assemblee nazionali.',
  },
  {
    to: '/area-riservata-assemblee-regionali',
    title: 'Assemblee regionali',
    text: 'Documenti delle assemblee regionali.',
  },
  {
    to: '/area-riservata-rassegna',
    title: 'Rassegna stampa',
    text: 'Articoli di giornale sulla medicina trasfusionale.',
  },
  {
    to: '/area-riservata-servizio-trasfusionale',
    title: 'Il Servizio Trasfusionale',
    text: 'Il notiziario della società.',
  },
];

/** The reserved home (spec §2.8): greeting, "Esci", the six cards. */
export default function ReservedHomePage() {
  const user = useReservedUser();
  return (
    <div className="container py-4">
      <ReservedBreadcrumb trail={[]} />
      <div className="d-flex justify-content-between align-items-start flex-wrap gap-2 mb-4">
        <h1 data-testid="welcome">
          {RESERVED_COPY.welcome} {user.name} {user.surname}
        </h1>
        <div className="d-flex gap-2">
          {user.role === 'segreteria' ? null : (
            <Link to="/area-riservata-profilo" className="btn btn-outline-primary">
              Il mio profilo
            </Link>
          )}
          {/* The member's registrations to events (ADR 049). */}
          <Link to={MY_REGISTRATIONS_PATH} className="btn btn-outline-primary">
            Le mie iscrizioni
          </Link>
          <Link to={LOGOUT_HREF} className="btn btn-outline-primary" onClick={() => signOut()}>
            {RESERVED_COPY.logout}
          </Link>
        </div>
      </div>
      {isStaffRole(user.role) ? (
        // Staff land in the back office after signing in (ADR 023); from here they go back.
        <p>
          <a className="btn btn-primary" href={STAFF_HOME}>
            Vai all’amministrazione del sito
          </a>
        </p>
      ) : null}
      <LinkCards cards={CARDS} testId="reserved-cards" />
    </div>
  );
}
