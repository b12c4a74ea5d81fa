import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testEngines, type TestApp } from '../../helpers/test-app.js';

/**
 * The outbox runs the jobs their owners give it (ADR 044): every kind ever stored still has a
 * handler, and a payload that does not match its kind's schema is dead at once.
 */
describe.each(testEngines())('outbox jobs supplied by their owners on %s', (engine) => {
  let site: TestApp;

  beforeAll(async () => {
    site = await createTestApp(engine, { outbox: 'manual' });
  });

  afterAll(async () => {
    await site.close();
  });

  async function queued(kind: string, payload: unknown): Promise<number> {
    const row = await site.app.services.db
      .insertInto('outbox')
      .values({
        kind,
        payload_json: JSON.stringify(payload),
        status: 'pending',
        attempts: 0,
        next_attempt_at: new Date(0).toISOString(),
        created_at: new Date(0).toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function rowOf(id: number) {
    return site.app.services.db
      .selectFrom('outbox')
      .select(['status', 'last_error'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  it('has a handler for every kind rows were stored with, and refuses an unknown one', async () => {
    const ids = {
      subscribe: await queued('mailup.subscribe', { subscriptionId: 999_999 }),
      unsubscribe: await queued('mailup.unsubscribe', { subscriptionId: 999_999 }),
      verify: await queued('payment.verify', { paymentId: 999_999 }),
      extract: await queued('search.extract', { attachmentId: 999_999 }),
      unknown: await queued('fax.send', { to: '0612345678' }),
    };
    await site.app.services.outbox.runOnce();
    for (const id of [ids.subscribe, ids.unsubscribe, ids.verify, ids.extract]) {
      expect((await rowOf(id)).last_error ?? '').not.toContain('tipo di messaggio sconosciuto');
    }
    // MailUp is not configured here: its handler, not a missing one, says so.
    expect((await rowOf(ids.subscribe)).last_error).toBe('MailUp non è configurato');
    expect(await rowOf(ids.unknown)).toEqual({
      status: 'dead',
      last_error: 'tipo di messaggio sconosciuto: fax.send',
    });
  });

  it('marks a row whose payload does not match its kind dead at once, without a retry', async () => {
    const id = await queued('mail', { to: 'segreteria@simti.example', subject: 'Senza testo' });
    await site.app.services.outbox.runOnce();
    expect(await rowOf(id)).toEqual({
      status: 'dead',
      last_error: 'contenuto del messaggio illeggibile',
    });
  });
});
