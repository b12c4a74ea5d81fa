import { z } from 'zod';
import { ADMIN_MESSAGES, AdminListQuerySchema } from './admin.js';
import { PAYMENT_STATUSES, type FeeAccess, type PaymentStatus } from './payment.js';

/**
 * The back office's fee payments (issue 10, ADR 012): the ledger the secretariat reads and
 * exports (payments are facts from PayPal: never edited here), and the fees members pay.
 */

/** Italian names of the payment statuses, for the ledger and its export. */
export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = {
  reported: 'Segnalato (non verificato)',
  verified: 'Verificato',
  flagged: 'Da controllare',
  rejected: 'Respinto',
  refunded: 'Rimborsato',
};

export const FEE_ACCESSES = ['Socio', 'Affiliato'] as const satisfies readonly FeeAccess[];

export const AdminPaymentListQuerySchema = AdminListQuerySchema.extend({
  status: z.enum(PAYMENT_STATUSES).optional(),
  year: z.coerce.number().int().min(2000).max(2100).optional(),
  feeAccess: z.enum(FEE_ACCESSES).optional(),
  feeId: z.coerce.number().int().positive().optional(),
});
export type AdminPaymentListQuery = z.output<typeof AdminPaymentListQuerySchema>;

export interface AdminPayment {
  id: number;
  paypalOrderId: string;
  feeTitle: string;
  feeAccess: string;
  year: number;
  accountName: string;
  /** The signed-in member who paid, if any. */
  memberEmail: string | null;
  /** Euros with two decimals. */
  expectedAmount: string;
  /** What PayPal captured, once verified. */
  paidAmount: string | null;
  currency: string;
  status: PaymentStatus;
  flagReason: string | null;
  payerEmail: string | null;
  /** "2026/7", once a receipt is numbered. */
  receipt: string | null;
  createdAt: string;
  verifiedAt: string | null;
}

export interface AdminFee {
  id: number;
  title: string;
  /** Euros with two decimals. */
  amount: string;
  access: FeeAccess;
  sortOrder: number;
  active: boolean;
  updatedAt: string;
}

export const FEE_MESSAGES = {
  amount:
    'Indica un importo in euro maggiore di zero, con al massimo due decimali (es. 80 o 80,50).',
  access: 'Scegli Socio o Affiliato.',
  order: 'Indica un numero d’ordine tra 0 e 999.',
} as const;

export const AdminFeeInputSchema = z.object({
  title: z
    .string({ message: ADMIN_MESSAGES.required })
    .trim()
    .min(1, { message: ADMIN_MESSAGES.required })
    .max(200, { message: ADMIN_MESSAGES.tooLong }),
  /** Euros, with a comma or a point: "80", "80,50", "80.5". */
  amount: z
    .union([z.number(), z.string().trim()], { message: FEE_MESSAGES.amount })
    .transform((value) => String(value).replace(',', '.'))
    .refine((value) => /^\d{1,5}(\.\d{1,2})?$/.test(value) && Number(value) > 0, {
      message: FEE_MESSAGES.amount,
    })
    .transform((value) => Math.round(Number(value) * 100)),
  access: z.enum(FEE_ACCESSES, { message: FEE_MESSAGES.access }),
  sortOrder: z.coerce
    .number({ message: FEE_MESSAGES.order })
    .int({ message: FEE_MESSAGES.order })
    .min(0, { message: FEE_MESSAGES.order })
    .max(999, { message: FEE_MESSAGES.order })
    .default(0),
  active: z.boolean().default(true),
});
export type AdminFeeInput = z.input<typeof AdminFeeInputSchema>;
