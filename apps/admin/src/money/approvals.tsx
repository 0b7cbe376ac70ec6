import { useState } from 'react';
import { LinkBase, useCanAccess, useCreatePath, useLocaleState } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type {
  HeldWithdrawal,
  HeldWithdrawals,
  WithdrawalApprovalDecision,
} from '@app/contracts/withdraw-approval';
import { callAdminApi } from '../api.ts';
import { formatDate, formatMoney } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { DecideButtons, DecisionForm, Outcome } from './decision.tsx';

const NEW_ACCOUNT_DAYS = 7;
const QUERY_KEY = ['withdrawal-approvals'];
const LEGEND = [
  'risk.first',
  'risk.newAccount',
  'risk.aboveDeposits',
  'risk.soonAfterDeposit',
  'risk.newDevice',
] as const;

type Badge = { key: TextKey; help: TextKey; values?: Record<string, unknown> };

/** The risk badges of a held withdrawal, from the hints the server computed (each explained on the page). */
function badgesOf(withdrawal: HeldWithdrawal): Badge[] {
  const { risk } = withdrawal;
  const badges: Badge[] = [];
  if (risk.firstWithdrawal) badges.push({ key: 'risk.first', help: 'risk.firstHelp' });
  if (risk.memberAgeDays < NEW_ACCOUNT_DAYS) {
    badges.push({
      key: 'risk.newAccount',
      help: 'risk.newAccountHelp',
      values: { days: risk.memberAgeDays },
    });
  }
  if (risk.aboveNetDeposits) badges.push({ key: 'risk.aboveDeposits', help: 'risk.aboveDepositsHelp' });
  // The server's own verdicts, on the market's thresholds (`rules`), explained in the legend below.
  if (risk.soonAfterDepositLittlePlay) {
    badges.push({ key: 'risk.soonAfterDeposit', help: 'risk.soonAfterDepositHelp' });
  }
  if (risk.newDevice) badges.push({ key: 'risk.newDevice', help: 'risk.newDeviceHelp' });
  return badges;
}

/** How long ago, in the largest whole unit: minutes, hours or days. */
export function ageText(createTime: string, t: ReturnType<typeof useText>): string {
  const minutes = Math.max(0, Math.floor((Date.now() - Date.parse(createTime)) / 60_000));
  if (minutes < 60) return t('age.minutes', { count: minutes });
  if (minutes < 24 * 60) return t('age.hours', { count: Math.floor(minutes / 60) });
  return t('age.days', { count: Math.floor(minutes / (24 * 60)) });
}

type Deciding = { withdrawal: HeldWithdrawal; action: 'approve' | 'reject' };

/**
 * Withdrawal approvals (issue 26 §3): the withdrawals held above the market's automatic amount, oldest
 * first, with their risk badges and the approvals given; approve or reject with a fresh authenticator code
 * (a rejection's reason is what the player reads).
 */
export function WithdrawalApprovals() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({
    resource: 'withdrawal-approvals',
    action: 'list',
  });
  const { canAccess: canShowPlayer } = useCanAccess({ resource: 'players', action: 'show' });
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  const list = useQuery({
    queryKey: QUERY_KEY,
    queryFn: () => callAdminApi<HeldWithdrawals>(ADMIN_PATHS.withdrawalApprovals),
    enabled: canAccess === true,
  });
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [outcome, setOutcome] = useState<TextKey | null>(null);

  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const money = (minor: number) => formatMoney(minor, language);

  const decide = async ({ code, reason }: { code: string; reason: string }) => {
    if (!deciding) return;
    const { withdrawal, action } = deciding;
    const path = action === 'approve' ? ADMIN_PATHS.withdrawalApprove : ADMIN_PATHS.withdrawalReject;
    try {
      const decision = await callAdminApi<WithdrawalApprovalDecision>(
        path.replace(':id', String(withdrawal.id)),
        {
          method: 'POST',
          body: action === 'approve' ? { code } : { code, reason },
        },
      );
      setOutcome(
        decision.state === 'failed'
          ? 'approvals.rejected'
          : decision.state !== 'queued'
            ? 'approvals.approvedWaiting'
            : decision.paymentsPaused
              ? 'approvals.approvedPaused'
              : 'approvals.approvedQueued',
      );
      setDeciding(null);
    } finally {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    }
  };

  const withdrawals = list.data?.withdrawals;
  // The market's thresholds the server judged by, for the badges' explanations ("…" until they are read).
  const rules = list.data?.rules ?? {
    soonAfterDepositHours: '…',
    littlePlayPercent: '…',
    newDeviceDays: '…',
  };
  return (
    <section>
      <h1>{t('approvals.title')}</h1>
      <p className="muted">{t('approvals.intro')}</p>
      <Outcome>{outcome && t(outcome)}</Outcome>
      {deciding && (
        <DecisionForm
          key={`${deciding.withdrawal.id}-${deciding.action}`}
          title={t(deciding.action === 'approve' ? 'approvals.approveTitle' : 'approvals.rejectTitle', {
            number: deciding.withdrawal.withdrawNo,
          })}
          confirm={t(deciding.action === 'approve' ? 'approvals.confirmApprove' : 'approvals.confirmReject')}
          reason={deciding.action === 'reject' ? t('approvals.rejectReason') : undefined}
          onConfirm={decide}
          onCancel={() => setDeciding(null)}
        />
      )}
      {!withdrawals && <Pending error={list.error} />}
      {withdrawals?.length === 0 && <p className="notice">{t('approvals.none')}</p>}
      {withdrawals && withdrawals.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>{t('approvals.number')}</th>
              <th>{t('money.player')}</th>
              <th>{t('money.amount')}</th>
              <th>{t('approvals.age')}</th>
              <th>{t('approvals.risk')}</th>
              <th>{t('approvals.given')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {withdrawals.map((withdrawal) => (
              <tr key={withdrawal.id}>
                <td>{withdrawal.withdrawNo}</td>
                <td>
                  {canShowPlayer ? (
                    <LinkBase to={createPath({ resource: 'players', type: 'show', id: withdrawal.memberId })}>
                      {withdrawal.mobile}
                    </LinkBase>
                  ) : (
                    withdrawal.mobile
                  )}
                </td>
                <td className="number">
                  {money(withdrawal.money)}
                  <div className="muted">{t('approvals.payout', { amount: money(withdrawal.payout) })}</div>
                </td>
                <td>{ageText(withdrawal.createTime, t)}</td>
                <td>
                  {badgesOf(withdrawal).map((badge) => (
                    <span key={badge.key} className="badge risk" title={t(badge.help, rules)}>
                      {t(badge.key, badge.values)}
                    </span>
                  ))}
                  <div className="muted">
                    {t('risk.deposited', {
                      deposited: money(withdrawal.risk.depositedTotal),
                      withdrawn: money(withdrawal.risk.withdrawnTotal),
                    })}
                  </div>
                  {withdrawal.risk.recentDeposit && (
                    <div className="muted">
                      {t('risk.recentDeposit', {
                        amount: money(withdrawal.risk.recentDeposit.amount),
                        when: formatDate(withdrawal.risk.recentDeposit.at, language),
                        staked: money(withdrawal.risk.stakedSinceDeposit),
                      })}
                    </div>
                  )}
                  {withdrawal.risk.deviceFirstSeen && (
                    <div className="muted">
                      {t('risk.deviceSeen', { when: formatDate(withdrawal.risk.deviceFirstSeen, language) })}
                    </div>
                  )}
                </td>
                <td>
                  {t('approvals.count', {
                    given: withdrawal.approvals.length,
                    required: withdrawal.approvalsRequired,
                  })}
                  {withdrawal.approvals.map((approval) => (
                    <div key={approval.staffId} className="muted">
                      {approval.staffLogin}
                    </div>
                  ))}
                </td>
                <td className="row-actions">
                  <DecideButtons
                    approve={t('approvals.approve')}
                    reject={t('approvals.reject')}
                    onChoose={(action) => {
                      setOutcome(null);
                      setDeciding({ withdrawal, action });
                    }}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <section className="card panel legend">
        <h2>{t('approvals.legend')}</h2>
        <dl className="facts">
          {LEGEND.map((key) => (
            <div key={key}>
              <dt>
                <span className="badge risk">{t(key, { days: `< ${NEW_ACCOUNT_DAYS}` })}</span>
              </dt>
              <dd>{t(`${key}Help` as TextKey, rules)}</dd>
            </div>
          ))}
        </dl>
      </section>
    </section>
  );
}
