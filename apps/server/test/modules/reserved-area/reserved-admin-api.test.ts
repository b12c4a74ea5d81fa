import type {
  AdminAssembly,
  AdminAuditEntry,
  AdminPage,
  AdminRecommendation,
  MemberRole,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';
import { minimalPdf } from '../../helpers/pdf-corpus.js';

const PDF = minimalPdf('verbale').toString('base64');

describe.each(testEngines())('back office: recommendations and assemblies on %s', (engine) => {
  const site = staffSite(engine, { clock: fixedClock('2026-11-22'), roles: MEMBER_ROLES });
  const { call, ok } = site;

  const api = memberApi(site);

  async function titlesFor(
    role: MemberRole,
    path: string,
    body: Record<string, unknown>,
  ): Promise<string[]> {
    const { items } = await api.page<{ title: string }>(`ReservedArea/${path}`, role, {
      dataOffset: '50',
      ...body,
    });
    return items.map((item) => item.title);
  }

  it('adds an assembly document for Affiliati: an Affiliato sees it at once, a Socio does not', async () => {
    const created = await ok<AdminAssembly>(
      call('POST', '/Assemblies', {
        title: 'Assemblea straordinaria dei tecnici',
        heldOn: '2026-11-20',
        place: 'Bologna',
        territory: 'Nazionali',
        section: null,
        audience: 'affiliato',
        newAttachments: [{ fileName: 'verbale.pdf', content: PDF }],
      }),
    );
    expect(created).toMatchObject({ audience: 'affiliato', published: true, place: 'Bologna' });
    expect(created.attachments.map((file) => file.fileName)).toEqual(['verbale.pdf']);
    const body = { territorio: 'Nazionali', title: 'straordinaria dei tecnici' };
    expect(await titlesFor('affiliato', 'GetAssemblee', body)).toEqual([
      'Assemblea straordinaria dei tecnici',
    ]);
    expect(await titlesFor('socio', 'GetAssemblee', body)).toEqual([]);

    await ok(
      call('PUT', `/Assemblies/${created.id}`, {
        ...created,
        audience: 'all',
        keptAttachmentIds: [created.attachments[0]?.id],
      }),
    );
    expect(await titlesFor('socio', 'GetAssemblee', body)).toEqual([
      'Assemblea straordinaria dei tecnici',
    ]);

    await ok(call('DELETE', `/Assemblies/${created.id}`));
    expect(await titlesFor('affiliato', 'GetAssemblee', body)).toEqual([]);
    const log = await ok<AdminPage<AdminAuditEntry>>(call('GET', '/AuditLog?entity=assembly'));
    expect(log.items.map((entry) => entry.action)).toEqual(['elimina', 'modifica', 'crea']);
    expect(log.items[1]).toMatchObject({
      before: { pubblico: 'Solo Affiliati' },
      after: { pubblico: 'Tutti i soci e gli affiliati' },
    });
    expect(log.items.map((entry) => entry.summary)).toEqual(
      ['spostata nel cestino', 'modificata', 'creata'].map(
        (done) => `Assemblea ${done}: Assemblea straordinaria dei tecnici`,
      ),
    );
    expect(log.items[2]?.after).toEqual({
      titolo: 'Assemblea straordinaria dei tecnici',
      data: '2026-11-20',
      luogo: 'Bologna',
      territorio: 'Nazionali',
      sezione: null,
      pubblico: 'Solo Affiliati',
      pubblicata: true,
      pubblicazioneProgrammata: null,
      allegati: ['verbale.pdf'],
    });
  });

  it('creates, filters and unpublishes recommendations', async () => {
    const created = await ok<AdminRecommendation>(
      call('POST', '/Recommendations', {
        title: 'Raccomandazioni di prova sugli emocomponenti irradiati',
        publishedOn: '2026-11-21',
        sourceName: 'SIMTI',
        sourceUrl: 'https://www.simti.it/',
        audience: 'socio',
      }),
    );
    const body = { title: 'prova sugli emocomponenti irradiati' };
    expect(await titlesFor('socio', 'GetRaccomandazioni', body)).toEqual([created.title]);
    expect(await titlesFor('affiliato', 'GetRaccomandazioni', body)).toEqual([]);
    const forSoci = await ok<AdminPage<AdminRecommendation>>(
      call('GET', '/Recommendations?audience=socio&perPage=200'),
    );
    expect(forSoci.items.every((item) => item.audience === 'socio')).toBe(true);
    expect(forSoci.items.map((item) => item.id)).toContain(created.id);

    await ok(call('PUT', `/Recommendations/${created.id}`, { ...created, published: false }));
    expect(await titlesFor('socio', 'GetRaccomandazioni', body)).toEqual([]);
    const unpublished = await ok<AdminPage<AdminRecommendation>>(
      call('GET', '/Recommendations?published=false'),
    );
    expect(unpublished.items.map((item) => item.id)).toContain(created.id);
  });

  it('refuses bad input with Italian messages', async () => {
    const bad = await call('POST', '/Assemblies', {
      title: 'x',
      heldOn: '2026-13-01',
      territory: 'Provinciali',
      section: 'Medici',
      audience: 'tutti',
    });
    expect(bad.statusCode).toBe(400);
    const issues = (bad.json() as { error: { issues: { path: string; message: string }[] } }).error
      .issues;
    expect(issues).toEqual(
      expect.arrayContaining([
        { path: 'heldOn', message: 'Indica una data valida (aaaa-mm-gg).' },
        { path: 'territory', message: 'Scegli nazionale o regionale.' },
        { path: 'section', message: 'Sezione non valida.' },
        { path: 'audience', message: 'Scegli a chi è destinato.' },
      ]),
    );
    expect((await call('GET', '/Recommendations/999999')).statusCode).toBe(404);
    expect((await call('DELETE', '/Assemblies/999999')).statusCode).toBe(404);
  });
});
