import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** "Società trasparente" in the back office: publications and public contributions (ADR 026). */
export const transparencyStaff: StaffFeature = {
  resources: staffResources(
    () => import('./transparency-screens'),
    [
      {
        name: 'trasparenza',
        path: 'TransparencyPublications',
        group: 'Contenuti',
        label: 'Società trasparente',
        recordRepresentation: 'title',
        bin: {
          label: 'Società trasparente: pubblicazioni',
          testId: 'trasparenza-bin',
          noun: 'Pubblicazione',
          ending: 'a',
        },
        list: (m) => m.PublicationList,
        edit: (m) => m.PublicationEdit,
        create: (m) => m.PublicationCreate,
        body: (m) => m.publicationBody,
      },
      {
        name: 'contributi-pubblici',
        path: 'PublicContributions',
        group: 'Contenuti',
        label: 'Contributi pubblici',
        recordRepresentation: 'grantor',
        bin: {
          label: 'Società trasparente: contributi pubblici',
          testId: 'contributi-pubblici-bin',
          noun: 'Contributo',
          ending: 'o',
        },
        list: (m) => m.ContributionList,
        edit: (m) => m.ContributionEdit,
        create: (m) => m.ContributionCreate,
        body: (m) => m.contributionBody,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/trasparenza',
      title: 'Società trasparente',
      text: 'Statuto, bilanci, incarichi, conflitti di interesse, contributi pubblici; le scadenze di legge.',
    },
  ],
};
