import { useRouteLoaderData } from 'react-router';

/**
 * Whether the site has an event to show (ADR 047): the header's "Eventi" then leads to
 * `/eventi`; otherwise to the external address the secretariat saved (ADR 035), as before.
 * Read from the frame's data (root.tsx `loader`), typed here as importing it would be a cycle.
 */
export function useEventsPage(): boolean {
  const frame = useRouteLoaderData('root') as { eventsPublished?: boolean } | undefined;
  return frame?.eventsPublished === true;
}
