import type { ColumnType } from 'kysely';
import type { Flag, Id, Timestamp, Version } from '../../db/schema.js';

/*
 * The events' tables (migration 0045, ADR 047), declared here in their own home: each adds its
 * part of `Database` (ADR 046), so a new domain's tables touch no shared file.
 */

/** An event: instants are UTC ISO text, entered and shown in Europe/Rome. */
export interface EventsTable {
  id: Id;
  title: string;
  title_search: string;
  starts_at: string;
  ends_at: string;
  /** `in-presenza` (a venue) or `online` (a link). */
  mode: string;
  venue_name: string | null;
  venue_address: string | null;
  venue_city: string | null;
  online_url: string | null;
  description_html: string;
  organisers: string | null;
  /** "Crediti ECM previsti": the seam of the ECM rules to come (ADR 047). */
  ecm_credits: Flag;
  registration_opens_at: string | null;
  registration_closes_at: string | null;
  places: number | null;
  published: Flag;
  /** The instant (ISO, UTC) a scheduled event goes public; null: once published. */
  publish_at: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
  version: Version;
}

declare module '../../db/schema.js' {
  interface Database {
    events: EventsTable;
  }
}
