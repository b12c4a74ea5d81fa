import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** Sponsorship requests in the back office. */
export const sponsorshipStaff: StaffFeature = {
  resources: staffResources(
    () => import('./sponsorship-screens'),
    [
      {
        name: 'patrocini',
        path: 'SponsorshipRequests',
        group: 'Comunicazioni',
        searchable: true,
        label: 'Patrocini',
        recordRepresentation: 'eventTitle',
        list: (m) => m.SponsorshipList,
        edit: (m) => m.SponsorshipEdit,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/patrocini',
      title: 'Richieste di patrocinio',
      text: 'Leggi le richieste, scarica i PDF, segna come approvate o respinte.',
    },
  ],
};
