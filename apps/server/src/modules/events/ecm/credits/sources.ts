import type { Executor } from '../../../../db/schema.js';
import { ecmIneligibilityReason } from '../eligibility.js';
import { learningTestResults } from '../learning-test/service.js';
import { questionnaireCompletionsOfEvent } from '../questionnaire/repository.js';
import type { ReportSpeaker } from '../report/admin-service.js';
import { registrantFacts } from '../repository.js';
import { speakersOfEvent } from '../speakers/repository.js';
import { speakerOf } from '../speakers/service.js';
import type { EcmCreditSources } from './service.js';

/**
 * The credits' readings of the other ECM slices, in one place: the learning test's results
 * (ADR 057), the questionnaire's completions and sponsor declarations (ADR 058), the
 * registrations' national codes and their accreditation (ADR 059).
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
  registrationCodes: async (db, eventId) =>
    new Map(
      (await registrantFacts(db, eventId)).map((row) => [
        row.id,
        {
          professionCode: row.profession_code,
          disciplineCode: row.discipline_code,
          employment: row.employment,
          profession: row.profession,
        },
      ]),
    ),
  professionReason: (values, codes) => ecmIneligibilityReason(values, codes),
};

/** The event's speakers as the participants' report lists them (ADR 059). */
export async function ecmSpeakersForReport(
  db: Executor,
  eventId: number,
): Promise<ReportSpeaker[]> {
  return (await speakersOfEvent(db, eventId)).map(speakerOf).map((speaker) => ({
    firstName: speaker.firstName,
    lastName: speaker.lastName,
    fiscalCode: speaker.fiscalCode,
    role: speaker.role,
    professionCode: speaker.professionCode,
    disciplineCode: speaker.disciplineCode,
    employment: speaker.employment,
    creditsTenths: Math.round(speaker.credits * 10),
  }));
}
