import { EVENTS_CALENDAR_PATH, type PublicEvent } from '@sodalis/contracts';
import { Link } from 'react-router';
import type { Route } from './+types/eventi';
import { Breadcrumb } from '../components/breadcrumb';
import { breadcrumbLd, pageMeta } from '../format/meta';
import { SubscribeToCalendar } from '../features/events/calendar-links';
import { EventCard } from '../features/events/event-card';
import { eventHref, eventWhen } from '../features/events/event-format';

/** `/eventi` (ADR 047): upcoming events soonest first, then the past ones by year. */
export async function loader({ context }: Route.LoaderArgs) {
  return {
    events: await context.events.list(),
    // The feed of every event, to subscribe to (ADR 052).
    calendarUrl: `${context.society.publicBaseUrl}${EVENTS_CALENDAR_PATH}`,
  };
}

export const meta: Route.MetaFunction = ({ matches }) => [
  ...pageMeta(matches, {
    title: 'Eventi',
    description: 'Congressi, corsi e webinar della società: i prossimi eventi e l’archivio.',
  }),
  breadcrumbLd(matches, [{ label: 'Eventi', to: '/eventi' }]),
];

export default function EventsPage({ loaderData }: Route.ComponentProps) {
  const { upcoming, past } = loaderData.events;
  return (
    <div className="container py-4">
      <Breadcrumb trail={[{ label: 'Eventi' }]} />
      <h1 className="mb-4">Eventi</h1>
      <SubscribeToCalendar feedUrl={loaderData.calendarUrl} />
      <section aria-labelledby="prossimi-eventi" className="mb-5">
        <h2 id="prossimi-eventi" className="h3 mb-3">
          Prossimi eventi
        </h2>
        {upcoming.length === 0 ? (
          <p>Non ci sono eventi in programma al momento.</p>
        ) : (
          <ul className="list-unstyled">
            {upcoming.map((event) => (
              <EventCard key={event.id} event={event} headingLevel={3} />
            ))}
          </ul>
        )}
      </section>
      {past.length === 0 ? null : (
        <section aria-labelledby="eventi-passati">
          <h2 id="eventi-passati" className="h3 mb-3">
            Eventi passati
          </h2>
          {past.map((group) => (
            <section key={group.year} aria-labelledby={`eventi-${group.year}`} className="mb-4">
              <h3 id={`eventi-${group.year}`} className="h4 mb-3">
                {group.year}
              </h3>
              <ul className="list-unstyled">
                {group.events.map((event) => (
                  <li key={event.id} className="mb-2">
                    <EventPastLink event={event} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </section>
      )}
    </div>
  );
}

/** A past event: its title as the link and when it was. */
function EventPastLink({ event }: { event: PublicEvent }) {
  return (
    <>
      <Link to={eventHref(event)}>{event.title}</Link>
      <span className="text-body-secondary">
        {' — '}
        <time dateTime={event.startsAt}>{eventWhen(event)}</time>
      </span>
    </>
  );
}
