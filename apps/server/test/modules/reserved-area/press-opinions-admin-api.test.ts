import type {
  AdminOpinion,
  AdminPage,
  AdminPressReview,
  MemberRole,
  Opinion,
  PressReview,
} from '@sodalis/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

type Issue = { path: string; message: string };

describe.each(testEngines())('back office: press review and opinions on %s', (engine) => {
  const site = staffSite(engine, { clock: fixedClock('2026-11-22'), roles: MEMBER_ROLES });
  const { call, ok, auditOf } = site;

  async function issuesOf(response: Promise<LightMyRequestResponse>): Promise<Issue[]> {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(400);
    return (answer.json() as { error: { issues: Issue[] } }).error.issues;
  }

  const api = memberApi(site);

  async function memberCall<T>(
    role: MemberRole,
    path: string,
    body: Record<string, unknown>,
  ): Promise<T[]> {
    return (await api.page<T>(path, role, body)).items;
  }

  const pressFor = (role: MemberRole, title: string) =>
    memberCall<PressReview>(role, 'SharepointContent/GetRassegneStampa', {
      dataOffset: '50',
      title,
    });

  /** The members' opinion detail (spec §4): `p_ID=` id + 1, page size 1, descending. */
  async function opinionDetail(role: MemberRole, id: number): Promise<Opinion | undefined> {
    const [first] = await memberCall<Opinion>(role, 'ReservedArea/GetPareriCD', {
      dataOffset: '1',
      paginated: true,
      ascending: false,
      orderByFields: 'Datapubblicazione,Ordinamento',
      pagingInfo: `Paged=TRUE&p_ID=${id + 1}`,
    });
    return first?.id === id ? first : undefined;
  }

  it('publishes a press item for Affiliati only: an Affiliato reads it at once, a Socio does not', async () => {
    const created = await ok<AdminPressReview>(
      call('POST', '/PressReviews', {
        headline: 'Donazioni di plasma in crescita nel Nord-Est',
        newspaper: 'Il Gazzettino',
        publishedOn: '2026-11-21',
        url: 'https://www.example.org/articolo-plasma',
        audience: 'affiliato',
      }),
    );
    expect(created).toMatchObject({ audience: 'affiliato', published: true });
    const search = 'plasma in crescita nel nord-est';
    expect(await pressFor('affiliato', search)).toEqual([
      expect.objectContaining({
        id: created.id,
        date: '2026-11-21',
        testata: 'Il Gazzettino',
        headline: 'Donazioni di plasma in crescita nel Nord-Est',
        url: 'https://www.example.org/articolo-plasma',
      }),
    ]);
    expect(await pressFor('socio', search)).toEqual([]);

    const edited = await ok<AdminPressReview>(
      call('PUT', `/PressReviews/${created.id}`, {
        ...created,
        audience: 'all',
        newspaper: 'Il Gazzettino di Venezia',
      }),
    );
    expect(edited.newspaper).toBe('Il Gazzettino di Venezia');
    expect((await pressFor('socio', search)).map((item) => item.testata)).toEqual([
      'Il Gazzettino di Venezia',
    ]);

    await ok(call('PUT', `/PressReviews/${created.id}`, { ...edited, published: false }));
    expect(await pressFor('affiliato', search)).toEqual([]);

    await ok(call('DELETE', `/PressReviews/${created.id}`));
    expect((await call('GET', `/PressReviews/${created.id}`)).statusCode).toBe(404);

    const log = await auditOf('press_review');
    expect(log.map((entry) => entry.action)).toEqual(['elimina', 'modifica', 'modifica', 'crea']);
    expect(log[3]).toMatchObject({
      entityId: String(created.id),
      before: null,
      after: {
        titolo: 'Donazioni di plasma in crescita nel Nord-Est',
        testata: 'Il Gazzettino',
        pubblico: 'Solo Affiliati',
        pubblicato: true,
      },
    });
    expect(log[2]).toMatchObject({
      before: { testata: 'Il Gazzettino', pubblico: 'Solo Affiliati' },
      after: { testata: 'Il Gazzettino di Venezia', pubblico: 'Tutti i soci e gli affiliati' },
    });
    // An edit's entry holds only what changed.
    expect(Object.keys(log[2]?.after ?? {}).sort()).toEqual(['pubblico', 'testata']);
    expect(log[1]).toMatchObject({ before: { pubblicato: true }, after: { pubblicato: false } });
    expect(log[0]).toMatchObject({
      after: null,
      before: { titolo: 'Donazioni di plasma in crescita nel Nord-Est' },
    });
  });

  it('lists the press review with search, filters by audience, published and year, and sorts', async () => {
    const older = await ok<AdminPressReview>(
      call('POST', '/PressReviews', {
        headline: 'Zeta: archivio della rassegna del 2019',
        newspaper: 'Corriere',
        publishedOn: '2019-03-04',
        url: 'http://www.example.org/2019',
        audience: 'socio',
        published: false,
      }),
    );
    const all = await ok<AdminPage<AdminPressReview>>(call('GET', '/PressReviews?perPage=200'));
    const dates = all.items.map((item) => item.publishedOn);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all.total).toBe(all.items.length);

    const in2019 = await ok<AdminPage<AdminPressReview>>(call('GET', '/PressReviews?year=2019'));
    expect(in2019.items.length).toBeGreaterThan(0);
    expect(in2019.items.every((item) => item.publishedOn.startsWith('2019-'))).toBe(true);
    expect(in2019.items.map((item) => item.id)).toContain(older.id);

    const found = await ok<AdminPage<AdminPressReview>>(
      call('GET', '/PressReviews?q=archivio%20della%20rassegna&audience=socio&published=false'),
    );
    expect(found).toEqual({ items: [older], total: 1 });
    const none = await ok<AdminPage<AdminPressReview>>(
      call('GET', '/PressReviews?q=archivio%20della%20rassegna&published=true'),
    );
    expect(none.total).toBe(0);

    const byHeadline = await ok<AdminPage<AdminPressReview>>(
      call('GET', '/PressReviews?sort=headline&order=DESC&perPage=1'),
    );
    expect(byHeadline.items[0]?.id).toBe(older.id);
    const secondPage = await ok<AdminPage<AdminPressReview>>(
      call('GET', '/PressReviews?perPage=2&page=2'),
    );
    expect(secondPage.items.map((item) => item.id)).toEqual(
      all.items.slice(2, 4).map((item) => item.id),
    );
  });

  it('edits an opinion: the members see the new answer at once, line breaks kept, also in the detail', async () => {
    const created = await ok<AdminOpinion>(
      call('POST', '/Opinions', {
        title: 'Parere 21/11/2026 – Conservazione delle piastrine',
        publishedOn: '2026-11-21',
        sortOrder: 3,
        question: 'Per quanto si conservano le piastrine?',
        answer: 'Fino a cinque giorni.\r\nSette con la riduzione dei patogeni.',
        audience: 'socio',
      }),
    );
    expect(created.answer).toBe('Fino a cinque giorni.\nSette con la riduzione dei patogeni.');
    expect((await opinionDetail('socio', created.id))?.risposta).toBe(created.answer);
    expect(await opinionDetail('affiliato', created.id)).toBeUndefined();

    await ok(
      call('PUT', `/Opinions/${created.id}`, {
        ...created,
        answer: 'Cinque giorni.\nSette con la riduzione dei patogeni.\nVedi le linee guida.',
        audience: 'all',
      }),
    );
    const detail = await opinionDetail('affiliato', created.id);
    expect(detail).toMatchObject({
      title: 'Parere 21/11/2026 – Conservazione delle piastrine',
      domanda: 'Per quanto si conservano le piastrine?',
      risposta: 'Cinque giorni.\nSette con la riduzione dei patogeni.\nVedi le linee guida.',
    });
    const list = await memberCall<Opinion>('socio', 'ReservedArea/GetPareriCD', {
      dataOffset: '50',
      title: 'conservazione delle piastrine',
    });
    expect(list.map((item) => item.risposta)).toEqual([detail?.risposta]);

    const log = await auditOf('opinion');
    expect(log.map((entry) => entry.action)).toEqual(['modifica', 'crea']);
    expect(log[1]?.after).toMatchObject({
      titolo: 'Parere 21/11/2026 – Conservazione delle piastrine',
      ordinamento: 3,
      domanda: 'Per quanto si conservano le piastrine?',
      pubblico: 'Solo Soci',
    });
    expect(log[0]).toMatchObject({
      before: {
        risposta: 'Fino a cinque giorni.\nSette con la riduzione dei patogeni.',
        pubblico: 'Solo Soci',
      },
      after: {
        risposta: 'Cinque giorni.\nSette con la riduzione dei patogeni.\nVedi le linee guida.',
        pubblico: 'Tutti i soci e gli affiliati',
      },
    });

    await ok(call('DELETE', `/Opinions/${created.id}`));
    expect(await opinionDetail('socio', created.id)).toBeUndefined();
    expect((await auditOf('opinion'))[0]).toMatchObject({
      action: 'elimina',
      summary: 'Parere spostato nel cestino: Parere 21/11/2026 – Conservazione delle piastrine',
    });
  });

  it('orders opinions of one day by Ordinamento, as the members see them', async () => {
    const make = (sortOrder: number, topic: string) =>
      ok<AdminOpinion>(
        call('POST', '/Opinions', {
          title: `Parere 10/02/2025 – ${topic}`,
          publishedOn: '2025-02-10',
          sortOrder,
          question: 'Domanda?',
          answer: 'Risposta.',
          audience: 'all',
        }),
      );
    const low = await make(1, 'Ordine basso');
    const high = await make(7, 'Ordine alto');
    const members = await memberCall<Opinion>('socio', 'ReservedArea/GetPareriCD', {
      dataOffset: '50',
      years: [2025],
      months: [2],
    });
    const ids = members.map((item) => item.id);
    expect(ids.indexOf(high.id)).toBeLessThan(ids.indexOf(low.id));
    const admin = await ok<AdminPage<AdminOpinion>>(
      call('GET', '/Opinions?year=2025&sort=sortOrder&order=DESC&q=ordine'),
    );
    expect(admin.items.map((item) => item.id)).toEqual([high.id, low.id]);
    expect(admin.items.every((item) => item.publishedOn.startsWith('2025-'))).toBe(true);
  });

  it('refuses bad input with Italian messages (400, never 500)', async () => {
    const entriesBefore =
      (await auditOf('press_review')).length + (await auditOf('opinion')).length;
    expect(
      await issuesOf(
        call('POST', '/PressReviews', {
          headline: ' ',
          publishedOn: '2026-02-30',
          url: 'ftp://example.org/file',
          audience: 'tutti',
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        { path: 'headline', message: 'Campo obbligatorio.' },
        { path: 'newspaper', message: 'Campo obbligatorio.' },
        { path: 'publishedOn', message: 'Indica una data valida (aaaa-mm-gg).' },
        { path: 'url', message: 'Indica un indirizzo web valido (http:// o https://).' },
        { path: 'audience', message: 'Scegli a chi è destinato.' },
      ]),
    );
    expect(
      await issuesOf(
        call('POST', '/PressReviews', {
          headline: 'x'.repeat(301),
          newspaper: 'Testata',
          publishedOn: '2026-01-01',
          url: 'javascript:alert(1)',
          audience: 'all',
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        { path: 'headline', message: 'Testo troppo lungo.' },
        { path: 'url', message: 'Indica un indirizzo web valido (http:// o https://).' },
      ]),
    );

    const wrongDate = await issuesOf(
      call('POST', '/Opinions', {
        title: 'Parere 20/11/2026 – Data sbagliata',
        publishedOn: '2026-11-21',
        question: 'Domanda?',
        answer: 'Risposta.',
        audience: 'all',
      }),
    );
    expect(wrongDate).toEqual([
      {
        path: 'title',
        message:
          'La seconda parola del titolo è la data che i soci vedono: deve essere 21/11/2026, la data di pubblicazione (ad esempio «Parere 21/11/2026 – Argomento»).',
      },
    ]);
    expect(
      await issuesOf(
        call('POST', '/Opinions', {
          title: 'Parere',
          publishedOn: 'ieri',
          sortOrder: -1,
          question: '',
          answer: 'x'.repeat(20_001),
          audience: 'all',
        }),
      ),
    ).toEqual(
      expect.arrayContaining([
        { path: 'publishedOn', message: 'Indica una data valida (aaaa-mm-gg).' },
        { path: 'sortOrder', message: 'Indica un numero intero da 0 a 9999.' },
        { path: 'question', message: 'Campo obbligatorio.' },
        { path: 'answer', message: 'Testo troppo lungo.' },
      ]),
    );
    expect(await issuesOf(call('GET', '/Opinions?year=duemila'))).toEqual([
      { path: 'year', message: 'Anno non valido.' },
    ]);
    expect(await issuesOf(call('GET', '/PressReviews?audience=tutti'))).toHaveLength(1);
    expect((await call('GET', '/Opinions/999999')).statusCode).toBe(404);
    expect(
      (
        await call('PUT', '/PressReviews/999999', {
          headline: 'Titolo',
          newspaper: 'Testata',
          publishedOn: '2026-01-01',
          url: 'https://www.example.org/',
          audience: 'all',
        })
      ).statusCode,
    ).toBe(404);
    expect((await call('DELETE', '/Opinions/999999')).statusCode).toBe(404);
    expect((await call('GET', '/PressReviews/abc')).statusCode).toBe(400);
    // Nothing was written by the refused calls.
    expect((await auditOf('press_review')).length + (await auditOf('opinion')).length).toBe(
      entriesBefore,
    );
  });
});
