import {
  ABOUT_DEFAULT,
  ADMIN_MESSAGES,
  EXTERNAL_LINK_KIND_NAMES,
  EXTERNAL_LINKS_DEFAULT,
  HOME_DEFAULT,
  SITE_TEXT_MESSAGES,
  type AdminPage,
  type AdminSiteContent,
  type AdminSiteContentSummary,
  type SiteContentByKey,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { publicSiteContent, refused, staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

describe.each(testEngines())(
  'back office: the home hero, the /chi-siamo cards and the links to other sites on %s',
  (engine) => {
    const site = staffSite(engine, { clock: fixedClock('2026-11-24'), roles: ['redazione'] });
    const { call, ok, auditOf } = site;

    const publicContent = <K extends keyof SiteContentByKey>(key: K) =>
      publicSiteContent(site.app, key);

    it('a new installation answers the texts the site always showed, on their own screen', async () => {
      expect(await publicContent('home')).toEqual(HOME_DEFAULT);
      expect(await publicContent('chi-siamo')).toEqual(ABOUT_DEFAULT);
      expect(await publicContent('collegamenti')).toEqual(EXTERNAL_LINKS_DEFAULT);
      expect(HOME_DEFAULT).toMatchObject({ pulsante: 'Chi siamo', link: '/chi-siamo' });
      expect(ABOUT_DEFAULT.schede.map((card) => card.link)).toEqual([
        '/chi-siamo-{acronimo}',
        '/chi-siamo-iscrizione',
        '/chi-siamo-affiliati',
        '/chi-siamo-sostenitori',
        '/area-riservata-servizio-trasfusionale',
      ]);

      const list = await ok<AdminPage<AdminSiteContentSummary>>(call('GET', '/SiteTexts'));
      expect(list.items.map((item) => [item.id, item.place, item.exists])).toEqual([
        ['home', 'Home: testata', true],
        ['chi-siamo', 'Chi siamo: schede', true],
        ['collegamenti', 'Collegamenti ad altri siti', true],
      ]);
      // The society's facts keep their own screen, without these three.
      const society = await ok<AdminPage<AdminSiteContentSummary>>(call('GET', '/SiteContents'));
      expect(society.items.map((item) => item.id)).not.toContain('home');
      expect((await call('GET', '/SiteContents/home')).statusCode).toBe(400);
      expect((await call('GET', '/SiteTexts/contatti')).statusCode).toBe(400);
    });

    it('the editorial staff edit the hero: public at once, audited before and after', async () => {
      expect(await publicContent('home')).toEqual(HOME_DEFAULT);
      const current = await ok<AdminSiteContent>(
        call('GET', '/SiteTexts/home', undefined, 'redazione'),
      );
      expect(current).toMatchObject({ id: 'home', ...HOME_DEFAULT });

      const changed = {
        titolo: 'Benvenuti',
        sottotitolo: 'Nella società {acronimo}',
        testo: 'Il congresso nazionale si avvicina.',
        pulsante: 'Il programma',
        link: 'www.simtipro.it/congresso',
      };
      await ok(call('PUT', '/SiteTexts/home', changed, 'redazione'));
      // The cached answer was dropped: the next read has the edit, "www." given https://.
      expect(await publicContent('home')).toEqual({
        ...changed,
        link: 'https://www.simtipro.it/congresso',
      });
      const [entry] = await auditOf('site_content', 'home');
      expect(entry).toMatchObject({
        action: 'modifica',
        summary: 'Contenuto "Home: testata" modificato',
        before: { titolo: HOME_DEFAULT.titolo, link: '/chi-siamo' },
        after: { titolo: 'Benvenuti', link: 'https://www.simtipro.it/congresso' },
      });

      await refused(
        call('PUT', '/SiteTexts/home', { ...changed, titolo: '  ' }),
        'titolo',
        ADMIN_MESSAGES.required,
      );
      await refused(
        call('PUT', '/SiteTexts/home', { ...changed, pulsante: 'x'.repeat(41) }),
        'pulsante',
        ADMIN_MESSAGES.tooLong,
      );
      for (const link of [
        'javascript:alert(1)',
        'http://www.esempio.it',
        '//esempio.it',
        'chi-siamo',
      ]) {
        await refused(
          call('PUT', '/SiteTexts/home', { ...changed, link }),
          'link',
          SITE_TEXT_MESSAGES.siteLink,
        );
      }
      // Members and affiliates have no back office.
      expect((await call('PUT', '/SiteTexts/home', changed, null)).statusCode).toBe(401);
      await ok(call('PUT', '/SiteTexts/home', HOME_DEFAULT));
      expect(await publicContent('home')).toEqual(HOME_DEFAULT);
    });

    it('edits, orders, adds and removes the /chi-siamo cards', async () => {
      const [first, second] = ABOUT_DEFAULT.schede;
      const changed = {
        schede: [
          second,
          first,
          {
            titolo: 'Congresso',
            testo: 'Il congresso nazionale.',
            link: 'https://www.simtipro.it/',
          },
        ],
      };
      await ok(call('PUT', '/SiteTexts/chi-siamo', changed));
      expect(await publicContent('chi-siamo')).toEqual(changed);
      const [entry] = await auditOf('site_content', 'chi-siamo');
      expect(entry?.after).toMatchObject({ schede: changed.schede });

      await refused(
        call('PUT', '/SiteTexts/chi-siamo', { schede: [] }),
        'schede',
        SITE_TEXT_MESSAGES.atLeastOneCard,
      );
      await refused(
        call('PUT', '/SiteTexts/chi-siamo', { schede: [{ ...first, link: 'ftp://esempio.it' }] }),
        'schede.0.link',
        SITE_TEXT_MESSAGES.siteLink,
      );
      await refused(
        call('PUT', '/SiteTexts/chi-siamo', { schede: [{ ...first, testo: '' }] }),
        'schede.0.testo',
        ADMIN_MESSAGES.required,
      );
      expect(await publicContent('chi-siamo')).toEqual(changed);
      await ok(call('PUT', '/SiteTexts/chi-siamo', ABOUT_DEFAULT));
    });

    it('edits the links to other sites: one per kind, https only', async () => {
      const links = EXTERNAL_LINKS_DEFAULT.collegamenti;
      const changed = {
        collegamenti: links.map((link) =>
          link.tipo === 'privacy'
            ? { ...link, etichetta: 'Informativa privacy', url: 'www.esempio.it/privacy' }
            : link,
        ),
      };
      expect(await publicContent('collegamenti')).toEqual(EXTERNAL_LINKS_DEFAULT);
      await ok(call('PUT', '/SiteTexts/collegamenti', changed, 'redazione'));
      const saved = await publicContent('collegamenti');
      expect(saved.collegamenti.find((link) => link.tipo === 'privacy')).toEqual({
        tipo: 'privacy',
        etichetta: 'Informativa privacy',
        url: 'https://www.esempio.it/privacy',
      });
      const [entry] = await auditOf('site_content', 'collegamenti');
      expect(entry).toMatchObject({
        action: 'modifica',
        summary: 'Contenuto "Collegamenti ad altri siti" modificato',
      });

      await refused(
        call('PUT', '/SiteTexts/collegamenti', {
          collegamenti: links.map((link, index) =>
            index === 0 ? { ...link, url: 'http://www.simtipro.it/' } : link,
          ),
        }),
        'collegamenti.0.url',
        SITE_TEXT_MESSAGES.httpsAddress,
      );
      await refused(
        call('PUT', '/SiteTexts/collegamenti', { collegamenti: links.slice(1) }),
        'collegamenti',
        SITE_TEXT_MESSAGES.kindMissing(EXTERNAL_LINK_KIND_NAMES['area-professionale']),
      );
      await refused(
        call('PUT', '/SiteTexts/collegamenti', { collegamenti: [...links, links[0]] }),
        `collegamenti.${links.length}.tipo`,
        SITE_TEXT_MESSAGES.kindTwice,
      );
      await refused(
        call('PUT', '/SiteTexts/collegamenti', {
          collegamenti: [
            ...links,
            { tipo: 'altro', etichetta: 'Altro', url: 'https://esempio.it' },
          ],
        }),
        `collegamenti.${links.length}.tipo`,
        SITE_TEXT_MESSAGES.kind,
      );
      expect(await publicContent('collegamenti')).toEqual(saved);
      await ok(call('PUT', '/SiteTexts/collegamenti', EXTERNAL_LINKS_DEFAULT));
    });
  },
);
