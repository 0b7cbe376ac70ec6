import type { Transaction } from 'kysely';
import type { WithdrawalRisk } from '@app/contracts/country';
import type { HeldWithdrawals, WithdrawalApprovalDecision } from '@app/contracts/withdraw-approval';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { PaymentDeps } from '../channels/payment-deps.ts';
import { isMpesaPaused } from '../channels/channels.service.ts';
import { sessionDeviceFirstSeen } from '../../platform/member/member-care.ts';
import { decideAudited, type AuditHook } from '../../platform/staff/audit.service.ts';
import * as wallet from '../../platform/wallet/wallet.service.ts';
import * as repository from './withdraw.repository.ts';
import type { WithdrawalRow } from './withdraw.repository.ts';
import { rejectedMessage } from './withdraw-messages.ts';
import { finishLedger } from './withdraw-settlement.ts';
import { REPAIR_AFTER_MS } from './withdraw-shared.ts';

/**
 * Withdrawals held for staff approval (issue 26 §3, "four eyes"): the submission holds one above the
 * market's automatic amount in state `approval`, its money reserved. Each approval is recorded once per
 * staff member (the table's primary key); the one that reaches the number required moves the withdrawal to
 * `queued`, and the payout queue (sendQueuedPayouts) sends it, once across instances. A rejection fails it
 * and returns its money through the failed payout's ledger step. Each decision runs on the withdrawal's
 * locked row, so parallel decisions wait for each other, and its audit entry (`audit`, given by the route)
 * commits with it. The route checks the acting staff member's fresh authenticator code first.
 */

const APPROVAL_LIST_LIMIT = 200;
const HOUR_MS = 60 * 60_000;
const DAY_MS = 24 * HOUR_MS;

type Approver = { id: number; login: string };

/** The held withdrawals, oldest first, with the hints an approver weighs (each a cheap query). */
export async function listHeldWithdrawals(
  deps: Pick<PaymentDeps, 'db' | 'country'>,
  now: Date = new Date(),
): Promise<HeldWithdrawals> {
  const rules = deps.country.withdrawalRisk;
  const rows = await repository.findAwaitingApproval(deps.db, APPROVAL_LIST_LIMIT);
  const approvals = await repository.findApprovals(
    deps.db,
    rows.map((row) => Number(row.id)),
  );
  const withdrawals = [];
  for (const row of rows) {
    const memberId = Number(row.member_id);
    const paid = await repository.paidWithdrawalsOf(deps.db, memberId);
    const deposited = await wallet.depositedCash(deps.db, memberId);
    withdrawals.push({
      id: Number(row.id),
      withdrawNo: row.withdraw_no,
      memberId,
      mobile: row.mobile,
      money: Number(row.money),
      fee: Number(row.fee),
      tax: Number(row.tax),
      payout: Number(row.payout),
      approvalsRequired: Number(row.approvals_required),
      approvals: approvalsOf(approvals, Number(row.id)),
      createTime: row.created_at.toISOString(),
      risk: {
        memberAgeDays: Math.max(0, Math.floor((now.getTime() - row.member_since.getTime()) / DAY_MS)),
        firstWithdrawal: paid.count === 0,
        depositedTotal: deposited,
        withdrawnTotal: paid.total,
        aboveNetDeposits: Number(row.money) > deposited - paid.total,
        ...(await depositPlayHints(deps.db, row, rules)),
        ...(await deviceHints(deps.db, row, rules)),
      },
    });
  }
  return { withdrawals, rules };
}

/**
 * "Soon after a deposit with little play": the member's last deposit within the market's hours before the
 * withdrawal was asked, and what they staked between the two, below the market's share of that deposit.
 */
async function depositPlayHints(db: PaymentDeps['db'], row: WithdrawalRow, rules: WithdrawalRisk) {
  const asked = row.created_at;
  const since = new Date(asked.getTime() - rules.soonAfterDepositHours * HOUR_MS);
  const deposit = await wallet.latestDepositBetween(db, Number(row.member_id), since, asked);
  if (!deposit) return { recentDeposit: null, stakedSinceDeposit: 0, soonAfterDepositLittlePlay: false };
  const staked = await wallet.stakedAfter(db, Number(row.member_id), deposit.transactionId, asked);
  return {
    recentDeposit: { amount: deposit.amount, at: deposit.at.toISOString() },
    stakedSinceDeposit: staked,
    // In whole minor units: staked × 100 < deposit × percent, no rounding.
    soonAfterDepositLittlePlay: staked * 100 < deposit.amount * rules.littlePlayPercent,
  };
}

/** "New device": the device of the session that asked, first seen for the member within the market's days. */
async function deviceHints(db: PaymentDeps['db'], row: WithdrawalRow, rules: WithdrawalRisk) {
  const firstSeen =
    row.member_session_id === null
      ? null
      : await sessionDeviceFirstSeen(db, Number(row.member_id), Number(row.member_session_id));
  return {
    deviceFirstSeen: firstSeen?.toISOString() ?? null,
    newDevice:
      firstSeen !== null && row.created_at.getTime() - firstSeen.getTime() < rules.newDeviceDays * DAY_MS,
  };
}

function approvalsOf(rows: Awaited<ReturnType<typeof repository.findApprovals>>, withdrawalId: number) {
  return rows
    .filter((row) => Number(row.withdrawal_id) === withdrawalId)
    .map((row) => ({
      staffId: row.staff_id,
      staffLogin: row.login,
      approvedAt: row.approved_at.toISOString(),
    }));
}

async function decisionOf(
  trx: Transaction<Database>,
  row: WithdrawalRow,
): Promise<WithdrawalApprovalDecision> {
  return {
    id: Number(row.id),
    withdrawNo: row.withdraw_no,
    state: row.state as WithdrawalApprovalDecision['state'],
    approvalsRequired: Number(row.approvals_required),
    approvals: approvalsOf(await repository.findApprovals(trx, [Number(row.id)]), Number(row.id)),
    rejectionReason: row.rejection_reason,
    paymentsPaused: await isMpesaPaused(trx),
  };
}

/** The withdrawal, locked, if it still waits for approval: missing (1004), or decided already (3017). */
async function lockHeld(trx: Transaction<Database>, withdrawalId: number): Promise<WithdrawalRow> {
  const row = await repository.lockById(trx, withdrawalId);
  if (!row) throw new AppError('NOT_FOUND');
  if (row.state !== 'approval') {
    throw new AppError('ORDER_CLOSED', 'This withdrawal is no longer waiting for approval');
  }
  return row;
}

/**
 * One staff member's approval. The same person again is refused (WITHDRAW_ALREADY_APPROVED), whoever they
 * are; the approval that reaches the number required queues the payout.
 */
export async function approveWithdrawal(
  deps: Pick<PaymentDeps, 'db'>,
  withdrawalId: number,
  approver: Approver,
  audit?: AuditHook<WithdrawalApprovalDecision>,
): Promise<WithdrawalApprovalDecision> {
  return decideAudited(deps.db, audit, async (trx) => {
    const held = await lockHeld(trx, withdrawalId);
    if (!(await repository.addApproval(trx, withdrawalId, approver.id))) {
      throw new AppError('WITHDRAW_ALREADY_APPROVED');
    }
    const given = (await repository.findApprovals(trx, [withdrawalId])).length;
    const row =
      given >= Number(held.approvals_required)
        ? await repository.updateIfIn(trx, withdrawalId, ['approval'], {
            state: 'queued',
            next_check_at: null,
          })
        : held;
    // Under the row's lock the state cannot have moved since lockHeld.
    if (!row) throw new Error(`withdrawal ${withdrawalId} left approval under its lock`);
    return decisionOf(trx, row);
  });
}

/**
 * Refuses a held withdrawal: failed with the reason (the member reads it), and its money returned by the
 * failed payout's ledger step, in the same transaction. Whatever approvals it had stay on record.
 */
export async function rejectWithdrawal(
  deps: PaymentDeps,
  withdrawalId: number,
  reason: string,
  audit?: AuditHook<WithdrawalApprovalDecision>,
): Promise<WithdrawalApprovalDecision> {
  return decideAudited(deps.db, audit, async (trx) => {
    await lockHeld(trx, withdrawalId);
    const failed = await repository.updateIfIn(trx, withdrawalId, ['approval'], {
      state: 'failed',
      message: rejectedMessage(reason),
      rejection_reason: reason,
      // As a failed payout's: due for the job's repair until the return below clears it (same transaction).
      next_check_at: new Date(Date.now() + REPAIR_AFTER_MS),
    });
    if (!failed) throw new Error(`withdrawal ${withdrawalId} left approval under its lock`);
    await finishLedger({ ...deps, db: trx }, failed);
    const row = (await repository.findById(trx, withdrawalId)) ?? failed;
    return decisionOf(trx, row);
  });
}
