import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/**
 * The reserved area in the back office: recommendations, assemblies, press review and the
 * board's opinions, each with its audience.
 */
export const reservedAreaStaff: StaffFeature = {
  resources: [
    ...staffResources(
      () => import('./recommendation-assembly-screens'),
      [
        {
          name: 'raccomandazioni',
          path: 'Recommendations',
          group: 'Area riservata',
          searchable: true,
          label: 'Raccomandazioni',
          recordRepresentation: 'title',
          bin: {
            label: 'Raccomandazioni',
            testId: 'raccomandazioni-bin',
            noun: 'Raccomandazione',
            ending: 'a',
          },
          list: (m) => m.RecommendationList,
          edit: (m) => m.RecommendationEdit,
          create: (m) => m.RecommendationCreate,
          body: (m) => m.recommendationBody,
        },
        {
          name: 'assemblee',
          path: 'Assemblies',
          group: 'Area riservata',
          searchable: true,
          label: 'Assemblee',
          recordRepresentation: 'title',
          bin: { label: 'Assemblee', testId: 'assemblee-bin', noun: 'Assemblea', ending: 'a' },
          list: (m) => m.AssemblyList,
          edit: (m) => m.AssemblyEdit,
          create: (m) => m.AssemblyCreate,
          body: (m) => m.assemblyBody,
        },
      ],
    ),
    ...staffResources(
      () => import('./press-opinion-screens'),
      [
        {
          name: 'rassegna-stampa',
          path: 'PressReviews',
          group: 'Area riservata',
          searchable: true,
          label: 'Rassegna stampa',
          recordRepresentation: 'headline',
          bin: {
            label: 'Rassegna stampa',
            testId: 'rassegna-stampa-bin',
            noun: 'Articolo della rassegna',
            ending: 'o',
          },
          list: (m) => m.PressReviewList,
          edit: (m) => m.PressReviewEdit,
          create: (m) => m.PressReviewCreate,
          body: (m) => m.pressReviewBody,
        },
        {
          name: 'pareri',
          path: 'Opinions',
          group: 'Area riservata',
          searchable: true,
          label: 'Pareri',
          recordRepresentation: 'title',
          bin: { label: 'Pareri', testId: 'pareri-bin', noun: 'Parere', ending: 'o' },
          list: (m) => m.OpinionList,
          edit: (m) => m.OpinionEdit,
          create: (m) => m.OpinionCreate,
          body: (m) => m.opinionBody,
        },
      ],
    ),
  ],
  sections: [
    {
      to: '/amministrazione/raccomandazioni',
      title: 'Raccomandazioni',
      text: 'Le raccomandazioni dell’area riservata, con il pubblico a cui sono destinate.',
    },
    {
      to: '/amministrazione/assemblee',
      title: 'Assemblee',
      text: 'Assemblee nazionali e regionali, sezioni, documenti e pubblico.',
    },
    {
      to: '/amministrazione/rassegna-stampa',
      title: 'Rassegna stampa',
      text: 'Gli articoli di giornale per i soci: testata, titolo, data e indirizzo da leggere online.',
    },
    {
      to: '/amministrazione/pareri',
      title: 'Pareri del Consiglio Direttivo',
      text: 'Domanda e risposta di ogni parere, con la data nel titolo e il pubblico.',
    },
  ],
};
