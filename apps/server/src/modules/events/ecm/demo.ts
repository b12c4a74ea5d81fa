import type { Executor } from '../../../db/schema.js';
import { saveEcm } from './repository.js';
import { demoSpeakers } from './speakers/demo.js';

/**
 * The demo congress is ECM-accredited (ADR 056): the society as provider, 4.5 credits for
 * physicians in transfusion medicine, haematology and clinical pathology and for biomedical
 * laboratory technicians and nurses, the national defaults of attendance and test, a sponsor.
 * The codes are made up (no real Age.Na.S. event). Two speakers (ADR 059).
 */
export async function demoEcm(
  trx: Executor,
  facts: { congress: number; stamp: string },
): Promise<void> {
  await saveEcm(
    trx,
    {
      event_id: facts.congress,
      provider_code: '9999',
      event_code: '400001',
      edition: 1,
      ecm_type: 'congresso',
      credits_tenths: 45,
      // Medico chirurgo, Tecnico sanitario laboratorio biomedico, Infermiere.
      professions: JSON.stringify([1, 28, 14]),
      // Medicina trasfusionale, Ematologia, Patologia clinica; their disciplines.
      disciplines: JSON.stringify([47, 5, 53, 93, 85]),
      attendance_threshold: 90,
      pass_mark: 75,
      attempts: 1,
      sponsors: JSON.stringify(['Laboratori Demo S.p.A.']),
      created_at: facts.stamp,
      updated_at: facts.stamp,
    },
    false,
  );
  await demoSpeakers(trx, facts);
}
