import {
  ecmDisciplineName,
  ecmProfessionName,
  EMPLOYMENT_LABELS,
  SPEAKER_MESSAGES,
  SPEAKER_ROLE_LABELS,
  SPEAKER_ROLES,
  speakerCreditsTenths,
  type EcmSpeaker,
  type EcmSpeakerValues,
  type SpeakerRole,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../../../db/schema.js';
import { AppError } from '../../../../http/app-error.js';
import { codiceFiscaleMatchesName, isValidCodiceFiscale } from '../../../../text/codice-fiscale.js';
import type { Clock } from '../../../../text/dates.js';
import { writeAudit, type Actor } from '../../../admin/audit.js';
import { liveEvent, refusal } from '../../attendance/admin-rules.js';
import { lockEvent } from '../../registrations/repository.js';
import { employmentOf } from '../../registrations/professional-facts.js';
import {
  deleteSpeaker,
  findSpeaker,
  insertSpeaker,
  memberExists,
  speakersOfEvent,
  speakerWithFiscalCode,
  updateSpeaker,
  type SpeakerRow,
  type SpeakerValues,
} from './repository.js';

export interface EcmSpeakersDeps {
  db: Kysely<Database>;
  clock: Clock;
}

const roleOf = (value: string): SpeakerRole =>
  (SPEAKER_ROLES as readonly string[]).includes(value) ? (value as SpeakerRole) : 'docente';

/** A stored speaker as the staff and the report read it (names, never bare codes). */
export function speakerOf(row: SpeakerRow): EcmSpeaker {
  const role = roleOf(row.role);
  const employment = employmentOf(row.employment) ?? 'dipendente';
  return {
    id: row.id,
    eventId: row.event_id,
    memberId: row.member_id,
    firstName: row.first_name,
    lastName: row.last_name,
    fiscalCode: row.fiscal_code,
    fiscalCodeNameMismatch: !codiceFiscaleMatchesName(
      row.fiscal_code,
      row.first_name,
      row.last_name,
    ),
    professionCode: row.profession_code,
    professionName: ecmProfessionName(row.profession_code),
    disciplineCode: row.discipline_code,
    disciplineName: ecmDisciplineName(row.discipline_code),
    employment,
    employmentLabel: EMPLOYMENT_LABELS[employment],
    role,
    roleLabel: SPEAKER_ROLE_LABELS[role],
    minutes: row.minutes,
    sessions: row.sessions,
    credits: speakerCreditsTenths(role, row.minutes, row.sessions) / 10,
    updatedAt: row.updated_at,
  };
}

/** The audit's view of a speaker, in Italian names. */
function auditView(speaker: EcmSpeaker): Record<string, unknown> {
  return {
    nome: speaker.firstName,
    cognome: speaker.lastName,
    'codice fiscale': speaker.fiscalCode,
    professione: `${speaker.professionName} (${speaker.professionCode})`,
    disciplina: `${speaker.disciplineName} (${speaker.disciplineCode})`,
    'condizione lavorativa': speaker.employmentLabel,
    ruolo: speaker.roleLabel,
    minuti: speaker.minutes,
    sessioni: speaker.sessions,
    crediti: speaker.credits,
    socio: speaker.memberId,
  };
}

/**
 * An event's speakers for ECM (ADR 059): entered by the staff under the event's ECM section,
 * each change under the event's lock (one row per codice fiscale, also a unique index) and
 * audited (`event_ecm_speaker`). Independent of any programme of the event: a programme may fill
 * them later through the same service.
 */
export class EcmSpeakers {
  constructor(readonly deps: EcmSpeakersDeps) {}

  /**
   * An event's speakers with everything the Age.Na.S. participants' report needs: name,
   * codice fiscale, profession and discipline codes (with names), employment status, role and the
   * credits their role earns. The report and the certificates read this.
   */
  async ofEvent(eventId: number): Promise<EcmSpeaker[]> {
    await liveEvent(this.deps.db, eventId);
    return (await speakersOfEvent(this.deps.db, eventId)).map(speakerOf);
  }

  async add(actor: Actor, eventId: number, values: EcmSpeakerValues): Promise<EcmSpeaker> {
    return this.write(actor, eventId, null, values);
  }

  async edit(
    actor: Actor,
    eventId: number,
    speakerId: number,
    values: EcmSpeakerValues,
  ): Promise<EcmSpeaker> {
    return this.write(actor, eventId, speakerId, values);
  }

  async remove(actor: Actor, eventId: number, speakerId: number): Promise<void> {
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) throw new AppError('notFound');
      const event = await liveEvent(trx, eventId);
      const before = await findSpeaker(trx, eventId, speakerId);
      if (before === undefined) throw new AppError('notFound');
      await deleteSpeaker(trx, eventId, speakerId);
      const speaker = speakerOf(before);
      await writeAudit(
        trx,
        actor,
        {
          action: 'rimozione docente ECM',
          entity: 'event_ecm_speaker',
          entityId: speakerId,
          summary: `${speaker.roleLabel} ${speaker.firstName} ${speaker.lastName} tolto da «${event.title}»`,
          before: auditView(speaker),
        },
        now,
      );
    });
  }

  private async write(
    actor: Actor,
    eventId: number,
    speakerId: number | null,
    values: EcmSpeakerValues,
  ): Promise<EcmSpeaker> {
    if (!isValidCodiceFiscale(values.fiscalCode)) {
      throw refusal('fiscalCode', SPEAKER_MESSAGES.fiscalCodeWrong);
    }
    const now = this.deps.clock();
    const stamp = now.toISOString();
    return this.deps.db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) throw new AppError('notFound');
      const event = await liveEvent(trx, eventId);
      const before = speakerId === null ? undefined : await findSpeaker(trx, eventId, speakerId);
      if (speakerId !== null && before === undefined) {
        throw new AppError('notFound');
      }
      await checkUnique(trx, eventId, values, speakerId);
      const row: SpeakerValues = {
        member_id: values.memberId,
        first_name: values.firstName,
        last_name: values.lastName,
        fiscal_code: values.fiscalCode,
        profession_code: values.professionCode,
        discipline_code: values.disciplineCode,
        employment: values.employment,
        role: values.role,
        minutes: values.minutes,
        sessions: values.sessions,
        updated_at: stamp,
      };
      const id =
        speakerId === null
          ? await insertSpeaker(trx, eventId, row, stamp)
          : (await updateSpeaker(trx, eventId, speakerId, row), speakerId);
      const saved = await findSpeaker(trx, eventId, id);
      if (saved === undefined) throw new AppError('notFound');
      const after = speakerOf(saved);
      await writeAudit(
        trx,
        actor,
        {
          action: before === undefined ? 'aggiunta docente ECM' : 'modifica docente ECM',
          entity: 'event_ecm_speaker',
          entityId: id,
          summary: `${after.roleLabel} ${after.firstName} ${after.lastName} ${
            before === undefined ? 'aggiunto a' : 'modificato in'
          } «${event.title}»`,
          ...(before === undefined ? {} : { before: auditView(speakerOf(before)) }),
          after: auditView(after),
        },
        now,
      );
      return after;
    });
  }
}

/** One row per person and event; a linked member must exist. */
async function checkUnique(
  trx: Executor,
  eventId: number,
  values: EcmSpeakerValues,
  speakerId: number | null,
): Promise<void> {
  if (await speakerWithFiscalCode(trx, eventId, values.fiscalCode, speakerId)) {
    throw refusal('fiscalCode', SPEAKER_MESSAGES.fiscalCodeTwice);
  }
  if (values.memberId !== null && !(await memberExists(trx, values.memberId))) {
    throw refusal('memberId', SPEAKER_MESSAGES.memberId);
  }
}
