import {
  SEARCH_MESSAGES,
  type AdminDashboard,
  type AdminPage,
  type AdminRecommendation,
  type AdminUnsearchableDocument,
  type MemberRole,
  type SearchAnswer,
  type SearchResult,
  type SearchSuggestion,
} from '@sodalis/contracts';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { PDFDocument, rgb } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { makeDemoPdf } from '../../../src/db/seed/demo-pdf.js';
import { SEARCH_INDEX_FORMAT } from '../../../src/modules/search/indexer.js';
import { MEMBER_ROLES } from '../../helpers/member-api.js';
import { nodeArgumentsFor } from '../../helpers/server-process.js';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';

const TODAY = '2026-11-22';
const SERVER_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = promisify(execFile);
const base64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64');

/** A one-page PDF with a drawing and no text layer: what a scanner makes. */
async function scannedPdf(): Promise<string> {
  const document = await PDFDocument.create();
  document
    .addPage([595, 842])
    .drawRectangle({ x: 50, y: 50, width: 300, height: 400, color: rgb(0.5, 0.5, 0.5) });
  return base64(await document.save());
}

/** A PDF whose `sentence` is on its second page: the first is filled with other lines. */
async function twoPagePdf(title: string, sentence: string): Promise<string> {
  const filler = Array.from(
    { length: 60 },
    (_, index) => `Riga di riempimento numero ${index + 1}.`,
  );
  return base64(await makeDemoPdf(title, [...filler, sentence]));
}

describe.each(testEngines())('site search on %s', (engine) => {
  // The outbox runs when the test says: what a save queued is seen before it is read.
  const site = staffSite(engine, {
    clock: fixedClock(TODAY),
    roles: MEMBER_ROLES,
    outbox: 'manual',
  });
  const { call, ok } = site;

  async function search(q: string, role: MemberRole | null): Promise<SearchAnswer> {
    const response = await site.app.inject({
      method: 'GET',
      url: `/api/v1/Search?${new URLSearchParams({ q })}`,
      headers: role === null ? {} : { authorization: `Bearer ${site.tokens[role]}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    return (response.json() as { data: SearchAnswer }).data;
  }
  const resultsOf = (answer: SearchAnswer): SearchResult[] =>
    answer.groups.flatMap((group) => group.results);
  const titles = async (q: string, role: MemberRole | null) =>
    resultsOf(await search(q, role)).map((result) => result.title);

  async function recommendation(title: string, audience: string, extra: object = {}) {
    return ok<AdminRecommendation>(
      call('POST', '/Recommendations', {
        title,
        publishedOn: '2026-10-01',
        sourceName: null,
        sourceUrl: null,
        audience,
        published: true,
        newAttachments: [],
        keptAttachmentIds: [],
        ...extra,
      }),
    );
  }

  it('finds "trasfusione di piastrine" with "trasfusioni piastriniche", and marks the words', async () => {
    await recommendation('Linee guida sulla trasfusione di piastrine nel neonato', 'all');
    const answer = await search('trasfusioni piastriniche', 'socio');
    const found = resultsOf(answer).find((result) =>
      result.title.startsWith('Linee guida sulla trasfusione di piastrine'),
    );
    expect(found).toMatchObject({
      kind: 'recommendation',
      link: '/area-riservata-raccomandazioni',
    });
    expect(found?.snippet.filter((part) => part.marked).map((part) => part.text)).toEqual([
      'trasfusione',
      'piastrine',
    ]);
    expect(answer.groups.map((group) => group.label)).toContain('Raccomandazioni');
  });

  it('offers the closest indexed words for a typo ("Forse cercavi"), only those the reader may find', async () => {
    // Public words of the demo content, misspelled.
    const typo = await search('trasfusone', null);
    expect(typo.groups).toEqual([]);
    expect(typo.notice).toBe(SEARCH_MESSAGES.noResults);
    expect(typo.didYouMean[0]).toBe('trasfusione');
    expect(resultsOf(await search(typo.didYouMean[0] ?? '', null)).length).toBeGreaterThan(0);
    // Every word kept but the misspelled one, as it was written.
    const phrase = await search('Sangue trasfusone', null);
    expect(phrase.didYouMean[0]).toBe('Sangue trasfusione');
    // A word found needs no correction, and nothing close gives nothing.
    expect((await search('trasfusione', null)).didYouMean).toEqual([]);
    expect((await search('zzqxwv', null)).didYouMean).toEqual([]);
    // A word only in content for Affiliati is offered to them, never to a visitor.
    await recommendation('Gestione della zolfocromia ortostatica', 'affiliato');
    expect((await search('zolfocromja', 'affiliato')).didYouMean).toContain('zolfocromia');
    expect((await search('zolfocromja', null)).didYouMean).toEqual([]);
    expect((await search('zolfocromja', 'socio')).didYouMean).toEqual([]);
  });

  it('matches "quoted phrases" in order only, ignores stop words and folds accents', async () => {
    await recommendation('Perché la qualità del plasma conta: emocomponenti per il neonato', 'all');
    const title = 'Perché la qualità del plasma conta: emocomponenti per il neonato';
    expect(await titles('"qualità del plasma"', 'socio')).toContain(title);
    expect(await titles('"plasma qualità"', 'socio')).not.toContain(title);
    expect(await titles('PERCHE QUALITA PLASMA', 'socio')).toContain(title);
    expect(await titles('la qualità di il plasma', 'socio')).toContain(title);
    expect((await search('di la per il', 'socio')).notice).toBe(
      'Nessuna parola da cercare: prova con parole più specifiche.',
    );
  });

  it('ranks by relevance, the newest first among equals', async () => {
    await recommendation('Quarzovigilanza: rapporto', 'all', { publishedOn: '2025-01-10' });
    await recommendation('Quarzovigilanza: rapporto', 'all', { publishedOn: '2026-01-10' });
    await recommendation(
      'Quarzovigilanza, quarzovigilanza attiva ed quarzovigilanza passiva',
      'all',
      {
        publishedOn: '2019-05-05',
      },
    );
    const found = resultsOf(await search('quarzovigilanza', 'socio')).filter((result) =>
      result.title.startsWith('Quarzovigilanza'),
    );
    expect(found.map((result) => [result.title, result.date])).toEqual([
      ['Quarzovigilanza, quarzovigilanza attiva ed quarzovigilanza passiva', '2019-05-05'],
      ['Quarzovigilanza: rapporto', '2026-01-10'],
      ['Quarzovigilanza: rapporto', '2025-01-10'],
    ]);
  });

  it('never shows a result of another audience, nor reserved content to anonymous readers', async () => {
    for (const audience of ['all', 'socio', 'affiliato', 'Affiliati tecnici'])
      await recommendation(`Zaffiro ${audience}`, audience);
    const expected: Partial<Record<MemberRole, string[]>> = {
      socio: ['Zaffiro all', 'Zaffiro socio'],
      affiliato: ['Zaffiro Affiliati tecnici', 'Zaffiro affiliato', 'Zaffiro all'],
      segreteria: [
        'Zaffiro Affiliati tecnici',
        'Zaffiro affiliato',
        'Zaffiro all',
        'Zaffiro socio',
      ],
    };
    for (const role of MEMBER_ROLES)
      expect((await titles('zaffiro', role)).sort(), role).toEqual(expected[role]);
    const anonymous = await search('zaffiro', null);
    expect(anonymous.groups).toEqual([]);
    expect(anonymous.notice).toBe('Nessun risultato.');
    // Suggestions follow the same rule.
    const suggest = async (role: MemberRole | null) => {
      const response = await site.app.inject({
        method: 'GET',
        url: '/api/v1/Search/Suggest?q=zaff',
        headers: role === null ? {} : { authorization: `Bearer ${site.tokens[role]}` },
      });
      return (response.json() as { data: SearchSuggestion[] }).data
        .map((item) => item.title)
        .sort();
    };
    expect(await suggest('socio')).toEqual(expected.socio);
    expect(await suggest(null)).toEqual([]);
  });

  it('finds the text of a PDF with its page once the outbox has read it, following edits and deletions', async () => {
    const sentence =
      'Il verbale approva la relazione sulla crioconservazione delle cellule staminali.';
    const created = await recommendation('Verbale riservato agli affiliati', 'affiliato', {
      newAttachments: [
        { fileName: 'verbale-2019.pdf', content: await twoPagePdf('Verbale', sentence) },
      ],
    });
    // The save never waits for the PDF: its text is found once the outbox job has run.
    expect(await titles('crioconservazione staminali', 'affiliato')).toEqual([]);
    await site.app.services.outbox.runOnce();
    const [found] = resultsOf(await search('crioconservazione staminali', 'affiliato'));
    expect(found).toMatchObject({
      title: 'Verbale riservato agli affiliati',
      document: {
        fileName: 'verbale-2019.pdf',
        serverRelativeUrl: created.attachments[0]?.serverRelativeUrl,
        page: 2,
      },
    });
    expect(await titles('crioconservazione staminali', 'socio')).toEqual([]);
    expect(await titles('crioconservazione staminali', null)).toEqual([]);

    // The audience changes in the same transaction as the save, PDF pages included.
    await ok(
      call('PUT', `/Recommendations/${created.id}`, {
        ...created,
        audience: 'socio',
        keptAttachmentIds: created.attachments.map((file) => file.id),
        newAttachments: [],
      }),
    );
    expect(await titles('crioconservazione staminali', 'affiliato')).toEqual([]);
    expect(await titles('crioconservazione staminali', 'socio')).toEqual([
      'Verbale riservato agli affiliati',
    ]);
    await ok(call('DELETE', `/Recommendations/${created.id}`));
    expect(await titles('crioconservazione staminali', 'segreteria')).toEqual([]);
    expect(await titles('verbale riservato affiliati', 'segreteria')).not.toContain(
      'Verbale riservato agli affiliati',
    );
  });

  it('shows one result per record, with its PDF pages that match, the best three, and counts records', async () => {
    const sentence = 'Rilevata ossimetria capillare nel donatore.';
    const filler = (block: number) =>
      Array.from({ length: 60 }, (_, index) => `Riga di riempimento ${block} numero ${index + 1}.`);
    const pdf = async (lines: string[]) => base64(await makeDemoPdf('Verbale', lines));
    // The sentence on pages 1 and 2 of one PDF, on pages 1, 2, 6, 8 and 10 of the other.
    await recommendation('Ossimetria capillare nei donatori affiliati', 'affiliato', {
      newAttachments: [
        {
          fileName: 'ossimetria-due-pagine.pdf',
          content: await pdf([sentence, ...filler(1), sentence]),
        },
      ],
    });
    await recommendation('Ossimetria capillare: il protocollo per tutti', 'all', {
      newAttachments: [
        {
          fileName: 'ossimetria-cinque-pagine.pdf',
          content: await pdf([
            sentence,
            ...filler(1),
            sentence,
            ...filler(2),
            ...filler(3),
            sentence,
            ...filler(4),
            sentence,
            ...filler(5),
            sentence,
          ]),
        },
      ],
    });
    await site.app.services.outbox.runOnce();
    const pagesOf = (result: SearchResult | undefined) =>
      (result?.pages ?? []).map((page) => [page.fileName, page.page]);

    // Eight units match (two texts, seven pages): two results, one per record.
    const forAffiliate = await search('ossimetria capillare', 'affiliato');
    expect(
      forAffiliate.groups.map((group) => [group.label, group.results.map((r) => r.title).sort()]),
    ).toEqual([
      [
        'Raccomandazioni',
        [
          'Ossimetria capillare nei donatori affiliati',
          'Ossimetria capillare: il protocollo per tutti',
        ],
      ],
    ]);
    const results = resultsOf(forAffiliate);
    const twoPages = results.find((result) => result.title.endsWith('affiliati'));
    expect(pagesOf(twoPages).sort()).toEqual([
      ['ossimetria-due-pagine.pdf', 1],
      ['ossimetria-due-pagine.pdf', 2],
    ]);
    expect(twoPages?.morePages).toBe(0);
    expect(twoPages?.snippet.filter((part) => part.marked).length).toBeGreaterThan(0);
    // At most three pages listed, the others counted.
    const fivePages = results.find((result) => result.title.endsWith('per tutti'));
    const listed = pagesOf(fivePages);
    expect(listed).toHaveLength(3);
    expect(new Set(listed.map(([, page]) => page)).size).toBe(3);
    for (const [fileName, page] of listed) {
      expect(fileName).toBe('ossimetria-cinque-pagine.pdf');
      expect([1, 2, 6, 8, 10]).toContain(page);
    }
    expect(fivePages?.morePages).toBe(2);

    // A Socio never sees the Affiliati-only record, nor its PDF's pages, nor counts it.
    const forMember = await search('ossimetria capillare', 'socio');
    expect(forMember.groups.map((group) => [group.label, group.results.length])).toEqual([
      ['Raccomandazioni', 1],
    ]);
    expect(JSON.stringify(forMember)).not.toContain('ossimetria-due-pagine.pdf');
    expect(JSON.stringify(forMember)).not.toContain('affiliati');
    expect(pagesOf(resultsOf(forMember)[0])).toHaveLength(3);
    // Found by a PDF page only, the snippet is that page's and so is the result's document.
    const [inPdfOnly] = resultsOf(await search('ossimetria donatore', 'socio'));
    expect(inPdfOnly?.title).toBe('Ossimetria capillare: il protocollo per tutti');
    expect(inPdfOnly?.document?.fileName).toBe('ossimetria-cinque-pagine.pdf');
    expect(inPdfOnly?.pages[0]).toEqual(inPdfOnly?.document);
    expect(inPdfOnly?.morePages).toBe(2);
    expect(await titles('ossimetria capillare', null)).toEqual([]);
  });

  it('finds "Società trasparente" publications and their PDFs, public, following edits and deletions', async () => {
    const created = await ok<{ id: number; attachments: { id: number }[] }>(
      call('POST', '/TransparencyPublications', {
        type: 'bilancio-consuntivo',
        title: 'Bilancio consuntivo 2024',
        description: 'Approvato con la relazione del revisore unico.',
        year: 2024,
        publishedOn: '2025-05-20',
        newAttachments: [
          {
            fileName: 'consuntivo-2024.pdf',
            content: await twoPagePdf('Bilancio', 'Gli oneri per la formazione a distanza.'),
          },
        ],
      }),
    );
    // Public: an anonymous reader finds it, opened at its section of the page.
    const [found] = resultsOf(await search('revisori unici', null));
    expect(found).toMatchObject({
      kind: 'transparency',
      title: 'Bilancio consuntivo 2024',
      link: '/trasparenza#bilanci',
      document: null,
    });
    // Its group is headed as the domain names it, its PDFs opened by address (ADR 026).
    expect((await search('revisore', null)).groups).toContainEqual(
      expect.objectContaining({
        kind: 'transparency',
        label: 'Società trasparente',
        publicDocuments: true,
      }),
    );
    await site.app.services.outbox.runOnce();
    const [inPdf] = resultsOf(await search('"formazione a distanza" oneri', null));
    expect(inPdf).toMatchObject({
      title: 'Bilancio consuntivo 2024',
      document: { fileName: 'consuntivo-2024.pdf', page: 2 },
    });

    await ok(
      call('PUT', `/TransparencyPublications/${created.id}`, {
        type: 'bilancio-consuntivo',
        title: 'Rendiconto 2024',
        description: 'Approvato dall’assemblea.',
        year: 2024,
        publishedOn: '2025-05-20',
        keptAttachmentIds: created.attachments.map((file) => file.id),
        newAttachments: [],
      }),
    );
    expect(await titles('revisore unico', null)).toEqual([]);
    expect(await titles('rendiconti', null)).toEqual(['Rendiconto 2024']);
    expect(await titles('oneri formazione distanza', null)).toEqual(['Rendiconto 2024']);
    await ok(call('DELETE', `/TransparencyPublications/${created.id}`));
    expect(await titles('rendiconti', null)).toEqual([]);
    expect(await titles('oneri formazione distanza', null)).toEqual([]);
  });

  it('shows a scheduled item from its moment, not from the start of its day', async () => {
    // The clock is 13:00 in Rome: one record is due at 09:00, the other at 18:00 of the same day.
    await recommendation('Ossidiana mattutina', 'all', { publishAt: `${TODAY}T09:00` });
    await recommendation('Ossidiana serale', 'all', { publishAt: `${TODAY}T18:00` });
    const news = (title: string, publishTime: string) =>
      ok(
        call('POST', '/News', {
          title,
          subtitleHtml: '<p>Programmata.</p>',
          publishedOn: TODAY,
          publishTime,
          featured: false,
          published: true,
          sourceName: null,
          sourceUrl: null,
          categoryIds: [],
          keptAttachmentIds: [],
          newAttachments: [],
        }),
      );
    await news('Ossidiana in notizia mattutina', '09:00');
    await news('Ossidiana in notizia serale', '18:00');
    expect((await titles('ossidiana', 'socio')).sort()).toEqual([
      'Ossidiana in notizia mattutina',
      'Ossidiana mattutina',
    ]);
    expect(await titles('ossidiana', null)).toEqual(['Ossidiana in notizia mattutina']);
    const suggested = await site.app.inject({
      method: 'GET',
      url: '/api/v1/Search/Suggest?q=ossid',
      headers: { authorization: `Bearer ${site.tokens.socio}` },
    });
    // Each suggestion carries its group's heading, as the domain that supplies it names it.
    expect(
      (suggested.json() as { data: SearchSuggestion[] }).data
        .map((item) => `${item.title} (${item.kind}: ${item.label})`)
        .sort(),
    ).toEqual([
      'Ossidiana in notizia mattutina (news: Notizie)',
      'Ossidiana mattutina (recommendation: Raccomandazioni)',
    ]);
  });

  it('follows the bin and the withdrawals of every kind, PDFs read again when they come back', async () => {
    const found = async (q: string) => (await titles(q, 'segreteria')).sort();
    const news = await ok<{ id: number }>(
      call('POST', '/News', {
        title: 'Tormalina nelle notizie',
        subtitleHtml: '<p>Testo.</p>',
        publishedOn: '2026-11-01',
        publishTime: null,
        featured: false,
        published: true,
        sourceName: null,
        sourceUrl: null,
        categoryIds: [],
        keptAttachmentIds: [],
        newAttachments: [],
      }),
    );
    const reserved = await recommendation('Tormalina riservata', 'all', {
      newAttachments: [
        {
          fileName: 'tormalina.pdf',
          content: await twoPagePdf('Documento', 'La leucodeplezione ossidrilica universale.'),
        },
      ],
    });
    const issue = await ok<{ id: number }>(
      call('POST', '/MagazineIssues', {
        title: 'Tormalina, numero unico',
        year: 2026,
        publishedOn: '2026-11-01',
        audience: 'all',
        published: true,
        keptAttachmentIds: [],
        newAttachments: [],
      }),
    );
    const article = await ok<{ id: number }>(
      call('POST', '/MagazineArticles', {
        issueId: issue.id,
        title: 'Tormalina in un articolo',
        sortOrder: 1,
        newAttachments: [
          {
            fileName: 'articolo.pdf',
            content: await twoPagePdf('Articolo', 'La zeolite ambrata dei convalescenti.'),
          },
        ],
      }),
    );
    const publication = await ok<{ id: number }>(
      call('POST', '/TransparencyPublications', {
        type: 'bilancio-consuntivo',
        title: 'Tormalina trasparente',
        description: null,
        year: 2025,
        publishedOn: '2026-05-20',
        newAttachments: [],
      }),
    );
    await site.app.services.outbox.runOnce();
    const everything = [
      'Tormalina in un articolo',
      'Tormalina nelle notizie',
      'Tormalina riservata',
      'Tormalina trasparente',
      'Tormalina, numero unico',
    ];
    expect(await found('tormalina')).toEqual(everything);
    expect(await found('leucodeplezione ossidrilica')).toEqual(['Tormalina riservata']);
    expect(await found('zeolite ambrata')).toEqual(['Tormalina in un articolo']);

    // In the bin: off the search, PDF pages included; restored: back, the PDFs once read again.
    for (const [path, id] of [
      ['/News', news.id],
      ['/Recommendations', reserved.id],
      ['/MagazineArticles', article.id],
      ['/TransparencyPublications', publication.id],
    ] as const)
      await ok(call('DELETE', `${path}/${id}`));
    expect(await found('tormalina')).toEqual(['Tormalina, numero unico']);
    expect(await found('leucodeplezione ossidrilica')).toEqual([]);
    expect(await found('zeolite ambrata')).toEqual([]);
    for (const [path, id] of [
      ['/News', news.id],
      ['/Recommendations', reserved.id],
      ['/MagazineArticles', article.id],
      ['/TransparencyPublications', publication.id],
    ] as const)
      await ok(call('POST', `${path}/${id}/Restore`));
    expect(await found('tormalina')).toEqual(everything);
    await site.app.services.outbox.runOnce();
    expect(await found('leucodeplezione ossidrilica')).toEqual(['Tormalina riservata']);
    expect(await found('zeolite ambrata')).toEqual(['Tormalina in un articolo']);

    // An issue in the bin takes its articles with it, and brings them back.
    await ok(call('DELETE', `/MagazineIssues/${issue.id}`));
    expect(await found('tormalina')).toEqual([
      'Tormalina nelle notizie',
      'Tormalina riservata',
      'Tormalina trasparente',
    ]);
    expect(await found('zeolite ambrata')).toEqual([]);
    await ok(call('POST', `/MagazineIssues/${issue.id}/Restore`));
    await site.app.services.outbox.runOnce();
    expect(await found('tormalina')).toEqual(everything);
    expect(await found('zeolite ambrata')).toEqual(['Tormalina in un articolo']);

    // Withdrawn ("Ritira") and published again, in bulk: the same.
    await ok(call('POST', '/Recommendations/Bulk', { ids: [reserved.id], action: 'ritira' }));
    expect(await found('leucodeplezione ossidrilica')).toEqual([]);
    await ok(call('POST', '/Recommendations/Bulk', { ids: [reserved.id], action: 'pubblica' }));
    await site.app.services.outbox.runOnce();
    expect(await found('leucodeplezione ossidrilica')).toEqual(['Tormalina riservata']);
  });

  it('finds a board member on the society’s pages, never their CV, following edits and the bin', async () => {
    const cv = await twoPagePdf('Curriculum', 'Specializzazione in immunoematologia lagunare.');
    const member = await ok<{ id: number }>(
      call('POST', '/BoardMembers', {
        name: 'Ottavia Quadrifoglio',
        role: 'Tesoriere',
        sortOrder: 9,
        newCv: { fileName: 'cv-quadrifoglio.pdf', content: cv },
      }),
    );
    await site.app.services.outbox.runOnce();
    const [found] = resultsOf(await search('quadrifoglio tesoriere', null));
    expect(found).toMatchObject({
      kind: 'page',
      title: 'Ottavia Quadrifoglio, Tesoriere',
      link: '/chi-siamo-iscrizione',
      document: null,
    });
    expect((await search('quadrifoglio', null)).groups.map((group) => group.label)).toEqual([
      'Pagine della società',
    ]);
    // The CV is the member's own document, not the society's content.
    expect(await titles('immunoematologia lagunare', 'segreteria')).toEqual([]);

    await ok(
      call('PUT', `/BoardMembers/${member.id}`, {
        name: 'Ottavia Quadrifoglio',
        role: 'Vicepresidente',
        sortOrder: 9,
      }),
    );
    expect(await titles('quadrifoglio', null)).toEqual(['Ottavia Quadrifoglio, Vicepresidente']);
    await ok(call('DELETE', `/BoardMembers/${member.id}`));
    expect(await titles('quadrifoglio', null)).toEqual([]);
    await ok(call('POST', `/BoardMembers/${member.id}/Restore`));
    expect(await titles('quadrifoglio', null)).toEqual(['Ottavia Quadrifoglio, Vicepresidente']);
  });

  it('retries a PDF whose file cannot be read yet, and indexes it once it can', async () => {
    const bytes = await makeDemoPdf('Circolare', [
      'La criopreservazione ambulatoriale dei gameti.',
    ]);
    const created = await recommendation('Circolare da rileggere', 'all', {
      newAttachments: [{ fileName: 'circolare.pdf', content: base64(bytes) }],
    });
    const { db, files, outbox } = site.app.services;
    const attachment = await db
      .selectFrom('attachments')
      .select('file_sha256')
      .where('id', '=', created.attachments[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    // The file store has lost the file for a while (a volume not mounted yet).
    await files.remove(attachment.file_sha256);
    await outbox.runOnce();
    const job = () =>
      db
        .selectFrom('outbox')
        .select(['status', 'attempts', 'next_attempt_at'])
        .where('kind', '=', 'search.extract')
        .where('payload_json', '=', JSON.stringify({ attachmentId: created.attachments[0]?.id }))
        .executeTakeFirstOrThrow();
    expect(await job()).toMatchObject({ status: 'pending', attempts: 1 });
    expect(await titles('criopreservazione gameti', 'socio')).toEqual([]);
    // Not "non ricercabile": the file is not known to be unreadable.
    const list = await ok<AdminPage<AdminUnsearchableDocument>>(
      call('GET', '/UnsearchableDocuments'),
    );
    expect(list.items.map((item) => item.id)).not.toContain(created.attachments[0]?.id);

    // The file is back and the retry comes due (the test's clock stands still: the row moves).
    await files.put(bytes);
    await db
      .updateTable('outbox')
      .set({ next_attempt_at: new Date(`${TODAY}T00:00:00Z`).toISOString() })
      .where('kind', '=', 'search.extract')
      .where('status', '=', 'pending')
      .execute();
    await outbox.runOnce();
    expect(await job()).toMatchObject({ status: 'sent', attempts: 2 });
    expect(await titles('criopreservazione gameti', 'socio')).toEqual(['Circolare da rileggere']);
  });

  it('lists a scanned PDF to staff as "non ricercabile"', async () => {
    const created = await recommendation('Circolare scansionata', 'all', {
      newAttachments: [{ fileName: 'circolare-scansione.pdf', content: await scannedPdf() }],
    });
    await site.app.services.outbox.runOnce();
    const list = await ok<AdminPage<AdminUnsearchableDocument>>(
      call('GET', '/UnsearchableDocuments'),
    );
    expect(list.items.find((item) => item.id === created.attachments[0]?.id)).toMatchObject({
      fileName: 'circolare-scansione.pdf',
      state: 'non ricercabile',
      owner: `Raccomandazione n. ${created.id}`,
    });
    expect((await call('GET', '/UnsearchableDocuments', undefined, 'socio')).statusCode).toBe(403);

    // The dashboard counts it, and links to the list.
    const home = await ok<AdminDashboard>(call('GET', '/Dashboard'));
    expect(home.pending.find((work) => work.key === 'documenti-non-ricercabili')).toMatchObject({
      label: 'Documenti PDF non ricercabili',
      count: list.items.length,
      href: '/amministrazione/documenti-non-ricercabili',
    });

    // "Riprova l'estrazione": queued again, off the list until the outbox has read it.
    const attachmentId = created.attachments[0]?.id ?? 0;
    await ok(call('POST', `/UnsearchableDocuments/${attachmentId}/Retry`));
    const pending = await ok<AdminPage<AdminUnsearchableDocument>>(
      call('GET', '/UnsearchableDocuments'),
    );
    expect(pending.items.map((item) => item.id)).not.toContain(attachmentId);
    await site.app.services.outbox.runOnce();
    const again = await ok<AdminPage<AdminUnsearchableDocument>>(
      call('GET', '/UnsearchableDocuments'),
    );
    expect(again.items.map((item) => item.id)).toContain(attachmentId);
    // Only a PDF on the list may be retried; others are unknown here.
    expect((await call('POST', '/UnsearchableDocuments/999999/Retry')).statusCode).toBe(404);
    expect((await call('POST', '/UnsearchableDocuments/abc/Retry')).statusCode).toBe(400);
    expect(
      (await call('POST', `/UnsearchableDocuments/${attachmentId}/Retry`, undefined, 'socio'))
        .statusCode,
    ).toBe(403);
  });

  it('indexes the demo content, its PDFs included, at first start', async () => {
    const [unit] = await site.app.services.db
      .selectFrom('search_units')
      .select(({ fn }) => fn.countAll<number | string>().as('count'))
      .where('page', 'is not', null)
      .execute();
    expect(Number(unit?.count)).toBeGreaterThan(0);
    expect((await search('assemblea', 'segreteria')).groups.length).toBeGreaterThan(0);
  });

  it('answers every odd query with results or an Italian message, never an error', async () => {
    expect((await search('', null)).notice).toBe('Scrivi almeno 2 lettere da cercare.');
    expect((await search('a', null)).notice).toBe('Scrivi almeno 2 lettere da cercare.');
    for (const q of [
      '*',
      '"',
      'NEAR',
      'AND',
      '(',
      'piastrine AND (',
      '"trasfusione',
      'a*b"c"',
      '\u0001\u0007x',
      'x'.repeat(1000),
      'NOT -x OR y',
    ]) {
      const answer = await search(q, 'socio');
      expect(answer.query).toBe(q.trim());
      const suggested = await site.app.inject({
        method: 'GET',
        url: `/api/v1/Search/Suggest?${new URLSearchParams({ q })}`,
      });
      expect(suggested.statusCode, `${q}: ${suggested.body}`).toBe(200);
    }
    // What no form sends but an address may hold: NUL, a lone surrogate, broken escapes.
    for (const raw of [
      '%00',
      '%00piastrine%00',
      '%ED%A0%80',
      '%E0%A4%A',
      '%',
      '%F0%9F',
      'x%uD800',
    ]) {
      for (const path of ['/api/v1/Search', '/api/v1/Search/Suggest']) {
        const answer = await site.app.inject({ method: 'GET', url: `${path}?q=${raw}` });
        expect(answer.statusCode, `${path} ${raw}: ${answer.body}`).toBe(200);
      }
    }
    const lone = await search('\uD800piastrine\u0000 \uDC00', 'socio');
    expect(lone.notice).not.toBe('Scrivi almeno 2 lettere da cercare.');
    const tooLong = await site.app.inject({
      method: 'GET',
      url: `/api/v1/Search?q=${'x'.repeat(1001)}`,
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.body).toContain('La ricerca può contenere al massimo 1000 caratteri.');
  });
  // A real process (the built command line when current, else through tsx), on the suite's own database: slow on a loaded machine.
  it(
    'rebuilds the whole index from the command line, the PDFs read at once',
    { timeout: 120_000 },
    async () => {
      const phrase = '"si è riunita l\'assemblea" Padova';
      const before = await titles(phrase, 'segreteria');
      expect(before.length).toBeGreaterThan(0);
      // An index lost or broken: nothing of it left.
      await site.app.services.db.deleteFrom('search_units').execute();
      await site.app.services.db.deleteFrom('search_documents').execute();
      expect(await titles(phrase, 'segreteria')).toEqual([]);

      const { config } = site.app.services;
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATA_DIR: config.dataDir,
        DEMO_CONTENT: 'false',
        SOCIETY_ACRONYM: config.societyAcronym,
      };
      delete env.DATABASE_URL;
      if (config.databaseUrl !== null) env.DATABASE_URL = config.databaseUrl;
      const { stdout } = await run(
        process.execPath,
        [...nodeArgumentsFor('cli/index'), 'ricerca:ricostruisci'],
        { cwd: SERVER_ROOT, env },
      );
      expect(stdout).toMatch(
        /^Indice di ricerca ricostruito: \d+ contenuti, [1-9]\d* PDF letti\.$/m,
      );
      expect(await titles(phrase, 'segreteria')).toEqual(before);
      const [inPdf] = resultsOf(await search(phrase, 'segreteria'));
      expect(inPdf?.document).toMatchObject({ fileName: 'Verbale Padova 2023.pdf', page: 1 });
    },
  );

  it('builds an index of an older format again once, at start, and leaves a current one alone', async () => {
    const { db, searchIndex, outbox } = site.app.services;
    const phrase = '"si è riunita l\'assemblea" Padova';
    const before = await titles(phrase, 'segreteria');
    expect(before.length).toBeGreaterThan(0);
    // The start claimed the current format.
    const claims = await db
      .selectFrom('scheduled_runs')
      .select('slot')
      .where('job', '=', 'search-index-format')
      .execute();
    expect(claims).toEqual([{ slot: SEARCH_INDEX_FORMAT }]);

    // A current index is never rebuilt: what is missing from it stays missing.
    await db.deleteFrom('search_units').execute();
    await db.deleteFrom('search_documents').execute();
    expect(await searchIndex.rebuildIfFormatChanged()).toBeNull();
    expect(await titles(phrase, 'segreteria')).toEqual([]);

    // An index written by an older version (no claim of this format) is built again, once.
    await db.deleteFrom('scheduled_runs').where('job', '=', 'search-index-format').execute();
    const summary = await searchIndex.rebuildIfFormatChanged();
    expect(summary?.records).toBeGreaterThan(0);
    expect(summary?.documents).toBeGreaterThan(0);
    expect(await searchIndex.rebuildIfFormatChanged()).toBeNull();
    await outbox.runOnce();
    expect(await titles(phrase, 'segreteria')).toEqual(before);
    const [inPdf] = resultsOf(await search(phrase, 'segreteria'));
    expect(inPdf?.document).toMatchObject({ fileName: 'Verbale Padova 2023.pdf', page: 1 });
  });
});
