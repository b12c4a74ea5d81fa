import {
  MAX_EVENT_SESSIONS,
  SESSION_MESSAGES,
  type EventSession,
  type EventSessionInput,
  type EventSessions,
  type EventSessionValues,
} from '@sodalis/contracts';
import type { Executor } from '../../../db/schema.js';
import { AppError } from '../../../http/app-error.js';
import { writeAudit, type Actor } from '../../admin/audit.js';
import { romeLocal, storedInstant } from '../../admin/undo.js';
import { findEventAddons, type EventRow } from '../repository.js';
import { liveEvent, refusal } from './admin-rules.js';
import { lockEvent } from '../registrations/repository.js';
import {
  deleteSessionWithoutScans,
  findSession,
  insertSession,
  sessionsOfEvent,
  updateSession,
  type SessionRow,
} from './repository.js';
import type { AttendanceService } from './service.js';

function invalid(path: keyof EventSessionInput, message: string): AppError {
  return refusal(path, message);
}

/** What the audit log shows of a session, under Italian names. */
function auditView(row: Pick<SessionRow, 'name' | 'starts_at' | 'ends_at' | 'addon_id'>) {
  return {
    nome: row.name,
    inizio: romeLocal(row.starts_at),
    fine: romeLocal(row.ends_at),
    servizio: row.addon_id,
  };
}

/**
 * An event's sessions within a day (ADR 054), edited by the staff on "Presenze e attestati":
 * each inside the event's dates, its name once per event, restricted at most to one of the
 * event's add-ons; audited. Saves take the event's lock, so two staff saving the same name
 * at once save it once.
 */
export class SessionsAdmin {
  constructor(private readonly attendance: AttendanceService) {}

  private get db() {
    return this.attendance.deps.db;
  }

  async list(eventId: number): Promise<EventSessions> {
    await liveEvent(this.db, eventId);
    const [sessions, addons] = await Promise.all([
      sessionsOfEvent(this.db, eventId),
      findEventAddons(this.db, [eventId]),
    ]);
    return {
      sessions: sessions.map((row) => ({
        id: row.id,
        eventId: row.event_id,
        name: row.name,
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        addonId: row.addon_id,
        addonName: row.addon_name,
        scans: Number(row.scans ?? 0),
      })),
      addons: addons.map((addon) => ({ id: addon.id, name: addon.name })),
    };
  }

  private async one(eventId: number, id: number): Promise<EventSession> {
    const session = (await this.list(eventId)).sessions.find((row) => row.id === id);
    if (session === undefined) throw new AppError('notFound');
    return session;
  }

  /** The rules beyond the schema: the event's dates, the name once, the event's add-on. */
  private async checked(
    trx: Executor,
    event: EventRow,
    input: EventSessionValues,
    sessionId: number | null,
  ) {
    const values = {
      name: input.name,
      starts_at: storedInstant(input.startsAt) ?? '',
      ends_at: storedInstant(input.endsAt) ?? '',
      addon_id: input.addonId,
    };
    if (values.starts_at < event.starts_at) {
      throw invalid('startsAt', SESSION_MESSAGES.startBeforeEvent);
    }
    if (values.ends_at > event.ends_at) throw invalid('endsAt', SESSION_MESSAGES.endAfterEvent);
    const others = (await sessionsOfEvent(trx, event.id)).filter((row) => row.id !== sessionId);
    const folded = (name: string) => name.toLocaleLowerCase('it');
    if (others.some((row) => folded(row.name) === folded(input.name))) {
      throw invalid('name', SESSION_MESSAGES.nameTwice);
    }
    if (sessionId === null && others.length >= MAX_EVENT_SESSIONS) {
      throw invalid('name', SESSION_MESSAGES.tooMany);
    }
    if (input.addonId !== null) {
      const addons = await findEventAddons(trx, [event.id]);
      if (!addons.some((addon) => addon.id === input.addonId)) {
        throw invalid('addonId', SESSION_MESSAGES.addon);
      }
    }
    return values;
  }

  async create(actor: Actor, eventId: number, input: EventSessionValues): Promise<EventSession> {
    const now = this.attendance.now();
    const id = await this.db.transaction().execute(async (trx) => {
      if (!(await lockEvent(trx, eventId))) throw new AppError('notFound');
      const event = await liveEvent(trx, eventId);
      const values = await this.checked(trx, event, input, null);
      const stamp = now.toISOString();
      const created = await insertSession(trx, {
        ...values,
        event_id: eventId,
        created_at: stamp,
        updated_at: stamp,
      });
      await writeAudit(
        trx,
        actor,
        {
          action: 'aggiunge sessione',
          entity: 'event_session',
          entityId: created,
          summary: `Sessione «${values.name}» di «${event.title}» aggiunta`,
          after: auditView(values),
        },
        now,
      );
      return created;
    });
    return this.one(eventId, id);
  }

  async update(actor: Actor, sessionId: number, input: EventSessionValues): Promise<EventSession> {
    const now = this.attendance.now();
    const eventId = await this.db.transaction().execute(async (trx) => {
      const before = await findSession(trx, sessionId);
      if (before === undefined || !(await lockEvent(trx, before.event_id))) {
        throw new AppError('notFound');
      }
      const event = await liveEvent(trx, before.event_id);
      const values = await this.checked(trx, event, input, sessionId);
      await updateSession(trx, sessionId, { ...values, updated_at: now.toISOString() });
      await writeAudit(
        trx,
        actor,
        {
          action: 'modifica sessione',
          entity: 'event_session',
          entityId: sessionId,
          summary: `Sessione «${values.name}» di «${event.title}» modificata`,
          before: auditView(before),
          after: auditView(values),
        },
        now,
      );
      return event.id;
    });
    return this.one(eventId, sessionId);
  }

  /** Deletes a session without scans (a scan's session is never lost, ADR 054). */
  async remove(actor: Actor, sessionId: number): Promise<void> {
    const now = this.attendance.now();
    await this.db.transaction().execute(async (trx) => {
      const before = await findSession(trx, sessionId);
      if (before === undefined) throw new AppError('notFound');
      if (!(await deleteSessionWithoutScans(trx, sessionId))) {
        throw new AppError('stateConflict', [{ path: 'id', message: SESSION_MESSAGES.hasScans }]);
      }
      await writeAudit(
        trx,
        actor,
        {
          action: 'elimina sessione',
          entity: 'event_session',
          entityId: sessionId,
          summary: `Sessione «${before.name}» eliminata`,
          before: auditView(before),
        },
        now,
      );
    });
  }
}
