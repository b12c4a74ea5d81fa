import { ITALIAN_REGIONS, type SegmentDefinition } from '@sodalis/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../../src/db/schema.js';
import { recordFigure } from '../../helpers/figures.js';
import { createTestApp, fixedClock, testEngines, type TestApp } from '../../helpers/test-app.js';

const TODAY = '2026-06-05';
const MEMBERS = 2000;

/**
 * A segment over 2,000 members (ADR 062): the count equals the recipients read page by page, and
 * both are the members the fixture's pattern puts in it. Member `i` (from 0) lives in the
 * region `i % 20` and, joined in 2024, has paid by `i % 4`: 0 every year (in good standing),
 * 1 up to 2025 (this year's renewal due), 2 all but 2025 (in arrears), 3 nothing (lapsed).
 * The time taken is printed for the ADR, never asserted.
 */
describe.each(testEngines())('a segment over 2,000 members (%s)', (engine) => {
  let testApp: TestApp;
  const db = (): Executor => testApp.app.services.db;

  beforeAll(async () => {
    testApp = await createTestApp(engine, { clock: fixedClock(TODAY) });
    const stamp = `${TODAY}T08:00:00.000Z`;
    for (let start = 0; start < MEMBERS; start += 250) {
      const indexes = Array.from({ length: 250 }, (_, offset) => start + offset);
      const members = await db()
        .insertInto('members')
        .values(
          indexes.map((i) => ({
            email: `socio${String(i).padStart(4, '0')}@example.org`,
            first_name: 'Socio',
            last_name: `N${String(i).padStart(4, '0')}`,
            role: 'socio' as const,
            status: 'active' as const,
            password_hash: null,
            password_changed: 1,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .returning('id')
        .execute();
      await db()
        .insertInto('memberships')
        .values(
          members.map((member, offset) => ({
            member_id: member.id,
            member_number: null,
            kind: 'Socio' as const,
            section: null,
            since_year: 2024,
            codice_fiscale: null,
            qualification: null,
            workplace: null,
            centre: null,
            region: ITALIAN_REGIONS[(start + offset) % 20] ?? null,
            register_number: null,
            ratified_on: null,
            created_at: stamp,
            updated_at: stamp,
          })),
        )
        .execute();
      const paidYears = [[2024, 2025, 2026], [2024, 2025], [2024, 2026], []];
      const dues = members.flatMap((member, offset) =>
        (paidYears[(start + offset) % 4] ?? []).map((year) => ({
          member_id: member.id,
          year,
          status: 'paid' as const,
          amount_cents: 5000,
          method: 'bonifico' as const,
          payment_id: null,
          exempt_reason: null,
          settled_on: `${year}-01-15`,
          created_at: stamp,
          updated_at: stamp,
        })),
      );
      await db().insertInto('dues').values(dues).execute();
    }
  }, 300_000);

  afterAll(async () => {
    await testApp.close();
  });

  it('counts and lists the members in arrears or lapsed in the first ten regions', async () => {
    const definition: SegmentDefinition = {
      combine: 'all',
      groups: [
        {
          combine: 'all',
          conditions: [
            { field: 'dues', year: 2026, standings: ['arrears', 'lapsed'] },
            { field: 'region', regions: ITALIAN_REGIONS.slice(0, 10) },
          ],
        },
      ],
    };
    const expected = Array.from({ length: MEMBERS }, (_, i) => i)
      .filter((i) => i % 4 >= 2 && i % 20 < 10)
      .map((i) => `socio${String(i).padStart(4, '0')}@example.org`);
    // Four in every twenty: 2, 3, 6 and 7.
    expect(expected).toHaveLength(400);
    const segments = testApp.app.services.segments;
    const countStarted = performance.now();
    const count = await segments.count(definition);
    const countMs = performance.now() - countStarted;
    const listStarted = performance.now();
    const emails: string[] = [];
    for await (const person of segments.recipients(definition)) emails.push(person.email);
    const listMs = performance.now() - listStarted;
    const previewStarted = performance.now();
    const preview = await segments.preview(definition);
    const previewMs = performance.now() - previewStarted;
    recordFigure(
      `segmento su ${MEMBERS} soci (${engine}): conteggio ${countMs.toFixed(0)} ms, ` +
        `destinatari ${listMs.toFixed(0)} ms, anteprima ${previewMs.toFixed(0)} ms`,
    );
    expect(count).toBe(400);
    expect(emails).toEqual(expected);
    expect(preview.count).toBe(400);
    expect(preview.sample.map((person) => person.email)).toEqual(expected.slice(0, 10));
  });
});
