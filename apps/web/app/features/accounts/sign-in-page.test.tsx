import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { describe, expect, it } from 'vitest';
import { answerData, answerError, fakeApi } from '../../../test/fake-api';
import { sessionToken, signInTab } from '../../../test/session';
import { ToastArea } from '../../components/toast-area';
import { SignInPage, type SignInRefusal } from './sign-in-page';

/** The sign-in page's route and the pages a sign-in leads to. */
function pages(returnTo: string | null = null) {
  return createRoutesStub([
    {
      id: 'sign-in',
      path: '/area-riservata',
      Component: () => (
        <>
          <SignInPage
            acronym="SIMTI"
            featured={null}
            helpEmail="iscrizioni@example.org"
            returnTo={returnTo}
            leavesWithSession
          />
          <ToastArea />
        </>
      ),
    },
    { path: '/area-riservata-homepage', Component: () => <h1>Home riservata</h1> },
    { path: '/amministrazione', Component: () => <h1>Amministrazione</h1> },
    { path: '/chi-siamo-iscrizione', Component: () => <h1>Pagamento</h1> },
  ]);
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const form = () => screen.getByTestId('login-form') as HTMLFormElement;

/** The toast showing `text`, by its role: `alert` for an error, `status` otherwise (spec §4). */
async function toast(text: string): Promise<string | null | undefined> {
  return (await screen.findByText(text)).closest('[data-testid="toast"]')?.getAttribute('role');
}

/** The page as the server sends it, then hydrated in the same document (ADR 022). */
function serverThenHydrated(
  Pages: ReturnType<typeof pages>,
  beforeScripts: (page: HTMLElement) => void = () => undefined,
) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Pages initialEntries={['/area-riservata']} />);
  document.body.append(container);
  beforeScripts(container);
  return render(<Pages initialEntries={['/area-riservata']} />, { container, hydrate: true });
}

describe('the sign-in before the scripts run (ADR 022)', () => {
  it('is a form that posts to the sign-in page, its LOGIN enabled and the browser checking the fields', () => {
    const page = document.createElement('div');
    page.innerHTML = renderToString(
      (() => {
        const Pages = pages();
        return <Pages initialEntries={['/area-riservata']} />;
      })(),
    );
    const html = page.querySelector('form') as HTMLFormElement;
    expect(html.getAttribute('method')).toBe('post');
    expect(html.getAttribute('action')).toBe('/area-riservata');
    // The browser's own checks apply until the scripts take the form over.
    expect(html.hasAttribute('novalidate')).toBe(false);
    const login = [...html.querySelectorAll('button')].find((b) => b.textContent === 'LOGIN');
    expect(login?.disabled).toBe(false);
    expect(login?.type).toBe('submit');
    // Recovery needs the scripts: hidden until they run.
    const recover = [...html.querySelectorAll('button')].find(
      (b) => b.textContent === 'Recupera password',
    );
    expect(recover?.hidden).toBe(true);
    expect(html.querySelector('input[name="username"]')?.getAttribute('type')).toBe('email');
    expect(html.querySelector('input[name="password"]')?.hasAttribute('required')).toBe(true);
  });

  it('posts with the page to come back to when the sign-in was opened for one (ADR 030)', () => {
    const Pages = pages('/chi-siamo-iscrizione?scheda=pagamento');
    const page = document.createElement('div');
    page.innerHTML = renderToString(<Pages initialEntries={['/area-riservata']} />);
    expect(page.querySelector('form')?.getAttribute('action')).toBe(
      '/area-riservata?ritorno=%2Fchi-siamo-iscrizione%3Fscheda%3Dpagamento',
    );
  });

  it('shows a refused sign-in posted without scripts with the address kept', () => {
    const Pages = pages();
    const refused: SignInRefusal = {
      error: "Qualcosa è andato storto, riprova, se il problema persiste contatta l'assistenza.",
      username: 'giulia.ferri@example.org',
    };
    render(
      <Pages
        initialEntries={['/area-riservata']}
        hydrationData={{ actionData: { 'sign-in': refused } }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(refused.error);
    expect(field('Username (e-mail)').value).toBe('giulia.ferri@example.org');
  });
});

describe('the sign-in once hydrated', () => {
  it('keeps what was typed before the scripts arrived, then checks the form itself', async () => {
    serverThenHydrated(pages(), (page) => {
      (page.querySelector('#login-username') as HTMLInputElement).value = 'giulia@example.org';
      (page.querySelector('#login-password') as HTMLInputElement).value = 'segreta';
    });
    expect(field('Username (e-mail)').value).toBe('giulia@example.org');
    expect(field('Password').value).toBe('segreta');
    expect(form().noValidate).toBe(true);
    expect(button('Recupera password').hidden).toBe(false);
    expect(button('LOGIN').disabled).toBe(false);

    await userEvent.clear(field('Password'));
    expect(button('LOGIN').disabled).toBe(true);
  });

  it('says in Italian when the address is not an e-mail, once the field is left', async () => {
    const user = userEvent.setup();
    serverThenHydrated(pages());
    await user.type(field('Username (e-mail)'), 'giulia@');
    expect(screen.queryByText('Il formato email non è corretto')).toBeNull();
    await user.tab();
    expect(screen.getByText('Il formato email non è corretto')).toBeTruthy();
    expect(field('Username (e-mail)').getAttribute('aria-invalid')).toBe('true');
    expect(field('Username (e-mail)').getAttribute('aria-describedby')).toBe(
      'login-username-error',
    );
    await user.type(field('Username (e-mail)'), 'example.org');
    expect(screen.queryByText('Il formato email non è corretto')).toBeNull();
  });

  it('signs in through the API, keeps the session in the tab and opens the reserved home', async () => {
    const user = userEvent.setup();
    const token = sessionToken('socio');
    const calls = fakeApi({
      '/api/v1/Account/Login': () => answerData({ passwordChanged: true, token }),
    });
    serverThenHydrated(pages());
    await user.type(field('Username (e-mail)'), '  giulia@example.org ');
    await user.type(field('Password'), 'segreta');
    await user.click(button('LOGIN'));
    await screen.findByRole('heading', { name: 'Home riservata' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.body).toEqual({ username: 'giulia@example.org', password: 'segreta' });
    expect(calls[0]?.headers.has('authorization')).toBe(false);
    expect(sessionStorage.getItem('token')).toBe(token);
  });

  it.each([
    { who: 'staff', role: 'segreteria', returnTo: null, lands: 'Amministrazione' },
    {
      who: 'a sign-in opened for a page',
      role: 'socio',
      returnTo: '/chi-siamo-iscrizione?scheda=pagamento',
      lands: 'Pagamento',
    },
  ] as const)('leads $who to $lands (ADR 023, ADR 030)', async ({ role, returnTo, lands }) => {
    const user = userEvent.setup();
    fakeApi({
      '/api/v1/Account/Login': () =>
        answerData({ passwordChanged: true, token: sessionToken(role) }),
    });
    serverThenHydrated(pages(returnTo));
    await user.type(field('Username (e-mail)'), 'giulia@example.org');
    await user.type(field('Password'), 'segreta');
    await user.click(button('LOGIN'));
    await screen.findByRole('heading', { name: lands });
  });

  it('tells a throttled sign-in to wait and any other refusal the spec’s message (ADR 021, spec §8)', async () => {
    const user = userEvent.setup();
    let status = 429;
    fakeApi({
      '/api/v1/Account/Login': () =>
        status === 429
          ? answerError(429, 'troppe-richieste', 'Troppe richieste, riprova tra qualche minuto.')
          : answerError(401, 'non-autorizzato', 'Credenziali non valide'),
    });
    serverThenHydrated(pages());
    await user.type(field('Username (e-mail)'), 'giulia@example.org');
    await user.type(field('Password'), 'sbagliata');
    await user.click(button('LOGIN'));
    expect(await toast('Troppe richieste, riprova tra qualche minuto.')).toBe('alert');

    status = 401;
    await user.click(button('LOGIN'));
    expect(
      await toast(
        "Qualcosa è andato storto, riprova, se il problema persiste contatta l'assistenza.",
      ),
    ).toBe('alert');
    expect(sessionStorage.getItem('token')).toBeNull();
    expect(screen.getByTestId('login-form')).toBeTruthy();
  });

  it('recovers the password by e-mail, the password put aside and given back (spec §4)', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({ '/api/v1/Account/SendResetPasswordEmail': () => answerData(null) });
    serverThenHydrated(pages());
    await user.type(field('Username (e-mail)'), 'giulia@example.org');
    await user.type(field('Password'), 'ricordata');
    await user.click(button('Recupera password'));
    expect(field('Password').value).toBe('');
    expect(field('Password').disabled).toBe(true);
    await user.click(button('RICHIEDI'));
    expect(
      await toast(
        'Email inviata correttamente, controlla la tua casella di posta elettronica per continuare',
      ),
    ).toBe('status');
    expect(calls.map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: '/api/v1/Account/SendResetPasswordEmail',
        body: { username: 'giulia@example.org' },
      },
    ]);
    expect(field('Password').value).toBe('ricordata');
    expect(button('LOGIN')).toBeTruthy();
  });

  it('asks for the two-factor code after the password, and says when it is wrong (ADR 017)', async () => {
    const user = userEvent.setup();
    const calls = fakeApi({
      '/api/v1/Account/Login': () =>
        answerData({ passwordChanged: true, twoFactorRequired: true, challenge: 'sfida' }),
      '/api/v1/Account/LoginOtp': () => answerError(401, 'non-autorizzato', 'Codice errato'),
    });
    serverThenHydrated(pages());
    await user.type(field('Username (e-mail)'), 'segreteria@example.org');
    await user.type(field('Password'), 'segreta');
    await user.click(button('LOGIN'));
    const code = await screen.findByLabelText('Codice di verifica');
    await waitFor(() => expect(document.activeElement).toBe(code));
    await user.type(code, '123456');
    await user.click(button('Verifica'));
    expect(
      await toast('Il codice non è corretto o è scaduto: usa quello mostrato ora dall’app.'),
    ).toBe('alert');
    expect(calls.at(-1)?.body).toEqual({ challenge: 'sfida', code: '123456' });
    expect(sessionStorage.getItem('token')).toBeNull();
  });

  it('sends a tab that already has a session on to the reserved home (spec §4)', async () => {
    signInTab('affiliato');
    serverThenHydrated(pages());
    await screen.findByRole('heading', { name: 'Home riservata' });
  });
});
