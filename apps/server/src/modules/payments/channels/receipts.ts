import { AppError } from '../../../http/app-error.ts';

/**
 * Runs an operator's credit or decision that writes an M-Pesa receipt. A receipt is unique across deposit
 * orders and across withdrawals (unique indexes), so one raced in by another order or withdrawal at the
 * same moment (23505) is a payment already accounted for: the same answer as one seen before (RECEIPT_USED).
 */
export async function receiptRace<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if ((error as { code?: string }).code === '23505') throw new AppError('RECEIPT_USED');
    throw error;
  }
}
