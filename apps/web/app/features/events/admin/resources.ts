import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** The events in the back office (ADR 047). */
export const eventsStaff: StaffFeature = {
  resources: staffResources(
    () => import('./event-screens'),
    [
      {
        name: 'eventi',
        path: 'Events',
        group: 'Contenuti',
        searchable: true,
        label: 'Eventi',
        recordRepresentation: 'title',
        bin: { label: 'Eventi', testId: 'eventi-bin', noun: 'Evento', ending: 'o' },
        list: (m) => m.EventList,
        edit: (m) => m.EventEdit,
        create: (m) => m.EventCreate,
        body: (m) => m.eventBody,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/eventi',
      title: 'Eventi',
      text: 'Congressi, corsi e webinar: pubblica, programma, modifica o ritira.',
    },
  ],
};
