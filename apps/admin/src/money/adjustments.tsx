import { useState, type FormEvent } from 'react';
import { useCanAccess, useGetIdentity, useLocaleState } from 'ra-core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADJUSTMENT_ASSETS,
  AdjustmentRequestSchema,
  type Adjustment,
  type AdjustmentList,
} from '@app/contracts/back-office-money';
import { ERRORS } from '@app/contracts/errors';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { callAdminApi } from '../api.ts';
import { formatCount, formatDate, formatMoney } from '../format.ts';
import { Denied, Pending } from '../players.tsx';
import type { TextKey } from '../texts.ts';
import { useText } from '../use-text.ts';
import { DecideButtons, DecisionForm, Outcome, refusalText } from './decision.tsx';

const QUERY_KEY = ['adjustments'];
const BALANCE_TEXT: Record<Adjustment['asset'], TextKey> = {
  cash: 'balance.cash',
  coins: 'balance.coins',
  diamonds: 'balance.diamonds',
  tickets: 'balance.tickets',
};

/** "Credit 250.00 Cash": an adjustment's direction, amount (money or a count) and balance. */
function useDescribe() {
  const t = useText();
  const [language] = useLocaleState();
  return (adjustment: Pick<Adjustment, 'asset' | 'amount' | 'direction'>) => {
    const amount =
      adjustment.asset === 'cash'
        ? formatMoney(adjustment.amount, language)
        : formatCount(adjustment.amount, language);
    return `${t(`direction.${adjustment.direction}`)} ${amount} ${t(BALANCE_TEXT[adjustment.asset])}`;
  };
}

/** The maker's form: one request per submission, its idempotency key made once per form. */
function RequestForm({ onAsked }: { onAsked: () => Promise<void> }) {
  const t = useText();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [asset, setAsset] = useState<Adjustment['asset']>('cash');
  const [direction, setDirection] = useState<'credit' | 'debit'>('credit');
  const [error, setError] = useState<string | null>(null);
  const [asked, setAsked] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const typed = String(form.get('amount') ?? '').replace(/[\s,]/g, '');
    const amount = asset === 'cash' ? Math.round(Number(typed) * 100) : Number(typed);
    const parsed = AdjustmentRequestSchema.safeParse({
      memberId: String(form.get('memberId') ?? ''),
      asset,
      direction,
      amount: Number.isFinite(amount) ? amount : -1,
      withdrawable: form.get('withdrawable') === 'on',
      reason: String(form.get('reason') ?? ''),
      key,
    });
    setAsked(false);
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      setError(issue ? `${issue.path.join('.')}: ${issue.message}` : t('app.error'));
      return;
    }
    setError(null);
    setBusy(true);
    try {
      await callAdminApi<Adjustment>(ADMIN_PATHS.adjustments, { method: 'POST', body: parsed.data });
      formElement.reset();
      setKey(crypto.randomUUID());
      setAsked(true);
      await onAsked();
    } catch (caught) {
      setError(t(refusalText(caught, { [ERRORS.NOT_FOUND.code]: 'adjustments.unknownPlayer' })));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card panel" aria-label={t('adjustments.new')} onSubmit={(event) => void submit(event)}>
      <h2>{t('adjustments.new')}</h2>
      <div className="fields">
        <label>
          {t('adjustments.memberId')}
          <input name="memberId" inputMode="numeric" required />
        </label>
        <label>
          {t('adjustments.asset')}
          <select
            name="asset"
            value={asset}
            onChange={(event) => setAsset(event.currentTarget.value as Adjustment['asset'])}
          >
            {ADJUSTMENT_ASSETS.map((each) => (
              <option key={each} value={each}>
                {t(BALANCE_TEXT[each])}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('adjustments.direction')}
          <select
            name="direction"
            value={direction}
            onChange={(event) => setDirection(event.currentTarget.value as 'credit' | 'debit')}
          >
            <option value="credit">{t('adjustments.credit')}</option>
            <option value="debit">{t('adjustments.debit')}</option>
          </select>
        </label>
        <label>
          {asset === 'cash' ? t('adjustments.amountCash') : t('money.amount')}
          <input name="amount" inputMode="decimal" required />
        </label>
      </div>
      {asset === 'cash' && direction === 'credit' && (
        <label className="check">
          <input type="checkbox" name="withdrawable" />
          {t('adjustments.withdrawable')}
        </label>
      )}
      <label>
        {t('money.reason')}
        <textarea name="reason" required minLength={5} maxLength={300} rows={2} />
      </label>
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      <Outcome>{asked && t('adjustments.asked')}</Outcome>
      <div className="actions">
        <button type="submit" disabled={busy}>
          {t('adjustments.submit')}
        </button>
      </div>
    </form>
  );
}

type Deciding = { adjustment: Adjustment; action: 'approve' | 'reject' };

/**
 * Manual adjustments (issue 26 §3): the request form (maker), the requests waiting for a decision with
 * approve and reject for another staff member (checker, fresh authenticator code), and the latest decided.
 */
export function Adjustments() {
  const t = useText();
  const [language] = useLocaleState();
  const describe = useDescribe();
  const { identity } = useGetIdentity();
  const { canAccess, isPending: checking } = useCanAccess({ resource: 'adjustments', action: 'list' });
  const { canAccess: canDecide } = useCanAccess({ resource: 'adjustments', action: 'approve' });
  const queryClient = useQueryClient();
  const listOf = (state: Adjustment['state']) =>
    callAdminApi<AdjustmentList>(ADMIN_PATHS.adjustments, { query: { state } });
  const pending = useQuery({
    queryKey: [...QUERY_KEY, 'pending'],
    queryFn: () => listOf('pending'),
    enabled: canAccess === true,
  });
  const executed = useQuery({
    queryKey: [...QUERY_KEY, 'executed'],
    queryFn: () => listOf('executed'),
    enabled: canAccess === true,
  });
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const [outcome, setOutcome] = useState<TextKey | null>(null);
  if (checking) return <Pending />;
  if (!canAccess) return <Denied />;
  const refresh = () => queryClient.invalidateQueries({ queryKey: QUERY_KEY });

  const decide = async ({ code, reason }: { code: string; reason: string }) => {
    if (!deciding) return;
    const { adjustment, action } = deciding;
    const path = action === 'approve' ? ADMIN_PATHS.adjustmentApprove : ADMIN_PATHS.adjustmentReject;
    try {
      await callAdminApi<Adjustment>(path.replace(':id', String(adjustment.id)), {
        method: 'POST',
        body: action === 'approve' ? { code } : { code, note: reason },
      });
      setOutcome(action === 'approve' ? 'adjustments.approved' : 'adjustments.rejected');
      setDeciding(null);
    } finally {
      await refresh();
    }
  };

  const rows = pending.data?.adjustments;
  return (
    <section>
      <h1>{t('adjustments.title')}</h1>
      <p className="muted">{t('adjustments.intro')}</p>
      <RequestForm onAsked={refresh} />
      <h2>{t('adjustments.pending')}</h2>
      <Outcome>{outcome && t(outcome)}</Outcome>
      {deciding && (
        <DecisionForm
          key={`${deciding.adjustment.id}-${deciding.action}`}
          title={`${t(deciding.action === 'approve' ? 'adjustments.approve' : 'adjustments.reject')} #${deciding.adjustment.id}`}
          confirm={t(deciding.action === 'approve' ? 'adjustments.approve' : 'adjustments.reject')}
          reason={deciding.action === 'reject' ? t('adjustments.note') : undefined}
          onConfirm={decide}
          onCancel={() => setDeciding(null)}
        />
      )}
      {!rows && <Pending error={pending.error} />}
      {rows?.length === 0 && <p className="notice">{t('adjustments.noPending')}</p>}
      {rows && rows.length > 0 && (
        <table className="table">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('money.player')}</th>
              <th>{t('money.amount')}</th>
              <th>{t('money.reason')}</th>
              <th>{t('adjustments.askedBy')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((adjustment) => {
              const mine = identity !== undefined && adjustment.requestedBy.id === identity.id;
              return (
                <tr key={adjustment.id}>
                  <td className="number">{adjustment.id}</td>
                  <td>
                    {adjustment.mobile}
                    <div className="muted">{adjustment.memberId}</div>
                  </td>
                  <td className="number">{describe(adjustment)}</td>
                  <td>{adjustment.reason}</td>
                  <td>
                    {adjustment.requestedBy.login}
                    <div className="muted">{formatDate(adjustment.requestedAt, language)}</div>
                  </td>
                  <td className="row-actions">
                    {mine ? (
                      <span className="muted">{t('adjustments.yours')}</span>
                    ) : (
                      canDecide && (
                        <DecideButtons
                          approve={t('adjustments.approve')}
                          reject={t('adjustments.reject')}
                          onChoose={(action) => {
                            setOutcome(null);
                            setDeciding({ adjustment, action });
                          }}
                        />
                      )
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      <h2>{t('adjustments.decided')}</h2>
      {executed.data && (
        <table className="table compact">
          <thead>
            <tr>
              <th>#</th>
              <th>{t('money.player')}</th>
              <th>{t('money.amount')}</th>
              <th>{t('money.reason')}</th>
              <th>{t('adjustments.askedBy')}</th>
              <th>{t('adjustments.decidedBy')}</th>
            </tr>
          </thead>
          <tbody>
            {executed.data.adjustments.map((adjustment) => (
              <tr key={adjustment.id}>
                <td className="number">{adjustment.id}</td>
                <td>{adjustment.mobile}</td>
                <td className="number">{describe(adjustment)}</td>
                <td>{adjustment.reason}</td>
                <td>{adjustment.requestedBy.login}</td>
                <td>
                  {adjustment.decidedBy?.login}
                  <div className="muted">{formatDate(adjustment.decidedAt, language)}</div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
