import { registrationWindow, type PublicEvent } from '@sodalis/contracts';
import { Link } from 'react-router';
import { italianMoment, registrationHref } from './event-format';

/**
 * The event page's call to register (ADR 049): "Iscriviti" while the registration window is
 * open, else when it opens or when it closed, in the API's words. Nothing for an event without
 * registration types or already over. `now` is the page's clock, given by its loader, so the
 * server's HTML and the hydration agree.
 */
export function RegistrationCall({ event, now }: { event: PublicEvent; now: string }) {
  const window = registrationWindow(event, now);
  if (!window.open) {
    if (window.reason === 'none' || window.reason === 'ended') return null;
    return (
      <p className="alert alert-warning" data-testid="registration-window">
        {window.message}
      </p>
    );
  }
  return (
    <div className="d-flex flex-wrap align-items-center gap-3 mb-4" data-testid="registration-call">
      <Link to={registrationHref(event)} className="btn btn-primary">
        Iscriviti
      </Link>
      {window.closesAt === null ? null : (
        <span>Iscrizioni aperte fino al {italianMoment(window.closesAt)}.</span>
      )}
    </div>
  );
}
