import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** The mail the server could not deliver, in the back office. */
export const outboxStaff: StaffFeature = {
  resources: staffResources(
    () => import('./outbox-screens'),
    [
      {
        name: 'posta-non-consegnata',
        path: 'OutboxMessages',
        group: 'Comunicazioni',
        label: 'Posta non consegnata',
        list: (m) => m.OutboxList,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/posta-non-consegnata',
      title: 'Posta non consegnata',
      text: 'Le e-mail che il server non è riuscito a consegnare: riprova o scarta.',
    },
  ],
};
