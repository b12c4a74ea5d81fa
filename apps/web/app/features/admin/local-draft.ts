/**
 * Local drafts of staff forms (ADR 023): what was typed and not yet saved, kept in this
 * browser's localStorage under the record it belongs to until the save succeeds, so a closed
 * tab, a crash or a lost session never loses it. Only text fields are kept (never files).
 */
const DRAFT_PREFIX = 'sodalis-bozza:';

export interface LocalDraft {
  /** When it was last written (ISO). */
  savedAt: string;
  values: Record<string, string>;
}

/** The key of a record's draft; a new record's form has one per kind of record. */
export function localDraftKey(resource: string, id: string | number | undefined): string {
  return `${DRAFT_PREFIX}${resource}:${id === undefined ? 'nuovo' : String(id)}`;
}

export function readLocalDraft(key: string): LocalDraft | null {
  try {
    const stored = localStorage.getItem(key);
    if (stored === null) return null;
    const draft = JSON.parse(stored) as Partial<LocalDraft>;
    return typeof draft.savedAt === 'string' && typeof draft.values === 'object' && draft.values
      ? { savedAt: draft.savedAt, values: draft.values }
      : null;
  } catch {
    return null;
  }
}

export function writeLocalDraft(key: string, values: Record<string, string>): void {
  try {
    if (Object.keys(values).length === 0) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify({ savedAt: new Date().toISOString(), values }));
  } catch {
    // Storage full or refused (private mode): the form still works, without the local copy.
  }
}

/** The record's draft (or a new record's, `id` undefined) is no longer needed. */
export function dropLocalDraft(resource: string, id: string | number | undefined): void {
  try {
    localStorage.removeItem(localDraftKey(resource, id));
  } catch {
    // Nothing stored, nothing to drop.
  }
}

/** Told when a save of a record (or of a new one, `id` undefined) has gone through. */
type SavedListener = (resource: string, id: string | number | undefined) => void;

const savedListeners = new Set<SavedListener>();

/** Calls `listener` after every save that goes through, until the returned function is called. */
export function onRecordSaved(listener: SavedListener): () => void {
  savedListeners.add(listener);
  return () => savedListeners.delete(listener);
}

/**
 * The save went through: the record's draft (and a new record's) is no longer needed, and the
 * form that saved it is told at once, before react-admin goes back to the list.
 */
export function recordSaved(resource: string, id: string | number | undefined): void {
  dropLocalDraft(resource, id);
  for (const listener of savedListeners) listener(resource, id);
}
