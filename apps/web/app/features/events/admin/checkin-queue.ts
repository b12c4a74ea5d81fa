import type { CheckInDirection, CheckInResult } from '@sodalis/contracts';

/**
 * The check-in's scans kept on the device until the server has them (ADR 051): a venue's
 * Wi-Fi fails, the desk goes on scanning. Each scan has its own id (a UUID) made when it is
 * taken, so sending it again after a lost answer is recorded once by the server.
 */

/** One scan waiting to be sent. */
export interface QueuedScan {
  clientId: string;
  code?: string;
  registrationId?: number;
  direction: CheckInDirection;
  scannedAt: string;
  /** The session the desk was scanning for (ADR 054); none: the whole day. */
  sessionId?: number;
}

/** Where the queue lives: the browser's localStorage, or a stand-in in tests. */
export type QueueStorage = Pick<Storage, 'getItem' | 'setItem'>;

const KEY = 'sodalis.checkin.queue';

/** What `send` reports of a batch: the server's answers, or that it could not be reached. */
export type SendOutcome =
  { ok: true; results: CheckInResult[] } | { ok: false; reason: 'offline' | 'session' | 'refused' };

export function queuedScans(storage: QueueStorage, eventId: number): QueuedScan[] {
  try {
    const stored = JSON.parse(storage.getItem(`${KEY}.${eventId}`) ?? '[]') as unknown;
    return Array.isArray(stored) ? (stored as QueuedScan[]) : [];
  } catch {
    return [];
  }
}

function save(storage: QueueStorage, eventId: number, scans: readonly QueuedScan[]): void {
  storage.setItem(`${KEY}.${eventId}`, JSON.stringify(scans));
}

/** Adds a scan to the event's queue (before any attempt to send it). */
export function queueScan(storage: QueueStorage, eventId: number, scan: QueuedScan): void {
  save(storage, eventId, [...queuedScans(storage, eventId), scan]);
}

/**
 * Sends the event's queued scans in batches; the ones the server answered leave the queue
 * (recorded or refused: a refusal will not change by sending again), the rest stay for the
 * next attempt. Scans queued while a batch is on its way stay too.
 */
export async function flushQueue(
  storage: QueueStorage,
  eventId: number,
  send: (scans: QueuedScan[]) => Promise<SendOutcome>,
  batchSize = 50,
): Promise<{ results: CheckInResult[]; failed: 'offline' | 'session' | 'refused' | null }> {
  const results: CheckInResult[] = [];
  for (;;) {
    const batch = queuedScans(storage, eventId).slice(0, batchSize);
    if (batch.length === 0) return { results, failed: null };
    const outcome = await send(batch);
    if (!outcome.ok && outcome.reason !== 'refused') return { results, failed: outcome.reason };
    // A batch the server refused as a whole (a scan it cannot read) would block the queue for
    // ever: it leaves, and the page says so.
    const answered = new Set(
      outcome.ok
        ? outcome.results.map((result) => result.clientId)
        : batch.map((scan) => scan.clientId),
    );
    save(
      storage,
      eventId,
      queuedScans(storage, eventId).filter((scan) => !answered.has(scan.clientId)),
    );
    if (!outcome.ok) return { results, failed: 'refused' };
    results.push(...outcome.results);
    // An answer that named none of the batch would send it again for ever: the next try is
    // the next flush's.
    if (!batch.some((scan) => answered.has(scan.clientId))) return { results, failed: 'offline' };
  }
}

/** "3 scansioni in attesa di invio". */
export function pendingText(count: number): string {
  if (count === 0) return 'Tutte le scansioni sono state inviate.';
  return count === 1 ? '1 scansione in attesa di invio' : `${count} scansioni in attesa di invio`;
}
