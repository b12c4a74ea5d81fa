import {
  eventSlug,
  type EventMode,
  type NewsCover,
  type PublicEvent,
  type PublicEventAddon,
  type PublicRegistrationType,
  type RegistrationEligibility,
} from '@sodalis/contracts';
import type { Selectable } from 'kysely';
import { coverAnswer } from '../../http/cover-files.js';
import type { EventRow, findEventAddons, findRegistrationTypes } from './repository.js';
import type { EventCoversTable } from './tables.js';

/** Where an event cover's files are served, by their hash (ADR 052, as news covers, ADR 034). */
export const EVENT_COVER_BASE = '/api/v1/Events/Cover';

/** A stored cover as the answers carry it. */
export function eventCover(row: Selectable<EventCoversTable>): NewsCover {
  return coverAnswer(row, EVENT_COVER_BASE);
}

/** An event's cover, or null without one. */
export const coverOfEvent = (row: Selectable<EventCoversTable> | undefined): NewsCover | null =>
  row === undefined ? null : eventCover(row);

type TypeRow = Awaited<ReturnType<typeof findRegistrationTypes>>[number];
type AddonRow = Awaited<ReturnType<typeof findEventAddons>>[number];

/** The stored roles of a members' type (`socio,affiliato`). */
export function memberRolesOf(stored: string): PublicRegistrationType['memberRoles'] {
  return stored === '' ? [] : (stored.split(',') as PublicRegistrationType['memberRoles']);
}

/** A type as the event's page shows it: its prices and who may choose it, never its code. */
export function publicRegistrationType(row: TypeRow): PublicRegistrationType {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    eligibility: row.eligibility as RegistrationEligibility,
    memberRoles: memberRolesOf(row.member_roles),
    earlyCents: row.early_cents,
    standardCents: row.standard_cents,
    onsiteCents: row.onsite_cents,
    requiresApproval: row.requires_approval === 1,
  };
}

export function publicEventAddon(row: AddonRow): PublicEventAddon {
  return { id: row.id, name: row.name, description: row.description, priceCents: row.price_cents };
}

/** An event row as the public pages read it (ADR 047): instants in UTC ISO. */
export function publicEvent(
  row: EventRow,
  prices: Pick<PublicEvent, 'registrationTypes' | 'addons' | 'priceWindow' | 'cover'>,
): PublicEvent {
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
    cancellableUntil: row.cancellable_until,
    places: row.places,
    earlyBirdUntil: row.early_bird_until,
    onsiteFrom: row.onsite_from,
    ...prices,
  };
}
