import { describe, expect, it } from 'vitest';
import { staffSite } from '../helpers/staff-api.js';
import { fixedClock, testEngines } from '../helpers/test-app.js';

interface Issue {
  path: string;
  message: string;
}

/** Words of zod's English messages: none may reach a reader (ADR 022). */
const ENGLISH = /\b(invalid|expected|received|required|too (small|big)|must|unrecognized|input)\b/i;

/**
 * Every public and members' route that reads a body or a query, with input of the wrong type
 * or shape. `member` calls go with a member's session, so validation (not the guard) answers.
 */
const WRONG_INPUTS: {
  method: 'GET' | 'POST';
  url: string;
  body?: unknown;
  member?: boolean;
}[] = [
  { method: 'POST', url: '/Account/Login', body: { username: 7, password: 8 } },
  { method: 'POST', url: '/Account/LoginOtp', body: { challenge: 7, code: 8 } },
  { method: 'POST', url: '/Account/SendResetPasswordEmail', body: { username: [] } },
  {
    method: 'POST',
    url: '/Account/ResetPassword',
    body: { username: 1, password: 2, confirmPassword: 3, token: 4 },
  },
  { method: 'POST', url: '/Account/SubscribeMailUp', body: { email: 12 } },
  { method: 'POST', url: '/SharepointContent/GetArticoli', body: { title: 5, ascending: 'sì' } },
  { method: 'POST', url: '/SharepointContent/GetSetupData', body: { titles: [1, ''] } },
  { method: 'POST', url: '/SharepointContent/GetContenuti', body: { chiavi: 'uno' } },
  {
    method: 'POST',
    url: '/SharepointContent/InviaRichiestaPatrocinio',
    body: { richiedente: 1, accettaPrivacy: 'no', attachments: {} },
  },
  { method: 'POST', url: '/SharepointContent/GetRassegneStampa', body: { title: 5 }, member: true },
  { method: 'POST', url: '/ReservedArea/GetRaccomandazioni', body: { title: 5 }, member: true },
  { method: 'POST', url: '/ReservedArea/GetAssemblee', body: { months: 'x' }, member: true },
  { method: 'POST', url: '/ReservedArea/GetPareriCD', body: { paginated: 3 }, member: true },
  { method: 'POST', url: '/ReservedArea/GetRiviste', body: { riviste: 1 }, member: true },
  { method: 'POST', url: '/ReservedArea/GetArticoliRiviste', body: { title: {} }, member: true },
  {
    method: 'POST',
    url: '/Payment/RegistraPagamento',
    body: { orderId: 5, quotaId: 'uno', anno: '2026', nominativo: 3, importo: 80, valuta: 1 },
  },
  { method: 'GET', url: '/SharepointContent/GetCVById?id=abc' },
  { method: 'GET', url: '/SharepointContent/GetNewsFileById?id=abc' },
  {
    method: 'GET',
    url: `/SharepointContent/DownloadPublicDoc?serverRelativeUrl=${'a'.repeat(600)}`,
  },
  {
    method: 'GET',
    url: `/ReservedArea/DownloadDoc?serverRelativeUrl=${'a'.repeat(600)}`,
    member: true,
  },
];

describe.each(testEngines())('Italian validation messages on %s', (engine) => {
  const site = staffSite(engine, { clock: fixedClock('2026-11-22'), roles: ['socio'] });

  async function issuesOf(input: (typeof WRONG_INPUTS)[number]): Promise<Issue[]> {
    const response = await site.app.inject({
      method: input.method,
      url: `/api/v1${input.url}`,
      ...(input.body === undefined ? {} : { payload: input.body as object }),
      headers: input.member ? { authorization: `Bearer ${site.tokens.socio}` } : {},
    });
    expect(response.statusCode, `${input.url}: ${response.body}`).toBe(400);
    const { error } = response.json() as {
      error: { code: string; message: string; issues?: Issue[] };
    };
    expect(error.code).toBe('richiesta-non-valida');
    expect(error.message).toBe('La richiesta non è valida.');
    expect(error.issues?.length, input.url).toBeGreaterThan(0);
    return error.issues ?? [];
  }

  it('answers every public and members’ route’s bad input in Italian only', async () => {
    for (const input of WRONG_INPUTS) {
      for (const issue of await issuesOf(input)) {
        expect(issue.message, `${input.url} ${issue.path}`).not.toMatch(ENGLISH);
      }
    }
  });

  it('covers every route of the API outside the back office and PayPal’s webhook', () => {
    const listed = new Set(WRONG_INPUTS.map((input) => input.url.split('?')[0]));
    const taking = site.app
      .printRoutes({ commonPrefix: false })
      .split('\n')
      .flatMap((line) => {
        const match = /\/api\/v1(\/[A-Za-z]+\/[A-Za-z]+) \(([A-Z, ]+)\)/.exec(line);
        return match?.[1] && match[2] ? [{ url: match[1], methods: match[2] }] : [];
      })
      .filter(({ url }) => !url.startsWith('/Admin/') && !url.endsWith('/PayPalWebhook'))
      // GET routes without a query (GetQuote, GetRoles…) have nothing to validate.
      .filter(({ url, methods }) => methods.includes('POST') || /ById|Download/.test(url))
      // Signing out reads only the bearer, no body (ADR 021): nothing to validate.
      .filter(({ url }) => url !== '/Account/Logout')
      .map(({ url }) => url);
    expect(taking.length).toBeGreaterThan(15);
    for (const url of taking) expect(listed, url).toContain(url);
  });

  /** The wrong input of the route whose address contains `part`. */
  function wrongInput(part: string) {
    const input = WRONG_INPUTS.find((candidate) => candidate.url.includes(part));
    if (input === undefined) throw new Error(`nessuna richiesta per ${part}`);
    return input;
  }

  it('keeps the contracts’ own messages and words the rest of zod’s in Italian', async () => {
    const payment = await issuesOf(wrongInput('Pagamento'));
    expect(payment).toEqual(
      expect.arrayContaining([
        { path: 'orderId', message: 'Valore non valido: atteso un testo, ricevuto un numero.' },
        { path: 'quotaId', message: 'Valore non valido: atteso un numero, ricevuto un testo.' },
      ]),
    );
    const newsletter = await issuesOf(wrongInput('MailUp'));
    expect(newsletter).toEqual([{ path: 'email', message: 'Inserisci una e-mail valida.' }]);
    const setup = await issuesOf(wrongInput('SetupData'));
    expect(setup).toEqual(
      expect.arrayContaining([
        { path: 'titles.0', message: 'Valore non valido: atteso un testo, ricevuto un numero.' },
        { path: 'titles.1', message: 'Campo obbligatorio.' },
      ]),
    );
  });
});
