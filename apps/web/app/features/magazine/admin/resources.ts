import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** The bulletin "Il Servizio Trasfusionale" in the back office: issues and articles (ADR 014). */
export const magazineStaff: StaffFeature = {
  resources: staffResources(
    () => import('./magazine-screens'),
    [
      {
        name: 'riviste',
        path: 'MagazineIssues',
        group: 'Contenuti',
        searchable: true,
        label: 'Rivista: numeri',
        recordRepresentation: 'title',
        bin: {
          label: 'Il Servizio Trasfusionale: numeri',
          testId: 'riviste-bin',
          noun: 'Numero della rivista',
          ending: 'o',
        },
        list: (m) => m.MagazineIssueList,
        edit: (m) => m.MagazineIssueEdit,
        create: (m) => m.MagazineIssueCreate,
        body: (m) => m.magazineIssueBody,
      },
      {
        name: 'articoli-rivista',
        path: 'MagazineArticles',
        group: 'Contenuti',
        searchable: true,
        label: 'Rivista: articoli',
        recordRepresentation: 'title',
        bin: {
          label: 'Il Servizio Trasfusionale: articoli',
          testId: 'articoli-rivista-bin',
          noun: 'Articolo della rivista',
          ending: 'o',
        },
        list: (m) => m.MagazineArticleList,
        edit: (m) => m.MagazineArticleEdit,
        create: (m) => m.MagazineArticleCreate,
        body: (m) => m.magazineArticleBody,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/riviste',
      title: 'Il Servizio Trasfusionale',
      text: 'I numeri della rivista, con il PDF completo e il pubblico, e i loro articoli.',
    },
  ],
};
