import type { PublicEvent } from '@sodalis/contracts';
import { Link } from 'react-router';
import { CoverImage } from '../../shared/images/cover-image';
import { eventHref, eventWhen, eventWhere } from './event-format';

/** One event in `/eventi`'s lists: its title as the link, when and where (ADR 047). */
export function EventCard({ event, headingLevel }: { event: PublicEvent; headingLevel: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <li className="card mb-3 event-card">
      {event.cover === null ? null : (
        // The title below says what the card is: the picture adds nothing a reader must hear.
        <CoverImage
          cover={{ ...event.cover, alt: '' }}
          className="card-img-top event-card__cover"
          lazy
        />
      )}
      <div className="card-body">
        <Heading className="h5 card-title mb-2">
          <Link to={eventHref(event)}>{event.title}</Link>
        </Heading>
        <p className="mb-1">
          <time dateTime={event.startsAt}>{eventWhen(event)}</time>
        </p>
        <p className="mb-0 text-body-secondary">
          {eventWhere(event)}
          {event.ecmCredits ? (
            <span className="badge text-bg-light border ms-2">Crediti ECM previsti</span>
          ) : null}
        </p>
      </div>
    </li>
  );
}
