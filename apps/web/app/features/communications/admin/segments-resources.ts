import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** The segments of the members in the back office (ADR 062): the secretariat's. */
export const segmentsStaff: StaffFeature = {
  resources: staffResources(
    () => import('./segment-screens'),
    [
      {
        name: 'segmenti',
        path: 'CommunicationSegments',
        group: 'Comunicazioni',
        label: 'Segmenti',
        recordRepresentation: 'name',
        list: (m) => m.SegmentList,
        create: (m) => m.SegmentCreate,
        edit: (m) => m.SegmentEdit,
        body: (m) => m.segmentBody,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/segmenti',
      title: 'Segmenti dei destinatari',
      text: 'Chi riceve una comunicazione: regole su ruolo, regione, quote, eventi, calcolate al momento.',
    },
  ],
};
