import type {
  AdminAttachment,
  AdminMagazineIssue,
  AdminNewsItem,
  AdminRecommendation,
  SearchAnswer,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { makeDemoPdf } from '../../../src/db/seed/demo-pdf.js';
import { MEMBER_ROLES } from '../../helpers/member-api.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

// Replacing a PDF keeps its public address (ADR 034): news attachments, reserved documents and
// the bulletin's PDFs answer the new file at the same address, at once, and the site search
// reads the new text.
const TODAY = '2026-11-22';

const pdf = async (title: string, sentence: string) =>
  Buffer.from(await makeDemoPdf(title, [sentence])).toString('base64');

describe.each(testEngines())('replacing a PDF on %s', (engine) => {
  const site = staffSite(engine, { clock: fixedClock(TODAY), roles: MEMBER_ROLES });
  const { call, ok } = site;

  async function download(url: string, token?: string) {
    const response = await site.app.inject({
      method: 'GET',
      url,
      headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode, response.body.slice(0, 200)).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return response.rawPayload;
  }

  async function searchTitles(q: string): Promise<string[]> {
    const response = await site.app.inject({
      method: 'GET',
      url: `/api/v1/Search?${new URLSearchParams({ q })}`,
      headers: { authorization: `Bearer ${site.tokens.socio}` },
    });
    const answer = (response.json() as { data: SearchAnswer }).data;
    return answer.groups.flatMap((group) => group.results.map((result) => result.title));
  }

  /** The same attachments, the one named `fileName` replaced by `content` in its place. */
  function replacing(attachments: AdminAttachment[], fileName: string, content: string) {
    const target = attachments.find((attachment) => attachment.fileName === fileName);
    if (target === undefined) throw new Error(`manca ${fileName}`);
    return {
      keptAttachmentIds: attachments.map((attachment) => attachment.id),
      newAttachments: [{ fileName: 'versione-corretta.pdf', content, replacesId: target.id }],
    };
  }

  it('keeps a news attachment’s address and order, serves the new file at once and searches its text', async () => {
    const created = await ok<AdminNewsItem>(
      call('POST', '/News', {
        title: 'Programma del convegno sul plasma',
        publishedOn: TODAY,
        published: true,
        newAttachments: [
          { fileName: 'programma.pdf', content: await pdf('Programma', 'Relatori: ematologia') },
          { fileName: 'iscrizione.pdf', content: await pdf('Iscrizione', 'Modulo di adesione') },
        ],
      }),
    );
    const before = created.attachments;
    const publicUrl = (attachment: AdminAttachment | undefined) =>
      `/api/v1/SharepointContent/DownloadPublicDoc?${new URLSearchParams({
        serverRelativeUrl: attachment?.serverRelativeUrl ?? '',
      })}`;
    const oldBytes = await download(publicUrl(before[0]));
    await site.app.services.outbox.runOnce();
    expect(await searchTitles('ematologia')).toContain('Programma del convegno sul plasma');

    const replacement = await pdf('Programma', 'Relatori: immunoematologia pediatrica');
    const edited = await ok<AdminNewsItem>(
      call('PUT', `/News/${created.id}`, {
        title: created.title,
        publishedOn: TODAY,
        published: true,
        ...replacing(before, 'programma.pdf', replacement),
      }),
    );
    // Same rows, names, order and addresses.
    expect(
      edited.attachments.map(({ id, fileName, serverRelativeUrl }) => ({
        id,
        fileName,
        serverRelativeUrl,
      })),
    ).toEqual(
      before.map(({ id, fileName, serverRelativeUrl }) => ({ id, fileName, serverRelativeUrl })),
    );
    const newBytes = await download(publicUrl(edited.attachments[0]));
    expect(newBytes.equals(oldBytes)).toBe(false);
    expect(newBytes.equals(Buffer.from(replacement, 'base64'))).toBe(true);
    // The search reads the new text once the outbox has extracted it, and forgets the old.
    await site.app.services.outbox.runOnce();
    expect(await searchTitles('immunoematologia pediatrica')).toContain(
      'Programma del convegno sul plasma',
    );
    expect(await searchTitles('ematologia relatori')).not.toContain(
      'Programma del convegno sul plasma',
    );
  });

  it('keeps the address of a reserved document and of a bulletin PDF', async () => {
    const recommendation = await ok<AdminRecommendation>(
      call('POST', '/Recommendations', {
        title: 'Raccomandazione sui concentrati piastrinici',
        publishedOn: '2026-10-01',
        audience: 'socio',
        published: true,
        newAttachments: [{ fileName: 'raccomandazione.pdf', content: await pdf('R', 'prima') }],
      }),
    );
    const address = recommendation.attachments[0]?.serverRelativeUrl ?? '';
    const reservedUrl = `/api/v1/ReservedArea/DownloadDocStream?${new URLSearchParams({ serverRelativeUrl: address })}`;
    const oldBytes = await download(reservedUrl, site.tokens.socio);
    const replacement = await pdf('R', 'seconda edizione');
    const edited = await ok<AdminRecommendation>(
      call('PUT', `/Recommendations/${recommendation.id}`, {
        title: recommendation.title,
        publishedOn: '2026-10-01',
        audience: 'socio',
        published: true,
        ...replacing(recommendation.attachments, 'raccomandazione.pdf', replacement),
      }),
    );
    expect(edited.attachments[0]?.serverRelativeUrl).toBe(address);
    const newBytes = await download(reservedUrl, site.tokens.socio);
    expect(newBytes.equals(oldBytes)).toBe(false);
    expect(newBytes.equals(Buffer.from(replacement, 'base64'))).toBe(true);

    const issue = await ok<AdminMagazineIssue>(
      call('POST', '/MagazineIssues', {
        title: 'Il Servizio Trasfusionale - anno 2026, numero 11',
        year: 2026,
        publishedOn: TODAY,
        audience: 'all',
        published: true,
        newAttachments: [{ fileName: 'numero 11.pdf', content: await pdf('N', 'bozza') }],
      }),
    );
    const issueAddress = issue.attachments[0]?.serverRelativeUrl ?? '';
    const issueUrl = `/api/v1/ReservedArea/DownloadDocStream?${new URLSearchParams({ serverRelativeUrl: issueAddress })}`;
    const oldIssue = await download(issueUrl, site.tokens.socio);
    const issueReplacement = await pdf('N', 'definitivo');
    const editedIssue = await ok<AdminMagazineIssue>(
      call('PUT', `/MagazineIssues/${issue.id}`, {
        title: issue.title,
        year: 2026,
        publishedOn: TODAY,
        audience: 'all',
        published: true,
        ...replacing(issue.attachments, 'numero 11.pdf', issueReplacement),
      }),
    );
    expect(editedIssue.attachments.map((attachment) => attachment.serverRelativeUrl)).toEqual([
      issueAddress,
    ]);
    const newIssue = await download(issueUrl, site.tokens.socio);
    expect(newIssue.equals(oldIssue)).toBe(false);
    expect(newIssue.equals(Buffer.from(issueReplacement, 'base64'))).toBe(true);
  });

  it('checks a replacement like any upload, and adds it as a new file when its target is gone', async () => {
    const created = await ok<AdminNewsItem>(
      call('POST', '/News', {
        title: 'Notizia con un allegato da sostituire',
        publishedOn: TODAY,
        published: true,
        newAttachments: [{ fileName: 'bando.pdf', content: await pdf('Bando', 'uno') }],
      }),
    );
    const notPdf = await call('PUT', `/News/${created.id}`, {
      title: created.title,
      publishedOn: TODAY,
      ...replacing(created.attachments, 'bando.pdf', Buffer.from('<html>').toString('base64')),
    });
    expect(notPdf.statusCode).toBe(400);
    expect(notPdf.json()).toMatchObject({ error: { issues: [{ path: 'newAttachments.0' }] } });

    const stray = await ok<AdminNewsItem>(
      call('PUT', `/News/${created.id}`, {
        title: created.title,
        publishedOn: TODAY,
        keptAttachmentIds: created.attachments.map((attachment) => attachment.id),
        newAttachments: [
          { fileName: 'nuovo.pdf', content: await pdf('Nuovo', 'due'), replacesId: 999_999 },
        ],
      }),
    );
    expect(stray.attachments.map((attachment) => attachment.fileName)).toEqual([
      'bando.pdf',
      'nuovo.pdf',
    ]);
  });
});
