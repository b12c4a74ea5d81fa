import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** The PDFs the site search cannot read, in the back office (ADR 025). */
export const searchStaff: StaffFeature = {
  resources: staffResources(
    () => import('./unsearchable-screens'),
    [
      {
        name: 'documenti-non-ricercabili',
        path: 'UnsearchableDocuments',
        group: 'Sistema',
        label: 'Documenti non ricercabili',
        list: (m) => m.UnsearchableDocumentList,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/documenti-non-ricercabili',
      title: 'Documenti non ricercabili',
      text: 'I PDF di cui la ricerca del sito non legge il testo (scansioni): sostituiscili o riprova.',
    },
  ],
};
