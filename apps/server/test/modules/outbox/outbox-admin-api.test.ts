import type { AdminOutboxMessage, AdminPage } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { enqueue } from '../../../src/modules/outbox/outbox.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

describe.each(testEngines())('back office: undelivered mail on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock('2026-11-22') });

  it('shows dead outbox messages without their text, retries one and discards another', async () => {
    const { db } = staff.app.services;
    const now = new Date('2026-11-20T10:00:00Z');
    const ids: number[] = [];
    for (const to of ['uno@example.org', 'due@example.org']) {
      const id = await enqueue(
        db,
        'mail',
        {
          to: [to],
          subject: 'Reimposta la password',
          text: 'https://x/area-riservata-resetpwd?token=SEGRETO',
        },
        now,
      );
      await db
        .updateTable('outbox')
        .set({ status: 'dead', attempts: 20, last_error: 'connessione rifiutata' })
        .where('id', '=', id)
        .execute();
      ids.push(id);
    }
    const dead = await staff.call('GET', '/OutboxMessages');
    expect(dead.statusCode).toBe(200);
    expect(dead.body).not.toContain('SEGRETO');
    const items = (dead.json() as { data: AdminPage<AdminOutboxMessage> }).data.items;
    expect(items.find((item) => item.id === ids[0])).toMatchObject({
      kind: 'mail',
      recipients: 'uno@example.org',
      subject: 'Reimposta la password',
      attempts: 20,
      lastError: 'connessione rifiutata',
    });

    await staff.ok(staff.call('POST', `/OutboxMessages/${ids[0]}/Retry`));
    const retried = await db
      .selectFrom('outbox')
      .selectAll()
      .where('id', '=', ids[0] as number)
      .executeTakeFirstOrThrow();
    expect(['pending', 'sent']).toContain(retried.status);
    expect(retried.last_error).toBeNull();
    // The count starts again from 0 (it was 20); the worker, woken by the retry, may already
    // have claimed the message (one attempt, still pending while it sends) or sent it.
    expect(retried.attempts).toBeLessThanOrEqual(1);
    expect((await staff.call('POST', `/OutboxMessages/${ids[0]}/Retry`)).statusCode).toBe(400);

    await staff.ok(staff.call('DELETE', `/OutboxMessages/${ids[1]}`));
    expect(
      await db
        .selectFrom('outbox')
        .select('id')
        .where('id', '=', ids[1] as number)
        .executeTakeFirst(),
    ).toBeUndefined();
    expect(await staff.lastAudit('outbox')).toMatchObject({
      action: 'scarta',
      entityId: String(ids[1]),
    });
    expect((await staff.call('DELETE', '/OutboxMessages/999999')).statusCode).toBe(404);
  });
});
