import { z } from 'zod';
import { wholeNumber } from '@app/contracts/whole-number';

/** Every status Africa's Talking puts in a delivery report (external-protocols.md §2). */
export const DELIVERY_STATUSES = [
  'Sent',
  'Submitted',
  'Buffered',
  'Rejected',
  'Success',
  'Failed',
  'AbsentSubscriber',
  'Expired',
] as const;

export const DeliveryStatusSchema = z.enum(DELIVERY_STATUSES);
export type DeliveryStatus = z.infer<typeof DeliveryStatusSchema>;

/**
 * The form-encoded body Africa's Talking POSTs to the delivery-report URL. Like any callback it only
 * tells us which message to look at: `id` must match a messageId we were given when sending.
 */
export const DeliveryReportSchema = z.object({
  /** The messageId returned when the message was sent. */
  id: z.string().min(1),
  status: DeliveryStatusSchema,
  phoneNumber: z.string().min(1),
  /** 63902 Safaricom, 63903 Airtel Kenya, 99999 sandbox… */
  networkCode: z.string().optional(),
  /** Set on failures: InsufficientCredit, UserInBlackList, DeliveryFailure… */
  failureReason: z.string().optional(),
  // Form fields arrive as text.
  retryCount: wholeNumber(0, 1_000_000).optional(),
});
export type DeliveryReport = z.infer<typeof DeliveryReportSchema>;

/** Only these end a message's story; the others may still be followed by another report. */
const FINAL_DELIVERY_STATUSES: ReadonlySet<DeliveryStatus> = new Set(['Success', 'Failed', 'Rejected']);

export function isFinalDeliveryStatus(status: DeliveryStatus): boolean {
  return FINAL_DELIVERY_STATUSES.has(status);
}
