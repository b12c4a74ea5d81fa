import type { EventCalendarPages, MyCalendarFeed } from '@sodalis/contracts';
import { AppError } from '../../../http/app-error.js';
import { unlessUnavailable } from '../../../http/page-reads.js';
import type { AccountService } from '../../accounts/service.js';
import type { EventCalendars } from './service.js';

/**
 * The private feed on "Le mie iscrizioni" without scripts (ADR 052, ADR 022): for the session
 * cookie's token, the API's check (a session the server accepts), then the same service.
 */
export function calendarPages(deps: {
  accounts: AccountService;
  calendars: EventCalendars;
}): EventCalendarPages {
  const { accounts, calendars } = deps;
  async function forSession(
    sessionToken: string,
    work: (memberId: number) => Promise<MyCalendarFeed>,
  ): Promise<MyCalendarFeed | null> {
    try {
      const member = await accounts.authenticate(sessionToken);
      return await unlessUnavailable(work(member.id));
    } catch (error) {
      // No session the server accepts: the page says so; anything else is the server's.
      if (error instanceof AppError && error.status < 500) return null;
      throw error;
    }
  }
  return {
    mine: (sessionToken) => forSession(sessionToken, (id) => calendars.feedOf(id)),
    regenerate: (sessionToken) => forSession(sessionToken, (id) => calendars.regenerate(id)),
  };
}
