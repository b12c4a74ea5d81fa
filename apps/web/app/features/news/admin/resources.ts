import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** News and their categories in the back office (ADR 013, 046). */
export const newsStaff: StaffFeature = {
  resources: staffResources(
    () => import('./news-screens'),
    [
      {
        name: 'news',
        path: 'News',
        group: 'Contenuti',
        searchable: true,
        label: 'Notizie',
        recordRepresentation: 'title',
        bin: { label: 'Notizie', testId: 'news-bin', noun: 'Notizia', ending: 'a' },
        list: (m) => m.NewsList,
        edit: (m) => m.NewsEdit,
        create: (m) => m.NewsCreate,
        body: (m) => m.newsBody,
      },
      {
        name: 'categorie',
        path: 'NewsCategories',
        group: 'Contenuti',
        label: 'Categorie',
        recordRepresentation: 'title',
        bin: {
          label: 'Categorie delle notizie',
          testId: 'categorie-bin',
          noun: 'Categoria',
          ending: 'a',
        },
        list: (m) => m.CategoryList,
        edit: (m) => m.CategoryEdit,
        create: (m) => m.CategoryCreate,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/news',
      title: 'Notizie',
      text: 'Pubblica, programma, modifica o ritira le notizie del sito.',
    },
    {
      to: '/amministrazione/categorie',
      title: 'Categorie',
      text: 'Le categorie delle notizie e del menu.',
    },
  ],
};
