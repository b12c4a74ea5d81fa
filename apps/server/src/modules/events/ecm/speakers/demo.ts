import type { Executor } from '../../../../db/schema.js';
import { insertSpeaker } from './repository.js';

/**
 * The demo congress's two speakers for ECM (ADR 059): a physician in transfusion medicine who
 * teaches 90 minutes and a haematologist who moderates two sessions. Made-up people; the codes
 * fiscali are well formed and encode their names.
 */
export async function demoSpeakers(
  trx: Executor,
  facts: { congress: number; stamp: string },
): Promise<void> {
  const common = { member_id: null, updated_at: facts.stamp };
  await insertSpeaker(
    trx,
    facts.congress,
    {
      ...common,
      first_name: 'Giulia',
      last_name: 'Ferri',
      fiscal_code: 'FRRGLI75C41F205G',
      profession_code: 1,
      discipline_code: 47,
      employment: 'dipendente',
      role: 'relatore',
      minutes: 90,
      sessions: null,
    },
    facts.stamp,
  );
  await insertSpeaker(
    trx,
    facts.congress,
    {
      ...common,
      first_name: 'Stefano',
      last_name: 'Conti',
      fiscal_code: 'CNTSFN68M12L219F',
      profession_code: 1,
      discipline_code: 5,
      employment: 'libero-professionista',
      role: 'moderatore',
      minutes: null,
      sessions: 2,
    },
    facts.stamp,
  );
}
