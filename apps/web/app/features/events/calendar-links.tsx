import { eventCalendarPath, webcalUrl, type PublicEvent } from '@sodalis/contracts';

/**
 * "Aggiungi al calendario" on an event's page (ADR 052): the event's `.ics`, a plain link the
 * server answers, so it works without scripts and a phone hands it to its calendar app.
 */
export function AddToCalendar({ event }: { event: Pick<PublicEvent, 'id' | 'slug'> }) {
  return (
    <p className="mb-4">
      <a className="btn btn-outline-primary btn-sm" href={eventCalendarPath(event)}>
        Aggiungi al calendario
      </a>
    </p>
  );
}

/**
 * "Iscriviti al calendario" on `/eventi` (ADR 052): the feed of every event as `webcal:`,
 * which calendar apps open as a subscription, and its `https:` address for those (Google
 * Calendar) that take one pasted "da URL".
 */
export function SubscribeToCalendar({ feedUrl }: { feedUrl: string }) {
  return (
    <p className="mb-4">
      <a className="btn btn-outline-primary btn-sm me-2" href={webcalUrl(feedUrl)}>
        Iscriviti al calendario
      </a>
      <span className="small text-body-secondary">
        Oppure aggiungi al tuo calendario l’indirizzo{' '}
        <a className="calendar-feed-url" href={feedUrl}>
          {feedUrl}
        </a>
      </span>
    </p>
  );
}
