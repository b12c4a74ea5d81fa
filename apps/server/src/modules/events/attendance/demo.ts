import { BADGE_CODE_LENGTH, romeDate, romeInstant } from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../db/schema.js';
import { findEventAddons, findEventRows } from '../repository.js';
import { confirmedPeople, insertBadge, insertScan, insertSession } from './repository.js';
import { randomCode } from './service.js';

/**
 * The demo congress's check-in (ADR 051): each confirmed registration with its badge and a
 * first day's scans (in at 09:05, out for lunch at 13:00, back at 14:10 and never scanned out,
 * so the day's end closes it) and a second day's morning: what the attendance report, the
 * certificates and the ECM rules compute from. The first day has its programme (ADR 054): two
 * morning sessions open to all, scanned at their doors (the first never scanned out, so its
 * end closes it), and the afternoon workshop for its add-on's holders only.
 */
export async function demoAttendance(
  trx: Executor,
  facts: { congress: number; stamp: string },
): Promise<void> {
  const [event] = await findEventRows(trx, [facts.congress]);
  if (event === undefined) return;
  const first = romeDate(new Date(event.starts_at));
  const second = romeDate(new Date(Date.parse(event.starts_at) + 86_400_000));
  const [workshop] = await findEventAddons(trx, [facts.congress]);
  const session = (name: string, from: string, to: string, addonId: number | null) =>
    insertSession(trx, {
      event_id: facts.congress,
      name,
      starts_at: romeInstant(first, from).toISOString(),
      ends_at: romeInstant(first, to).toISOString(),
      addon_id: addonId,
      created_at: facts.stamp,
      updated_at: facts.stamp,
    });
  const opening = await session('Sessione inaugurale', '09:00', '11:00', null);
  const symposium = await session('Simposio: Patient Blood Management', '11:15', '13:00', null);
  if (workshop !== undefined) {
    await session(workshop.name, '14:30', '16:00', workshop.id);
  }
  const scans: [string, string, 'in' | 'out', number | null][] = [
    [first, '09:05', 'in', null],
    [first, '09:10', 'in', opening],
    [first, '11:20', 'in', symposium],
    [first, '12:40', 'out', symposium],
    [first, '13:00', 'out', null],
    [first, '14:10', 'in', null],
    [second, '09:20', 'in', null],
    [second, '12:45', 'out', null],
  ];
  for (const person of await confirmedPeople(trx, facts.congress)) {
    await insertBadge(trx, person.registrationId, randomCode(BADGE_CODE_LENGTH), facts.stamp);
    for (const [day, time, direction, sessionId] of scans) {
      await insertScan(trx, {
        client_id: randomUUID(),
        event_id: facts.congress,
        registration_id: person.registrationId,
        direction,
        scanned_at: romeInstant(day, time).toISOString(),
        day,
        recorded_at: facts.stamp,
        recorded_by: null,
        session_id: sessionId,
      });
    }
  }
}
