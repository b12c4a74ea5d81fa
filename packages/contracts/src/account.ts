import { z } from 'zod';
import { envelopeSchema } from './envelope.js';
import { isValidEmail, VALIDATION_MESSAGES } from './messages.js';

/** /api/v1/Account calls (spec §7). Login and password reset come with the reserved area. */

/** POST /api/v1/Account/SubscribeMailUp — body {email} (spec §3 "Newsletter subscription"). */
export const SubscribeMailUpBodySchema = z.object({
  email: z
    .string({ message: VALIDATION_MESSAGES.newsletterEmail })
    .trim()
    .refine(isValidEmail, { message: VALIDATION_MESSAGES.newsletterEmail }),
});
export type SubscribeMailUpBody = z.input<typeof SubscribeMailUpBodySchema>;

/**
 * The answer is the same whatever the address's state (new, pending, confirmed), so it says
 * nothing about who is subscribed.
 */
export const SubscribeMailUpResponseSchema = envelopeSchema(z.null());
