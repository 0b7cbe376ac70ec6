import { DEPOSIT_STATE, type DepositRecord } from '@app/contracts/payment-records';

/**
 * A deposit still waiting this long has missed every normal path (the phone prompt lasts about a minute,
 * the callback follows at once, the reconciliation job asks M-Pesa within minutes): the member may appeal.
 */
export const APPEAL_AFTER_MS = 10 * 60_000;

export type DepositStatus = 'waiting' | 'paid' | 'failed';

/** Spec §4: below 3 is waiting, 3 is paid; 4 failed. */
export function depositStatus(state: number): DepositStatus {
  if (state === DEPOSIT_STATE.paid) return 'paid';
  if (state === DEPOSIT_STATE.failed) return 'failed';
  return 'waiting';
}

/** A failed deposit, or one still waiting after {@link APPEAL_AFTER_MS}, may be appealed. */
export function canAppeal(record: Pick<DepositRecord, 'state' | 'createTime'>, now: number): boolean {
  const status = depositStatus(record.state);
  if (status === 'failed') return true;
  if (status === 'paid') return false;
  const created = Date.parse(record.createTime);
  return Number.isFinite(created) && now - created >= APPEAL_AFTER_MS;
}
