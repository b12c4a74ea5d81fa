import type { PublicEvent } from '@sodalis/contracts';
import { ExternalLink } from '../../components/external-link';
import { eventWhen, italianMoment } from './event-format';

/** An event's page body (ADR 047): when, where or the link, organisers, ECM, registrations. */
export function EventDetails({ event }: { event: PublicEvent }) {
  const window =
    event.registrationOpensAt !== null || event.registrationClosesAt !== null
      ? [
          event.registrationOpensAt === null
            ? null
            : `dal ${italianMoment(event.registrationOpensAt)}`,
          event.registrationClosesAt === null
            ? null
            : `al ${italianMoment(event.registrationClosesAt)}`,
        ]
          .filter((part) => part !== null)
          .join(' ')
      : null;
  return (
    <>
      <dl className="row event-details mb-4">
        <dt className="col-sm-3">Quando</dt>
        <dd className="col-sm-9">
          <time dateTime={event.startsAt}>{eventWhen(event)}</time>
        </dd>
        {event.mode === 'online' ? (
          <>
            <dt className="col-sm-3">Dove</dt>
            <dd className="col-sm-9">
              Online
              {event.onlineUrl === null ? null : (
                <>
                  {': '}
                  <ExternalLink href={event.onlineUrl}>collegamento all’evento</ExternalLink>
                </>
              )}
            </dd>
          </>
        ) : (
          <>
            <dt className="col-sm-3">Dove</dt>
            <dd className="col-sm-9">
              {event.venueName}
              {event.venueAddress === null ? null : (
                <>
                  <br />
                  {event.venueAddress}
                </>
              )}
              {event.venueCity === null ? null : (
                <>
                  <br />
                  {event.venueCity}
                </>
              )}
            </dd>
          </>
        )}
        {event.organisers === null ? null : (
          <>
            <dt className="col-sm-3">Organizzazione</dt>
            <dd className="col-sm-9">{event.organisers}</dd>
          </>
        )}
        {event.ecmCredits ? (
          <>
            <dt className="col-sm-3">ECM</dt>
            <dd className="col-sm-9">Crediti ECM previsti</dd>
          </>
        ) : null}
        {window === null ? null : (
          <>
            <dt className="col-sm-3">Iscrizioni</dt>
            <dd className="col-sm-9">Aperte {window}</dd>
          </>
        )}
        {event.places === null ? null : (
          <>
            <dt className="col-sm-3">Posti</dt>
            <dd className="col-sm-9">{event.places.toLocaleString('it-IT')} posti disponibili</dd>
          </>
        )}
      </dl>
      {event.descriptionHtml === '' ? null : (
        <div className="rich-text" dangerouslySetInnerHTML={{ __html: event.descriptionHtml }} />
      )}
    </>
  );
}
