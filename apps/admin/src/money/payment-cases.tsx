import { useState, type FormEvent, type ReactNode } from 'react';
import { LinkBase, useCanAccess, useCreatePath, useLocaleState } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { HeldPayments } from '@app/contracts/deposit';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { WithdrawalReview, WithdrawalReviews } from '@app/contracts/withdraw-review';
import { callAdminApi } from '../api.ts';
import { formatDate, formatMoney } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { ageText } from './approvals.tsx';
import { DecisionActions, Outcome, useDecisionSubmit } from './decision.tsx';
import { MpesaPausePanel } from './mpesa-pause.tsx';

type HeldDeposit = HeldPayments['orders'][number];
type UnmatchedPayment = HeldPayments['unmatched'][number];
type Disagreement = HeldPayments['disagreements'][number];

const DEPOSITS_KEY = ['payment-cases', 'deposits'];
const WITHDRAWALS_KEY = ['payment-cases', 'withdrawals'];

/** What a decision's form asks besides its note: each is a field of the route's body. */
type Field = 'receipt' | 'amount' | 'memberId';

/**
 * One decision on one case: the route it calls, the fields its body needs (a note always: the audit log
 * and support read why), and what the page says once the server has decided.
 */
type CaseAction = {
  title: string;
  /** What confirming does, said before it is done. */
  effect: string;
  confirm: string;
  path: string;
  fields: Field[];
  /** The receipt the case already knows, offered in its field. */
  receipt?: string | null;
  /** Extra members of the body (a dismissal names the report it dismisses). */
  extra?: Record<string, unknown>;
  done: TextKey;
};

const pathOf = (path: string, id: number) => path.replace(':id', String(id));

/** The refusals of the case routes staff can act on, beyond every decision's (decision.tsx). */
const CASE_REFUSALS: Partial<Record<number, TextKey>> = {
  [ERRORS.RECEIPT_USED.code]: 'cases.receiptUsed',
  [ERRORS.NOT_FOUND.code]: 'cases.notFound',
  [ERRORS.VALIDATION.code]: 'cases.invalid',
  [ERRORS.BAD_REQUEST.code]: 'cases.invalid',
};

/** Major units as typed ("1,250.50") to minor units; NaN when it is not an amount. */
function minorUnits(typed: string): number {
  const value = Number(typed.replace(/[\s,]/g, ''));
  return Number.isFinite(value) && value > 0 ? Math.round(value * 100) : Number.NaN;
}

/**
 * A decision's form: what will happen, the fields the route needs, a note, and one button that confirms.
 * No money moves here: the route does it, and its refusal shows in the form.
 */
function CaseForm({
  action,
  onDecided,
  onCancel,
}: {
  action: CaseAction;
  onDecided: (done: TextKey) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useText();
  const { error, setError, busy, run } = useDecisionSubmit(CASE_REFUSALS);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const body: Record<string, unknown> = { note: String(form.get('note') ?? ''), ...action.extra };
    if (action.fields.includes('receipt')) body.receipt = String(form.get('receipt') ?? '');
    if (action.fields.includes('memberId')) body.memberId = String(form.get('memberId') ?? '');
    const typedAmount = String(form.get('amount') ?? '').trim();
    if (action.fields.includes('amount') && typedAmount !== '') {
      body.amount = minorUnits(typedAmount);
      if (Number.isNaN(body.amount)) {
        setError('cases.badAmount');
        return;
      }
    }
    await run(async () => {
      await callAdminApi(action.path, { method: 'POST', body });
      await onDecided(action.done);
    });
  };
  return (
    <form className="card decision" aria-label={action.title} onSubmit={(event) => void submit(event)}>
      <h2>{action.title}</h2>
      <p>{action.effect}</p>
      <div className="fields">
        {action.fields.includes('memberId') && (
          <label>
            {t('cases.memberId')}
            <input name="memberId" inputMode="numeric" pattern="\d+" required autoFocus />
          </label>
        )}
        {action.fields.includes('receipt') && (
          <label>
            {t('cases.receipt')}
            <input
              name="receipt"
              defaultValue={action.receipt ?? ''}
              pattern="[A-Za-z0-9]{10}"
              maxLength={10}
              required
            />
          </label>
        )}
        {action.fields.includes('amount') && (
          <label>
            {t('cases.amountPaid')}
            <input name="amount" inputMode="decimal" />
          </label>
        )}
      </div>
      <label>
        {t('cases.note')}
        <textarea name="note" required minLength={3} maxLength={500} rows={2} />
      </label>
      <DecisionActions error={error} busy={busy} confirm={action.confirm} onCancel={onCancel} />
    </form>
  );
}

/** A row's decision buttons, shown only to staff with `payments.decide`. */
function ActionButtons({
  actions,
  allowed,
  onChoose,
}: {
  actions: { label: string; action: CaseAction; secondary?: boolean }[];
  allowed: boolean;
  onChoose: (action: CaseAction) => void;
}) {
  if (!allowed) return null;
  return (
    <>
      {actions.map(({ label, action, secondary }) => (
        <button
          key={label}
          type="button"
          className={secondary ? 'secondary' : undefined}
          onClick={() => onChoose(action)}
        >
          {label}
        </button>
      ))}
    </>
  );
}

function CaseSection({
  title,
  intro,
  empty,
  count,
  head,
  children,
}: {
  title: string;
  intro: string;
  empty: string;
  count: number | undefined;
  head: string[];
  children: ReactNode;
}) {
  return (
    <section className="card panel" aria-label={title}>
      <h2>
        {title} {count !== undefined && <span className="badge">{count}</span>}
      </h2>
      <p className="muted">{intro}</p>
      {count === 0 && <p className="notice">{empty}</p>}
      {count !== undefined && count > 0 && (
        <div className="table-scroll">
          <table className="table">
            <thead>
              <tr>
                {head.map((label) => (
                  <th key={label}>{label}</th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>{children}</tbody>
          </table>
        </div>
      )}
    </section>
  );
}

const REVIEW_TEXT: Record<WithdrawalReview['review'], TextKey> = {
  held: 'cases.review.held',
  'amount-differs': 'cases.review.amountDiffers',
  'paid-after-return': 'cases.review.paidAfterReturn',
};

/**
 * Payment cases (issue 26 §3; docs/back-office.md): the payments M-Pesa's answers left to a person, oldest
 * first: deposits held for review, paid M-Pesa payments no order took, callbacks that contradicted M-Pesa,
 * and withdrawals to decide (held, paid another amount, paid after their return). Each list with player,
 * amount, receipt, age and state; each decision through the operators' routes, with a note
 * (`payments.decide`; without it the lists show and the buttons do not).
 */
export function PaymentCases() {
  const t = useText();
  const [language] = useLocaleState();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'payment-cases', action: 'list' });
  const { canAccess: canDecide } = useCanAccess({ resource: 'payment-cases', action: 'decide' });
  const { canAccess: canShowPlayer } = useCanAccess({ resource: 'players', action: 'show' });
  const createPath = useCreatePath();
  const queryClient = useQueryClient();
  const deposits = useQuery({
    queryKey: DEPOSITS_KEY,
    queryFn: () => callAdminApi<HeldPayments>(ADMIN_PATHS.heldPayments),
    enabled: canAccess === true,
  });
  const withdrawals = useQuery({
    queryKey: WITHDRAWALS_KEY,
    queryFn: () => callAdminApi<WithdrawalReviews>(ADMIN_PATHS.withdrawalReviews),
    enabled: canAccess === true,
  });
  const [deciding, setDeciding] = useState<CaseAction | null>(null);
  const [outcome, setOutcome] = useState<TextKey | null>(null);

  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const money = (minor: number | null) => (minor === null ? '—' : formatMoney(minor, language));
  const allowed = canDecide === true;
  const choose = (action: CaseAction) => {
    setOutcome(null);
    setDeciding(action);
  };
  const decided = async (done: TextKey) => {
    setDeciding(null);
    setOutcome(done);
    await queryClient.invalidateQueries({ queryKey: ['payment-cases'] });
  };
  const player = (memberId: number, label: string) =>
    canShowPlayer ? (
      <LinkBase to={createPath({ resource: 'players', type: 'show', id: memberId })}>{label}</LinkBase>
    ) : (
      label
    );

  const heldDepositActions = (order: HeldDeposit) => {
    const amount = money(order.heldAmount ?? order.payMoney);
    return [
      {
        label: t('cases.credit'),
        action: {
          title: t('cases.creditDepositTitle', { number: order.transNo }),
          effect: t('cases.creditDepositEffect', { amount, player: order.memberId }),
          confirm: t('cases.confirmCredit'),
          path: pathOf(ADMIN_PATHS.creditDeposit, order.id),
          fields: ['receipt', 'amount'] as Field[],
          receipt: order.heldReceipt,
          done: 'cases.credited' as const,
        },
      },
      {
        label: t('cases.refuse'),
        secondary: true,
        action: {
          title: t('cases.refuseDepositTitle', { number: order.transNo }),
          effect: t('cases.refuseDepositEffect'),
          confirm: t('cases.confirmRefuse'),
          path: pathOf(ADMIN_PATHS.rejectDeposit, order.id),
          fields: [] as Field[],
          done: 'cases.refused' as const,
        },
      },
    ];
  };

  const unmatchedActions = (payment: UnmatchedPayment) => [
    {
      label: t('cases.creditPlayer'),
      action: {
        title: t('cases.creditUnmatchedTitle', { receipt: payment.receipt }),
        effect: t('cases.creditUnmatchedEffect', { amount: money(payment.amount) }),
        confirm: t('cases.confirmCredit'),
        path: pathOf(ADMIN_PATHS.creditUnmatched, payment.id),
        fields: ['memberId'] as Field[],
        done: 'cases.credited' as const,
      },
    },
    {
      label: t('cases.dismiss'),
      secondary: true,
      action: {
        title: t('cases.dismissUnmatchedTitle', { receipt: payment.receipt }),
        effect: t('cases.dismissUnmatchedEffect'),
        confirm: t('cases.confirmDismiss'),
        path: pathOf(ADMIN_PATHS.dismissUnmatched, payment.id),
        fields: [] as Field[],
        done: 'cases.dismissed' as const,
      },
    },
  ];

  const disagreementActions = (hint: Disagreement) => [
    {
      label: t('cases.close'),
      action: {
        title: t('cases.closeTitle', { id: hint.id }),
        effect: t('cases.closeEffect'),
        confirm: t('cases.confirmClose'),
        path: pathOf(ADMIN_PATHS.closeDisagreement, hint.id),
        fields: [] as Field[],
        done: 'cases.closed' as const,
      },
    },
  ];

  const withdrawalActions = (review: WithdrawalReview) => {
    const number = review.withdrawNo;
    const noteOnly = (
      label: TextKey,
      path: string,
      effect: TextKey,
      done: TextKey,
      extra?: Record<string, unknown>,
      secondary?: boolean,
    ) => ({
      label: t(label),
      secondary,
      action: {
        title: `${t(label)}: ${number}`,
        effect: t(effect, { payout: money(review.payout), reported: money(review.reportedAmount) }),
        confirm: t('cases.confirm'),
        path: pathOf(path, review.id),
        fields: [] as Field[],
        extra,
        done,
      },
    });
    const dismiss = noteOnly(
      'cases.dismissReport',
      ADMIN_PATHS.withdrawalDismiss,
      'cases.dismissReportEffect',
      'cases.dismissed',
      { review: review.review },
      true,
    );
    switch (review.review) {
      case 'held':
        return [
          {
            label: t('cases.paid'),
            action: {
              title: `${t('cases.paid')}: ${number}`,
              effect: t('cases.paidEffect', { payout: money(review.payout) }),
              confirm: t('cases.confirm'),
              path: pathOf(ADMIN_PATHS.withdrawalPaid, review.id),
              fields: ['receipt', 'amount'] as Field[],
              receipt: review.reportedReceipt ?? review.receipt,
              done: 'cases.settled' as const,
            },
          },
          noteOnly(
            'cases.notPaid',
            ADMIN_PATHS.withdrawalNotPaid,
            'cases.notPaidEffect',
            'cases.returned',
            undefined,
            true,
          ),
        ];
      case 'amount-differs':
        return [
          noteOnly(
            'cases.settleDifference',
            ADMIN_PATHS.withdrawalSettleDifference,
            'cases.settleDifferenceEffect',
            'cases.settled',
          ),
          dismiss,
        ];
      case 'paid-after-return':
        return [
          noteOnly('cases.recover', ADMIN_PATHS.withdrawalRecover, 'cases.recoverEffect', 'cases.recovered'),
          dismiss,
        ];
    }
  };

  const loadError = deposits.error ?? withdrawals.error;
  const heldOrders = deposits.data?.orders;
  const unmatched = deposits.data?.unmatched;
  const disagreements = deposits.data?.disagreements;
  const reviews = withdrawals.data?.withdrawals;
  return (
    <section>
      <h1>{t('cases.title')}</h1>
      <p className="muted">{t('cases.intro')}</p>
      {!allowed && <p className="notice">{t('cases.readOnly')}</p>}
      <MpesaPausePanel canSwitch={allowed} />
      <Outcome>{outcome && t(outcome)}</Outcome>
      {deciding && (
        <CaseForm
          key={deciding.path}
          action={deciding}
          onDecided={decided}
          onCancel={() => setDeciding(null)}
        />
      )}
      {(!deposits.data || !withdrawals.data) && <Pending error={loadError} />}

      <CaseSection
        title={t('cases.heldDeposits')}
        intro={t('cases.heldDepositsIntro')}
        empty={t('cases.none')}
        count={heldOrders?.length}
        head={[
          t('cases.deposit'),
          t('money.player'),
          t('money.amount'),
          t('cases.receipt'),
          t('approvals.age'),
          t('cases.state'),
        ]}
      >
        {heldOrders?.map((order) => (
          <tr key={order.id}>
            <td>{order.transNo}</td>
            <td>
              {player(order.memberId, `#${order.memberId}`)}
              <div className="muted">{order.msisdn ?? ''}</div>
            </td>
            <td className="number">
              {money(order.payMoney)}
              {order.heldAmount !== null && order.heldAmount !== order.payMoney && (
                <div className="muted">{t('cases.reported', { amount: money(order.heldAmount) })}</div>
              )}
            </td>
            <td>{order.heldReceipt ?? '—'}</td>
            <td title={formatDate(order.createTime, language)}>{ageText(order.createTime, t)}</td>
            <td>
              {t('cases.state.held')}
              <div className="muted">{order.message}</div>
            </td>
            <td className="row-actions">
              <ActionButtons actions={heldDepositActions(order)} allowed={allowed} onChoose={choose} />
            </td>
          </tr>
        ))}
      </CaseSection>

      <CaseSection
        title={t('cases.unmatched')}
        intro={t('cases.unmatchedIntro')}
        empty={t('cases.none')}
        count={unmatched?.length}
        head={[
          t('cases.paidFrom'),
          t('money.player'),
          t('money.amount'),
          t('cases.receipt'),
          t('approvals.age'),
          t('cases.state'),
        ]}
      >
        {unmatched?.map((payment) => (
          <tr key={payment.id}>
            <td>{payment.msisdn ?? '—'}</td>
            <td className="muted">{t('cases.noPlayer')}</td>
            <td className="number">{money(payment.amount)}</td>
            <td>{payment.receipt}</td>
            <td title={formatDate(payment.createTime, language)}>{ageText(payment.createTime, t)}</td>
            <td>{t('cases.state.unmatched')}</td>
            <td className="row-actions">
              <ActionButtons actions={unmatchedActions(payment)} allowed={allowed} onChoose={choose} />
            </td>
          </tr>
        ))}
      </CaseSection>

      <CaseSection
        title={t('cases.disagreements')}
        intro={t('cases.disagreementsIntro')}
        empty={t('cases.none')}
        count={disagreements?.length}
        head={[
          t('cases.payment'),
          t('cases.claimed'),
          t('money.amount'),
          t('cases.receipt'),
          t('approvals.age'),
          t('cases.confirmed'),
        ]}
      >
        {disagreements?.map((hint) => (
          <tr key={hint.id}>
            <td>
              {t(hint.payment === 'deposit' ? 'cases.depositNumber' : 'cases.withdrawalNumber', {
                id: hint.paymentId,
              })}
            </td>
            <td>
              {t(hint.claimedPaid ? 'cases.claimedPaid' : 'cases.claimedFailed', { code: hint.resultCode })}
              <div className="muted">
                {t(hint.authentic ? 'cases.authentic' : 'cases.notAuthentic', { source: hint.source })}
              </div>
            </td>
            <td className="number">{money(hint.claimedAmount)}</td>
            <td>{hint.claimedReceipt ?? '—'}</td>
            <td title={formatDate(hint.createTime, language)}>{ageText(hint.createTime, t)}</td>
            <td>{hint.confirmed}</td>
            <td className="row-actions">
              <ActionButtons actions={disagreementActions(hint)} allowed={allowed} onChoose={choose} />
            </td>
          </tr>
        ))}
      </CaseSection>

      <CaseSection
        title={t('cases.withdrawals')}
        intro={t('cases.withdrawalsIntro')}
        empty={t('cases.none')}
        count={reviews?.length}
        head={[
          t('approvals.number'),
          t('money.player'),
          t('money.amount'),
          t('cases.receipt'),
          t('approvals.age'),
          t('cases.state'),
        ]}
      >
        {reviews?.map((review) => (
          <tr key={`${review.id}-${review.review}`}>
            <td>{review.withdrawNo}</td>
            <td>
              {player(review.memberId, review.mobile)}
              <div className="muted">{t('cases.cashNow', { amount: money(review.memberCash) })}</div>
            </td>
            <td className="number">
              {money(review.money)}
              <div className="muted">{t('approvals.payout', { amount: money(review.payout) })}</div>
              {review.reportedAmount !== null && (
                <div className="muted">{t('cases.reported', { amount: money(review.reportedAmount) })}</div>
              )}
            </td>
            <td>{review.reportedReceipt ?? review.receipt ?? '—'}</td>
            <td title={formatDate(review.reportedTime, language)}>{ageText(review.reportedTime, t)}</td>
            <td>
              <span className="badge risk">{t(REVIEW_TEXT[review.review])}</span>
              <div className="muted">{review.reportedMessage || review.message}</div>
            </td>
            <td className="row-actions">
              <ActionButtons actions={withdrawalActions(review)} allowed={allowed} onChoose={choose} />
            </td>
          </tr>
        ))}
      </CaseSection>
    </section>
  );
}
