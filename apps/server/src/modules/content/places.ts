/**
 * Where each setup element appears on the site (spec §2.11, §2.12, §2.9, §2.10): the page, and
 * on a page with tabs the element's own tab (`?scheda=`, the key's last part), so "Apri la
 * pagina" opens the tab the text is in (ADR 023).
 */
export function setupElementPlace(
  key: string,
  acronym: string,
): { place: string; pagePath: string } {
  const organisation = `/chi-siamo-${acronym.toLowerCase()}`;
  const tab = (prefix: string) => key.slice(prefix.length).replace(/-/g, ' ');
  const onTab = (path: string, prefix: string) => `${path}?scheda=${key.slice(prefix.length)}`;
  if (key.startsWith('chisiamo-organizzazione-'))
    return {
      place: `Chi siamo ${acronym}, scheda ${tab('chisiamo-organizzazione-')}`,
      pagePath: onTab(organisation, 'chisiamo-organizzazione-'),
    };
  if (key.startsWith('chisiamo-soci-'))
    return {
      place: `Iscrizione Soci, scheda ${tab('chisiamo-soci-')}`,
      pagePath: onTab('/chi-siamo-iscrizione', 'chisiamo-soci-'),
    };
  if (key.startsWith('chisiamo-affiliati-'))
    return {
      place: `Affiliati, scheda ${tab('chisiamo-affiliati-')}`,
      pagePath: onTab('/chi-siamo-affiliati', 'chisiamo-affiliati-'),
    };
  if (key.startsWith('chisiamo-sostenitori-'))
    return { place: 'Sostenitori', pagePath: '/chi-siamo-sostenitori' };
  if (key === 'pareri-intro')
    return {
      place: 'Pareri del Consiglio Direttivo, introduzione',
      pagePath: '/area-riservata-pareri',
    };
  if (key === 'patrocini-richiesta')
    return { place: 'Patrocini, scheda Richiesta', pagePath: '/patrocini?scheda=richiesta' };
  if (key === 'rivista-intro')
    return {
      place: 'Il Servizio Trasfusionale, introduzione',
      pagePath: '/area-riservata-servizio-trasfusionale',
    };
  if (key === 'modulo-abbonamento-attivo')
    return { place: 'Chi siamo, modulo di abbonamento', pagePath: '/chi-siamo' };
  return { place: key, pagePath: '/' };
}
