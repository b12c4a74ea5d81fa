import { lazyScreen, staffResources, type StaffFeature } from '../../admin/staff-feature';

/** Accounts in the back office: members and staff, their import, one's own security. */
export const accountsStaff: StaffFeature = {
  resources: staffResources(
    () => import('./member-screens'),
    [
      {
        name: 'account',
        path: 'Members',
        group: 'Soci e quote',
        searchable: true,
        label: 'Account',
        recordRepresentation: 'email',
        list: (m) => m.MemberList,
        edit: (m) => m.MemberEdit,
        create: (m) => m.MemberCreate,
      },
    ],
  ),
  pages: [
    {
      // Importing may create staff accounts: the secretariat's alone, like its API route.
      path: 'account/importa',
      route: ['POST', '/Members/Import'],
      screen: lazyScreen(
        () => import('./member-screens'),
        (m) => m.MemberImport,
      ),
    },
    {
      // One's own two-factor sign-in: every staff member's (ADR 017).
      path: 'sicurezza',
      screen: lazyScreen(
        () => import('./security-screens'),
        (m) => m.AccountSecurityScreen,
      ),
    },
  ],
  sections: [
    {
      to: '/amministrazione/account',
      title: 'Account',
      text: 'Soci, Affiliati e segreteria: inviti, ruoli, importazione.',
    },
  ],
};
