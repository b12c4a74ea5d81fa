import type {
  AdminContribution,
  AdminPage,
  AdminTransparencyPublication,
  TransparencyWarning,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { samplePdf } from '../../helpers/mail-test-app.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

type Issue = { path: string; message: string };

describe.each(testEngines())('back office: Società trasparente on %s', (engine) => {
  // 15 June: last year's contributions and final accounts are due by the 30th.
  const site = staffSite(engine, { clock: fixedClock('2026-06-15') });
  const { call, ok, auditOf } = site;
  const publicPage = () => site.app.services.transparency.page();
  const pdf = (label: string) => ({
    fileName: `${label}.pdf`,
    content: samplePdf(label).toString('base64'),
  });

  it('publishes the final accounts with their PDF, edits and deletes them, each in the audit log', async () => {
    const created = await ok<AdminTransparencyPublication>(
      call('POST', '/TransparencyPublications', {
        type: 'bilancio-consuntivo',
        title: 'Bilancio consuntivo 2025',
        year: 2025,
        publishedOn: '2026-05-20',
        newAttachments: [pdf('consuntivo-2025')],
      }),
    );
    expect(created).toMatchObject({ type: 'bilancio-consuntivo', year: 2025, linkUrl: null });
    expect(created.attachments.map((file) => file.fileName)).toEqual(['consuntivo-2025.pdf']);
    const [entry] = await auditOf('transparency_publication', created.id);
    expect(entry).toMatchObject({
      action: 'crea',
      summary: 'Pubblicazione creata: Bilancio consuntivo 2025',
    });
    expect(entry?.after).toMatchObject({
      tipo: 'Bilancio consuntivo',
      anno: 2025,
      allegati: ['consuntivo-2025.pdf'],
    });

    // The public page shows it at once in its section, with its date and PDF.
    const budgets = (await publicPage()).sections.find((section) => section.id === 'bilanci');
    expect(budgets?.publications).toEqual([
      expect.objectContaining({
        id: created.id,
        typeLabel: 'Bilancio consuntivo',
        publishedOn: '2026-05-20',
        updatedOn: '2026-06-15',
      }),
    ]);
    const address = created.attachments[0]?.serverRelativeUrl ?? '';
    const file = await site.app.inject({
      method: 'GET',
      url: `/api/v1/SharepointContent/DownloadPublicDoc?serverRelativeUrl=${encodeURIComponent(address)}`,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');

    const edited = await ok<AdminTransparencyPublication>(
      call('PUT', `/TransparencyPublications/${created.id}`, {
        ...created,
        title: 'Bilancio consuntivo 2025 approvato',
        keptAttachmentIds: created.attachments.map((attachment) => attachment.id),
      }),
    );
    expect(edited.title).toBe('Bilancio consuntivo 2025 approvato');
    const [edit] = await auditOf('transparency_publication', created.id);
    expect(edit).toMatchObject({
      action: 'modifica',
      before: { titolo: 'Bilancio consuntivo 2025' },
      after: { titolo: 'Bilancio consuntivo 2025 approvato' },
    });

    await ok(call('DELETE', `/TransparencyPublications/${created.id}`));
    const [removal] = await auditOf('transparency_publication', created.id);
    expect(removal).toMatchObject({ action: 'elimina' });
    expect((await call('GET', `/TransparencyPublications/${created.id}`)).statusCode).toBe(404);
    const after = (await publicPage()).sections.find((section) => section.id === 'bilanci');
    expect(after?.publications).toEqual([]);
    // The PDF went with it.
    const gone = await site.app.inject({
      method: 'GET',
      url: `/api/v1/SharepointContent/DownloadPublicDoc?serverRelativeUrl=${encodeURIComponent(address)}`,
    });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a bad publication with Italian messages and writes nothing', async () => {
    const answer = await call('POST', '/TransparencyPublications', {
      type: 'bilancio-preventivo',
      title: '',
      publishedOn: '2026-02-30',
      newAttachments: [{ fileName: 'finto.pdf', content: Buffer.from('ciao').toString('base64') }],
    });
    expect(answer.statusCode).toBe(400);
    const issues = (answer.json() as { error: { issues: Issue[] } }).error.issues;
    expect(issues.map((issue) => issue.path).sort()).toEqual(['publishedOn', 'title', 'year']);
    expect(issues.find((issue) => issue.path === 'year')?.message).toBe(
      'Per i bilanci e la dichiarazione sui contributi indica l’anno a cui si riferiscono.',
    );
    const notPdf = await call('POST', '/TransparencyPublications', {
      type: 'codice-etico',
      title: 'Codice etico',
      publishedOn: '2026-01-10',
      newAttachments: [{ fileName: 'finto.pdf', content: Buffer.from('ciao').toString('base64') }],
    });
    expect(notPdf.statusCode).toBe(400);
    const list = await ok<AdminPage<AdminTransparencyPublication>>(
      call('GET', '/TransparencyPublications'),
    );
    expect(list.total).toBe(0);
  });

  it('keeps the contributions per year with their total, and clears the deadline warning', async () => {
    const warningsBefore = await ok<TransparencyWarning[]>(call('GET', '/TransparencyWarnings'));
    expect(warningsBefore.map((warning) => `${warning.key}:${warning.state}`)).toContain(
      'contributi-2025:in-scadenza',
    );

    const first = await ok<AdminContribution>(
      call('POST', '/PublicContributions', {
        year: 2025,
        grantor: 'Ministero della Salute',
        amount: '15000,50',
        receivedOn: '2025-03-12',
        purpose: 'Progetto di formazione sulla sicurezza trasfusionale',
      }),
    );
    expect(first).toMatchObject({ amount: '15000.50', year: 2025 });
    await ok(
      call('POST', '/PublicContributions', {
        year: 2025,
        grantor: 'Regione Lazio',
        amount: 12000,
        receivedOn: '2025-09-01',
        purpose: 'Convegno regionale',
      }),
    );
    const [entry] = await auditOf('public_contribution', first.id);
    expect(entry).toMatchObject({
      action: 'crea',
      after: { ente: 'Ministero della Salute', importo: '15000.50' },
    });

    const page = await publicPage();
    expect(page.contributionYears).toEqual([
      {
        year: 2025,
        totalCents: 2_700_050,
        rows: [
          expect.objectContaining({ grantor: 'Ministero della Salute', amountCents: 1_500_050 }),
          expect.objectContaining({ grantor: 'Regione Lazio', amountCents: 1_200_000 }),
        ],
      },
    ]);
    const warningsAfter = await ok<TransparencyWarning[]>(call('GET', '/TransparencyWarnings'));
    expect(warningsAfter.map((warning) => warning.key)).toEqual(['bilancio-consuntivo-2025']);

    const bad = await call('PUT', `/PublicContributions/${first.id}`, {
      year: 2025,
      grantor: 'Ministero della Salute',
      amount: '-3',
      receivedOn: '2025-03-12',
      purpose: 'x',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Indica un importo in euro maggiore di zero');

    await ok(call('DELETE', `/PublicContributions/${first.id}`));
    const [removal] = await auditOf('public_contribution', first.id);
    expect(removal).toMatchObject({
      action: 'elimina',
      summary: 'Contributo spostato nel cestino: Ministero della Salute (2025)',
    });
    expect((await publicPage()).contributionYears[0]?.totalCents).toBe(1_200_000);
  });

  it('keeps the staff routes behind the staff guard', async () => {
    expect((await call('GET', '/TransparencyPublications', undefined, null)).statusCode).toBe(401);
    expect((await call('GET', '/TransparencyWarnings', undefined, null)).statusCode).toBe(401);
  });
});
