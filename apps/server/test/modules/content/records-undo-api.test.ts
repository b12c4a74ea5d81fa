import type {
  AdminAuditEntry,
  AdminBinItem,
  AdminBoardMember,
  AdminPage,
  AdminSetupElement,
  AdminSiteContent,
  BoardMember,
  SetupElement,
} from '@sodalis/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { publicSiteContent, refused, staffSite } from '../../helpers/staff-api.js';
import { testEngines } from '../../helpers/test-app.js';
import { minimalPdf } from '../../helpers/pdf-corpus.js';

/** "Now", moved by the tests. */
let now = new Date('2026-11-24T09:00:00Z');
const DAY_MS = 86_400_000;

/** A small photo of one colour: each colour a different file in the store. */
async function photo(red: number): Promise<string> {
  return (
    await sharp({
      create: { width: 40, height: 40, channels: 3, background: { r: red, g: 80, b: 120 } },
    })
      .png()
      .toBuffer()
  ).toString('base64');
}

/**
 * The bin and the history of the society's records without a published flag (ADR 031,
 * amendment of 2026-11-24): the board's members go to a bin; the page texts and the site
 * contents, never deleted, go back to an earlier version from their history. The news
 * categories' bin is tested with the news (`news/categories-undo-api.test.ts`).
 */
describe.each(testEngines())('back office: undo for records without a flag on %s', (engine) => {
  beforeAll(() => {
    now = new Date('2026-11-24T09:00:00Z');
  });
  const site = staffSite(engine, { clock: () => now });
  const { call, ok, auditOf } = site;

  async function publicGet<T>(url: string): Promise<T> {
    const response = await site.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: T }).data;
  }
  const publicBoard = () =>
    publicGet<BoardMember[]>('/api/v1/SharepointContent/GetConsiglioDirettivo');
  const storedPhoto = async (id: number) =>
    (
      await site.app.services.db
        .selectFrom('board_members')
        .select('photo_sha256')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).photo_sha256 ?? '';

  function member(name: string, extra: object = {}) {
    return ok<AdminBoardMember>(
      call('POST', '/BoardMembers', {
        name,
        role: 'Consigliere',
        sortOrder: 60,
        newPhoto: null,
        newCv: null,
        ...extra,
      }),
    );
  }

  it('bins a board member off the public board and its CV, restores it as it was', async () => {
    now = new Date('2026-11-24T09:00:00Z');
    const created = await member('Ilaria Ferri', {
      newPhoto: { fileName: 'foto.png', content: await photo(10) },
      newCv: { fileName: 'cv-ferri.pdf', content: minimalPdf('cv').toString('base64') },
    });
    const cvUrl = `/api/v1/SharepointContent/GetCVById?id=${created.id}`;
    const documentUrl = `/api/v1/SharepointContent/DownloadPublicDoc?serverRelativeUrl=${encodeURIComponent(created.cv?.serverRelativeUrl ?? '')}`;
    expect((await site.app.inject({ method: 'GET', url: documentUrl })).statusCode).toBe(200);
    expect((await publicBoard()).map((entry) => entry.title)).toContain('Ilaria Ferri');

    await ok(call('DELETE', `/BoardMembers/${created.id}`));
    expect((await publicBoard()).map((entry) => entry.title)).not.toContain('Ilaria Ferri');
    expect((await site.app.inject({ method: 'GET', url: cvUrl })).statusCode).toBe(404);
    expect((await site.app.inject({ method: 'GET', url: documentUrl })).statusCode).toBe(404);
    expect((await call('GET', `/BoardMembers/${created.id}`)).statusCode).toBe(404);
    expect((await call('GET', `/BoardMembers/${created.id}/History`)).statusCode).toBe(404);
    const list = await ok<AdminPage<AdminBoardMember>>(call('GET', '/BoardMembers?perPage=200'));
    expect(list.items.map((entry) => entry.id)).not.toContain(created.id);
    // Saved while in the bin: 404, not a change behind the bin's back.
    expect(
      (
        await call('PUT', `/BoardMembers/${created.id}`, {
          name: 'Ilaria Ferri',
          role: 'Tesoriere',
        })
      ).statusCode,
    ).toBe(404);
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/BoardMembers/Bin'));
    expect(bin.items).toContainEqual({
      id: created.id,
      title: 'Ilaria Ferri',
      deletedAt: '2026-11-24T09:00:00.000Z',
      purgeAt: '2026-12-24T09:00:00.000Z',
    });
    expect((await site.lastAudit('board_member'))?.summary).toBe(
      'Componente del Consiglio Direttivo spostato nel cestino: Ilaria Ferri',
    );

    const restored = await ok<AdminBoardMember>(
      call('POST', `/BoardMembers/${created.id}/Restore`),
    );
    expect(restored).toMatchObject({
      name: 'Ilaria Ferri',
      role: 'Consigliere',
      photo: created.photo,
      cv: { fileName: 'cv-ferri.pdf' },
    });
    expect((await publicBoard()).map((entry) => entry.title)).toContain('Ilaria Ferri');
    expect((await site.app.inject({ method: 'GET', url: cvUrl })).statusCode).toBe(200);
    expect((await site.lastAudit('board_member'))?.action).toBe('ripristina');
    // Not in the bin any more; unknown ids are 404 too; a bad id is an Italian 400.
    expect((await call('POST', `/BoardMembers/${created.id}/Restore`)).statusCode).toBe(404);
    expect((await call('DELETE', `/BoardMembers/Bin/${created.id}`)).statusCode).toBe(404);
    expect((await call('POST', '/BoardMembers/999999/Restore')).statusCode).toBe(404);
    await refused(call('POST', '/BoardMembers/zero/Restore'), 'id', 'Identificativo non valido.');
  });

  it('deletes binned members for good with their photo’s file; the purge takes them after 30 days', async () => {
    now = new Date('2026-11-24T09:10:00Z');
    const { files } = site.app.services;
    const first = await member('Bruno Neri', {
      newPhoto: { fileName: 'neri.png', content: await photo(200) },
    });
    const second = await member('Carla Gentile', {
      newPhoto: { fileName: 'gentile.png', content: await photo(150) },
    });
    const firstPhoto = await storedPhoto(first.id);
    const secondPhoto = await storedPhoto(second.id);
    expect(await files.has(firstPhoto)).toBe(true);

    await ok(call('DELETE', `/BoardMembers/${first.id}`));
    // In the bin, restorable: its photo stays.
    expect(await files.has(firstPhoto)).toBe(true);
    await ok(call('DELETE', `/BoardMembers/Bin/${first.id}`));
    expect(await files.has(firstPhoto)).toBe(false);
    expect((await call('POST', `/BoardMembers/${first.id}/Restore`)).statusCode).toBe(404);
    expect(await site.lastAudit('board_member')).toMatchObject({
      action: 'elimina definitivamente',
      summary: 'Componente del Consiglio Direttivo eliminato definitivamente: Bruno Neri',
    });

    // The other waits in the bin: 30 days later the hourly purge takes it, photo too.
    await ok(call('DELETE', `/BoardMembers/${second.id}`));
    now = new Date(Date.parse('2026-11-24T09:10:00Z') + 30 * DAY_MS - 60_000);
    expect(await site.app.services.staff.content.purgeExpired()).toBe(0);
    now = new Date(Date.parse('2026-11-24T09:10:00Z') + 30 * DAY_MS + 60_000);
    expect(await site.app.services.binPurge.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await files.has(secondPhoto)).toBe(false);
    // Back to a moment the staff session lives in.
    now = new Date('2026-11-24T09:11:00Z');
    const bin = await ok<AdminPage<AdminBinItem>>(call('GET', '/BoardMembers/Bin'));
    expect(bin.items.map((entry) => entry.id)).not.toContain(second.id);
  });

  it('keeps a photo another member still uses when one is deleted for good; empties the whole bin', async () => {
    now = new Date('2026-11-24T09:20:00Z');
    const { files } = site.app.services;
    const shared = await photo(90);
    const kept = await member('Dario Villa', { newPhoto: { fileName: 'a.png', content: shared } });
    const gone = await member('Elena Villa', { newPhoto: { fileName: 'b.png', content: shared } });
    const other = await member('Fabio Conte');
    expect(await storedPhoto(gone.id)).toBe(await storedPhoto(kept.id));
    await ok(call('DELETE', `/BoardMembers/${gone.id}`));
    await ok(call('DELETE', `/BoardMembers/${other.id}`));
    await ok(call('DELETE', '/BoardMembers/Bin'));
    expect((await ok<AdminPage<AdminBinItem>>(call('GET', '/BoardMembers/Bin'))).items).toEqual([]);
    expect(await files.has(await storedPhoto(kept.id))).toBe(true);
    expect((await ok<AdminBoardMember>(call('GET', `/BoardMembers/${kept.id}`))).photo).toBe(
      kept.photo,
    );
  });

  it('undoes one change of a board member from its history, photo and CV left as they are', async () => {
    now = new Date('2026-11-24T09:30:00Z');
    const created = await member('Giulia Sarti', { sortOrder: 70 });
    await ok(
      call('PUT', `/BoardMembers/${created.id}`, {
        name: 'Giulia Sarti',
        role: 'Vicepresidente',
        sortOrder: 5,
      }),
    );
    const history = await ok<AdminAuditEntry[]>(call('GET', `/BoardMembers/${created.id}/History`));
    const edit = history.find((entry) => entry.action === 'modifica');
    expect(edit?.before).toEqual({ ruolo: 'Consigliere', ordine: 70 });

    const rolledBack = await ok<AdminBoardMember>(
      call('POST', `/BoardMembers/${created.id}/Rollback`, { auditId: edit?.id }),
    );
    expect(rolledBack).toMatchObject({ role: 'Consigliere', sortOrder: 70, photo: null });
    const board = await publicBoard();
    expect(board.find((entry) => entry.id === created.id)?.ruolo).toBe('Consigliere');
    expect((await auditOf('board_member', created.id))[0]).toMatchObject({
      action: 'modifica',
      after: { ruolo: 'Consigliere', ordine: 70 },
    });
    const creation = history.find((entry) => entry.action === 'crea');
    await refused(
      call('POST', `/BoardMembers/${created.id}/Rollback`, { auditId: creation?.id }),
      'auditId',
      'Questa voce del registro non ha una versione precedente.',
    );
    // An entry of another record is not this one's version.
    await refused(
      call('POST', `/BoardMembers/${created.id}/Rollback`, { auditId: 999_999 }),
      'auditId',
      'Questa voce del registro non ha una versione precedente.',
    );
    expect(
      (await call('POST', '/BoardMembers/999999/Rollback', { auditId: edit?.id })).statusCode,
    ).toBe(404);
  });

  it('rolls a page text back to its earlier version, its PDFs kept; refuses a key it does not know', async () => {
    now = new Date('2026-11-24T10:00:00Z');
    const key = 'patrocini-richiesta';
    const original = await ok<AdminSetupElement>(call('GET', `/SetupElements/${key}`));
    await ok(
      call('PUT', `/SetupElements/${key}`, {
        bodyHtml: '<p>Prima versione.</p>',
        keptAttachmentIds: original.attachments.map((file) => file.id),
        newAttachments: [],
      }),
    );
    await ok(
      call('PUT', `/SetupElements/${key}`, {
        bodyHtml: '<p>Seconda versione, sbagliata.</p>',
        keptAttachmentIds: original.attachments.map((file) => file.id),
        newAttachments: [],
      }),
    );
    const history = await ok<AdminAuditEntry[]>(call('GET', `/SetupElements/${key}/History`));
    expect(history[0]?.before).toEqual({ testo: '<p>Prima versione.</p>' });

    const restored = await ok<AdminSetupElement>(
      call('POST', `/SetupElements/${key}/Rollback`, { auditId: history[0]?.id }),
    );
    expect(restored.bodyHtml).toBe('<p>Prima versione.</p>');
    expect(restored.attachments).toEqual(original.attachments);
    const response = await site.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetSetupData',
      payload: { titles: [key] },
    });
    expect((response.json() as { data: SetupElement[] }).data[0]?.corpo).toBe(
      '<p>Prima versione.</p>',
    );
    expect((await auditOf('setup_element', key))[0]).toMatchObject({
      action: 'modifica',
      after: { testo: '<p>Prima versione.</p>' },
    });

    expect((await call('GET', '/SetupElements/chiave-inesistente/History')).statusCode).toBe(404);
    expect(
      (
        await call('POST', '/SetupElements/chiave-inesistente/Rollback', {
          auditId: history[0]?.id,
        })
      ).statusCode,
    ).toBe(404);
    await refused(call('GET', '/SetupElements/NON%20VALIDA/History'), 'key', 'Chiave non valida.');
  });

  it('rolls a site content back: the contacts and the home’s hero show the earlier version', async () => {
    now = new Date('2026-11-24T10:10:00Z');
    const contacts = await ok<AdminSiteContent>(call('GET', '/SiteContents/contatti'));
    const { indirizzo, telefono, social, email } = contacts;
    await ok(
      call('PUT', '/SiteContents/contatti', {
        indirizzo: 'Via Sbagliata 1, Roma',
        telefono,
        social,
        email,
      }),
    );
    expect((await publicSiteContent(site.app, 'contatti')).indirizzo).toBe('Via Sbagliata 1, Roma');
    const [edit] = await ok<AdminAuditEntry[]>(call('GET', '/SiteContents/contatti/History'));
    expect(edit?.before).toEqual({ indirizzo });
    const restored = await ok<AdminSiteContent>(
      call('POST', '/SiteContents/contatti/Rollback', { auditId: edit?.id }),
    );
    expect(restored.indirizzo).toBe(indirizzo);
    expect((await publicSiteContent(site.app, 'contatti')).indirizzo).toBe(indirizzo);

    const home = await ok<AdminSiteContent>(call('GET', '/SiteTexts/home'));
    const {
      id: _id,
      place: _place,
      pagePath: _path,
      exists: _exists,
      updatedAt: _at,
      ...text
    } = home;
    await ok(call('PUT', '/SiteTexts/home', { ...text, titolo: 'Titolo provvisorio' }));
    const [homeEdit] = await ok<AdminAuditEntry[]>(call('GET', '/SiteTexts/home/History'));
    await ok(call('POST', '/SiteTexts/home/Rollback', { auditId: homeEdit?.id }));
    expect((await publicSiteContent(site.app, 'home')).titolo).toBe(home.titolo);

    // Keys are checked by each screen's list, with an Italian message.
    const unknown = await call('GET', '/SiteTexts/contatti/History');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('Contenuto sconosciuto');
  });

  it('brings a supporter’s logo back only while it is still stored', async () => {
    now = new Date('2026-11-24T10:20:00Z');
    const current = await ok<AdminSiteContent>(call('GET', '/SiteContents/sostenitori'));
    const companies = current.aziende as { nome: string; logo: string; url?: string }[];
    const newLogo = await photo(33);
    expect(companies.length).toBeGreaterThan(0);
    // A company renamed: the logo in the log's version is still the stored one.
    await ok(
      call('PUT', '/SiteContents/sostenitori', {
        aziende: companies.map((company, index) =>
          index === 0 ? { ...company, nome: `${company.nome} (nuovo nome)` } : company,
        ),
      }),
    );
    const [rename] = await ok<AdminAuditEntry[]>(call('GET', '/SiteContents/sostenitori/History'));
    const restored = await ok<AdminSiteContent>(
      call('POST', '/SiteContents/sostenitori/Rollback', { auditId: rename?.id }),
    );
    expect(restored.aziende).toEqual(companies);

    // A logo replaced since: the version before the replacement cannot be rebuilt.
    await ok(
      call('PUT', '/SiteContents/sostenitori', {
        aziende: companies.map((company, index) =>
          index === 0 ? { ...company, logo: newLogo } : company,
        ),
      }),
    );
    const [replaced] = await ok<AdminAuditEntry[]>(
      call('GET', '/SiteContents/sostenitori/History'),
    );
    await refused(
      call('POST', '/SiteContents/sostenitori/Rollback', { auditId: replaced?.id }),
      'auditId',
      'Il logo di un’azienda di quella versione non è più salvato: non si può ripristinare.',
    );
  });
});
