import { eventSlug, type EventMode, type PublicEvent } from '@sodalis/contracts';
import type { EventRow } from './repository.js';

/** An event row as the public pages read it (ADR 047): instants in UTC ISO. */
export function publicEvent(row: EventRow): PublicEvent {
  return {
    id: row.id,
    title: row.title,
    slug: eventSlug(row.title),
    startsAt: row.starts_at,
    endsAt: row.ends_at,
    mode: row.mode as EventMode,
    venueName: row.venue_name,
    venueAddress: row.venue_address,
    venueCity: row.venue_city,
    onlineUrl: row.online_url,
    descriptionHtml: row.description_html,
    organisers: row.organisers,
    ecmCredits: row.ecm_credits === 1,
    registrationOpensAt: row.registration_opens_at,
    registrationClosesAt: row.registration_closes_at,
    places: row.places,
  };
}
