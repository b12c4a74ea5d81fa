import { lazyScreen, staffResources, type StaffFeature } from '../../admin/staff-feature';

/**
 * Membership and dues in the back office (ADR 024, 029, 030, 042): members with their years,
 * applications, bank transfers, reminders and their texts, the dues report.
 */
export const membershipStaff: StaffFeature = {
  resources: [
    ...staffResources(
      () => import('./membership-screens'),
      [
        {
          name: 'soci',
          path: 'Memberships',
          group: 'Soci e quote',
          label: 'Soci e quote',
          recordRepresentation: 'email',
          list: (m) => m.MembershipList,
          show: (m) => m.MembershipShow,
          // "Crea" on the list is the register's import (ADR 042).
          create: (m) => m.RegisterImportScreen,
        },
      ],
    ),
    ...staffResources(
      () => import('./application-screens'),
      [
        {
          name: 'domande-iscrizione',
          path: 'MembershipApplications',
          group: 'Soci e quote',
          label: 'Domande di iscrizione',
          recordRepresentation: 'email',
          list: (m) => m.ApplicationList,
          show: (m) => m.ApplicationShow,
        },
      ],
    ),
    ...staffResources(
      () => import('./bank-screens'),
      [
        {
          name: 'bonifici',
          path: 'BankRows',
          group: 'Soci e quote',
          label: 'Bonifici',
          recordRepresentation: 'reference',
          list: (m) => m.BankRowList,
          show: (m) => m.BankRowShow,
          create: (m) => m.BankStatementImport,
        },
      ],
    ),
    ...staffResources(
      () => import('./reminder-text-screens'),
      [
        {
          name: 'testi-promemoria',
          path: 'DuesReminderTexts',
          group: 'Soci e quote',
          label: 'Testi dei promemoria',
          recordRepresentation: 'label',
          list: (m) => m.DuesReminderTextList,
          edit: (m) => m.DuesReminderTextEdit,
          body: (m) => m.duesReminderTextBody,
        },
      ],
    ),
  ],
  // The treasury's pages, with the memberships' roles (ADR 031).
  pages: [
    {
      path: 'promemoria-quote',
      resource: 'soci',
      screen: lazyScreen(
        () => import('./reminder-screens'),
        (m) => m.DuesReminderScreen,
      ),
      menu: { label: 'Promemoria delle quote', group: 'Soci e quote' },
    },
    {
      path: 'riepilogo-quote',
      resource: 'soci',
      screen: lazyScreen(
        () => import('./dues-dashboard'),
        (m) => m.DuesDashboard,
      ),
      menu: { label: 'Riepilogo delle quote', group: 'Soci e quote' },
    },
  ],
  sections: [
    {
      to: '/amministrazione/riepilogo-quote',
      title: 'Riepilogo delle quote',
      text: 'Per anno: soci per posizione, incassato per metodo, atteso; esportazioni per il commercialista.',
    },
    {
      to: '/amministrazione/domande-iscrizione',
      title: 'Domande di iscrizione',
      text: 'Le domande arrivate dal sito: approva con la data della ratifica o respingi con il motivo.',
    },
    {
      to: '/amministrazione/bonifici',
      title: 'Bonifici',
      text: 'Estratti conto importati e bonifici da controllare: assegna a un socio o ignora.',
    },
    {
      to: '/amministrazione/promemoria-quote',
      title: 'Promemoria delle quote',
      text: 'Chi riceverà quale promemoria e quando, gli invii fatti; sospendi per un socio o per tutti.',
    },
    {
      to: '/amministrazione/testi-promemoria',
      title: 'Testi dei promemoria',
      text: 'Oggetto e testo di ogni promemoria delle quote, con i segnaposto; il testo predefinito.',
    },
    {
      to: '/amministrazione/soci',
      title: 'Soci e quote',
      text: 'Ogni socio con i suoi anni: pagati, da pagare, esonerati; in regola, moroso o decaduto.',
    },
  ],
};
