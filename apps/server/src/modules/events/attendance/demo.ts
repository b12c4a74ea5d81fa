import { BADGE_CODE_LENGTH, romeDate, romeInstant } from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/schema.js';
import { findEventRows } from '../repository.js';
import { confirmedPeople, insertBadge, insertScan } from './repository.js';
import { randomCode } from './service.js';

/**
 * The demo congress's check-in (ADR 051): each confirmed registration with its badge and a
 * first day's scans (in at 09:05, out for lunch at 13:00, back at 14:10 and never scanned out,
 * so the day's end closes it) and a second day's morning: what the attendance report, the
 * certificates and the ECM rules compute from.
 */
export async function demoAttendance(
  trx: Executor,
  facts: { congress: number; stamp: string },
): Promise<void> {
  const [event] = await findEventRows(trx, [facts.congress]);
  if (event === undefined) return;
  const first = romeDate(new Date(event.starts_at));
  const second = romeDate(new Date(Date.parse(event.starts_at) + 86_400_000));
  const scans: [string, string, 'in' | 'out'][] = [
    [first, '09:05', 'in'],
    [first, '13:00', 'out'],
    [first, '14:10', 'in'],
    [second, '09:20', 'in'],
    [second, '12:45', 'out'],
  ];
  for (const person of await confirmedPeople(trx, facts.congress)) {
    await insertBadge(trx, person.registrationId, randomCode(BADGE_CODE_LENGTH), facts.stamp);
    for (const [day, time, direction] of scans) {
      await insertScan(trx, {
        client_id: randomUUID(),
        event_id: facts.congress,
        registration_id: person.registrationId,
        direction,
        scanned_at: romeInstant(day, time).toISOString(),
        day,
        recorded_at: facts.stamp,
        recorded_by: null,
      });
    }
  }
}
