import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createRoutesStub } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegistrationsCalendar } from './registrations-calendar';

const PAGE = '/area-riservata-iscrizioni';
const FEED = {
  url: 'https://www.esempio.it/eventi/iscrizioni/segreto/calendario.ics',
  webcalUrl: 'webcal://www.esempio.it/eventi/iscrizioni/segreto/calendario.ics',
};

const pages = () =>
  createRoutesStub([{ path: PAGE, Component: () => <RegistrationsCalendar feed={FEED} /> }]);

describe('the private calendar in «Le mie iscrizioni» (ADR 052)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('without scripts: the address in a labelled field, the webcal: link, "Rigenera" as a form, no "Copia"', () => {
    const Pages = pages();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Pages initialEntries={[PAGE]} />);
    const field = container.querySelector<HTMLInputElement>('#calendario-indirizzo');
    expect(field?.value).toBe(FEED.url);
    expect(container.querySelector('label[for="calendario-indirizzo"]')?.textContent).toBe(
      'Indirizzo del calendario',
    );
    expect(container.querySelector(`a[href="${FEED.webcalUrl}"]`)?.textContent).toBe(
      'Apri nell’app calendario',
    );
    const form = container.querySelector('form[method="post"]');
    expect(form?.querySelector<HTMLInputElement>('input[name="intent"]')?.value).toBe(
      'rigenera-calendario',
    );
    expect(form?.textContent).toContain('Rigenera');
    expect(container.textContent).not.toContain('Copia');
  });

  it('with scripts: "Copia" puts the address on the clipboard and says so', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const Pages = pages();
    const container = document.createElement('div');
    container.innerHTML = renderToString(<Pages initialEntries={[PAGE]} />);
    document.body.append(container);
    render(<Pages initialEntries={[PAGE]} />, { container, hydrate: true });
    await user.click(await screen.findByRole('button', { name: 'Copia' }));
    expect(writeText).toHaveBeenCalledWith(FEED.url);
    expect(screen.getByRole('status').textContent).toBe('Indirizzo copiato.');
    container.remove();
  });
});
