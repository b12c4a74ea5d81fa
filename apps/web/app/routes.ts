import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';

/** The searchable archives of the reserved area, each registered at its own address below. */
const ARCHIVE = 'routes/area-riservata-archivio.tsx';

/** The route table (spec §2.1); Italian URLs as the spec has them. */
export default [
  index('routes/home.tsx'),
  route('news', 'routes/news.tsx'),
  route('news/:slug', 'routes/news-item.tsx'),
  route('chi-siamo', 'routes/chi-siamo.tsx'),
  route('chi-siamo-iscrizione', 'routes/chi-siamo-iscrizione.tsx'),
  route('chi-siamo-affiliati', 'routes/chi-siamo-affiliati.tsx'),
  route('chi-siamo-sostenitori', 'routes/chi-siamo-sostenitori.tsx'),
  route('contatti', 'routes/contatti.tsx'),
  route('dati-legali', 'routes/dati-legali.tsx'),
  route('cookie', 'routes/cookie.tsx'),
  route('area-riservata', 'routes/area-riservata.tsx'),
  route('area-riservata-resetpwd', 'routes/area-riservata-resetpwd.tsx'),
  // A lapsed member's rejoin page (ADR 024): outside the guard, it needs no session.
  route('area-riservata-decaduto', 'routes/area-riservata-decaduto.tsx'),
  // Every reserved page behind the one guard of spec §6; the sign-in pages above stay outside.
  layout('routes/area-riservata-layout.tsx', { id: 'reserved-area' }, [
    route('area-riservata-homepage', 'routes/area-riservata-homepage.tsx'),
    route('area-riservata-profilo', 'routes/area-riservata-profilo.tsx'),
    // "Le mie iscrizioni" to events (ADR 049).
    route('area-riservata-iscrizioni', 'routes/area-riservata-iscrizioni.tsx'),
    // A registration's ECM questionnaire and sponsor declaration (ADR 058).
    route(
      'area-riservata-iscrizioni/:id/questionario',
      'routes/area-riservata-iscrizioni-questionario.tsx',
    ),
    // A registration's ECM learning test (ADR 057).
    route(
      'area-riservata-iscrizioni/:id/test-ecm',
      'routes/area-riservata-iscrizioni-test-ecm.tsx',
    ),
    // The five searchable archives of spec §2.9: one module, each archive at its own address.
    route('area-riservata-raccomandazioni', ARCHIVE, { id: 'archive-recommendations' }),
    route('area-riservata-pareri', ARCHIVE, { id: 'archive-opinions' }),
    route('area-riservata-pareri-dettaglio', 'routes/area-riservata-pareri-dettaglio.tsx'),
    route('area-riservata-rassegna', ARCHIVE, { id: 'archive-press-review' }),
    route('area-riservata-assemblee', ARCHIVE, { id: 'archive-national-assemblies' }),
    route('area-riservata-assemblee-regionali', ARCHIVE, { id: 'archive-regional-assemblies' }),
    route(
      'area-riservata-servizio-trasfusionale',
      'routes/area-riservata-servizio-trasfusionale.tsx',
    ),
    route(
      'area-riservata-servizio-trasfusionale-archivio',
      'routes/area-riservata-servizio-trasfusionale-archivio.tsx',
    ),
    route(
      'area-riservata-servizio-trasfusionale-singolo-numero',
      'routes/area-riservata-servizio-trasfusionale-singolo-numero.tsx',
    ),
  ]),
  route('patrocini', 'routes/patrocini.tsx'),
  // "Società trasparente" (ADR 026), beyond the specification.
  route('trasparenza', 'routes/trasparenza.tsx'),
  // The events (ADR 047), beyond the specification.
  route('eventi', 'routes/eventi.tsx'),
  // An account for the events of a person who is not a member (ADR 055).
  route('eventi/account', 'routes/eventi-account.tsx'),
  route('eventi/:slug', 'routes/evento.tsx'),
  route('eventi/:slug/iscrizione', 'routes/evento-iscrizione.tsx'),
  // The public check of a certificate of attendance (ADR 051).
  route('verifica-attestato/:code', 'routes/verifica-attestato.tsx'),
  // The site search (ADR 025).
  route('cerca', 'routes/cerca.tsx'),
  // The secretariat's back office (ADR 013): react-admin's own routes below this address.
  route('amministrazione/*', 'routes/amministrazione.tsx'),
  // The staff preview of drafts and scheduled news (ADR 023): loaded in the browser only.
  route('anteprima/news/:id', 'routes/anteprima-news.tsx'),
  // The links of the newsletter's confirmation e-mail (double opt-in, ADR 008).
  route('newsletter/conferma', 'routes/newsletter-conferma.tsx'),
  route('newsletter/annulla', 'routes/newsletter-annulla.tsx'),
  // `/chi-siamo-{product}`: the acronym is configuration (its loader checks it).
  route(':page', 'routes/chi-siamo-organizzazione.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
