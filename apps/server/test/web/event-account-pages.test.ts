import {
  EVENT_ACCOUNT_MESSAGES,
  EVENT_ACCOUNT_PRIVACY,
  OTHER_PROFESSION,
  PROFESSIONAL_FACTS_MESSAGES,
} from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.js';
import { demoSite } from '../helpers/member-api.js';
import { testEngines } from '../helpers/test-app.js';
import { demoCongressPath, pageRequests, pageText, requireWebBuild } from '../helpers/web-pages.js';

// The events' account of a person who is not a member (ADR 055) as the production build renders
// it without JavaScript: the form posted to its page, the way to it from a registration page,
// and a participant's sign-in kept to «Le mie iscrizioni».

describe.each(testEngines())('an events’ account without scripts (%s)', (engine) => {
  beforeAll(() => {
    requireWebBuild();
  });
  const site = demoSite(engine, { web: 'build', roles: ['partecipante'] });

  const { get, post } = pageRequests(() => site.app);

  let registration = '';
  beforeAll(async () => {
    registration = `${await demoCongressPath(get)}/iscrizione`;
  });
  const accountPage = () => `/eventi/account?ritorno=${encodeURIComponent(registration)}`;

  const fields = (overrides: Record<string, string> = {}): [string, string][] =>
    Object.entries({
      firstName: 'Chiara',
      lastName: 'Neri',
      email: 'chiara.neri@example.org',
      fiscalCode: 'NRECHR85M41F205V',
      professionCode: OTHER_PROFESSION,
      otherProfession: 'Biologa',
      employer: 'Ospedale Maggiore',
      privacy: 'on',
      privacyVersion: EVENT_ACCOUNT_PRIVACY.version,
      returnTo: registration,
      ...overrides,
    });

  it('leads a visitor from the registration page to the account’s form, which comes back there', async () => {
    const visitor = await get(registration);
    expect(visitor.body).toContain(`href="${accountPage().replace(/&/g, '&amp;')}"`);
    expect(pageText(visitor.body)).toContain('Crea il tuo account per gli eventi');

    const page = await get(accountPage());
    expect(page.statusCode).toBe(200);
    const text = pageText(page.body);
    expect(text).toContain(EVENT_ACCOUNT_MESSAGES.heading);
    expect(text).toContain(EVENT_ACCOUNT_MESSAGES.members);
    for (const label of [
      'Nome (obbligatorio)',
      'Cognome (obbligatorio)',
      'E-mail (obbligatorio)',
      'Codice fiscale (obbligatorio)',
      'Professione (obbligatorio)',
      'Disciplina (delle professioni sanitarie)',
      'Altra professione (non sanitaria)',
      'Condizione lavorativa',
      'Ente di appartenenza',
    ])
      expect(page.body).toContain(`>${label}</label>`);
    expect(text).toContain(EVENT_ACCOUNT_PRIVACY.text);
    expect(page.body).toContain(`name="returnTo" value="${registration}"`);
    // Only a page of the events is where the account's link comes back to.
    const elsewhere = await get('/eventi/account?ritorno=%2F%2Faltro.example%2Feventi');
    expect(elsewhere.body).not.toContain('name="returnTo"');
  });

  it('refuses a wrong codice fiscale beside its field, keeping what was typed', async () => {
    const refused = await post(accountPage(), fields({ fiscalCode: 'NRECHR85M41F205A' }));
    expect(refused.statusCode).toBe(400);
    const text = pageText(refused.body);
    expect(text).toContain('Controlla i dati indicati');
    expect(text).toContain(EVENT_ACCOUNT_MESSAGES.badCodiceFiscale);
    expect(refused.body).toMatch(/id="account-fiscalCode"[^>]*aria-invalid="true"/);
    expect(refused.body).toContain('value="chiara.neri@example.org"');
    // Every refusal at once: the form's own and the check character's.
    const missing = await post(
      accountPage(),
      fields({
        privacy: '',
        professionCode: '',
        otherProfession: '',
        fiscalCode: 'NRECHR85M41F205A',
      }),
    );
    expect(missing.statusCode).toBe(400);
    expect(pageText(missing.body)).toContain(EVENT_ACCOUNT_MESSAGES.privacyRequired);
    expect(pageText(missing.body)).toContain(PROFESSIONAL_FACTS_MESSAGES.professionRequired);
    expect(pageText(missing.body)).toContain(EVENT_ACCOUNT_MESSAGES.badCodiceFiscale);
    const none = await site.app.services.db
      .selectFrom('members')
      .select('id')
      .where('email', '=', 'chiara.neri@example.org')
      .execute();
    expect(none).toEqual([]);
  });

  it('opens the account and says where the link was sent', async () => {
    const sent = await post(accountPage(), fields());
    expect(sent.statusCode).toBe(200);
    expect(pageText(sent.body)).toContain(EVENT_ACCOUNT_MESSAGES.sent('chiara.neri@example.org'));
    const account = await site.app.services.db
      .selectFrom('members')
      .select(['role', 'password_hash'])
      .where('email', '=', 'chiara.neri@example.org')
      .executeTakeFirst();
    expect(account).toEqual({ role: 'partecipante', password_hash: null });
  });

  it('signs a participant in to «Le mie iscrizioni» and keeps them out of the reserved pages', async () => {
    const signedIn = await post('/area-riservata', [
      ['username', 'partecipante.demo@example.org'],
      ['password', DEMO_PASSWORD],
    ]);
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/area-riservata-iscrizioni');
    const token = site.tokens.partecipante;
    for (const reserved of ['/area-riservata-homepage', '/area-riservata-raccomandazioni']) {
      const page = await get(reserved, token);
      expect(page.statusCode, reserved).toBe(302);
      expect(page.headers.location).toBe('/area-riservata-iscrizioni');
    }
    const mine = await get('/area-riservata-iscrizioni', token);
    expect(mine.statusCode).toBe(200);
    const text = pageText(mine.body);
    // Their registration to the congress, and a breadcrumb of the events, not the reserved area.
    expect(text).toContain('In attesa di pagamento');
    expect(mine.body).toMatch(/<a[^>]*href="\/eventi"[^>]*>Eventi<\/a>/);
    expect(text).not.toContain('Area riservata (Partecipante)');
  });
});
