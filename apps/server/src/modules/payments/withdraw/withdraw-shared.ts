import { OPEN_STATES, type WithdrawalRow } from './withdraw.repository.ts';

/**
 * What the withdrawal module's parts share: the log they write to, the timings of the status checks, the
 * ledger keys of a withdrawal's steps and the callback proof given to Daraja.
 */

export type Log = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

export const silent: Log = { warn: () => {}, error: () => {} };

/** A submitted payout without a result after this long is asked about. */
export const SUBMITTED_CHECK_AFTER_MS = 2 * 60_000;

/** An unknown outcome is asked about this soon, then with backoff. */
export const UNKNOWN_CHECK_AFTER_MS = 30_000;

/** A final row whose ledger step has not run yet (a crash in between) is finished by the job after this. */
export const REPAIR_AFTER_MS = 60_000;

export const keyOf = (withdrawNo: string, step: 'reserve' | 'settle' | 'return' | 'recover' | 'difference') =>
  `withdraw:${withdrawNo}:${step}`;

export function proofOf(row: Pick<WithdrawalRow, 'withdraw_no' | 'callback_token'>): Record<string, string> {
  return { withdrawNo: row.withdraw_no, token: row.callback_token ?? '' };
}

/** Not final: a result or the status query's answer may still come. */
export const isOpen = (row: WithdrawalRow) => OPEN_STATES.includes(row.state as (typeof OPEN_STATES)[number]);
