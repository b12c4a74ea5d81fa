import type { AdminAuditEntry } from './admin.js';

/**
 * The back office's home (ADR 023): what waits for the secretariat, each kind counted by its own
 * domain, with the address of the list that shows those items, and the latest activity.
 */
export interface PendingWork {
  /** Stable name of the kind of work (`patrocini-da-gestire`). */
  key: string;
  /** What it is, in Italian ("Richieste di patrocinio da gestire"). */
  label: string;
  count: number;
  /** The back-office address that lists those items. */
  href: string;
}

export interface AdminDashboard {
  pending: PendingWork[];
  latest: AdminAuditEntry[];
}

/** How many audit entries the home shows as the latest activity. */
export const DASHBOARD_LATEST_ENTRIES = 8;

/** A staff list's address with its filter set, as react-admin reads it from the address. */
export function adminListHref(resource: string, filter: Record<string, string> = {}): string {
  const base = `/amministrazione/${resource}`;
  return Object.keys(filter).length === 0
    ? base
    : `${base}?${new URLSearchParams({ filter: JSON.stringify(filter) }).toString()}`;
}
