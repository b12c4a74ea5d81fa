import type { CheckInResult } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { flushQueue, pendingText, queuedScans, queueScan, type QueuedScan } from './checkin-queue';

/** A localStorage of its own. */
function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const scan = (clientId: string): QueuedScan => ({
  clientId,
  code: 'ABCDEFGHJKLM',
  direction: 'in',
  scannedAt: '2027-01-28T09:00:00.000Z',
});

const answered = (scans: QueuedScan[]): CheckInResult[] =>
  scans.map((one) => ({
    clientId: one.clientId,
    status: 'recorded',
    message: 'Entrata registrata: Anna Rossi',
    person: null,
    direction: one.direction,
    scannedAt: one.scannedAt,
    sessionId: one.sessionId ?? null,
  }));

describe('the check-in’s queue on the device', () => {
  it('keeps scans while offline, says how many wait, and sends them all once the network is back', async () => {
    const storage = memoryStorage();
    queueScan(storage, 7, scan('a'));
    queueScan(storage, 7, scan('b'));
    queueScan(storage, 8, scan('other-event'));

    const offline = await flushQueue(storage, 7, async () => ({ ok: false, reason: 'offline' }));
    expect(offline).toEqual({ results: [], failed: 'offline' });
    expect(queuedScans(storage, 7).map((one) => one.clientId)).toEqual(['a', 'b']);
    expect(pendingText(queuedScans(storage, 7).length)).toBe('2 scansioni in attesa di invio');

    const sent: string[][] = [];
    const online = await flushQueue(
      storage,
      7,
      async (batch) => {
        sent.push(batch.map((one) => one.clientId));
        return { ok: true, results: answered(batch) };
      },
      1,
    );
    expect(sent).toEqual([['a'], ['b']]);
    expect(online.failed).toBeNull();
    expect(online.results.map((result) => result.clientId)).toEqual(['a', 'b']);
    expect(queuedScans(storage, 7)).toEqual([]);
    expect(queuedScans(storage, 8)).toHaveLength(1);
    expect(pendingText(0)).toBe('Tutte le scansioni sono state inviate.');
    expect(pendingText(1)).toBe('1 scansione in attesa di invio');
  });

  it('keeps a scan taken while a batch is on its way, and drops a batch the server cannot read', async () => {
    const storage = memoryStorage();
    queueScan(storage, 7, scan('a'));
    const first = await flushQueue(storage, 7, async (batch) => {
      if (batch[0]?.clientId === 'a') queueScan(storage, 7, scan('late'));
      return { ok: true, results: answered(batch) };
    });
    expect(first.results).toHaveLength(2);
    expect(queuedScans(storage, 7)).toEqual([]);

    queueScan(storage, 7, scan('unreadable'));
    const refused = await flushQueue(storage, 7, async () => ({ ok: false, reason: 'refused' }));
    expect(refused.failed).toBe('refused');
    expect(queuedScans(storage, 7)).toEqual([]);
  });
});
