import { lazyScreen, staffResources, type StaffFeature } from './staff-feature';

/** The staff kit's own screens: the audit log and the bin of every resource that has one. */
export const staffKit: StaffFeature = {
  resources: staffResources(
    () => import('./audit-log'),
    [
      {
        name: 'registro',
        path: 'AuditLog',
        group: 'Sistema',
        searchable: true,
        label: 'Registro attività',
        list: (m) => m.AuditLogList,
      },
    ],
  ),
  pages: [
    {
      path: 'cestino',
      // The bin's roles are the contents' (ADR 031).
      resource: 'news',
      screen: lazyScreen(
        () => import('./content-bin'),
        (m) => m.ContentBin,
      ),
      menu: { label: 'Cestino', group: 'Contenuti' },
    },
  ],
  sections: [
    {
      to: '/amministrazione/registro',
      title: 'Registro delle attività',
      text: 'Chi ha fatto cosa, e quando.',
    },
  ],
};
