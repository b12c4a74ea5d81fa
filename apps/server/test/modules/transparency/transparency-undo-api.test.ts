import type {
  AdminAuditEntry,
  AdminBinItem,
  AdminContribution,
  AdminDashboard,
  AdminPage,
  AdminTransparencyPublication,
} from '@sodalis/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { minimalPdf } from '../../helpers/pdf-corpus.js';
import { MEMBER_ROLES, memberApi } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';

/** "Now", moved by the tests: 15 June, when last year's final accounts are due by the 30th. */
let now = new Date('2026-06-15T08:00:00Z');
const DAY_MS = 86_400_000;

/**
 * The bin and the history of "Società trasparente" (ADR 026, ADR 031): publications and public
 * contributions have no published flag, so "Elimina" takes them off the page into the bin, and
 * an edit goes back from the item's history.
 */
describe.each(testEngines())('back office: undo for Società trasparente on %s', (engine) => {
  beforeAll(() => {
    now = new Date('2026-06-15T08:00:00Z');
  });
  const site = staffSite(engine, {
    clock: () => now,
    roles: [...MEMBER_ROLES, 'redazione', 'tesoreria'],
  });
  const { call, ok } = site;
  const api = memberApi(site);
  const publicPage = () => site.app.services.transparency.page();
  const publicTitles = async () =>
    (await publicPage()).sections.flatMap((section) => section.publications.map((p) => p.title));
  const publicGrantors = async () =>
    (await publicPage()).contributionYears.flatMap((year) => year.rows.map((row) => row.grantor));
  const download = (address: string) =>
    site.app.inject({
      method: 'GET',
      url: `/api/v1/SharepointContent/DownloadPublicDoc?serverRelativeUrl=${encodeURIComponent(address)}`,
    });
  const pendingKeys = async () =>
    (await ok<AdminDashboard>(call('GET', '/Dashboard'))).pending.map((line) => line.key);
  const hashOf = async (attachmentId: number) =>
    (
      await site.app.services.db
        .selectFrom('attachments')
        .select('file_sha256')
        .where('id', '=', attachmentId)
        .executeTakeFirstOrThrow()
    ).file_sha256;

  function publication(title: string, pdfLabel: string, extra: object = {}) {
    return ok<AdminTransparencyPublication>(
      call('POST', '/TransparencyPublications', {
        type: 'bilancio-consuntivo',
        title,
        year: 2025,
        publishedOn: '2026-05-20',
        newAttachments: [
          { fileName: `${pdfLabel}.pdf`, content: minimalPdf(pdfLabel).toString('base64') },
        ],
        ...extra,
      }),
    );
  }
  function contribution(grantor: string, amount = '1500,50') {
    return ok<AdminContribution>(
      call('POST', '/PublicContributions', {
        year: 2025,
        grantor,
        amount,
        receivedOn: '2025-03-12',
        purpose: 'Formazione sulla sicurezza trasfusionale',
      }),
    );
  }

  it('bins a publication off the page, its PDF, the search and the deadline count; restores it whole', async () => {
    now = new Date('2026-06-15T08:00:00Z');
    expect(await pendingKeys()).toContain('bilancio-consuntivo-2025');
    const item = await publication('Bilancio consuntivo 2025', 'consuntivo-cestino');
    const address = item.attachments[0]?.serverRelativeUrl ?? '';
    expect(await pendingKeys()).not.toContain('bilancio-consuntivo-2025');
    expect(await api.searchTitles('consuntivo', 'socio')).toContain(item.title);

    await ok(call('DELETE', `/TransparencyPublications/${item.id}`, undefined, 'redazione'));
    expect(await publicTitles()).not.toContain(item.title);
    expect((await download(address)).statusCode).toBe(404);
    expect(await api.searchTitles('consuntivo', 'socio')).not.toContain(item.title);
    // Binned, the final accounts count as missing again on the staff home.
    expect(await pendingKeys()).toContain('bilancio-consuntivo-2025');
    expect((await call('GET', `/TransparencyPublications/${item.id}`)).statusCode).toBe(404);
    const edit = await call('PUT', `/TransparencyPublications/${item.id}`, {
      ...item,
      keptAttachmentIds: [],
      newAttachments: [],
    });
    expect(edit.statusCode).toBe(404);
    const list = await ok<AdminPage<AdminTransparencyPublication>>(
      call('GET', '/TransparencyPublications?perPage=100'),
    );
    expect(list.items.map((entry) => entry.id)).not.toContain(item.id);
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/TransparencyPublications/Bin'));
    expect(bin.items).toContainEqual({
      id: item.id,
      title: item.title,
      deletedAt: '2026-06-15T08:00:00.000Z',
      purgeAt: '2026-07-15T08:00:00.000Z',
    });
    expect((await site.lastAudit('transparency_publication'))?.summary).toBe(
      'Pubblicazione spostata nel cestino: Bilancio consuntivo 2025',
    );

    const restored = await ok<AdminTransparencyPublication>(
      call('POST', `/TransparencyPublications/${item.id}/Restore`),
    );
    expect(restored).toMatchObject({ title: item.title, attachments: item.attachments });
    expect(await publicTitles()).toContain(item.title);
    expect((await download(address)).statusCode).toBe(200);
    expect(await api.searchTitles('consuntivo', 'socio')).toContain(item.title);
    expect(await pendingKeys()).not.toContain('bilancio-consuntivo-2025');
    expect((await site.lastAudit('transparency_publication'))?.action).toBe('ripristina');
    // Restoring what is not in the bin, or what does not exist: 404.
    expect((await call('POST', `/TransparencyPublications/${item.id}/Restore`)).statusCode).toBe(
      404,
    );
    expect((await call('POST', '/TransparencyPublications/999999/Restore')).statusCode).toBe(404);
    expect((await call('DELETE', '/TransparencyPublications/999999')).statusCode).toBe(404);
  });

  it('deletes a publication for good with its unused PDF, keeping a file another one uses', async () => {
    now = new Date('2026-06-15T08:20:00Z');
    const { files } = site.app.services;
    const alone = await publication('Atto costitutivo', 'atto-solo', {
      type: 'atto-costitutivo',
      year: null,
    });
    const shared = await publication('Codice etico', 'codice-condiviso', {
      type: 'codice-etico',
      year: null,
    });
    const copy = await publication('Codice etico (copia)', 'codice-condiviso', {
      type: 'codice-etico',
      year: null,
    });
    const aloneFile = await hashOf(alone.attachments[0]?.id ?? 0);
    const sharedFile = await hashOf(shared.attachments[0]?.id ?? 0);
    expect(await hashOf(copy.attachments[0]?.id ?? 0)).toBe(sharedFile);

    await ok(call('DELETE', `/TransparencyPublications/${alone.id}`));
    await ok(call('DELETE', `/TransparencyPublications/${shared.id}`));
    // In the bin the files stay: a restore brings them back.
    expect(await files.has(aloneFile)).toBe(true);
    await ok(call('DELETE', `/TransparencyPublications/Bin/${alone.id}`));
    expect(await files.has(aloneFile)).toBe(false);
    expect((await site.lastAudit('transparency_publication'))?.summary).toBe(
      'Pubblicazione eliminata definitivamente: Atto costitutivo',
    );
    expect((await call('DELETE', `/TransparencyPublications/Bin/${alone.id}`)).statusCode).toBe(
      404,
    );
    expect((await call('POST', `/TransparencyPublications/${alone.id}/Restore`)).statusCode).toBe(
      404,
    );

    // "Svuota il cestino": the other goes too, its file kept for the copy still on the page.
    await ok(call('DELETE', '/TransparencyPublications/Bin'));
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/TransparencyPublications/Bin'));
    expect(bin.total).toBe(0);
    expect(await files.has(sharedFile)).toBe(true);
    expect((await download(copy.attachments[0]?.serverRelativeUrl ?? '')).statusCode).toBe(200);
  });

  it('bins and restores a contribution with the year’s total and warning, purges the bin after 30 days', async () => {
    now = new Date('2026-06-15T08:40:00Z');
    const kept = await contribution('Regione Lazio');
    const gone = await contribution('Comune di Roma');
    expect(await pendingKeys()).not.toContain('contributi-2025');

    await ok(call('DELETE', `/PublicContributions/${kept.id}`));
    await ok(call('DELETE', `/PublicContributions/${gone.id}`));
    expect(await publicGrantors()).not.toContain('Regione Lazio');
    // No contribution of 2025 left on the page: the staff home warns again.
    expect(await pendingKeys()).toContain('contributi-2025');
    expect((await call('GET', `/PublicContributions/${kept.id}`)).statusCode).toBe(404);
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/PublicContributions/Bin'));
    expect(bin.items.map((entry) => entry.title)).toEqual([
      'Comune di Roma (2025)',
      'Regione Lazio (2025)',
    ]);
    expect((await site.lastAudit('public_contribution'))?.summary).toBe(
      'Contributo spostato nel cestino: Comune di Roma (2025)',
    );

    await ok(call('POST', `/PublicContributions/${kept.id}/Restore`));
    expect(await publicGrantors()).toContain('Regione Lazio');
    expect(await pendingKeys()).not.toContain('contributi-2025');

    // 30 days on, the hourly purge takes the one left in the bin.
    const binnedAt = Date.parse('2026-06-15T08:40:00Z');
    now = new Date(binnedAt + 30 * DAY_MS - 60_000);
    expect(await site.app.services.staff.transparency.purgeExpired()).toBe(0);
    now = new Date(binnedAt + 30 * DAY_MS + 60_000);
    expect(await site.app.services.binPurge.runOnce()).toBeGreaterThanOrEqual(1);
    // Back to a time when the staff session is still open.
    now = new Date('2026-06-15T08:50:00Z');
    const left = await ok<AdminPage<AdminBinItem>>(call('GET', '/PublicContributions/Bin'));
    expect(left.items.map((entry) => entry.id)).not.toContain(gone.id);
    expect((await call('POST', `/PublicContributions/${gone.id}/Restore`)).statusCode).toBe(404);
    expect(await publicGrantors()).toContain('Regione Lazio');
  });

  it('undoes an edit from the item’s history, as a new audited edit; refuses what has no earlier version', async () => {
    now = new Date('2026-06-15T09:00:00Z');
    const item = await publication('Bilancio preventivo 2026', 'preventivo-storia', {
      type: 'bilancio-preventivo',
      year: 2026,
    });
    const replacedPdf = {
      fileName: 'preventivo-storia.pdf',
      content: minimalPdf('preventivo-storia-nuovo').toString('base64'),
    };
    const edited = await ok<AdminTransparencyPublication>(
      call('PUT', `/TransparencyPublications/${item.id}`, {
        ...item,
        title: 'Bilancio preventivo 2026 (rettificato)',
        description: 'Rettifica approvata',
        keptAttachmentIds: [],
        newAttachments: [replacedPdf],
      }),
    );
    // A replaced PDF keeps its public address (ADR 034).
    expect(edited.attachments[0]?.serverRelativeUrl).toBe(item.attachments[0]?.serverRelativeUrl);
    const history = await ok<AdminAuditEntry[]>(
      call('GET', `/TransparencyPublications/${item.id}/History`),
    );
    const edit = history.find((entry) => entry.action === 'modifica');
    expect(edit?.before).toMatchObject({ titolo: 'Bilancio preventivo 2026', descrizione: null });

    const rolledBack = await ok<AdminTransparencyPublication>(
      call('POST', `/TransparencyPublications/${item.id}/Rollback`, { auditId: edit?.id }),
    );
    expect(rolledBack).toMatchObject({
      type: 'bilancio-preventivo',
      title: 'Bilancio preventivo 2026',
      description: null,
      year: 2026,
      attachments: edited.attachments,
    });
    expect(await publicTitles()).toContain('Bilancio preventivo 2026');
    expect((await site.auditOf('transparency_publication', item.id))[0]).toMatchObject({
      action: 'modifica',
      after: { titolo: 'Bilancio preventivo 2026' },
    });

    const creation = history.find((entry) => entry.action === 'crea');
    const refused = await call('POST', `/TransparencyPublications/${item.id}/Rollback`, {
      auditId: creation?.id,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Questa voce del registro non ha una versione precedente.');

    // A contribution's amount goes back too.
    const grant = await contribution('Fondazione Trasfusionale', '2000');
    await ok(
      call('PUT', `/PublicContributions/${grant.id}`, {
        ...grant,
        amount: '2500,75',
        purpose: 'Borse di studio',
      }),
    );
    const [grantEdit] = await ok<AdminAuditEntry[]>(
      call('GET', `/PublicContributions/${grant.id}/History`),
    );
    expect(grantEdit?.before).toMatchObject({ importo: '2000.00' });
    const back = await ok<AdminContribution>(
      call('POST', `/PublicContributions/${grant.id}/Rollback`, { auditId: grantEdit?.id }),
    );
    expect(back).toMatchObject({ amount: '2000.00', purpose: grant.purpose });

    // Another item's entry, a wrong id, a missing body: clear Italian errors, never a 500.
    const foreign = await call('POST', `/PublicContributions/${grant.id}/Rollback`, {
      auditId: edit?.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.body).toContain('non ha una versione precedente');
    expect((await call('GET', '/PublicContributions/999999/History')).statusCode).toBe(404);
    const badId = await call('GET', '/TransparencyPublications/abc/History');
    expect(badId.statusCode).toBe(400);
    expect(badId.body).toContain('Identificativo non valido.');
    const noVersion = await call('POST', `/PublicContributions/${grant.id}/Rollback`, {});
    expect(noVersion.statusCode).toBe(400);
    expect(noVersion.body).toContain('Versione non valida.');
  });

  it('leaves the treasurer out of the transparency bin, as of its lists', async () => {
    expect(
      (await call('GET', '/TransparencyPublications/Bin', undefined, 'tesoreria')).statusCode,
    ).toBe(403);
    expect((await call('GET', '/PublicContributions/Bin', undefined, 'redazione')).statusCode).toBe(
      200,
    );
  });
});
