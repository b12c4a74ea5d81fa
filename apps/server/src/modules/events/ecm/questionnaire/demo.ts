import { randomBytes } from 'node:crypto';
import type { Executor } from '../../../../db/schema.js';
import { findEventRows } from '../../repository.js';
import { CURRENT_QUESTIONNAIRE } from './reference.js';
import { claimCompletion, confirmedRegistrationIds, insertAnswers } from './repository.js';

/** The demo's answers, in turn: mostly good, one with a reason about commercial interests. */
const DEMO_ANSWERS = [
  {
    answers: { rilevanza: '5', qualita: '4', utilita: '5', liberoDaInteressi: 'si' },
    reasons: {},
    sponsorName: null,
  },
  {
    answers: { rilevanza: '4', qualita: '4', utilita: '3', liberoDaInteressi: 'no' },
    reasons: {
      liberoDaInteressiMotivo:
        'Nel simposio del pomeriggio è stato citato più volte un solo prodotto commerciale.',
    },
    sponsorName: 'Laboratori Demo S.p.A.',
  },
] as const;

/**
 * The demo congress's questionnaire (ADR 058): the first `completing` of its confirmed
 * registrants completed it an hour after the congress's end (its window opens then), with
 * their answers in turn from `DEMO_ANSWERS`; the others have not.
 */
export async function demoQuestionnaire(
  trx: Executor,
  facts: { congress: number; completing?: number },
): Promise<void> {
  const [event] = await findEventRows(trx, [facts.congress]);
  if (event === undefined) return;
  const completedAt = new Date(Date.parse(event.ends_at) + 3_600_000).toISOString();
  const registrations = await confirmedRegistrationIds(trx, facts.congress);
  const completing = registrations.slice(0, facts.completing ?? registrations.length);
  for (const [index, registrationId] of completing.entries()) {
    const demo = DEMO_ANSWERS[index % DEMO_ANSWERS.length] ?? DEMO_ANSWERS[0];
    await claimCompletion(trx, {
      registration_id: registrationId,
      event_id: facts.congress,
      form_version: CURRENT_QUESTIONNAIRE.version,
      completed_at: completedAt,
      recruited: demo.sponsorName === null ? 0 : 1,
      sponsor_name: demo.sponsorName,
    });
    await insertAnswers(trx, {
      event_id: facts.congress,
      response_key: randomBytes(16).toString('hex'),
      form_version: CURRENT_QUESTIONNAIRE.version,
      answers: JSON.stringify({ answers: demo.answers, reasons: demo.reasons }),
    });
  }
}
