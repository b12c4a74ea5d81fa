import type {
  AdminCommunicationPreferences,
  CommunicationPreference,
  MemberRole,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { accountIdOf } from '../../helpers/member-api.js';
import { ok, staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

/** Who receives what, category by category, as the profile shows it. */
const subscribedOf = (preferences: CommunicationPreference[]) =>
  Object.fromEntries(preferences.map((item) => [item.code, item.subscribed]));

describe.each(testEngines())(
  'communication categories and one-click unsubscribe on %s',
  (engine) => {
    const site = staffSite(engine, {
      clock: fixedClock('2026-12-07'),
      roles: ['socio', 'affiliato', 'partecipante'],
    });
    const services = () => site.app.services;
    const own = (method: 'GET' | 'PUT', role: MemberRole | null, payload?: object) =>
      site.app.inject({
        method,
        url: '/api/v1/ReservedArea/CommunicationPreferences',
        ...(payload === undefined ? {} : { payload }),
        headers: role === null ? {} : { authorization: `Bearer ${site.tokens[role]}` },
      });
    const pathOf = (url: string) => new URL(url).pathname;
    const choicesRows = (memberId: number) =>
      services()
        .db.selectFrom('communication_choices')
        .selectAll()
        .where('member_id', '=', memberId)
        .execute();

    it('gives every account the defaults: opt-out categories on, consent ones off', async () => {
      expect((await own('GET', null)).statusCode).toBe(401);
      for (const role of ['socio', 'partecipante'] as const) {
        const preferences = await ok<CommunicationPreference[]>(own('GET', role));
        expect(subscribedOf(preferences)).toEqual({
          istituzionali: true,
          'newsletter-scientifica': true,
          'promozione-eventi': true,
          'iniziative-terzi': false,
        });
        expect(preferences.find((item) => item.code === 'istituzionali')).toMatchObject({
          changeable: false,
          changedAt: null,
        });
        expect(preferences[0]?.legalBasisText).toContain('art. 6, par. 1, lett. b, GDPR');
      }
      const choices = services().communicationChoices;
      const socio = await accountIdOf(site.app, 'socio.demo@example.org');
      expect(await choices.mayReceive({ memberId: socio }, 'iniziative-terzi')).toBe(false);
      expect(await choices.mayReceive({ memberId: socio }, 'newsletter-scientifica')).toBe(true);
    });

    it('saves the profile form as posted without scripts, keeps its history and refuses the institutional', async () => {
      const affiliato = await accountIdOf(site.app, 'affiliato.demo@example.org');
      // A form posts only its ticked boxes: the newsletter missing is the newsletter off.
      const saved = await ok<CommunicationPreference[]>(
        own('PUT', 'affiliato', {
          categories: { istituzionali: 'on', 'promozione-eventi': 'on', 'iniziative-terzi': 'on' },
        }),
      );
      expect(subscribedOf(saved)).toEqual({
        istituzionali: true,
        'newsletter-scientifica': false,
        'promozione-eventi': true,
        'iniziative-terzi': true,
      });
      expect(saved.find((item) => item.code === 'iniziative-terzi')).toMatchObject({
        changedBy: 'profilo',
        changedAt: '2026-12-07T12:00:00.000Z',
      });
      // Only what changed is written: two rows, two history entries.
      expect((await choicesRows(affiliato)).map((row) => row.category).sort()).toEqual([
        'iniziative-terzi',
        'newsletter-scientifica',
      ]);
      const record = await ok<AdminCommunicationPreferences>(
        site.call('GET', `/Members/${affiliato}/CommunicationPreferences`),
      );
      expect(
        record.history.map((change) => [change.code, change.subscribed, change.channel]),
      ).toEqual(
        expect.arrayContaining([
          ['newsletter-scientifica', false, 'profilo'],
          ['iniziative-terzi', true, 'profilo'],
        ]),
      );
      expect(record.history).toHaveLength(2);

      const institutional = await own('PUT', 'affiliato', {
        categories: { istituzionali: 'off' },
      });
      expect(institutional.statusCode).toBe(400);
      expect(institutional.json()).toMatchObject({
        error: {
          issues: [
            {
              path: 'categories.istituzionali',
              message:
                'Le «Comunicazioni istituzionali» non si possono disattivare finché si è soci.',
            },
          ],
        },
      });
      const unknown = await own('PUT', 'affiliato', { categories: { sondaggi: 'on' } });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json()).toMatchObject({
        error: {
          issues: [
            { path: 'categories.sondaggi', message: 'Categoria di comunicazione sconosciuta.' },
          ],
        },
      });
      const malformed = await own('PUT', 'affiliato', { categories: 'tutte' });
      expect(malformed.statusCode).toBe(400);
      expect(JSON.stringify(malformed.json())).toContain('categories');
    });

    it('answers who may receive a category, one by one and in bulk', async () => {
      const choices = services().communicationChoices;
      const socio = await accountIdOf(site.app, 'socio.demo@example.org');
      const affiliato = await accountIdOf(site.app, 'affiliato.demo@example.org');
      const partecipante = await accountIdOf(site.app, 'partecipante.demo@example.org');
      const everyone = [socio, affiliato, partecipante, socio];
      // affiliato left the newsletter and took third parties' initiatives (the test above).
      expect(
        [...(await choices.membersWhoMayReceive(everyone, 'newsletter-scientifica'))].sort(),
      ).toEqual([socio, partecipante].sort());
      expect([...(await choices.membersWhoMayReceive(everyone, 'iniziative-terzi'))]).toEqual([
        affiliato,
      ]);
      // Nobody leaves the institutional category.
      expect((await choices.membersWhoMayReceive(everyone, 'istituzionali')).size).toBe(3);
      expect(
        await choices.mayReceive(
          { email: 'AFFILIATO.demo@example.org ' },
          'newsletter-scientifica',
        ),
      ).toBe(false);
      // Many ids at once (past one query's chunk): unknown ids are nobody's and stay out.
      const many = Array.from({ length: 1200 }, (_, index) => 100_000 + index);
      const bulk = await choices.membersWhoMayReceive([...many, socio], 'promozione-eventi');
      expect(bulk.has(socio)).toBe(true);
    });

    it('gives the headers of RFC 8058 and RFC 2369, without the one-click marker for the institutional', async () => {
      const links = services().unsubscribeLinks;
      const socio = await accountIdOf(site.app, 'socio.demo@example.org');
      const headers = links.headers({ memberId: socio }, 'promozione-eventi');
      expect(Object.keys(headers)).toEqual(['List-Unsubscribe', 'List-Unsubscribe-Post']);
      expect(headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      expect(headers['List-Unsubscribe']).toMatch(
        new RegExp(
          `^<https?://[^>]+/disiscrizione/m${socio}\\.promozione-eventi\\.[A-Za-z0-9_-]{22}>$`,
        ),
      );
      expect(headers['List-Unsubscribe']).not.toContain('@');
      expect(links.headers({ memberId: socio }, 'istituzionali')).toEqual({
        'List-Unsubscribe': `<${links.url({ memberId: socio }, 'istituzionali')}>`,
      });
    });

    it('unsubscribes with one click, without a session, and only by POST', async () => {
      const { unsubscribeLinks: links, communicationChoices: choices } = services();
      const socio = await accountIdOf(site.app, 'socio.demo@example.org');
      const url = pathOf(links.url({ memberId: socio }, 'promozione-eventi'));

      const asked = await site.app.inject({ method: 'GET', url });
      expect(asked.statusCode).toBe(200);
      expect(asked.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(asked.headers['cache-control']).toBe('no-store');
      expect(asked.body).toContain('<h1>Vuoi non ricevere più «Promozione di eventi»?</h1>');
      expect(asked.body).toContain('<form method="post">');
      expect(asked.body).not.toContain('<script');
      expect(asked.body).not.toContain('socio.demo@example.org');
      // A scanner fetching the link twice changes nothing.
      await site.app.inject({ method: 'GET', url });
      expect(await choices.mayReceive({ memberId: socio }, 'promozione-eventi')).toBe(true);
      expect(await choicesRows(socio)).toEqual([]);

      // The mailbox provider's POST (RFC 8058 §3.2), several at once: one choice row.
      const posts = await Promise.all(
        Array.from({ length: 4 }, () =>
          site.app.inject({
            method: 'POST',
            url,
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            payload: 'List-Unsubscribe=One-Click',
          }),
        ),
      );
      for (const post of posts) {
        expect(post.statusCode).toBe(200);
        expect(post.body).toContain(
          'Non riceverai più messaggi della categoria «Promozione di eventi».',
        );
      }
      expect(await choices.mayReceive({ memberId: socio }, 'promozione-eventi')).toBe(false);
      expect(await choicesRows(socio)).toMatchObject([
        { category: 'promozione-eventi', subscribed: 0, channel: 'link' },
      ]);
      // The other categories are untouched; a multipart POST works as well.
      expect(await choices.mayReceive({ memberId: socio }, 'newsletter-scientifica')).toBe(true);
      const multipart = await site.app.inject({
        method: 'POST',
        url: pathOf(links.url({ memberId: socio }, 'newsletter-scientifica')),
        headers: { 'content-type': 'multipart/form-data; boundary=b' },
        payload:
          '--b\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--b--\r\n',
      });
      expect(multipart.statusCode).toBe(200);
      expect(await choices.mayReceive({ memberId: socio }, 'newsletter-scientifica')).toBe(false);

      const again = await site.app.inject({ method: 'GET', url });
      expect(again.body).toContain('<h1>Sei già disiscritto</h1>');
      const record = await ok<AdminCommunicationPreferences>(
        site.call('GET', `/Members/${socio}/CommunicationPreferences`),
      );
      expect(record.preferences.find((item) => item.code === 'promozione-eventi')).toMatchObject({
        subscribed: false,
        changedBy: 'link',
      });
      // The profile may take it back.
      await ok(
        own('PUT', 'socio', {
          categories: { 'promozione-eventi': 'on', 'newsletter-scientifica': true },
        }),
      );
      expect(await choices.mayReceive({ memberId: socio }, 'promozione-eventi')).toBe(true);
    });

    it('refuses altered links and links turned to another category with an Italian page', async () => {
      const links = services().unsubscribeLinks;
      const partecipante = await accountIdOf(site.app, 'partecipante.demo@example.org');
      const token = links.token({ memberId: partecipante }, 'newsletter-scientifica');
      const signature = token.split('.')[2] as string;
      const altered = [
        `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`,
        `m${partecipante}.iniziative-terzi.${signature}`,
        `m${partecipante + 1}.newsletter-scientifica.${signature}`,
        'nonsense',
        `m${partecipante}.sconosciuta.${signature}`,
      ];
      for (const bad of altered) {
        for (const method of ['GET', 'POST'] as const) {
          const answer = await site.app.inject({ method, url: `/disiscrizione/${bad}` });
          expect(answer.statusCode, bad).toBe(400);
          expect(answer.body).toContain('<h1>Link non valido</h1>');
        }
      }
      expect(await choicesRows(partecipante)).toEqual([]);
      // A link of a member who no longer exists is no link either.
      const ghost = await site.app.inject({
        method: 'POST',
        url: pathOf(links.url({ memberId: 9_999_999 }, 'newsletter-scientifica')),
      });
      expect(ghost.statusCode).toBe(400);
    });

    it('explains why the institutional category cannot be left, by GET and by POST', async () => {
      const { unsubscribeLinks: links, communicationChoices: choices } = services();
      const socio = await accountIdOf(site.app, 'socio.demo@example.org');
      const url = pathOf(links.url({ memberId: socio }, 'istituzionali'));
      for (const method of ['GET', 'POST'] as const) {
        const answer = await site.app.inject({ method, url });
        expect(answer.statusCode).toBe(200);
        expect(answer.body).toContain(
          '<h1>Le Comunicazioni istituzionali non si possono disattivare</h1>',
        );
        expect(answer.body).toContain('occorre recedere da');
        expect(answer.body).not.toContain('<form');
      }
      expect(await choices.mayReceive({ memberId: socio }, 'istituzionali')).toBe(true);
    });

    it('keeps a newsletter subscriber’s unsubscribe by address, and holds it against the member of that address', async () => {
      const { db, unsubscribeLinks: links, communicationChoices: choices } = services();
      const subscribe = async (email: string) =>
        (
          await db
            .insertInto('newsletter_subscriptions')
            .values({
              email,
              status: 'confirmed',
              confirm_token_hash: null,
              unsubscribe_token_hash: null,
              consent_at: '2026-11-01T09:00:00.000Z',
              consent_text_version: '1',
              consent_ip: null,
              confirmed_at: '2026-11-01T09:05:00.000Z',
              unsubscribed_at: null,
              created_at: '2026-11-01T09:00:00.000Z',
              updated_at: '2026-11-01T09:05:00.000Z',
              confirmation_sent_at: null,
              mailup_recipient_id: null,
            })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const reader = await subscribe('lettrice.categorie@example.org');
      // A subscriber who is no member: the newsletter on (their opt-in), events' promotion off.
      expect([
        ...(await choices.addressesWhoMayReceive(
          ['lettrice.categorie@example.org'],
          'newsletter-scientifica',
        )),
      ]).toEqual(['lettrice.categorie@example.org']);
      expect(
        await choices.mayReceive({ email: 'lettrice.categorie@example.org' }, 'promozione-eventi'),
      ).toBe(false);
      const url = pathOf(links.url({ subscriptionId: reader }, 'newsletter-scientifica'));
      expect(url).not.toContain('lettrice');
      expect((await site.app.inject({ method: 'GET', url })).body).toContain(
        'Vuoi non ricevere più',
      );
      expect((await site.app.inject({ method: 'POST', url })).statusCode).toBe(200);
      expect(
        (
          await choices.addressesWhoMayReceive(
            ['Lettrice.Categorie@example.org', 'altra@example.org'],
            'newsletter-scientifica',
          )
        ).has('lettrice.categorie@example.org'),
      ).toBe(false);

      // A member's address that left by a subscription's link is left for the member too.
      const partecipante = await accountIdOf(site.app, 'partecipante.demo@example.org');
      const members = await subscribe('partecipante.demo@example.org');
      await site.app.inject({
        method: 'POST',
        url: pathOf(links.url({ subscriptionId: members }, 'promozione-eventi')),
      });
      expect(await choices.mayReceive({ memberId: partecipante }, 'promozione-eventi')).toBe(false);
      expect((await choices.membersWhoMayReceive([partecipante], 'promozione-eventi')).size).toBe(
        0,
      );
      const preferences = await ok<CommunicationPreference[]>(own('GET', 'partecipante'));
      expect(subscribedOf(preferences)['promozione-eventi']).toBe(false);
    });

    it('lets the staff change a member’s preferences with a reason, audited', async () => {
      const socio = await accountIdOf(site.app, 'socio.demo@example.org');
      const withoutReason = await site.call('PUT', `/Members/${socio}/CommunicationPreferences`, {
        categories: { 'iniziative-terzi': 'on' },
      });
      expect(withoutReason.statusCode).toBe(400);
      expect(withoutReason.json()).toMatchObject({
        error: { issues: [{ path: 'reason', message: 'Indicare il motivo della modifica.' }] },
      });
      const record = await ok<AdminCommunicationPreferences>(
        site.call('PUT', `/Members/${socio}/CommunicationPreferences`, {
          categories: {
            'newsletter-scientifica': true,
            'promozione-eventi': true,
            'iniziative-terzi': true,
          },
          reason: 'Consenso scritto consegnato al congresso',
        }),
      );
      expect(subscribedOf(record.preferences)['iniziative-terzi']).toBe(true);
      expect(record.history[0]).toMatchObject({
        code: 'iniziative-terzi',
        subscribed: true,
        channel: 'segreteria',
        reason: 'Consenso scritto consegnato al congresso',
      });
      const entry = (await site.auditOf('communication_preferences', socio))[0];
      expect(entry).toMatchObject({
        action: 'modifica preferenze di comunicazione',
        summary: 'Preferenze di comunicazione modificate: Consenso scritto consegnato al congresso',
      });
      expect(JSON.stringify(entry)).toContain('Iniziative di terzi');
      expect((await site.call('GET', '/Members/9999999/CommunicationPreferences')).statusCode).toBe(
        404,
      );
      expect(
        (await site.call('GET', `/Members/${socio}/CommunicationPreferences`, undefined, 'socio'))
          .statusCode,
      ).toBe(403);
    });

    it('refuses a client address past its limit of bad links', async () => {
      let last = 0;
      for (let attempt = 0; attempt < 32; attempt += 1) {
        last = (
          await site.app.inject({
            method: 'GET',
            url: '/disiscrizione/m1.promozione-eventi.falso',
            remoteAddress: '203.0.113.9',
          })
        ).statusCode;
      }
      expect(last).toBe(429);
      // Another address's valid link still works.
      const links = services().unsubscribeLinks;
      const answer = await site.app.inject({
        method: 'GET',
        url: pathOf(links.url({ memberId: 1 }, 'istituzionali')),
        remoteAddress: '198.51.100.4',
      });
      expect(answer.statusCode).toBe(200);
    });
  },
);
