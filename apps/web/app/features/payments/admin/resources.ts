import { staffResources, type StaffFeature } from '../../admin/staff-feature';

/** Payments, the fees of the spec's fee payment and the fee of each year in the back office. */
export const paymentsStaff: StaffFeature = {
  resources: staffResources(
    () => import('./payment-screens'),
    [
      {
        name: 'pagamenti',
        path: 'Payments',
        group: 'Soci e quote',
        searchable: true,
        label: 'Pagamenti',
        recordRepresentation: 'accountName',
        list: (m) => m.PaymentList,
        show: (m) => m.PaymentShow,
      },
      {
        name: 'quote',
        path: 'Fees',
        group: 'Soci e quote',
        label: 'Quote associative',
        recordRepresentation: 'title',
        list: (m) => m.FeeList,
        edit: (m) => m.FeeEdit,
        create: (m) => m.FeeCreate,
        body: (m) => m.feeBody,
      },
      {
        name: 'quote-per-anno',
        path: 'FeeYears',
        group: 'Soci e quote',
        label: 'Quote per anno',
        recordRepresentation: 'year',
        list: (m) => m.FeeYearList,
        edit: (m) => m.FeeYearEdit,
        create: (m) => m.FeeYearCreate,
        body: (m) => m.feeYearBody,
      },
    ],
  ),
  sections: [
    {
      to: '/amministrazione/pagamenti',
      title: 'Pagamenti delle quote',
      text: 'Chi ha pagato cosa con PayPal, verificato o da controllare; esportazione.',
    },
    {
      to: '/amministrazione/quote',
      title: 'Quote associative',
      text: 'Gli importi che Soci e Affiliati pagano dal sito.',
    },
    {
      to: '/amministrazione/quote-per-anno',
      title: 'Quote per anno',
      text: 'Quanto costa la quota di ogni anno: gli arretrati si pagano alla quota del loro anno.',
    },
  ],
};
