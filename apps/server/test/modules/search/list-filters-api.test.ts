import type { AdminRecommendation } from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { makeDemoPdf } from '../../../src/db/seed/demo-pdf.js';
import { memberApi, MEMBER_ROLES } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

// The reserved lists' text filter reads the site search's index (ADR 025): the spec's request
// and answer (§3 `title`, keyset tokens of ADR 003) are unchanged; the words are Italian-aware.
const TODAY = '2026-11-22';

describe.each(testEngines())('reserved lists filtered through the search index on %s', (engine) => {
  // The outbox runs when the test says: what a save queued is seen before it is read.
  const site = staffSite(engine, {
    clock: fixedClock(TODAY),
    roles: MEMBER_ROLES,
    outbox: 'manual',
  });
  const { call, ok } = site;
  const member = memberApi(site);

  async function recommendation(title: string, publishedOn: string, extra: object = {}) {
    return ok<AdminRecommendation>(
      call('POST', '/Recommendations', {
        title,
        publishedOn,
        sourceName: null,
        sourceUrl: null,
        audience: 'all',
        published: true,
        newAttachments: [],
        keptAttachmentIds: [],
        ...extra,
      }),
    );
  }

  const ids = async (path: string, role: (typeof MEMBER_ROLES)[number], body: object, size = 50) =>
    (await member.walk(path, role, { ...body }, () => size)).flat().map((item) => item.id);

  it('finds the inflected and accented words, pages them stably, and keeps the audience', async () => {
    const created: { id: number; publishedOn: string }[] = [];
    for (let index = 0; index < 9; index += 1) {
      // Two on each date, so the id breaks ties in the order.
      const publishedOn = `2025-0${1 + Math.floor(index / 2)}-15`;
      const item = await recommendation(
        `Raccomandazione ${index + 1} sulla trasfusione di plasma iperimmune`,
        publishedOn,
      );
      created.push({ id: item.id, publishedOn });
    }
    const reserved = await recommendation(
      'Trasfusione di plasma iperimmune: nota per gli affiliati',
      '2025-03-01',
      { audience: 'affiliato' },
    );
    await recommendation('Conservazione delle piastrine', '2025-02-01');
    const expected = [...created]
      .sort((a, b) =>
        a.publishedOn === b.publishedOn ? b.id - a.id : a.publishedOn < b.publishedOn ? 1 : -1,
      )
      .map((item) => item.id);

    const path = 'ReservedArea/GetRaccomandazioni';
    // Plural for singular, capitals and accents: the same items.
    for (const title of ['trasfusioni iperimmuni', 'TRASFUSIONE IPERIMMUNE', 'trasfusiòne plasmi'])
      expect(await ids(path, 'socio', { title })).toEqual(expected);
    // Each page once, in the list's order, whatever the page size.
    for (const size of [1, 2, 4])
      expect(await ids(path, 'socio', { title: 'iperimmuni' }, size)).toEqual(expected);
    // Ascending and by title too: the tokens carry the order, the filter stays the same.
    expect(await ids(path, 'socio', { title: 'iperimmuni', ascending: true }, 3)).toEqual(
      [...expected].reverse(),
    );
    const byTitle = await ids(
      path,
      'socio',
      { title: 'iperimmuni', orderByFields: 'Title', ascending: true },
      2,
    );
    expect([...byTitle].sort()).toEqual([...expected].sort());
    // A record of another audience is never listed, though its words match.
    expect(await ids(path, 'socio', { title: 'iperimmuni' })).not.toContain(reserved.id);
    expect(await ids(path, 'affiliato', { title: 'iperimmuni' })).toContain(reserved.id);
    // Words of the filter must all be there.
    expect(await ids(path, 'socio', { title: 'piastrine iperimmune' })).toEqual([]);
  });

  it('finds a record by the text of its PDF once the outbox has read it', async () => {
    const created = await recommendation('Documento di consenso', '2025-05-05', {
      newAttachments: [
        {
          fileName: 'consenso.pdf',
          content: Buffer.from(
            await makeDemoPdf('Consenso', ['Uso appropriato del crioprecipitato in chirurgia.']),
          ).toString('base64'),
        },
      ],
    });
    await site.app.services.outbox.runOnce();
    expect(
      await ids('ReservedArea/GetRaccomandazioni', 'socio', { title: 'crioprecipitati' }),
    ).toEqual([created.id]);
    await ok(call('DELETE', `/Recommendations/${created.id}`));
    expect(
      await ids('ReservedArea/GetRaccomandazioni', 'socio', { title: 'crioprecipitati' }),
    ).toEqual([]);
  });

  it.each([
    'ReservedArea/GetRaccomandazioni',
    'ReservedArea/GetAssemblee',
    'ReservedArea/GetPareriCD',
    'SharepointContent/GetRassegneStampa',
    'ReservedArea/GetRiviste',
    'ReservedArea/GetArticoliRiviste',
    'SharepointContent/GetArticoli',
  ])('%s answers every odd filter with a list, never an error', async (path) => {
    for (const title of [
      '*',
      '"',
      'NEAR',
      'AND',
      '(',
      'piastrine AND (',
      '"trasfusione',
      'a*b"c"',
      '\u0001\u0007x',
      // NUL and lone surrogates, which PostgreSQL refuses in a text: never sent to it.
      '\u0000',
      'piastrine\u0000plasma',
      '\uD800',
      'plasma \uDC00\uD800 piastrine',
      'x'.repeat(200),
      'NOT -x OR y',
      'di',
      '%',
      '_',
    ]) {
      // The bulletin's articles are listed per issue (spec §7): any title will do.
      const issue = path.endsWith('GetArticoliRiviste') ? { riviste: ['Un numero'] } : {};
      const response = await member.post(path, 'socio', { paginated: true, title, ...issue });
      expect(response.statusCode, `${title}: ${response.body}`).toBe(200);
    }
  });

  it('answers a too long filter with the Italian message of the list filter', async () => {
    const response = await member.post('ReservedArea/GetRaccomandazioni', 'socio', {
      title: 'x'.repeat(201),
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('title può contenere al massimo 200 caratteri.');
  });

  it('filters the opinions by their question and answer, the press review by its headline', async () => {
    const opinion = await ok<{ id: number }>(
      call('POST', '/Opinions', {
        title: 'Parere 21/11/2026 – Emocomponenti',
        publishedOn: '2026-11-21',
        sortOrder: 1,
        question: 'Si possono irradiare gli emocomponenti pediatrici?',
        answer: 'Sì, con le cautele indicate.',
        audience: 'all',
      }),
    );
    expect(
      await ids('ReservedArea/GetPareriCD', 'socio', { title: 'irradiare neonatali' }),
    ).toEqual([]);
    expect(
      await ids('ReservedArea/GetPareriCD', 'socio', { title: 'irradiare pediatrici' }),
    ).toEqual([opinion.id]);
    const review = await ok<{ id: number }>(
      call('POST', '/PressReviews', {
        headline: 'Le donazioni di midollo osseo crescono in Umbria',
        newspaper: 'Il Messaggero',
        publishedOn: '2026-11-20',
        url: 'https://www.example.org/midollo',
        audience: 'all',
      }),
    );
    expect(
      await ids('SharepointContent/GetRassegneStampa', 'socio', { title: 'donazione midollo' }),
    ).toEqual([review.id]);
  });
});
