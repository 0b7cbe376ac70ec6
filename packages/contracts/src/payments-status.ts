import { z as zod } from 'zod';

/**
 * Whether M-Pesa payments are paused (issue 24 §3: a maintenance window). While paused, deposits and
 * withdrawals are accepted and queued, and sent when M-Pesa is back; the deposit and withdraw pages say so.
 * `source`: `operator` (an operator paused them) or `daraja` (Daraja answered that it is under maintenance).
 */
export const MpesaPaymentsStatusSchema = zod.object({
  paused: zod.boolean(),
  since: zod.string().nullable(),
  source: zod.enum(['operator', 'daraja']).nullable(),
});
export type MpesaPaymentsStatus = zod.infer<typeof MpesaPaymentsStatusSchema>;

/** The operators' view of the pause: the status, why, who, and for Daraja's own pause its probes. */
export const MpesaPauseDetailSchema = MpesaPaymentsStatusSchema.extend({
  reason: zod.string(),
  pausedBy: zod.string().nullable(),
  nextProbeAt: zod.string().nullable(),
  probes: zod.number().int(),
});

/** The operators' view: the pause, and the deposits and withdrawals still queued (draining after a pause). */
export const MpesaPauseViewSchema = MpesaPauseDetailSchema.extend({
  queued: zod.object({ deposits: zod.number().int(), withdrawals: zod.number().int() }),
});
export type MpesaPauseView = zod.infer<typeof MpesaPauseViewSchema>;

/** An operator's pause: true pauses (with the reason, e.g. Safaricom's announced window), false resumes. */
export const MpesaPauseBodySchema = zod.object({
  paused: zod.boolean(),
  reason: zod.string().trim().max(200).default(''),
});
