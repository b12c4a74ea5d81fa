import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** Newsletter subscribers in the back office (ADR 008). */
export const newsletterStaff: StaffFeature = {
  resources: staffResources(
    () => import('./subscriber-screens'),
    [
      {
        name: 'newsletter',
        path: 'NewsletterSubscribers',
        group: 'Comunicazioni',
        searchable: true,
        label: 'Newsletter',
        list: (m) => m.SubscriberList,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/newsletter',
      title: 'Iscritti alla newsletter',
      text: 'Confermati e in attesa, annullamento su richiesta, esportazione.',
    },
  ],
};
