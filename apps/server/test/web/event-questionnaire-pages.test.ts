import {
  QUESTIONNAIRE_DONE_MESSAGE,
  QUESTIONNAIRE_MESSAGES,
  questionnairePath,
  romeDate,
  type AdminEvent,
  type RegistrationAnswer,
} from '@sodalis/contracts';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CURRENT_QUESTIONNAIRE } from '../../src/modules/events/ecm/questionnaire/reference.js';
import { sessionOf } from '../helpers/ledger.js';
import { accountIdOf } from '../helpers/member-api.js';
import { staffSite } from '../helpers/staff-api.js';
import { testEngines } from '../helpers/test-app.js';
import { pageRequests, pageText, requireWebBuild } from '../helpers/web-pages.js';

// The ECM questionnaire's page as the production build renders it, without JavaScript (ADR 058,
// ADR 022): fieldsets with legends, radio groups, the "if not, why" field, the sponsor
// declaration; posted with the session cookie, refused with each error by its field, accepted
// once. The server's clock moves past the course's end; the tokens it then signs expire later
// still, so the web app's check against the real time accepts them.

/** A day ten days ahead of the real date, in Rome. */
const courseDay = romeDate(new Date(Date.now() + 10 * 86_400_000));

describe.each(testEngines())('the ECM questionnaire without scripts (%s)', (engine) => {
  beforeAll(() => {
    requireWebBuild();
  });
  let now = new Date();
  const staff = staffSite(engine, {
    web: 'build',
    clock: () => now,
    roles: ['socio'],
  });
  const pages = pageRequests(() => staff.app);

  async function register(token: string, event: AdminEvent): Promise<number> {
    const response = await staff.app.inject({
      method: 'POST',
      url: `/api/v1/Events/${event.id}/Registrations`,
      payload: {
        requestKey: randomUUID().replaceAll('-', ''),
        typeId: event.registrationTypes[0]?.id,
        addonIds: [],
        professionCode: 1,
        disciplineCode: 47,
        employment: 'dipendente',
      },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as { data: RegistrationAnswer }).data.registration.id;
  }

  it('shows the form in fieldsets, refuses a form with errors by field, takes it once; a participant reaches it too', async () => {
    const event = await staff.ok<AdminEvent>(
      staff.call('POST', '/Events', {
        title: `Corso ECM ${randomUUID().slice(0, 6)}`,
        startsAt: `${courseDay}T09:00`,
        endsAt: `${courseDay}T13:00`,
        mode: 'in-presenza',
        venueName: 'Aula',
        venueCity: 'Roma',
        ecmCredits: true,
        registrationTypes: [{ name: 'Partecipante', eligibility: 'tutti', standardCents: 0 }],
        published: true,
      }),
    );
    await staff.ok(
      staff.call('PUT', `/Events/${event.id}/Ecm`, {
        type: 'residenziale',
        providerCode: '1234',
        eventCode: '400004',
        credits: 4,
        professions: [1],
        disciplines: [47],
        sponsors: ['Alfa Farmaceutici S.p.A.'],
      }),
    );
    const memberId = await accountIdOf(staff.app, 'socio.demo@example.org');
    const participantId = await accountIdOf(staff.app, 'partecipante.demo@example.org');
    const memberRegistration = await register(staff.tokens.socio, event);
    const participantRegistration = await register(
      await sessionOf(staff.app, participantId),
      event,
    );

    // After the course's end.
    now = new Date(Date.parse(`${courseDay}T16:00:00Z`));
    const member = await sessionOf(staff.app, memberId);
    const participant = await sessionOf(staff.app, participantId);
    const path = questionnairePath(memberRegistration);

    const list = await pages.get('/area-riservata-iscrizioni', member);
    expect(list.statusCode).toBe(200);
    expect(pageText(list.body)).toContain(
      'Questionario di gradimento ECM: Compila il questionario',
    );
    expect(list.body).toContain(`href="${path}"`);

    const page = await pages.get(path, member);
    expect(page.statusCode).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const html = page.body;
    expect(html).toMatch(
      new RegExp(
        `<form[^>]*method="post"[^>]*action="${path}"|<form[^>]*action="${path}"[^>]*method="post"`,
      ),
    );
    for (const question of CURRENT_QUESTIONNAIRE.questions) {
      expect(html).toMatch(
        new RegExp(`<fieldset[^>]*id="questionario-${question.key}"[^>]*>\\s*<legend[^>]*>`),
      );
      for (const option of question.options) {
        expect(html).toContain(`name="${question.key}" value="${option.key}"`);
      }
    }
    expect(html).toMatch(/<textarea[^>]*name="liberoDaInteressiMotivo"/);
    expect(html).toContain('<label class="form-label" for="questionario-liberoDaInteressiMotivo">');
    expect(pageText(html)).toContain(
      'Sei stato reclutato da uno sponsor per partecipare a questo evento?',
    );
    expect(html).toMatch(/<select[^>]*name="sponsor"/);
    expect(html).toContain('<option value="Alfa Farmaceutici S.p.A.">');

    // Posted with a "No" and no reason, nothing on the sponsor: errors by field, answers kept.
    const refused = await pages.post(
      path,
      [
        ['rilevanza', '4'],
        ['qualita', '4'],
        ['utilita', '5'],
        ['liberoDaInteressi', 'no'],
      ],
      member,
    );
    expect(refused.statusCode).toBe(400);
    const reasonLabel = CURRENT_QUESTIONNAIRE.questions[3]?.reason?.label ?? '';
    const refusedText = pageText(refused.body);
    expect(refusedText).toContain(QUESTIONNAIRE_MESSAGES.reason(reasonLabel));
    expect(refusedText).toContain(QUESTIONNAIRE_MESSAGES.recruited);
    expect(refused.body).toContain('href="#questionario-liberoDaInteressiMotivo"');
    expect(refused.body).toMatch(
      /<textarea[^>]*aria-describedby="questionario-liberoDaInteressiMotivo-errore"/,
    );
    expect(refused.body).toMatch(
      /<fieldset[^>]*id="questionario-reclutato"[^>]*aria-describedby="questionario-reclutato-errore"/,
    );
    expect(refused.body).toMatch(/<input[^>]*name="rilevanza" checked="" value="4"/);

    const accepted = await pages.post(
      path,
      [
        ['rilevanza', '4'],
        ['qualita', '4'],
        ['utilita', '5'],
        ['liberoDaInteressi', 'no'],
        ['liberoDaInteressiMotivo', 'Diapositive con il marchio di un prodotto.'],
        ['reclutato', 'si'],
        ['sponsor', 'Alfa Farmaceutici S.p.A.'],
        ['altroSponsor', ''],
      ],
      member,
    );
    expect(accepted.statusCode).toBe(200);
    expect(pageText(accepted.body)).toContain(QUESTIONNAIRE_DONE_MESSAGE);
    const again = await pages.post(path, [['rilevanza', '4']], member);
    expect(again.statusCode).toBe(409);
    // A second post: refused (409), the page says when it was completed.
    expect(pageText(again.body)).toMatch(/Hai compilato il questionario il \d\d\/\d\d\/\d{4}/);
    expect(pageText((await pages.get('/area-riservata-iscrizioni', member)).body)).toContain(
      'Questionario di gradimento ECM: compilato',
    );

    // An events' participant (ADR 055) reaches their own questionnaire, not another's.
    const own = await pages.get(questionnairePath(participantRegistration), participant);
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('data-testid="questionnaire-form"');
    const others = await pages.get(path, participant);
    expect(others.statusCode).toBe(200);
    expect(others.body).not.toContain('data-testid="questionnaire-form"');
    expect(pageText(others.body)).toContain('Non è stato possibile leggere il questionario');
  });
});
