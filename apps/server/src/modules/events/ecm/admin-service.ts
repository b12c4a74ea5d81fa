import {
  ECM_MESSAGES,
  ECM_TYPES,
  type EcmChecklistItem,
  type EcmType,
  type EventEcm,
  type EventEcmValues,
} from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.js';
import type { Clock } from '../../../text/dates.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import { liveEvent, refusal } from '../attendance/admin-rules.js';
import type { EventRow } from '../repository.js';
import { lockEvent } from '../registrations/repository.js';
import { AppError } from '../../../http/app-error.js';
import { ecmReference, isProfessionCode, professionOfDiscipline } from './reference/lists.js';
import { learningTestChecklistItem } from './learning-test/admin-service.js';
import { findEcm, saveEcm, type EcmRow } from './repository.js';

export interface EcmDeps {
  db: Kysely<Database>;
  clock: Clock;
}

const numbers = (json: string): number[] => JSON.parse(json) as number[];
const texts = (json: string): string[] => JSON.parse(json) as string[];

/** A stored row as the contracts' values. */
export function ecmValuesOf(row: EcmRow): EventEcmValues {
  return {
    providerCode: row.provider_code,
    eventCode: row.event_code,
    edition: row.edition,
    type: (ECM_TYPES as readonly string[]).includes(row.ecm_type)
      ? (row.ecm_type as EcmType)
      : 'residenziale',
    credits: row.credits_tenths === null ? null : row.credits_tenths / 10,
    professions: numbers(row.professions),
    disciplines: numbers(row.disciplines),
    attendanceThreshold: row.attendance_threshold,
    passMark: row.pass_mark,
    attempts: row.attempts,
    sponsors: texts(row.sponsors),
  };
}

/**
 * What the event misses before it can award credits (ADR 056), one line each: the flag on the
 * event, Age.Na.S.'s codes, the credits, and at least one profession each with a discipline.
 */
export function ecmChecklist(event: EventRow, values: EventEcmValues | null): EcmChecklistItem[] {
  const professions = values?.professions ?? [];
  const disciplines = values?.disciplines ?? [];
  const covered = new Set(disciplines.map((code) => professionOfDiscipline(code)));
  return [
    { key: 'flag', label: 'Evento segnato «Crediti ECM previsti»', done: event.ecm_credits === 1 },
    {
      key: 'providerCode',
      label: 'Codice provider',
      done: (values?.providerCode ?? null) !== null,
    },
    { key: 'eventCode', label: 'Codice evento ECM', done: (values?.eventCode ?? null) !== null },
    { key: 'credits', label: 'Crediti assegnati', done: (values?.credits ?? null) !== null },
    {
      key: 'professions',
      label: 'Almeno una professione accreditata',
      done: professions.length > 0,
    },
    {
      key: 'disciplines',
      label: 'Almeno una disciplina per ogni professione accreditata',
      done: professions.length > 0 && professions.every((code) => covered.has(code)),
    },
  ];
}

/** What the audit log shows of the ECM data, under Italian names. */
function auditView(values: EventEcmValues) {
  return {
    codice_provider: values.providerCode,
    codice_evento: values.eventCode,
    edizione: values.edition,
    tipologia: values.type,
    crediti: values.credits,
    professioni: values.professions.join(', '),
    discipline: values.disciplines.join(', '),
    soglia_presenza: values.attendanceThreshold,
    soglia_test: values.passMark,
    tentativi: values.attempts,
    sponsor: values.sponsors.join(', '),
  };
}

/** The codes' rules beyond the schema: in the national lists, each discipline of a profession. */
function checkCodes(values: EventEcmValues): void {
  if (!values.professions.every(isProfessionCode)) {
    throw refusal('professions', ECM_MESSAGES.unknownProfession);
  }
  const chosen = new Set(values.professions);
  for (const code of values.disciplines) {
    const profession = professionOfDiscipline(code);
    if (profession === undefined) throw refusal('disciplines', ECM_MESSAGES.unknownDiscipline);
    if (!chosen.has(profession)) {
      throw refusal('disciplines', ECM_MESSAGES.disciplineWithoutProfession);
    }
  }
}

/**
 * An event's ECM data for the staff (ADR 056): read with its checklist and the national lists,
 * saved under the event's lock and audited (`event_ecm`).
 */
export class EcmAdmin {
  constructor(readonly deps: EcmDeps) {}

  async get(eventId: number): Promise<EventEcm> {
    const event = await liveEvent(this.deps.db, eventId);
    const row = await findEcm(this.deps.db, eventId);
    const values = row === undefined ? null : ecmValuesOf(row);
    // The learning test's line joins the checklist (ADR 057).
    const checklist = [
      ...ecmChecklist(event, values),
      await learningTestChecklistItem(this.deps.db, eventId),
    ];
    return {
      eventId,
      title: event.title,
      ecmCredits: event.ecm_credits === 1,
      values,
      checklist,
      ready: checklist.every((item) => item.done),
      updatedAt: row?.updated_at ?? null,
      reference: ecmReference(),
    };
  }

  async save(actor: Actor, eventId: number, values: EventEcmValues): Promise<EventEcm> {
    checkCodes(values);
    const now = this.deps.clock();
    await this.deps.db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) throw new AppError('notFound');
      const event = await liveEvent(trx, eventId);
      const before = await findEcm(trx, eventId);
      const stamp = now.toISOString();
      await saveEcm(
        trx,
        {
          event_id: eventId,
          provider_code: values.providerCode,
          event_code: values.eventCode,
          edition: values.edition,
          ecm_type: values.type,
          credits_tenths: values.credits === null ? null : Math.round(values.credits * 10),
          professions: JSON.stringify(values.professions),
          disciplines: JSON.stringify(values.disciplines),
          attendance_threshold: values.attendanceThreshold,
          pass_mark: values.passMark,
          attempts: values.attempts,
          sponsors: JSON.stringify(values.sponsors),
          created_at: before?.created_at ?? stamp,
          updated_at: stamp,
        },
        before !== undefined,
      );
      await writeAudit(
        trx,
        actor,
        {
          action: 'modifica dati ECM',
          entity: 'event_ecm',
          entityId: eventId,
          summary: `Dati ECM di «${event.title}» salvati`,
          ...(before === undefined ? {} : { before: auditView(ecmValuesOf(before)) }),
          after: auditView(values),
        },
        now,
      );
    });
    return this.get(eventId);
  }
}
