import {
  APPLICATION_MESSAGES,
  MembershipApplicationBodySchema,
  type MembershipApplicationResult,
} from '@sodalis/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub, useActionData } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ApplicationActionData } from './application-action';
import { ApplicationForm } from './application-form';

const TAB = '/chi-siamo-iscrizione?scheda=iscrizione';

/** What the fake server received: the form's fields and the CV's name and type. */
interface Received {
  fields: Record<string, string>;
  cv: { name: string; type: string } | null;
}

/**
 * The page's action as the server runs it (ADR 024), at the network edge: the posted fields
 * checked by the contracts' schema, whose messages are the page's, the CV required; an answer
 * of the server's rules (a duplicate, a closed form) when given.
 */
function fakeServer(rules?: () => Promise<MembershipApplicationResult>) {
  const received: Received[] = [];
  const action = async ({ request }: { request: Request }): Promise<ApplicationActionData> => {
    const form = await request.formData();
    const fields: Record<string, string> = {};
    for (const [name, value] of form.entries()) if (typeof value === 'string') fields[name] = value;
    const file = form.get('cv');
    const cv = file instanceof File && file.size > 0 ? { name: file.name, type: file.type } : null;
    received.push({ fields, cv });
    const parsed = MembershipApplicationBodySchema.safeParse(fields);
    const issues = parsed.success
      ? []
      : parsed.error.issues.map((issue) => ({
          path: issue.path.join('.'),
          message: issue.message,
        }));
    if (cv === null) issues.push({ path: 'cv', message: APPLICATION_MESSAGES.cvMissing });
    const result: MembershipApplicationResult =
      issues.length > 0
        ? { ok: false, message: APPLICATION_MESSAGES.failed, issues }
        : rules
          ? await rules()
          : { ok: true, message: APPLICATION_MESSAGES.received };
    return { result, fields: result.ok ? {} : fields };
  };
  return { action, received };
}

function page(server: ReturnType<typeof fakeServer>) {
  return createRoutesStub([
    {
      path: '/chi-siamo-iscrizione',
      action: server.action,
      Component: function EnrolmentTab() {
        return (
          <ApplicationForm
            defaultKind="Socio"
            action={TAB}
            answer={useActionData<ApplicationActionData>()}
          />
        );
      },
    },
  ]);
}

const input = (label: string | RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const cvFile = () => new File(['%PDF-1.7\n'], 'curriculum.pdf', { type: 'application/pdf' });

/**
 * Chooses the CV as the browser's file picker does: the input's own file list (user-event's
 * `upload` replaces the `files` property, which happy-dom's FormData does not read).
 */
function chooseCv() {
  const picked = new DataTransfer();
  picked.items.add(cvFile());
  const field = input(/^Curriculum/);
  field.files = picked.files;
  fireEvent.change(field);
}

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.type(input(/^Nome/), 'Giulia');
  await user.type(input(/^Cognome/), 'Ferri');
  await user.type(input(/^E-mail/), 'giulia.ferri@example.org');
  await user.type(input(/^Codice fiscale/), 'frrglu80a41h501z');
  await user.type(input(/^Qualifica/), 'Medico trasfusionista');
  await user.type(input(/^Sede di lavoro/), 'Ospedale Maggiore');
  await user.selectOptions(input(/^Regione/), 'Emilia-Romagna');
  chooseCv();
  await user.click(input(/^Acconsento/));
}

describe('the membership application form (ADR 024)', () => {
  it('is a plain multipart form to the page’s tab, so it posts without scripts', () => {
    const Page = page(fakeServer());
    const html = document.createElement('div');
    html.innerHTML = renderToString(<Page initialEntries={[TAB]} />);
    const form = html.querySelector('form') as HTMLFormElement;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('enctype')).toBe('multipart/form-data');
    expect(form.getAttribute('action')).toBe(TAB);
    expect(form.querySelector<HTMLInputElement>('input[name="kind"][value="Socio"]')?.checked).toBe(
      true,
    );
    expect(form.querySelector<HTMLInputElement>('input[name="privacyVersion"]')?.value).toBe(
      '2026-11-1',
    );
    const labels = [...form.querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(
      expect.arrayContaining([
        'Nome (obbligatorio)',
        'Cognome (obbligatorio)',
        'E-mail (obbligatorio)',
        'Codice fiscale (obbligatorio)',
        'Qualifica (obbligatorio)',
        'Sede di lavoro (obbligatorio)',
        'Centro o servizio',
        'Regione (obbligatorio)',
        'Numero di iscrizione all’albo professionale',
        'Curriculum in PDF (obbligatorio)',
      ]),
    );
  });

  it('says in Italian, beside each field, what a form sent empty lacks', async () => {
    const server = fakeServer();
    const Page = page(server);
    render(<Page initialEntries={[TAB]} />);
    await userEvent.click(screen.getByRole('button', { name: 'Invia la domanda' }));

    expect((await screen.findByTestId('application-error')).textContent).toBe(
      'La domanda non è stata inviata: correggi i campi indicati.',
    );
    const errorOf = (label: RegExp) => {
      const field = input(label);
      expect(field.getAttribute('aria-invalid')).toBe('true');
      const id = field.getAttribute('aria-describedby') ?? '';
      return document.getElementById(id)?.textContent;
    };
    expect(errorOf(/^Nome/)).toBe('Indica il nome.');
    expect(errorOf(/^Cognome/)).toBe('Indica il cognome.');
    expect(errorOf(/^E-mail/)).toBe('L’indirizzo e-mail non è valido.');
    expect(errorOf(/^Codice fiscale/)).toBe(
      'Il codice fiscale non è valido: controlla lettere e cifre.',
    );
    expect(errorOf(/^Qualifica/)).toBe('Indica la qualifica.');
    expect(errorOf(/^Sede di lavoro/)).toBe('Indica la sede di lavoro.');
    expect(errorOf(/^Regione/)).toBe('Scegli la regione.');
    expect(errorOf(/^Curriculum/)).toBe('Allega il curriculum in PDF.');
    expect(errorOf(/^Acconsento/)).toBe(
      'Per inviare la domanda devi accettare l’informativa sulla privacy.',
    );
    // Optional fields carry no error.
    expect(input(/^Centro o servizio/).hasAttribute('aria-invalid')).toBe(false);
    expect(server.received).toHaveLength(1);
  });

  it('asks an affiliate for the section, and keeps what was typed after the refusal', async () => {
    const user = userEvent.setup();
    const Page = page(fakeServer());
    render(<Page initialEntries={[TAB]} />);
    await fillIn(user);
    await user.click(input('Affiliato'));
    await user.click(screen.getByRole('button', { name: 'Invia la domanda' }));

    await screen.findByTestId('application-error');
    const section = input(/^Sezione/);
    expect(section.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('domanda-section-errore')?.textContent).toBe(
      'Scegli la sezione degli Affiliati.',
    );
    expect(input(/^Nome/).value).toBe('Giulia');
    expect(input('Affiliato').checked).toBe(true);
  });

  it('sends every field, the CV and the privacy version, then says the application arrived', async () => {
    const user = userEvent.setup();
    let answer: (result: MembershipApplicationResult) => void = () => undefined;
    const server = fakeServer(() => new Promise((resolve) => (answer = resolve)));
    const Page = page(server);
    render(<Page initialEntries={[TAB]} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Invia la domanda' }));

    // While it is on its way the button cannot send it twice.
    await waitFor(() =>
      expect(
        (screen.getByRole('button', { name: 'Invia la domanda' }) as HTMLButtonElement).disabled,
      ).toBe(true),
    );
    answer({ ok: true, message: APPLICATION_MESSAGES.received });

    expect((await screen.findByTestId('application-received')).textContent).toBe(
      'Grazie, abbiamo ricevuto la tua domanda di iscrizione. Ti scriveremo appena il Consiglio Direttivo l’avrà esaminata.',
    );
    expect(screen.queryByRole('button', { name: 'Invia la domanda' })).toBeNull();
    expect(server.received).toEqual([
      {
        fields: {
          kind: 'Socio',
          section: '',
          firstName: 'Giulia',
          lastName: 'Ferri',
          email: 'giulia.ferri@example.org',
          codiceFiscale: 'frrglu80a41h501z',
          qualification: 'Medico trasfusionista',
          workplace: 'Ospedale Maggiore',
          centre: '',
          region: 'Emilia-Romagna',
          registerNumber: '',
          privacyVersion: '2026-11-1',
          privacy: 'on',
        },
        cv: { name: 'curriculum.pdf', type: 'application/pdf' },
      },
    ]);
  });

  it('shows the server’s refusal of a duplicate above the form, the fields kept', async () => {
    const user = userEvent.setup();
    const Page = page(
      fakeServer(async () => ({
        ok: false,
        message: APPLICATION_MESSAGES.alreadyReceived,
        issues: [],
      })),
    );
    render(<Page initialEntries={[TAB]} />);
    await fillIn(user);
    await user.click(screen.getByRole('button', { name: 'Invia la domanda' }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Abbiamo già ricevuto una domanda di iscrizione con questo indirizzo e-mail o codice fiscale: è in attesa dell’esame del Consiglio Direttivo, non serve inviarla di nuovo.',
    );
    expect(input(/^E-mail/).value).toBe('giulia.ferri@example.org');
    expect((input(/^Regione/) as unknown as HTMLSelectElement).value).toBe('Emilia-Romagna');
  });
});
