import {
  ADMIN_IMAGE_LIMITS,
  SETUP_ELEMENT_KEYS,
  SOCIETY_MESSAGES,
  type AdminAuditEntry,
  type AdminBoardMember,
  type AdminPage,
  type AdminSetupElement,
  type AdminSetupElementSummary,
  type AdminSiteContent,
  type AdminSiteContentSummary,
  type BoardMember,
  type FileContent,
  type SetupElement,
  type SiteContentByKey,
} from '@sodalis/contracts';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { publicSiteContent, refused, staffSite } from '../../helpers/staff-api.js';
import { fixedClock, testEngines } from '../../helpers/test-app.js';
import { minimalPdf } from '../../helpers/pdf-corpus.js';

const TODAY = '2026-11-22';
const PDF = minimalPdf('curriculum di prova').toString('base64');
const FORM_PDF = minimalPdf('modulo').toString('base64');

/** Width and height from a PNG's IHDR, after checking its signature. */
function pngHeader(base64: string): { width: number; height: number } {
  const bytes = Buffer.from(base64, 'base64');
  expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
  expect(bytes.subarray(12, 16).toString('latin1')).toBe('IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A tiny PNG whose header claims `side` × `side` pixels: an image bomb if decoded. */
function pngBomb(side: number): string {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(side * 3 + 1))),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

/** A landscape photo-like JPEG (noise over a gradient, so it compresses like a photo). */
async function photo(format: 'jpeg' | 'webp' | 'png', width = 900, height = 600): Promise<string> {
  const raw = Buffer.alloc(width * height * 3);
  for (let index = 0; index < raw.length; index += 1) {
    raw[index] = ((index / 3) % width) / 4 + ((index * 2654435761) >>> 27);
  }
  return (
    await sharp(raw, { raw: { width, height, channels: 3 } })
      .toFormat(format)
      .toBuffer()
  ).toString('base64');
}

describe.each(testEngines())(
  'back office: page texts, board, contacts and the society contents on %s',
  (engine) => {
    const site = staffSite(engine, { clock: fixedClock(TODAY) });
    const { call, ok, auditOf } = site;

    async function publicBoard(): Promise<BoardMember[]> {
      const response = await site.app.inject({
        method: 'GET',
        url: '/api/v1/SharepointContent/GetConsiglioDirettivo',
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: BoardMember[] }).data;
    }

    const publicContent = <K extends keyof SiteContentByKey>(key: K) =>
      publicSiteContent(site.app, key);

    function memberInput(overrides: Record<string, unknown> = {}) {
      return {
        name: 'Chiara Lombardi',
        role: 'Consigliere',
        sortOrder: 50,
        keepPhoto: true,
        newPhoto: null,
        keepCv: true,
        newCv: null,
        ...overrides,
      };
    }

    it('adds a board member with a photo made a square PNG and a CV; the public board shows them at once', async () => {
      const before = await publicBoard();
      expect(before.length).toBeGreaterThan(0);
      const jpeg = await photo('jpeg');
      const created = await ok<AdminBoardMember>(
        call(
          'POST',
          '/BoardMembers',
          memberInput({
            newPhoto: { fileName: 'foto.jpg', content: jpeg },
            newCv: { fileName: 'Curriculum Lombardi.pdf', content: PDF },
          }),
        ),
      );
      expect(created).toMatchObject({
        name: 'Chiara Lombardi',
        role: 'Consigliere',
        sortOrder: 50,
      });
      expect(created.cv?.fileName).toBe('Curriculum Lombardi.pdf');
      expect(pngHeader(created.photo ?? '')).toEqual({
        width: ADMIN_IMAGE_LIMITS.photoSide,
        height: ADMIN_IMAGE_LIMITS.photoSide,
      });

      const after = await publicBoard();
      expect(after).toHaveLength(before.length + 1);
      const shown = after.find((member) => member.id === created.id);
      expect(shown).toMatchObject({ title: 'Chiara Lombardi', ruolo: 'Consigliere' });
      expect(pngHeader(shown?.fotoProfilo ?? '')).toEqual({ width: 256, height: 256 });
      // Ordered by the order field: 50 is after the demo board.
      expect(after.at(-1)?.id).toBe(created.id);

      const cv = await site.app.inject({
        method: 'GET',
        url: `/api/v1/SharepointContent/GetCVById?id=${created.id}`,
      });
      expect(cv.statusCode).toBe(200);
      expect((cv.json() as { data: FileContent }).data).toEqual({
        content: PDF,
        fileName: 'Curriculum Lombardi.pdf',
      });

      const [entry] = await auditOf('board_member', String(created.id));
      expect(entry).toMatchObject({ action: 'crea', before: null });
      expect(entry?.after).toMatchObject({
        nome: 'Chiara Lombardi',
        ruolo: 'Consigliere',
        ordine: 50,
        cv: 'Curriculum Lombardi.pdf',
      });
      expect(String(entry?.after?.foto)).toMatch(/^PNG 256×256, \d+ KB/);
    });

    it('edits, reorders and replaces the photo (WebP, PNG), keeping what is not sent; audits only the changes', async () => {
      const created = await ok<AdminBoardMember>(
        call(
          'POST',
          '/BoardMembers',
          memberInput({
            name: 'Davide Serra',
            newPhoto: { fileName: 'foto.png', content: await photo('png', 300, 500) },
            newCv: { fileName: 'cv.pdf', content: PDF },
          }),
        ),
      );
      expect(pngHeader(created.photo ?? '')).toEqual({ width: 256, height: 256 });
      /** Saves him as treasurer, first in the board, with `changes` to his files. */
      const saveAsTreasurer = (changes: Record<string, unknown> = {}) =>
        ok<AdminBoardMember>(
          call(
            'PUT',
            `/BoardMembers/${created.id}`,
            memberInput({ name: 'Davide Serra', role: 'Tesoriere', sortOrder: 0, ...changes }),
          ),
        );

      const moved = await saveAsTreasurer();
      expect(moved.photo).toBe(created.photo);
      expect(moved.cv?.id).toBe(created.cv?.id);
      expect((await publicBoard())[0]).toMatchObject({ id: created.id, ruolo: 'Tesoriere' });
      const [edit] = await auditOf('board_member', String(created.id));
      expect(edit).toMatchObject({
        action: 'modifica',
        before: { ruolo: 'Consigliere', ordine: 50 },
        after: { ruolo: 'Tesoriere', ordine: 0 },
      });

      const webp = await saveAsTreasurer({
        newPhoto: { fileName: 'foto.webp', content: await photo('webp') },
      });
      expect(webp.photo).not.toBe(created.photo);
      expect(pngHeader(webp.photo ?? '')).toEqual({ width: 256, height: 256 });

      const bare = await saveAsTreasurer({ keepPhoto: false, keepCv: false });
      expect(bare).toMatchObject({ photo: null, cv: null });
      expect((await publicBoard()).find((member) => member.id === created.id)?.fotoProfilo).toBe(
        '',
      );

      const list = await ok<AdminPage<AdminBoardMember>>(
        call('GET', '/BoardMembers?q=serra&sort=sortOrder&order=ASC'),
      );
      expect(list.items.map((member) => member.name)).toEqual(['Davide Serra']);
      const paged = await ok<AdminPage<AdminBoardMember>>(
        call('GET', '/BoardMembers?perPage=2&page=1&sort=sortOrder&order=ASC'),
      );
      expect(paged.items).toHaveLength(2);
      expect(paged.items[0]?.id).toBe(created.id);
      expect(paged.total).toBeGreaterThan(2);
    });

    it('refuses images that are not JPEG, PNG or WebP by their bytes, too large, bombs and broken ones', async () => {
      const withPhoto = (content: string, fileName = 'foto.jpg') =>
        call('POST', '/BoardMembers', memberInput({ newPhoto: { fileName, content } }));
      // A PDF named .jpg, and a GIF: the bytes decide.
      await refused(withPhoto(PDF), 'newPhoto', SOCIETY_MESSAGES.notImage);
      await refused(
        withPhoto(Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1').toString('base64'), 'a.gif'),
        'newPhoto',
        SOCIETY_MESSAGES.notImage,
      );
      // Over the size limit, with a JPEG signature.
      const huge = Buffer.alloc(ADMIN_IMAGE_LIMITS.maxBytes + 1);
      huge.set([0xff, 0xd8, 0xff, 0xe0]);
      await refused(withPhoto(huge.toString('base64')), 'newPhoto', SOCIETY_MESSAGES.imageTooLarge);
      // 30000 × 30000 declared in a file of a few KB: refused before decoding.
      await refused(
        withPhoto(pngBomb(30_000), 'bomba.png'),
        'newPhoto',
        SOCIETY_MESSAGES.imageTooManyPixels,
      );
      // The right signature over nonsense.
      const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(2000, 7)]);
      await refused(
        withPhoto(broken.toString('base64')),
        'newPhoto',
        SOCIETY_MESSAGES.imageUnreadable,
      );
      // The CV must be a PDF; name and role are required.
      await refused(
        call(
          'POST',
          '/BoardMembers',
          memberInput({ newCv: { fileName: 'cv.pdf', content: await photo('jpeg', 20, 20) } }),
        ),
        'newCv.0',
        'Il file non è un PDF. (cv.pdf)',
      );
      await refused(
        call('POST', '/BoardMembers', memberInput({ name: ' ' })),
        'name',
        'Campo obbligatorio.',
      );
      await refused(
        call('POST', '/BoardMembers', memberInput({ sortOrder: 1000 })),
        'sortOrder',
        SOCIETY_MESSAGES.order,
      );
      // Nothing was created by the refused saves.
      const list = await ok<AdminPage<AdminBoardMember>>(call('GET', '/BoardMembers?q=Lombardi'));
      expect(list.items).toHaveLength(1);
    });

    it('deletes a board member with the CV; the public board and GetCVById forget it at once', async () => {
      const created = await ok<AdminBoardMember>(
        call(
          'POST',
          '/BoardMembers',
          memberInput({ name: 'Ettore Fabbri', newCv: { fileName: 'cv.pdf', content: PDF } }),
        ),
      );
      expect((await publicBoard()).some((member) => member.id === created.id)).toBe(true);
      expect((await call('DELETE', `/BoardMembers/${created.id}`)).statusCode).toBe(200);
      expect((await publicBoard()).some((member) => member.id === created.id)).toBe(false);
      const cv = await site.app.inject({
        method: 'GET',
        url: `/api/v1/SharepointContent/GetCVById?id=${created.id}`,
      });
      expect(cv.statusCode).toBe(404);
      expect((await call('GET', `/BoardMembers/${created.id}`)).statusCode).toBe(404);
      const [entry] = await auditOf('board_member', String(created.id));
      expect(entry).toMatchObject({
        action: 'elimina',
        before: { nome: 'Ettore Fabbri', cv: 'cv.pdf' },
      });
    });

    it('lists the five contents and edits the contacts: /contatti answers the change at once, audited', async () => {
      const list = await ok<AdminPage<AdminSiteContentSummary>>(call('GET', '/SiteContents'));
      expect(list.items.map((item) => item.id)).toEqual([
        'contatti',
        'dati-legali',
        'sostenitori',
        'presidenti',
        'cookie-policy',
      ]);
      expect(list.items.every((item) => item.exists)).toBe(true);
      expect(list.items.find((item) => item.id === 'presidenti')?.pagePath).toBe(
        '/chi-siamo-simti',
      );

      const current = await ok<AdminSiteContent>(call('GET', '/SiteContents/contatti'));
      const before = await publicContent('contatti');
      expect(current).toMatchObject({ id: 'contatti', indirizzo: before.indirizzo });

      const changed = {
        indirizzo: 'Via delle Trasfusioni 3, 00100 Roma (RM)',
        telefono: '+39 06 9999 0000',
        social: { etichetta: 'Facebook', url: 'https://www.facebook.com/example.society' },
        email: [
          ...before.email,
          { ruolo: 'Ufficio stampa', indirizzo: 'stampa@simti.example.org' },
        ],
      };
      await ok(call('PUT', '/SiteContents/contatti', changed));
      expect(await publicContent('contatti')).toEqual(changed);
      const [entry] = await auditOf('site_content', 'contatti');
      expect(entry).toMatchObject({
        action: 'modifica',
        before: { indirizzo: before.indirizzo, telefono: before.telefono, email: before.email },
        after: { indirizzo: changed.indirizzo, telefono: changed.telefono, email: changed.email },
      });
      expect(entry?.after).not.toHaveProperty('social');

      await refused(
        call('PUT', '/SiteContents/contatti', {
          ...changed,
          email: [{ ruolo: 'Info', indirizzo: 'non-una-email' }],
        }),
        'email.0.indirizzo',
        'Indica un indirizzo e-mail valido.',
      );
      await refused(
        call('PUT', '/SiteContents/contatti', {
          ...changed,
          social: { etichetta: 'Facebook', url: 'javascript:alert(1)' },
        }),
        'social.url',
        'Indica un indirizzo web valido (http:// o https://).',
      );
      await refused(
        call('PUT', '/SiteContents/contatti', { ...changed, telefono: 'chiamaci' }),
        'telefono',
        SOCIETY_MESSAGES.phone,
      );
      expect(await publicContent('contatti')).toEqual(changed);
      expect((await call('PUT', '/SiteContents/sconosciuto', changed)).statusCode).toBe(400);
    });

    it('checks the honour roll years and saves the legal data', async () => {
      const roll = await publicContent('presidenti');
      const term = (dal: unknown, al: unknown) => ({
        presidenti: [...roll.presidenti, { nome: 'Nuovo Presidente', dal, al }],
      });
      const last = roll.presidenti.length;
      await refused(
        call('PUT', '/SiteContents/presidenti', term(2024, 2020)),
        `presidenti.${last}.al`,
        SOCIETY_MESSAGES.yearsOrder,
      );
      await refused(
        call('PUT', '/SiteContents/presidenti', term(1850, 2020)),
        `presidenti.${last}.dal`,
        SOCIETY_MESSAGES.year,
      );
      await refused(
        call('PUT', '/SiteContents/presidenti', term(2023, 2300)),
        `presidenti.${last}.al`,
        SOCIETY_MESSAGES.year,
      );
      await refused(
        call('PUT', '/SiteContents/presidenti', { presidenti: [] }),
        'presidenti',
        SOCIETY_MESSAGES.atLeastOne,
      );
      await ok(call('PUT', '/SiteContents/presidenti', term(2023, 2027)));
      expect((await publicContent('presidenti')).presidenti.at(-1)).toEqual({
        nome: 'Nuovo Presidente',
        dal: 2023,
        al: 2027,
      });

      const righe = [
        { etichetta: 'Denominazione', valore: 'SIMTI' },
        { etichetta: 'Codice fiscale', valore: '98765432100' },
      ];
      await ok(call('PUT', '/SiteContents/dati-legali', { righe }));
      expect(await publicContent('dati-legali')).toEqual({ righe });
      await refused(
        call('PUT', '/SiteContents/dati-legali', { righe: [{ etichetta: 'PEC', valore: '' }] }),
        'righe.0.valore',
        'Campo obbligatorio.',
      );
      const [entry] = await auditOf('site_content', 'dati-legali');
      expect(entry?.after).toEqual({ righe });
    });

    it('keeps stored logos, makes a new logo a square PNG, refuses a logo that is not an image', async () => {
      const before = await publicContent('sostenitori');
      const first = before.aziende[0];
      if (first === undefined) throw new Error('demo supporters missing');
      const added = {
        nome: 'Nuova Azienda S.r.l.',
        logo: await photo('jpeg', 400, 100),
        indirizzo: 'Via Roma 1, 10100 Torino (TO)',
        telefono: '011 123 4567',
        sito: 'https://www.example.com/nuova',
      };
      const saved = await ok<AdminSiteContent>(
        call('PUT', '/SiteContents/sostenitori', { aziende: [first, added] }),
      );
      const shown = await publicContent('sostenitori');
      expect(shown.aziende).toHaveLength(2);
      expect(shown.aziende[0]).toEqual(first);
      expect(pngHeader(shown.aziende[1]?.logo ?? '')).toEqual({ width: 128, height: 128 });
      expect((saved.aziende as { logo: string }[])[1]?.logo).toBe(shown.aziende[1]?.logo);
      const [entry] = await auditOf('site_content', 'sostenitori');
      expect(JSON.stringify(entry)).not.toContain(shown.aziende[1]?.logo ?? '');
      expect(JSON.stringify(entry?.after)).toMatch(/PNG 128×128/);

      await refused(
        call('PUT', '/SiteContents/sostenitori', { aziende: [{ ...added, logo: PDF }] }),
        'aziende.0.logo',
        SOCIETY_MESSAGES.notImage,
      );
      await refused(
        call('PUT', '/SiteContents/sostenitori', {
          aziende: [{ ...added, sito: 'www senza schema' }],
        }),
        'aziende.0.sito',
        'Indica un indirizzo web valido (http:// o https://).',
      );
      await refused(
        call('PUT', '/SiteContents/sostenitori', { aziende: [{ ...added, logo: '' }] }),
        'aziende.0.logo',
        SOCIETY_MESSAGES.logoRequired,
      );
    });

    it('saves the cookie policy through the rich-text allowlist; /cookie shows it at once', async () => {
      await ok(
        call('PUT', '/SiteContents/cookie-policy', {
          data: '2026-11-20',
          corpo: '<p onclick="rubare()">Usiamo solo cookie tecnici.</p><script>alert(1)</script>',
        }),
      );
      expect(await publicContent('cookie-policy')).toEqual({
        data: '2026-11-20',
        corpo: '<p>Usiamo solo cookie tecnici.</p>',
      });
      await refused(
        call('PUT', '/SiteContents/cookie-policy', { data: '2026-02-30', corpo: '<p>Testo</p>' }),
        'data',
        'Indica una data valida (aaaa-mm-gg).',
      );
      await refused(
        call('PUT', '/SiteContents/cookie-policy', {
          data: '2026-11-20',
          corpo: '<script>x</script>',
        }),
        'corpo',
        'Campo obbligatorio.',
      );
      const [entry] = await auditOf('site_content', 'cookie-policy');
      expect(entry).toMatchObject({ action: 'modifica', after: { data: '2026-11-20' } });
    });

    // --- page texts (setup elements, spec §3) -------------------------------------------------

    async function publicSetup(key: string): Promise<SetupElement | undefined> {
      const response = await site.app.inject({
        method: 'POST',
        url: '/api/v1/SharepointContent/GetSetupData',
        payload: { titles: [key] },
      });
      expect(response.statusCode).toBe(200);
      return (response.json() as { data: SetupElement[] }).data[0];
    }

    it('lists every key of the spec with where the site shows it, and searches them', async () => {
      const page = await ok<AdminPage<AdminSetupElementSummary>>(call('GET', '/SetupElements'));
      expect(page.items.map((item) => item.id)).toEqual([...SETUP_ELEMENT_KEYS]);
      expect(page.items.every((item) => item.exists)).toBe(true);
      expect(page.items.find((item) => item.id === 'patrocini-richiesta')).toMatchObject({
        place: 'Patrocini, scheda Richiesta',
        pagePath: '/patrocini?scheda=richiesta',
      });
      // "Apri la pagina" opens the element's own tab (ADR 023).
      expect(
        page.items.find((item) => item.id === 'chisiamo-organizzazione-statuto')?.pagePath,
      ).toBe('/chi-siamo-simti?scheda=statuto');
      expect(page.items.find((item) => item.id === 'chisiamo-affiliati-iscrizione')?.pagePath).toBe(
        '/chi-siamo-affiliati?scheda=iscrizione',
      );
      const searched = await ok<AdminPage<AdminSetupElementSummary>>(
        call('GET', '/SetupElements?q=affiliati'),
      );
      expect(searched.items.length).toBeGreaterThan(0);
      expect(searched.items.every((item) => item.id.includes('affiliati'))).toBe(true);
    });

    it('saves a text sanitised with the allowlist, shows it on the site at once and logs it', async () => {
      const before = await publicSetup('patrocini-richiesta');
      expect(before?.corpo).not.toContain('Nuove regole');
      const element = await ok<AdminSetupElement>(
        call('GET', '/SetupElements/patrocini-richiesta'),
      );
      const saved = await ok<AdminSetupElement>(
        call('PUT', '/SetupElements/patrocini-richiesta', {
          bodyHtml:
            '<h2>Nuove regole</h2><p onmouseover="x()">Invia la richiesta<script>alert(1)</script> entro 60 giorni.</p>',
          keptAttachmentIds: element.attachments.map((file) => file.id),
          newAttachments: [{ fileName: 'regolamento.pdf', content: FORM_PDF }],
        }),
      );
      expect(saved.bodyHtml).toBe(
        '<h2>Nuove regole</h2><p>Invia la richiesta entro 60 giorni.</p>',
      );
      expect(saved.attachments.map((file) => file.fileName)).toEqual([
        ...element.attachments.map((file) => file.fileName),
        'regolamento.pdf',
      ]);
      const after = await publicSetup('patrocini-richiesta');
      expect(after?.corpo).toBe(saved.bodyHtml);
      expect(after?.attachments.map((file) => file.fileName)).toContain('regolamento.pdf');

      const log = await ok<AdminPage<AdminAuditEntry>>(
        call('GET', '/AuditLog?entity=setup_element'),
      );
      expect(log.items[0]).toMatchObject({
        action: 'modifica',
        entityId: 'patrocini-richiesta',
        summary: 'Testo "Patrocini, scheda Richiesta" modificato',
        actorEmail: 'segreteria.demo@example.org',
      });
      expect(log.items[0]?.after).toMatchObject({ testo: saved.bodyHtml });
    });

    it('creates the text of a key that has none yet on its first save', async () => {
      await site.app.services.db
        .deleteFrom('attachments')
        .where('owner_kind', '=', 'setup_element')
        .where('owner_id', 'in', (eb) =>
          eb.selectFrom('setup_elements').select('id').where('key', '=', 'rivista-intro'),
        )
        .execute();
      await site.app.services.db
        .deleteFrom('setup_elements')
        .where('key', '=', 'rivista-intro')
        .execute();
      const missing = await ok<AdminSetupElement>(call('GET', '/SetupElements/rivista-intro'));
      expect(missing).toMatchObject({ exists: false, bodyHtml: '', attachments: [] });
      const created = await ok<AdminSetupElement>(
        call('PUT', '/SetupElements/rivista-intro', { bodyHtml: '<p>Il notiziario.</p>' }),
      );
      expect(created).toMatchObject({ exists: true, bodyHtml: '<p>Il notiziario.</p>' });
      const log = await ok<AdminPage<AdminAuditEntry>>(
        call('GET', '/AuditLog?entity=setup_element'),
      );
      expect(log.items[0]).toMatchObject({ action: 'crea', entityId: 'rivista-intro' });
    });

    it('refuses unknown keys, bad keys and files that are not PDFs', async () => {
      expect((await call('GET', '/SetupElements/chiave-inventata')).statusCode).toBe(404);
      expect(
        (await call('PUT', '/SetupElements/chiave-inventata', { bodyHtml: '' })).statusCode,
      ).toBe(404);
      const bad = await call('GET', '/SetupElements/..%2Fetc');
      expect(bad.statusCode).toBe(400);
      const notPdf = await call('PUT', '/SetupElements/pareri-intro', {
        bodyHtml: '<p>x</p>',
        newAttachments: [
          { fileName: 'foto.pdf', content: Buffer.from('\x89PNG\r\n').toString('base64') },
        ],
      });
      expect(notPdf.statusCode).toBe(400);
      expect(notPdf.json()).toMatchObject({
        error: { issues: [{ message: 'Il file non è un PDF. (foto.pdf)' }] },
      });
    });

    it('previews rich text as the site will show it', async () => {
      const preview = await ok<{ html: string }>(
        call('POST', '/RichTextPreview', {
          bodyHtml: '<p>Ciao <a href="javascript:alert(1)">qui</a><iframe src="x"></iframe></p>',
        }),
      );
      expect(preview.html).toBe('<p>Ciao <a>qui</a></p>');
    });
  },
);
