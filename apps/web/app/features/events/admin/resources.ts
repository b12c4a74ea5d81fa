import { lazyScreen, staffResources, type StaffFeature } from '../../admin/staff-feature';

/** The events in the back office (ADR 047) and their registrations (ADR 049). */
export const eventsStaff: StaffFeature = {
  resources: [
    ...staffResources(
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
    ...staffResources(
      () => import('./registration-screens'),
      [
        {
          name: 'iscrizioni',
          path: 'EventRegistrations',
          group: 'Soci e quote',
          searchable: true,
          label: 'Iscrizioni agli eventi',
          recordRepresentation: 'lastName',
          list: (m) => m.RegistrationList,
          show: (m) => m.RegistrationShow,
        },
      ],
    ),
  ],
  // The check-in and the certificates (ADR 051), with the roles of their API area.
  pages: [
    {
      path: 'accoglienza',
      route: ['GET', '/EventAttendance/Events'],
      screen: lazyScreen(
        () => import('./checkin-screen'),
        (m) => m.CheckInScreen,
      ),
      menu: { label: 'Accoglienza (check-in)', group: 'Soci e quote' },
    },
    {
      path: 'presenze-attestati',
      route: ['GET', '/EventAttendance/Events'],
      screen: lazyScreen(
        () => import('./attendance-screen'),
        (m) => m.AttendanceScreen,
      ),
      menu: { label: 'Presenze e attestati', group: 'Soci e quote' },
    },
    {
      path: 'crediti-ecm',
      route: ['GET', '/EventAttendance/Events'],
      screen: lazyScreen(
        () => import('./ecm-credits-screen'),
        (m) => m.EcmCreditsScreen,
      ),
      menu: { label: 'Crediti ECM', group: 'Soci e quote' },
    },
  ],
  sections: [
    {
      to: '/amministrazione/eventi',
      title: 'Eventi',
      text: 'Congressi, corsi e webinar: pubblica, programma, modifica o ritira.',
    },
    {
      to: '/amministrazione/iscrizioni',
      title: 'Iscrizioni agli eventi',
      text: 'Chi si è iscritto, chi paga e chi aspetta un posto; riepilogo, incassi ed esportazione.',
    },
    {
      to: '/amministrazione/accoglienza',
      title: 'Accoglienza (check-in)',
      text: 'Dal telefono all’ingresso: badge inquadrati o codici scritti, entrate e uscite, chi è presente; funziona anche senza rete.',
    },
    {
      to: '/amministrazione/presenze-attestati',
      title: 'Presenze e attestati',
      text: 'Badge da stampare, ore di presenza di ciascuno, attestati da emettere, riemettere o revocare.',
    },
    {
      to: '/amministrazione/crediti-ecm',
      title: 'Crediti ECM',
      text: 'Chi ha i crediti e perché no, attestati ECM, rapporto dei partecipanti per Age.Na.S. entro 90 giorni.',
    },
  ],
};
