import type { RouteConfigEntry } from '@react-router/dev/routes';
import type { Assembly, Opinion, PressReview, Recommendation } from '@sodalis/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRoutesStub, type AppLoadContext, type LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { expectConsole } from '../../test/console';
import { answerData, answerError, fakeApi } from '../../test/fake-api';
import { sessionToken, signInTab } from '../../test/session';
import routes from '../routes';
import * as archive from './area-riservata-archivio';
import * as layout from './area-riservata-layout';

const MODULE = 'routes/area-riservata-archivio.tsx';

/** Every route of the table, nested ones included. */
function flatten(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])]);
}

const recommendation: Recommendation = {
  id: 1,
  title: 'Raccomandazioni sul patient blood management',
  dataPubblicazione: '2025-03-14',
  sourceName: 'Centro nazionale sangue',
  sourceUrl: 'https://example.org/pbm',
  attachments: [],
};
const pressReview: PressReview = {
  id: 2,
  date: '2025-02-10',
  testata: 'Il Sole 24 Ore',
  headline: 'Donazioni di sangue in crescita',
  title: 'Donazioni di sangue in crescita',
  url: 'https://example.org/articolo',
};
const opinion: Opinion = {
  id: 3,
  title: 'Parere 12/03/2025 sulla raccolta del plasma',
  domanda: 'Domanda',
  risposta: 'Risposta',
  dataPubblicazione: '2025-03-12',
};
const assembly = (luogo: string): Assembly => ({
  id: 4,
  title: `Assemblea dei soci di ${luogo}`,
  data: '2025-05-20',
  luogo,
  attachments: [{ fileName: 'Verbale.pdf', serverRelativeUrl: '/files/verbale.pdf' }],
});

/** An assemblies' page (spec §2.9): the national one and the regional one, alike but for these. */
function assemblies(territorio: 'Nazionali' | 'Regionali', place: string) {
  const regional = territorio === 'Regionali';
  return {
    path: regional ? '/area-riservata-assemblee-regionali' : '/area-riservata-assemblee',
    title: regional ? 'Assemblee regionali' : 'Assemblee nazionali',
    description: `Documenti delle assemblee ${regional ? 'regionali' : 'nazionali'} per Soci e Affiliati.`,
    endpoint: '/api/v1/ReservedArea/GetAssemblee',
    searchHeading: "Cerca nell'archivio delle Assemblee",
    item: assembly(place),
    heading: assembly(place).title,
    body: { orderByFields: 'Data', territorio },
  };
}

/** What each address must stay (e2e/specs/reserved-archives.spec.ts reads the same pages). */
const ARCHIVES = [
  {
    path: '/area-riservata-raccomandazioni',
    title: 'Raccomandazioni',
    description: 'Archivio delle raccomandazioni per Soci e Affiliati.',
    endpoint: '/api/v1/ReservedArea/GetRaccomandazioni',
    searchHeading: "Cerca nell'archivio delle Raccomandazioni",
    item: recommendation,
    heading: recommendation.title,
    body: { orderByFields: 'Datapubblicazione' },
  },
  {
    path: '/area-riservata-pareri',
    title: 'Pareri del Consiglio Direttivo',
    description: 'I pareri del Consiglio Direttivo per Soci e Affiliati.',
    endpoint: '/api/v1/ReservedArea/GetPareriCD',
    searchHeading: "Cerca nell'archivio dei Pareri",
    item: opinion,
    heading: opinion.title,
    body: {},
  },
  {
    path: '/area-riservata-rassegna',
    title: 'Rassegna stampa',
    description: 'La rassegna stampa per Soci e Affiliati.',
    endpoint: '/api/v1/SharepointContent/GetRassegneStampa',
    searchHeading: 'Cerca nella rassegna stampa',
    item: pressReview,
    heading: pressReview.headline,
    body: { orderByFields: 'Datapubblicazione' },
  },
  assemblies('Nazionali', 'Roma'),
  assemblies('Regionali', 'Bologna'),
];

/**
 * A route's client loader as the browser runs it on a navigation, with nothing rendered by the
 * server to keep (ADR 022): the stub's loaders get React Router's plain arguments.
 */
const inBrowser =
  <A, R>(clientLoader: (args: A) => R) =>
  (args: LoaderFunctionArgs) =>
    clientLoader({ ...args, serverLoader: () => Promise.resolve(null) } as unknown as A);

/** The reserved area as the site has it: the layout's guard around the archive module. */
const Site = createRoutesStub([
  { path: '/area-riservata', Component: () => <h1>Accesso all’area riservata</h1> },
  { path: '/area-riservata-homepage', Component: () => <h1>Home riservata</h1> },
  {
    id: 'reserved-area',
    Component: layout.default,
    loader: inBrowser(layout.clientLoader),
    HydrateFallback: () => null,
    children: ARCHIVES.map(({ path }) => ({
      path,
      Component: archive.default,
      loader: inBrowser(archive.clientLoader),
    })),
  },
]);

const listItems = () =>
  within(screen.getByTestId('archive-list'))
    .getAllByRole('listitem')
    .filter((item) => item.parentElement === screen.getByTestId('archive-list'));

describe('the searchable archives: one module at five addresses (spec §2.9)', () => {
  it('is registered in the route table at each archive’s address, with its own id', () => {
    const registered = flatten(routes).filter((entry) => entry.file === MODULE);
    expect(registered.map((entry) => `/${entry.path}`)).toEqual(ARCHIVES.map(({ path }) => path));
    expect(new Set(registered.map((entry) => entry.id)).size).toBe(ARCHIVES.length);
  });

  it.each(ARCHIVES)(
    '$path: title and description of its own, kept out of search engines',
    (page) => {
      const tags = archive.meta({
        location: { pathname: page.path, search: '', hash: '', state: null, key: 'k' },
        matches: [],
        params: {},
        data: null,
        loaderData: null,
        error: undefined,
      } as unknown as Parameters<typeof archive.meta>[0]);
      expect(tags).toContainEqual({ title: `${page.title} | SIMTI` });
      expect(tags).toContainEqual({ name: 'description', content: page.description });
      expect(tags).toContainEqual({ name: 'robots', content: 'noindex' });
    },
  );

  it.each(ARCHIVES)(
    '$path: loads its list with the search in the address and shows it',
    async (page) => {
      signInTab('socio');
      const calls = fakeApi({
        [page.endpoint]: () => answerData({ items: [page.item], pagingInfo: 'pagina-2' }),
        '/api/v1/SharepointContent/GetSetupData': () =>
          answerData([{ titolo: 'pareri-intro', corpo: '<p>Come leggere i pareri</p>' }]),
      });
      render(<Site initialEntries={[`${page.path}?q=sangue&anno=2025`]} />);

      expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe(page.title);
      expect(screen.getByRole('heading', { name: page.searchHeading })).toBeTruthy();
      expect(screen.getByRole('navigation', { name: 'Percorso' }).textContent).toContain(
        'Area riservata (Socio)',
      );
      expect(listItems()).toHaveLength(1);
      expect(within(listItems()[0] as HTMLElement).getByRole('heading').textContent).toBe(
        page.heading,
      );
      expect((screen.getByLabelText('Testo') as HTMLInputElement).value).toBe('sangue');
      const list = calls.find((call) => call.path === page.endpoint);
      expect(list?.headers.get('authorization')).toBe(`Bearer ${sessionStorage.getItem('token')}`);
      expect(list?.body).toMatchObject({
        ...page.body,
        paginated: true,
        dataOffset: '4',
        ascending: false,
        title: 'sangue',
        years: ['2025'],
      });
      // SUCCESSIVA keeps the search and adds the next page's token.
      expect(screen.getByRole('link', { name: 'SUCCESSIVA' }).getAttribute('href')).toBe(
        `${page.path}?q=sangue&anno=2025&p=pagina-2`,
      );
      expect(screen.getByRole('link', { name: 'MENU AREA RISERVATA' }).getAttribute('href')).toBe(
        '/area-riservata-homepage',
      );
      // The opinions' intro text above the search (spec §2.9); the others have none.
      expect(screen.queryByTestId('pareri-intro')?.textContent ?? null).toBe(
        page.path === '/area-riservata-pareri' ? 'Come leggere i pareri' : null,
      );
      // Both assemblies' pages have the section select (spec §2.9, "the same layout").
      expect(screen.queryByLabelText('Tipologia') !== null).toBe(page.path.includes('assemblee'));
    },
  );

  it('says so when nothing is found, and walks back with RESET', async () => {
    signInTab('affiliato');
    const calls = fakeApi({
      '/api/v1/ReservedArea/GetRaccomandazioni': () => answerData({ items: [] }),
    });
    const user = userEvent.setup();
    render(<Site initialEntries={['/area-riservata-raccomandazioni?q=nulla']} />);
    expect((await screen.findByTestId('archive-empty')).textContent).toBe(
      'Nessun elemento trovato',
    );
    expect(screen.queryByRole('link', { name: 'SUCCESSIVA' })).toBeNull();
    await user.click(screen.getByRole('link', { name: 'RESET' }));
    await waitFor(() =>
      expect((screen.getByLabelText('Testo') as HTMLInputElement).value).toBe(''),
    );
    expect(calls.map(({ body }) => (body as { title: string | null }).title)).toEqual([
      'nulla',
      null,
    ]);
  });

  it('leaves the list empty and logs why when it cannot be loaded (spec §7)', async () => {
    signInTab('socio');
    fakeApi({
      '/api/v1/SharepointContent/GetRassegneStampa': () =>
        answerError(500, 'errore-interno', 'Errore'),
    });
    render(<Site initialEntries={['/area-riservata-rassegna']} />);
    expect((await screen.findByTestId('archive-empty')).textContent).toBe(
      'Nessun elemento trovato',
    );
    expect(expectConsole('warn').map(([message]) => message)).toEqual([
      'Rassegna stampa non disponibile',
    ]);
  });

  it('sends a visitor without a session to the sign-in, asking the API nothing (spec §6)', async () => {
    const calls = fakeApi({});
    render(<Site initialEntries={['/area-riservata-assemblee']} />);
    expect(
      (await screen.findByRole('heading', { name: 'Accesso all’area riservata' })).textContent,
    ).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe('the archive rendered on the server (ADR 022)', () => {
  /** A request as the server receives it: a browser's `Request` would drop the Cookie header. */
  function request(path: string, cookie?: string): Request {
    const sent = new Request(`http://localhost${path}`);
    const headers = new Headers(cookie === undefined ? {} : { cookie });
    return Object.defineProperty(sent, 'headers', { value: headers });
  }

  it('asks the load context for the archive of the address with the cookie’s session', async () => {
    const token = sessionToken('socio');
    const asked: unknown[][] = [];
    const context = {
      reservedArea: {
        list: (...args: unknown[]) => {
          asked.push(args);
          return Promise.resolve({ items: [assembly('Bologna')], pagingInfo: 'dopo' });
        },
      },
      content: { setupElements: () => Promise.resolve([]) },
    } as unknown as AppLoadContext;
    const data = await archive.loader({
      request: request(
        '/area-riservata-assemblee-regionali?anno=2025',
        `sodalis_sessione=${token}`,
      ),
      context,
      params: {},
    } as Parameters<typeof archive.loader>[0]);
    expect(asked).toEqual([
      ['assemblies', expect.objectContaining({ territorio: 'Regionali', years: ['2025'] }), token],
    ]);
    expect(data?.items).toEqual([assembly('Bologna')]);
    expect(data?.nextToken).toBe('dopo');
    expect(archive.headers()).toEqual({ 'Cache-Control': 'private, no-store' });
  });

  it('renders no list without a session cookie: the browser’s guard decides', async () => {
    const context = {} as AppLoadContext;
    const data = await archive.loader({
      request: request('/area-riservata-raccomandazioni'),
      context,
      params: {},
    } as Parameters<typeof archive.loader>[0]);
    expect(data).toBeNull();
  });
});
