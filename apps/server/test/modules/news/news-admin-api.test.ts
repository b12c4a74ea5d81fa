import {
  PDF_REFUSAL_MESSAGES,
  type AdminNewsItem,
  type AdminPage,
  type Article,
  type PagedList,
} from '@sodalis/contracts';
import { describe, expect, it } from 'vitest';
import { staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';
import {
  embeddedFile,
  flateBomb,
  javaScriptOpenAction,
  launchAction,
  minimalPdf,
  pdfThenHtml,
  pdfThenZip,
  validPdf,
} from '../../helpers/pdf-corpus.js';

const TODAY = '2026-11-22';
const TOMORROW = '2026-11-23';
const PDF = minimalPdf('prova del back office').toString('base64');

describe.each(testEngines())('back office: news and categories on %s', (engine) => {
  const staff = staffSite(engine, { clock: fixedClock(TODAY) });
  const { auditOf } = staff;

  async function publicNews(body: Record<string, unknown> = {}): Promise<Article[]> {
    const response = await staff.app.inject({
      method: 'POST',
      url: '/api/v1/SharepointContent/GetArticoli',
      payload: { dataOffset: '50', ...body },
    });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as { data: PagedList<Article> }).data.items;
  }

  function newsInput(overrides: Record<string, unknown> = {}) {
    return {
      title: 'Bando per borse di studio in medicina trasfusionale',
      subtitleHtml: '<p>Scadenza il <strong>15 dicembre</strong>.</p>',
      publishedOn: TODAY,
      featured: false,
      published: true,
      sourceName: null,
      sourceUrl: null,
      categoryIds: [],
      keptAttachmentIds: [],
      newAttachments: [],
      ...overrides,
    };
  }

  it('refuses active, embedded, polyglot and bomb PDFs and accepts the demo content’s (ADR 027)', async () => {
    const corpus: [string, Buffer, string][] = [
      ['pdf-html.pdf', await pdfThenHtml(), PDF_REFUSAL_MESSAGES.foreignContent],
      ['pdf-zip.pdf', await pdfThenZip(), PDF_REFUSAL_MESSAGES.foreignContent],
      ['script.pdf', await javaScriptOpenAction(true), PDF_REFUSAL_MESSAGES.activeContent],
      ['launch.pdf', await launchAction(), PDF_REFUSAL_MESSAGES.activeContent],
      ['allegato.pdf', await embeddedFile(), PDF_REFUSAL_MESSAGES.activeContent],
      ['bomba.pdf', await flateBomb(), PDF_REFUSAL_MESSAGES.tooExpanded],
    ];
    for (const [fileName, content, message] of corpus) {
      const response = await staff.call(
        'POST',
        '/News',
        newsInput({ newAttachments: [{ fileName, content: content.toString('base64') }] }),
      );
      expect(response.statusCode, fileName).toBe(400);
      expect(response.json()).toMatchObject({
        data: null,
        error: { issues: [{ path: 'newAttachments.0', message: `${message} (${fileName})` }] },
      });
    }
    const demo = (await validPdf('Bando 2026')).toString('base64');
    const created = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          title: 'Bando con il PDF della demo',
          newAttachments: [{ fileName: 'bando.pdf', content: demo }],
        }),
      ),
    );
    expect(created.attachments).toHaveLength(1);
  }, 120_000);

  it('publishes a news item with a PDF that shows on the public list at once, with its audit entry', async () => {
    const before = await publicNews();
    const categories = await staff.ok<AdminPage<{ id: number; title: string }>>(
      staff.call('GET', '/NewsCategories'),
    );
    const category = categories.items[0];
    expect(category).toBeDefined();
    const created = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          title: 'Nuove linee guida sul plasma',
          subtitleHtml: '<p onclick="x()">Testo<script>alert(1)</script></p>',
          categoryIds: [category?.id],
          sourceName: 'Ministero della Salute',
          sourceUrl: 'https://www.salute.gov.it/',
          newAttachments: [{ fileName: 'Linee guida.pdf', content: PDF }],
        }),
      ),
    );
    expect(created).toMatchObject({
      title: 'Nuove linee guida sul plasma',
      subtitleHtml: '<p>Testo</p>',
      state: 'pubblicata',
      categoryIds: [category?.id],
    });
    expect(created.attachments).toHaveLength(1);
    expect(created.attachments[0]?.fileName).toBe('Linee guida.pdf');

    const after = await publicNews();
    expect(after[0]?.id).toBe(created.id);
    expect(after.length).toBe(Math.min(before.length + 1, 50));
    const file = await staff.app.inject({
      method: 'GET',
      url: `/api/v1/SharepointContent/GetNewsFileById?id=${created.id}`,
    });
    expect(file.statusCode).toBe(200);

    const [entry] = await auditOf('news', created.id);
    expect(entry).toMatchObject({
      action: 'crea',
      actorEmail: 'segreteria.demo@example.org',
      summary: 'Notizia creata: Nuove linee guida sul plasma',
    });
    expect(entry?.after).toMatchObject({ allegati: ['Linee guida.pdf'], pubblicata: true });
    const exported = await staff.call('GET', '/AuditLog/Export?entity=news');
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('Notizia creata: Nuove linee guida sul plasma');
  });

  it('keeps a news item created without saying whether to publish it as a draft', async () => {
    const { published: _published, ...unsaid } = newsInput({ title: 'Notizia senza scelta' });
    const created = await staff.ok<AdminNewsItem>(staff.call('POST', '/News', unsaid));
    expect(created).toMatchObject({ published: false, state: 'non-pubblicata' });
    expect((await publicNews()).map((article) => article.id)).not.toContain(created.id);
  });

  it('keeps a news item dated tomorrow off the public site until its day (scheduled)', async () => {
    const scheduled = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          title: 'Congresso programmato',
          publishedOn: TOMORROW,
          newAttachments: [{ fileName: 'p.pdf', content: PDF }],
        }),
      ),
    );
    expect(scheduled.state).toBe('programmata');
    expect((await publicNews()).some((item) => item.id === scheduled.id)).toBe(false);
    // Quoted: the text filter reads the search index (ADR 025), where demo news have both words.
    expect((await publicNews({ title: '"Congresso programmato"' })).length).toBe(0);
    const file = await staff.app.inject({
      method: 'GET',
      url: `/api/v1/SharepointContent/GetNewsFileById?id=${scheduled.id}`,
    });
    expect(file.statusCode).toBe(404);
    const listed = await staff.ok<AdminPage<AdminNewsItem>>(
      staff.call('GET', '/News?state=programmata'),
    );
    expect(listed.items.map((item) => item.id)).toContain(scheduled.id);
    expect(listed.items.every((item) => item.state === 'programmata')).toBe(true);
  });

  it('edits, unpublishes and deletes a news item, each change visible at once and logged', async () => {
    const item = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          title: 'Notizia da correggere',
          newAttachments: [
            { fileName: 'a.pdf', content: PDF },
            { fileName: 'a.pdf', content: PDF },
          ],
        }),
      ),
    );
    expect(item.attachments.map((attachment) => attachment.fileName)).toEqual(['a.pdf', 'a-2.pdf']);
    const edited = await staff.ok<AdminNewsItem>(
      staff.call(
        'PUT',
        `/News/${item.id}`,
        newsInput({
          title: 'Notizia corretta',
          featured: true,
          keptAttachmentIds: [item.attachments[1]?.id],
        }),
      ),
    );
    expect(edited).toMatchObject({ title: 'Notizia corretta', featured: true });
    expect(edited.attachments.map((attachment) => attachment.fileName)).toEqual(['a-2.pdf']);
    expect((await publicNews({ title: 'Notizia corretta' })).map((article) => article.id)).toEqual([
      item.id,
    ]);

    await staff.ok(
      staff.call(
        'PUT',
        `/News/${item.id}`,
        newsInput({ title: 'Notizia corretta', published: false }),
      ),
    );
    expect(await publicNews({ title: 'Notizia corretta' })).toEqual([]);

    await staff.ok(staff.call('DELETE', `/News/${item.id}`));
    expect((await staff.call('GET', `/News/${item.id}`)).statusCode).toBe(404);

    const entries = await auditOf('news', item.id);
    expect(entries.map((entry) => entry.action)).toEqual(['elimina', 'ritira', 'modifica', 'crea']);
    const edit = entries.find((entry) => entry.action === 'modifica');
    expect(edit?.before).toEqual({
      titolo: 'Notizia da correggere',
      inEvidenza: false,
      allegati: ['a.pdf', 'a-2.pdf'],
    });
    expect(edit?.after).toEqual({
      titolo: 'Notizia corretta',
      inEvidenza: true,
      allegati: ['a-2.pdf'],
    });
  });

  it('shows a staff edit in a list the cache has not seen, of an item it showed before (ADR 038)', async () => {
    const category = await staff.ok<{ id: number; title: string }>(
      staff.call('POST', '/NewsCategories', { title: 'Dal Consiglio' }),
    );
    const item = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({
          title: 'Notizia già mostrata',
          categoryIds: [category.id],
          newAttachments: [{ fileName: 'prima.pdf', content: PDF }],
        }),
      ),
    );
    const shown = (await publicNews({ richiesta: 'prima' })).find(
      (article) => article.id === item.id,
    );
    expect(shown).toMatchObject({ title: 'Notizia già mostrata', inEvidenza: false });

    await staff.ok(
      staff.call(
        'PUT',
        `/News/${item.id}`,
        newsInput({ title: 'Notizia corretta dopo', featured: true, categoryIds: [category.id] }),
      ),
    );
    await staff.ok(staff.call('PUT', `/NewsCategories/${category.id}`, { title: 'Dal Direttivo' }));
    // A body never asked before (the schema drops the unknown field): not a cached answer.
    const edited = (await publicNews({ richiesta: 'dopo' })).find(
      (article) => article.id === item.id,
    );
    expect(edited).toMatchObject({
      title: 'Notizia corretta dopo',
      inEvidenza: true,
      categorie: { 'dal-direttivo': 'Dal Direttivo' },
      attachments: [],
    });
    await staff.ok(staff.call('DELETE', `/News/${item.id}`));
    expect((await publicNews({ richiesta: 'cestino' })).map((article) => article.id)).not.toContain(
      item.id,
    );
  });

  it('keeps an internal note for the secretariat: created, edited, cleared and logged, never public', async () => {
    const first = 'chiedere conferma date al prof. Rossi';
    const second = 'pubblicare anche su LinkedIn';
    const created = await staff.ok<AdminNewsItem>(
      staff.call(
        'POST',
        '/News',
        newsInput({ title: 'Notizia con nota interna', internalNote: `  ${first}  ` }),
      ),
    );
    expect(created.internalNote).toBe(first);
    expect(
      (await staff.ok<AdminNewsItem>(staff.call('GET', `/News/${created.id}`))).internalNote,
    ).toBe(first);
    const listed = await staff.ok<AdminPage<AdminNewsItem>>(
      staff.call('GET', '/News?q=nota%20interna'),
    );
    expect(listed.items.find((item) => item.id === created.id)?.internalNote).toBe(first);

    const [published] = await publicNews({ title: 'Notizia con nota interna' });
    expect(published?.id).toBe(created.id);
    expect(published).not.toHaveProperty('internalNote');
    expect(JSON.stringify(published)).not.toContain(first);

    const edited = await staff.ok<AdminNewsItem>(
      staff.call(
        'PUT',
        `/News/${created.id}`,
        newsInput({ title: 'Notizia con nota interna', internalNote: second }),
      ),
    );
    expect(edited.internalNote).toBe(second);
    const cleared = await staff.ok<AdminNewsItem>(
      staff.call(
        'PUT',
        `/News/${created.id}`,
        newsInput({ title: 'Notizia con nota interna', internalNote: '   ' }),
      ),
    );
    expect(cleared.internalNote).toBeNull();

    const entries = await auditOf('news', created.id);
    expect(entries.map((entry) => entry.action)).toEqual(['modifica', 'modifica', 'crea']);
    expect(entries[2]?.after).toMatchObject({ noteInterne: first });
    expect(entries[1]?.before).toEqual({ noteInterne: first });
    expect(entries[1]?.after).toEqual({ noteInterne: second });
    expect(entries[0]?.before).toEqual({ noteInterne: second });
    expect(entries[0]?.after).toEqual({ noteInterne: null });
  });

  it('refuses bad news input with Italian messages, never a 500', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ title: '' }, 'title', 'Campo obbligatorio.'],
      [{ publishedOn: '2026-02-30' }, 'publishedOn', 'Indica una data valida (aaaa-mm-gg).'],
      [
        { sourceUrl: 'javascript:alert(1)' },
        'sourceUrl',
        'Indica un indirizzo web valido (http:// o https://).',
      ],
      [{ categoryIds: [999_999] }, 'categoryIds', 'Categoria sconosciuta.'],
      [{ internalNote: 'x'.repeat(2001) }, 'internalNote', 'Testo troppo lungo.'],
      [
        {
          newAttachments: [
            {
              fileName: 'virus.pdf',
              content: Buffer.from('MZ\x90\x00 non un pdf').toString('base64'),
            },
          ],
        },
        'newAttachments.0',
        'Il file non è un PDF. (virus.pdf)',
      ],
      [
        { newAttachments: [{ fileName: 'x.pdf', content: 'non base64!' }] },
        'newAttachments.0.content',
        'Il contenuto del file non è valido.',
      ],
    ];
    for (const [overrides, path, message] of cases) {
      const response = await staff.call('POST', '/News', newsInput(overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(response.json()).toMatchObject({ error: { issues: [{ path, message }] } });
    }
    const tooLarge = Buffer.concat([Buffer.from('%PDF-'), Buffer.alloc(10 * 1024 * 1024)]).toString(
      'base64',
    );
    const large = await staff.call(
      'POST',
      '/News',
      newsInput({ newAttachments: [{ fileName: 'grande.pdf', content: tooLarge }] }),
    );
    expect(large.statusCode).toBe(400);
    expect(JSON.stringify(large.json())).toContain('MB consentiti');
    expect((await staff.call('GET', '/News/abc')).statusCode).toBe(400);
    expect((await staff.call('GET', '/News?perPage=5000')).statusCode).toBe(400);
    expect((await staff.call('PUT', '/News/999999', newsInput())).statusCode).toBe(404);
  });

  it('lists news with search, filters and paging', async () => {
    const all = await staff.ok<AdminPage<AdminNewsItem>>(
      staff.call('GET', '/News?perPage=10&page=1'),
    );
    expect(all.items).toHaveLength(10);
    expect(all.total).toBeGreaterThan(10);
    const second = await staff.ok<AdminPage<AdminNewsItem>>(
      staff.call('GET', '/News?perPage=10&page=2'),
    );
    expect(second.items.map((item) => item.id)).not.toContain(all.items[0]?.id);
    const dates = all.items.map((item) => item.publishedOn);
    expect([...dates].sort().reverse()).toEqual(dates);
    const featured = await staff.ok<AdminPage<AdminNewsItem>>(
      staff.call('GET', '/News?featured=true&perPage=200'),
    );
    expect(featured.items.length).toBeGreaterThan(0);
    expect(featured.items.every((item) => item.featured)).toBe(true);
    const searched = await staff.ok<AdminPage<AdminNewsItem>>(
      staff.call('GET', '/News?q=LINEE%20GUIDA'),
    );
    expect(searched.items.map((item) => item.title)).toContain('Nuove linee guida sul plasma');
  });

  it('manages categories: create, rename, refuse duplicates', async () => {
    const created = await staff.ok<{ id: number; title: string }>(
      staff.call('POST', '/NewsCategories', { title: 'Eventi regionali' }),
    );
    const renamed = await staff.ok<{ title: string }>(
      staff.call('PUT', `/NewsCategories/${created.id}`, { title: 'Eventi sul territorio' }),
    );
    expect(renamed.title).toBe('Eventi sul territorio');
    const duplicate = await staff.call('POST', '/NewsCategories', {
      title: 'eventi SUL territorio',
    });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({
      error: { issues: [{ message: 'Esiste già una categoria con questo nome.' }] },
    });
    expect((await auditOf('category', created.id)).map((entry) => entry.action)).toEqual([
      'modifica',
      'crea',
    ]);
  });
});
