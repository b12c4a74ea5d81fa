import type { Article, ArticleCategory, PagedList } from '@sodalis/contracts';
import { apiPost, expect, gotoHydrated, test } from '../support/fixtures';

function displayDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

test.describe('la home', () => {
  test('mostra le notizie in evidenza e le ultime notizie dal database', async ({ page }) => {
    const featured = await apiPost<PagedList<Article>>(
      page,
      '/api/v1/SharepointContent/GetArticoli',
      {
        paginated: true,
        inEvidenza: true,
        dataOffset: '2',
      },
    );
    const latest = await apiPost<PagedList<Article>>(
      page,
      '/api/v1/SharepointContent/GetArticoli',
      {
        paginated: true,
        dataOffset: '4',
        orderByFields: 'Datapubblicazione',
        ascending: false,
      },
    );
    expect(featured.items).toHaveLength(2);
    expect(latest.items).toHaveLength(4);

    const response = await gotoHydrated(page, '/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle(/SIMTI/);

    const featuredBlock = page.getByTestId('featured-news');
    await expect(featuredBlock.getByTestId('news-item')).toHaveCount(2);
    for (const [index, article] of featured.items.entries()) {
      const item = featuredBlock.getByTestId('news-item').nth(index);
      await expect(item.getByRole('heading')).toHaveText(article.title);
      await expect(item).toContainText(Object.values(article.categorie)[0] ?? '');
      await expect(item).toContainText(displayDate(article.dataPubblicazione));
    }
    const latestBlock = page.getByTestId('latest-news');
    await expect(latestBlock.getByTestId('news-item')).toHaveCount(4);
    for (const [index, article] of latest.items.entries()) {
      await expect(latestBlock.getByTestId('news-item').nth(index).getByRole('heading')).toHaveText(
        article.title,
      );
    }
    await expect(latestBlock.getByRole('link', { name: 'Tutte le notizie' })).toHaveAttribute(
      'href',
      '/news',
    );
    await expect(
      page.locator('main').getByRole('link', { name: 'Chi siamo', exact: true }),
    ).toHaveAttribute('href', '/chi-siamo');
  });

  test('mostra le icone delle categorie, rosse su chiaro e bianche su scuro', async ({ page }) => {
    await gotoHydrated(page, '/');
    const latestIcons = page.getByTestId('latest-news').locator('.category-icon');
    await expect(latestIcons.first()).toHaveClass(/category-icon--red/);
    const featuredIcons = page.getByTestId('featured-news').locator('.category-icon');
    await expect(featuredIcons.first()).toHaveClass(/category-icon--white/);
    for (const icon of await page.locator('.category-icon').all()) {
      expect(await icon.getAttribute('data-icon')).toMatch(
        /^(concorsi|formazione|emovigilanza|news|society)$/,
      );
    }
  });

  test('ha il piè di pagina con i collegamenti, l’anno corrente e "All rights reserved"', async ({
    page,
  }) => {
    await gotoHydrated(page, '/');
    const footer = page.locator('footer');
    await expect(footer.getByRole('link', { name: 'Cookie policy' })).toHaveAttribute(
      'href',
      '/cookie',
    );
    await expect(footer.getByRole('link', { name: 'Dati legali' })).toHaveAttribute(
      'href',
      '/dati-legali',
    );
    for (const name of ['Privacy policy', 'Formazione ECM', 'Facebook']) {
      const link = footer.getByRole('link', { name: new RegExp(name) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
    const year = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Rome', year: 'numeric' }).format(
      new Date(),
    );
    await expect(footer).toContainText(
      `© ${year} Società Italiana di Medicina Trasfusionale e Immunoematologia`,
    );
    await expect(footer).toContainText('All rights reserved');
  });

  test('mostra il contenuto anche senza JavaScript', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto('/');
    await expect(page.getByTestId('latest-news').getByTestId('news-item')).toHaveCount(4);
    await expect(page.getByTestId('featured-news').getByTestId('news-item')).toHaveCount(2);
    await expect(page.getByRole('heading', { name: 'Iscriviti alla newsletter' })).toBeVisible();
    await expect(page.locator('meta[name="description"]')).toHaveAttribute(
      'content',
      /medicina trasfusionale/,
    );
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await context.close();
  });

  test('il carosello scorre, si ferma e si comanda da tastiera', async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, '/');
    const carousel = page.getByTestId('home-carousel');
    const active = carousel.locator('.carousel-item.active h3');
    await expect(active).toHaveText('Contatta la segreteria');
    await expect(carousel.getByRole('link', { name: 'Contatti' })).toHaveAttribute(
      'href',
      '/contatti',
    );
    await page.clock.runFor(5_100);
    await expect(active).toHaveText(/area professionale/i);
    await carousel.getByRole('button', { name: 'Ferma lo scorrimento' }).click();
    await page.mouse.move(0, 0);
    await page.clock.runFor(11_000);
    await expect(active).toHaveText(/area professionale/i);
    await carousel.getByRole('button', { name: 'Successiva' }).click();
    await expect(active).toHaveText('Blood Transfusion');
  });
});

test.describe('la navigazione', () => {
  test('il menu News elenca "Tutti" e le categorie e apre /news con una categoria', async ({
    page,
  }) => {
    const categories = (await (
      await page.request.get('/api/v1/SharepointContent/GetArticleCategories')
    ).json()) as {
      data: ArticleCategory[];
    };
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    const newsMenu = page.getByTestId('nav-news');
    await newsMenu.locator('summary', { hasText: 'News' }).click();
    const entries = newsMenu.getByRole('link');
    await expect(entries).toHaveText([
      'Tutti',
      ...categories.data.map((category) => category.title),
    ]);
    await expect(entries.first()).toHaveAttribute('href', '/news');
    await newsMenu.getByRole('link', { name: 'Emovigilanza' }).click();
    await expect(page).toHaveURL(/\/news\?categoria=Emovigilanza$/);
    await expect(newsMenu.getByRole('link')).toHaveCount(0);
  });

  test('il gruppo "Chi siamo" ha tutte le voci e i link esterni si aprono in una nuova scheda', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    const group = page.getByTestId('nav-chi-siamo');
    // The group's name is a link to /chi-siamo (spec §2.3); its toggle opens the list.
    await expect(group.getByRole('link', { name: 'Chi siamo', exact: true })).toHaveAttribute(
      'href',
      '/chi-siamo',
    );
    await group.getByLabel('Altre pagine di Chi siamo').click();
    const links = group.locator('.dropdown-menu').getByRole('link');
    await expect(links).toHaveText([
      'Il mondo della società',
      'Mondo SIMTI',
      'Soci',
      'Affiliati',
      'Sostenitori',
      'Organizzazione',
    ]);
    const hrefs = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => anchor.getAttribute('href')),
    );
    expect(hrefs).toEqual([
      '/chi-siamo',
      '/chi-siamo-simti',
      '/chi-siamo-iscrizione',
      '/chi-siamo-affiliati',
      '/chi-siamo-sostenitori',
      '/chi-siamo-simti',
    ]);
    const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
    for (const [name, href] of [
      ['Area riservata', '/area-riservata'],
      ['Patrocini', '/patrocini'],
      ['Contatti', '/contatti'],
      // The demo has published events: "Eventi" leads to the site's own page (ADR 047).
      ['Eventi', '/eventi'],
    ]) {
      await expect(nav.getByRole('link', { name, exact: true })).toHaveAttribute(
        'href',
        href as string,
      );
    }
    for (const name of ['Area professionale', 'Blood Transfusion']) {
      const link = nav.getByRole('link', { name: new RegExp(`^${name}`) });
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('si usa da tastiera: apre, scorre e chiude il menu', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    const button = page.getByTestId('nav-news').locator('summary');
    const group = page.getByTestId('nav-news').locator('details');
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(group).toHaveAttribute('open', '');
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('nav-news').getByRole('link', { name: 'Tutti' })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByTestId('nav-news').getByRole('link').nth(1)).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(group).not.toHaveAttribute('open');
    await expect(button).toBeFocused();
  });

  test('a 375 px si apre dal pulsante di menu e la pagina non scorre in orizzontale', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, '/');
    const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
    await expect(nav).toBeHidden();
    const toggle = page.getByRole('button', { name: 'Apri il menu di navigazione' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(nav).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Patrocini' })).toBeVisible();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  test('a 375 px una parola lunga nel titolo della home va a capo invece di allargare la pagina', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await gotoHydrated(page, '/');
    // The secretariat writes the hero's words (ADR 035): one longer than the screen, in place.
    await page.getByTestId('home-hero').evaluate((hero) => {
      const acronym = hero.querySelector('.hero__acronym');
      const name = hero.querySelector('.hero__name');
      if (acronym === null || name === null) throw new Error('testata senza titolo');
      acronym.textContent = 'Precipitevolissimevolmente';
      name.textContent = 'Immunoematologiatrasfusionaleitalianaeuropeainternazionale';
    });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - window.innerWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });

  for (const width of [1024, 1280, 1440]) {
    test(`a ${width} px nessuna voce del menu va a capo e la ricerca resta sulla riga della testata`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/');
      const nav = page.getByRole('navigation', { name: 'Navigazione principale' });
      // Below 1200 px the entries are behind the menu button: opened, the same rule.
      const toggle = page.getByRole('button', { name: 'Apri il menu di navigazione' });
      if (await toggle.isVisible()) await toggle.click();
      await expect(nav).toBeVisible();
      // Each entry's words and arrow on one line ("Chi siamo" took three lines): every
      // link or arrow of an entry starts where the entry's first does and is no taller than
      // "Home", a one-word link.
      const entries = await nav.locator(':scope > ul > li').evaluateAll((items) =>
        items.map((item) => ({
          text: item.textContent?.trim() ?? '',
          boxes: [...item.querySelectorAll(':scope > .nav-link, :scope > details > .nav-link')].map(
            (link) => {
              const box = link.getBoundingClientRect();
              return { top: box.top, height: box.height };
            },
          ),
        })),
      );
      expect(entries[0]?.text).toBe('Home');
      const oneLine = entries[0]?.boxes[0]?.height ?? 0;
      expect(oneLine).toBeGreaterThan(0);
      for (const entry of entries) {
        const first = entry.boxes[0];
        expect(first, `«${entry.text}»`).toBeDefined();
        for (const box of entry.boxes) {
          expect(box.height, `«${entry.text}» a ${width} px`).toBeLessThanOrEqual(oneLine + 1);
          expect(
            Math.abs(box.top - (first?.top ?? 0)),
            `«${entry.text}» a ${width} px`,
          ).toBeLessThan(2);
        }
      }
      // The search's magnifier on the header's row, beside the brand, never on a row below.
      const middle = (box: { y: number; height: number } | null) =>
        box === null ? Number.NaN : box.y + box.height / 2;
      const brand = await page.locator('header .navbar-brand').boundingBox();
      const search = await page.getByTestId('header-search').locator('summary').boundingBox();
      expect(Math.abs(middle(search) - middle(brand)), `a ${width} px`).toBeLessThan(6);
      if (width >= 1200) {
        // On wide screens the menu is on that row too.
        const home = await nav.getByRole('link', { name: 'Home' }).boundingBox();
        expect(Math.abs(middle(home) - middle(brand)), `a ${width} px`).toBeLessThan(6);
      }
    });
  }

  for (const width of [375, 1280]) {
    test(`senza JavaScript, a ${width} px, il menu News e la ricerca si aprono`, async ({
      browser,
    }) => {
      const context = await browser.newContext({
        javaScriptEnabled: false,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/');
      // The menu button is a link to the menu (its `:target`, ADR 022).
      const toggle = page.getByRole('button', { name: 'Apri il menu di navigazione' });
      if (await toggle.isVisible()) await toggle.click();
      const newsMenu = page.getByTestId('nav-news');
      await expect(newsMenu.getByRole('link', { name: 'Tutti' })).toBeHidden();
      await newsMenu.locator('summary').click();
      await expect(newsMenu.getByRole('link', { name: 'Tutti' })).toBeVisible();
      // The search's magnifier opens the box, which searches without scripts (ADR 025).
      await page.getByTestId('header-search').locator('summary').click();
      await page.getByRole('search').getByLabel('Cerca nel sito').fill('plasma');
      await page.getByRole('search').getByRole('button', { name: 'Trova' }).click();
      await expect(page).toHaveURL(/\/cerca\?q=plasma$/);
      await context.close();
    });
  }

  test('a 1280 px mostra tutte le voci senza pulsante di menu', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, '/');
    await expect(page.getByRole('button', { name: 'Apri il menu di navigazione' })).toBeHidden();
    await expect(
      page
        .getByRole('navigation', { name: 'Navigazione principale' })
        .getByRole('link', { name: 'Contatti' }),
    ).toBeVisible();
  });
});

test.describe('le pagine di errore', () => {
  test('un indirizzo sconosciuto dà 404 con la pagina italiana dentro il sito', async ({
    page,
  }) => {
    const response = await gotoHydrated(page, '/pagina-che-non-esiste');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina non trovata');
    await expect(page).toHaveTitle('Pagina non trovata | SIMTI');
    await expect(page.getByRole('navigation', { name: 'Navigazione principale' })).toBeAttached();
    await page.getByRole('link', { name: 'Torna alla home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });
});
