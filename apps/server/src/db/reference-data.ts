import { newsCategoryTitles, type CookiePolicyContent } from '@sodalis/contracts';
import type { Kysely } from 'kysely';
import { searchText } from '../text/search-text.js';
import type { Database } from './schema.js';

/**
 * The cookie policy of spec §2.11 (dated 23.09.2024): only technical cookies, among them the
 * load balancer's affinity cookie for the session.
 */
export const COOKIE_POLICY: CookiePolicyContent = {
  data: '2024-09-23',
  corpo: [
    '<p>Questo sito utilizza esclusivamente <strong>cookie tecnici</strong>, necessari al suo funzionamento. Non utilizza cookie di profilazione né cookie di terze parti a fini statistici o pubblicitari; per questo non è richiesto il consenso.</p>',
    '<h2>Cookie utilizzati</h2>',
    '<ul>',
    '<li><strong>Cookie di affinità del bilanciatore di carico</strong>: indirizza le richieste di una stessa visita allo stesso server. È un cookie di sessione: viene cancellato alla chiusura del browser.</li>',
    '<li><strong>Archiviazione di sessione dell’area riservata</strong>: dopo l’accesso, il browser conserva il token di sessione nella memoria di sessione (sessionStorage) fino alla chiusura della scheda o all’uscita.</li>',
    '</ul>',
    '<h2>Come gestire i cookie</h2>',
    '<p>Puoi bloccare o cancellare i cookie dalle impostazioni del browser (per esempio in Chrome, Firefox, Safari ed Edge, alla voce “Privacy e sicurezza”). Bloccando i cookie tecnici alcune funzioni del sito, come l’area riservata, potrebbero non funzionare correttamente.</p>',
  ].join(''),
};

/**
 * Data every installation needs, demo or not: the five news categories of spec §2.6
 * (`{product}` is the configured acronym) and the cookie policy. Idempotent, and safe when
 * several instances start at once on one PostgreSQL.
 */
export async function ensureReferenceData(
  db: Kysely<Database>,
  societyAcronym: string,
): Promise<void> {
  const titles = newsCategoryTitles(societyAcronym);
  await db
    .insertInto('categories')
    .values(
      titles.map((title, index) => ({
        title,
        title_search: searchText(title),
        sort_order: index + 1,
      })),
    )
    .onConflict((conflict) => conflict.column('title_search').doNothing())
    .execute();
  await db
    .insertInto('site_contents')
    .values({
      key: 'cookie-policy',
      data_json: JSON.stringify(COOKIE_POLICY),
      updated_at: '2024-09-23T00:00:00.000Z',
    })
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}
