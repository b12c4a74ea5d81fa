import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/**
 * The society's content in the back office: page texts, the board, contacts and legal data,
 * the home's texts and links, the share image.
 */
export const societyStaff: StaffFeature = {
  resources: [
    ...staffResources(
      () => import('./setup-element-screens'),
      [
        {
          name: 'testi-pagine',
          path: 'SetupElements',
          group: 'Contenuti',
          searchable: true,
          label: 'Testi delle pagine',
          recordRepresentation: 'place',
          list: (m) => m.SetupElementList,
          edit: (m) => m.SetupElementEdit,
          body: (m) => m.setupElementBody,
        },
      ],
    ),
    ...staffResources(
      () => import('./society-screens'),
      [
        {
          name: 'consiglio-direttivo',
          path: 'BoardMembers',
          group: 'Contenuti',
          searchable: true,
          label: 'Consiglio Direttivo',
          recordRepresentation: 'name',
          bin: {
            label: 'Consiglio Direttivo',
            testId: 'consiglio-direttivo-bin',
            noun: 'Componente del Consiglio Direttivo',
            ending: 'o',
          },
          list: (m) => m.BoardMemberList,
          edit: (m) => m.BoardMemberEdit,
          create: (m) => m.BoardMemberCreate,
          body: (m) => m.boardMemberBody,
        },
        {
          name: 'contenuti-sito',
          path: 'SiteContents',
          group: 'Contenuti',
          label: 'Contatti e contenuti',
          recordRepresentation: 'place',
          list: (m) => m.SiteContentList,
          edit: (m) => m.SiteContentEdit,
          body: (m) => m.siteContentBody,
        },
        {
          name: 'testi-sito',
          path: 'SiteTexts',
          group: 'Contenuti',
          label: 'Home e collegamenti',
          recordRepresentation: 'place',
          list: (m) => m.SiteTextList,
          edit: (m) => m.SiteContentEdit,
          body: (m) => m.siteContentBody,
        },
      ],
    ),
    ...staffResources(
      () => import('./share-image-screen'),
      [
        {
          name: 'immagine-condivisione',
          path: 'ShareImage',
          group: 'Contenuti',
          label: 'Immagine di condivisione',
          list: (m) => m.ShareImageScreen,
          body: (m) => m.shareImageBody,
        },
      ],
    ),
  ],
  sections: [
    {
      to: '/amministrazione/testi-pagine',
      title: 'Testi delle pagine',
      text: 'I testi e i PDF delle pagine della società, dei patrocini e dell’area riservata.',
    },
    {
      to: '/amministrazione/consiglio-direttivo',
      title: 'Consiglio Direttivo',
      text: 'I componenti del Consiglio: nome, ruolo, ordine, foto e curriculum.',
    },
    {
      to: '/amministrazione/contenuti-sito',
      title: 'Contatti, dati legali e contenuti',
      text: 'Contatti, dati legali, aziende sostenitrici, albo dei past president, cookie policy.',
    },
  ],
};
