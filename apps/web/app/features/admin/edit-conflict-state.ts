import type { EditConflict } from '@sodalis/contracts';
import { HttpError } from 'react-admin';

/**
 * The state of refused saves (ADR 041), apart from their notice: the data provider, loaded
 * with the back office's first screen, reads and writes it without the notice's components.
 */

/**
 * No silent overwrite between two tabs (ADR 041). Every save of a record names the version its
 * form was read at (`If-Match`); the server refuses one over a newer version with a 409 that
 * carries the record as it is now and who changed what since. The form then shows that in
 * place, keeps what was typed, and offers "Ricarica" (drop mine, show the current version) or
 * "Sovrascrivi" (a deliberate second save of mine over that version).
 */

/** A refused save of one record: what the server said and what the form had sent. */
export interface RefusedSave {
  conflict: EditConflict;
  /** The save's data as the form's button made it ("Salva bozza" sets `published`, …). */
  sent: Record<string, unknown>;
  /** Counts the refusals of the record, so a second one shows afresh. */
  serial: number;
}

export const refused = new Map<string, RefusedSave>();
/** Records whose next save is the deliberate "Sovrascrivi" over the version in `refused`. */
export const overwriting = new Set<string>();
export const listeners = new Set<() => void>();
let serial = 0;

export const keyOf = (resource: string, id: string | number) => `${resource}:${String(id)}`;

function changed(): void {
  for (const listener of listeners) listener();
}

/** The 409 of a stale save, as the data provider's HttpError carries it. */
export function conflictOf(error: unknown): EditConflict | null {
  if (!(error instanceof HttpError) || error.status !== 409) return null;
  const body = error.body as { conflict?: EditConflict } | undefined;
  return body?.conflict ?? null;
}

/**
 * The version a save names: the one its form was read at, or, for "Sovrascrivi", the one the
 * refusal showed. Undefined for a kind of record without versions.
 */
export function versionToSave(
  resource: string,
  id: string | number,
  previousData: unknown,
): number | undefined {
  const key = keyOf(resource, id);
  const refusal = refused.get(key);
  if (overwriting.has(key) && refusal !== undefined) {
    const version = refusal.conflict.current.version;
    if (typeof version === 'number') return version;
  }
  const read = (previousData as { version?: unknown } | undefined)?.version;
  return typeof read === 'number' ? read : undefined;
}

/** The data provider's word after a save: refused as stale (the conflict), or gone through. */
export function saveAnswered(
  resource: string,
  id: string | number,
  outcome: { conflict: EditConflict; sent: Record<string, unknown> } | null,
): void {
  const key = keyOf(resource, id);
  overwriting.delete(key);
  if (outcome === null) {
    if (!refused.delete(key)) return;
  } else {
    serial += 1;
    refused.set(key, { ...outcome, serial });
  }
  changed();
}
