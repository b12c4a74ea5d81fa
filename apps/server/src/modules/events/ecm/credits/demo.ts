import { BADGE_CODE_LENGTH, romeDate, romeInstant } from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import type { Executor } from '../../../../db/schema.js';
import { insertBadge, insertScan } from '../../attendance/repository.js';
import { randomCode } from '../../attendance/service.js';
import { findEventRows } from '../../repository.js';
import { demoAttempt, demoLearningTest } from '../learning-test/demo.js';
import { demoQuestionnaire } from '../questionnaire/demo.js';
import { confirmedRegistrationIds } from '../questionnaire/repository.js';
import { saveEcm } from '../repository.js';

/**
 * The demo's ECM course that ended last week (ADR 060): accredited for physicians in
 * transfusion medicine and biomedical laboratory technicians, 4 credits; its four confirmed
 * participants, in registration order, are one in each state — credits earned (all four
 * conditions), test failed (its one attempt), attendance short (in late, out early), the
 * questionnaire missing. Its report to Age.Na.S. is not yet recorded as sent, so the staff
 * home counts down the 90 days.
 */
export async function demoEcmCourse(
  trx: Executor,
  facts: { course: number; stamp: string },
): Promise<void> {
  const { course, stamp } = facts;
  const [event] = await findEventRows(trx, [course]);
  if (event === undefined) return;
  await saveEcm(
    trx,
    {
      event_id: course,
      provider_code: '9999',
      event_code: '400002',
      edition: 1,
      ecm_type: 'residenziale',
      credits_tenths: 40,
      // Medico chirurgo with Medicina trasfusionale; Tecnico sanitario laboratorio biomedico.
      professions: JSON.stringify([1, 28]),
      disciplines: JSON.stringify([47, 93]),
      attendance_threshold: 90,
      pass_mark: 75,
      attempts: 1,
      sponsors: JSON.stringify(['Laboratori Demo S.p.A.']),
      created_at: stamp,
      updated_at: stamp,
    },
    false,
  );
  await demoLearningTest(trx, { congress: course, stamp });
  const day = romeDate(new Date(event.starts_at));
  const after = romeInstant(day, '14:00').toISOString();
  const registrations = await confirmedRegistrationIds(trx, course);
  // [in, out, right answers of 12]: earned; test failed; attendance short; questionnaire missing.
  const story: readonly [string, string, number][] = [
    ['08:55', '13:05', 11],
    ['08:50', '13:00', 7],
    ['09:50', '12:30', 10],
    ['08:58', '13:01', 12],
  ];
  for (const [index, registrationId] of registrations.entries()) {
    const step = story[index];
    if (step === undefined) break;
    const [entry, exit, rightOnes] = step;
    await insertBadge(trx, registrationId, randomCode(BADGE_CODE_LENGTH), stamp);
    for (const [time, direction] of [
      [entry, 'in'],
      [exit, 'out'],
    ] as const) {
      await insertScan(trx, {
        client_id: randomUUID(),
        event_id: course,
        registration_id: registrationId,
        direction,
        scanned_at: romeInstant(day, time).toISOString(),
        day,
        recorded_at: stamp,
        recorded_by: null,
        session_id: null,
      });
    }
    // The one short of attendance could not take the test (ADR 057).
    if (index !== 2) {
      await demoAttempt(trx, {
        eventId: course,
        registrationId: registrationId,
        rightOnes,
        at: after,
      });
    }
  }
  // The first three completed the questionnaire, the fourth has not.
  await demoQuestionnaire(trx, { congress: course, completing: 3 });
}
