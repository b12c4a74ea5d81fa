import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { openDatabase } from '../src/db/database.js';
import { signedIn } from '../src/modules/accounts/credentials.js';
import { findMemberById, insertMember } from '../src/modules/accounts/repository.js';
import { loadJwtSecret, SessionTokens } from '../src/security/session-tokens.js';
import { startDemoServer, stop } from './processes.js';

/** The congress's opening minute (issue of the events, ADR 049): people and places. */
const PEOPLE = 500;
const PLACES = 300;
const STAMP = '2026-01-01T00:00:00.000Z';
/** A member session's life in seconds, as the server gives it (spec §3: 12 hours). */
const SESSION_SECONDS = 12 * 3600;

function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * fraction) - 1)] ?? 0;
}

/**
 * Registrations opening on the demo server (SQLite, one process): an event of 300 places and
 * 500 people signed in, who all send the form at once. Reports the spike's time, p50 and p99
 * of the answers, and checks no place was given twice. Only reported: no goal, no ratio.
 */
export async function measureRegistrationSpike(
  work: string,
  children: ChildProcess[],
): Promise<void> {
  fs.mkdirSync(work, { recursive: true });
  const first = await startDemoServer(work, children);
  await stop(first.server);
  const dataDir = path.join(work, 'data');
  const database = openDatabase({ databaseUrl: null, dataDir, logger: pino({ enabled: false }) });
  const tokens: string[] = [];
  let eventId = 0;
  let typeId = 0;
  try {
    const { db } = database;
    const sessions = new SessionTokens(
      loadJwtSecret(null, dataDir),
      () => new Date(),
      SESSION_SECONDS,
    );
    const event = await db
      .insertInto('events')
      .values({
        title: 'Congresso della prova di carico',
        title_search: 'congresso della prova di carico',
        starts_at: new Date(Date.now() + 60 * 86_400_000).toISOString(),
        ends_at: new Date(Date.now() + 62 * 86_400_000).toISOString(),
        mode: 'in-presenza',
        venue_name: 'Centro congressi',
        venue_address: null,
        venue_city: 'Bologna',
        online_url: null,
        description_html: '',
        organisers: null,
        ecm_credits: 0,
        registration_opens_at: null,
        registration_closes_at: null,
        places: PLACES,
        published: 1,
        created_at: STAMP,
        updated_at: STAMP,
        early_bird_until: null,
        onsite_from: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    eventId = event.id;
    const type = await db
      .insertInto('event_registration_types')
      .values({
        event_id: eventId,
        position: 0,
        name: 'Ordinaria',
        description: null,
        eligibility: 'tutti',
        member_roles: '',
        access_code: null,
        early_cents: null,
        standard_cents: 20_000,
        onsite_cents: null,
        places: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    typeId = type.id;
    for (let index = 0; index < PEOPLE; index += 1) {
      const id = await insertMember(
        db,
        {
          email: `carico${index}@example.org`,
          firstName: 'Persona',
          lastName: `N${index}`,
          role: 'socio',
        },
        STAMP,
      );
      const member = await findMemberById(db, id);
      if (member === undefined) throw new Error('account non trovato');
      tokens.push((await signedIn(db, sessions, member)).token ?? '');
    }
  } finally {
    await database.close();
  }
  const { server, serverUrl } = await startDemoServer(work, children);
  try {
    const url = `${serverUrl}/api/v1/Events/${eventId}/Registrations`;
    const started = performance.now();
    const answers = await Promise.all(
      tokens.map(async (token, index) => {
        const sent = performance.now();
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ typeId, requestKey: `carico-${String(index).padStart(16, '0')}` }),
        });
        const body = (await response.json()) as { data?: { registration: { state: string } } };
        return {
          status: response.status,
          state: body.data?.registration.state ?? null,
          ms: performance.now() - sent,
        };
      }),
    );
    const totalMs = performance.now() - started;
    const times = answers.map((answer) => answer.ms).sort((a, b) => a - b);
    const held = answers.filter((answer) => answer.state === 'awaiting_payment').length;
    const waiting = answers.filter((answer) => answer.state === 'waiting').length;
    const failed = answers.filter((answer) => answer.status !== 201).length;
    console.log(
      `Iscrizioni all'apertura: ${PEOPLE} richieste insieme per ${PLACES} posti in ${(totalMs / 1000).toFixed(2)} s; p50 ${percentile(times, 0.5).toFixed(0)} ms, p99 ${percentile(times, 0.99).toFixed(0)} ms; ${held} posti, ${waiting} in lista d'attesa, ${failed} risposte non 201 (${held === PLACES && waiting === PEOPLE - PLACES && failed === 0 ? 'OK' : 'ERRATO'})`,
    );
  } finally {
    await stop(server);
  }
}
