import type { PersonalResult } from '@app/contracts/lucky-refund';
import { useState } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { toastError } from '../../../lib/toast.ts';
import { personalResultsQuery } from '../api/get-personal-results.ts';
import { redeemResult } from '../api/redeem-result.ts';
import { useAmountText, useMarketTime } from './amounts.ts';

/**
 * The member's results: each prize, refund or jackpot was credited when its draw was paid; Confirm only
 * marks it seen (redeem). Visitors are asked to log in.
 */
export function MyResults({ t }: { t: Translate }) {
  const { token, isLoggedIn } = useSession();
  const results = useQuery({ ...personalResultsQuery(token), enabled: isLoggedIn });
  const amount = useAmountText(t);
  const times = useMarketTime();
  const [busy, setBusy] = useState<number | null>(null);
  const confirm = async (result: PersonalResult) => {
    setBusy(result.resultId);
    try {
      await redeemResult(result.resultId);
      await results.refetch();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <section
      className="lucky-refund__card"
      aria-label={t('lucky_refund.myResults')}
      data-testid="lucky-refund-my-results"
    >
      <h2>{t('lucky_refund.myResults')}</h2>
      {!isLoggedIn ? (
        <p className="lucky-refund__note">{t('lucky_refund.signInForResults')}</p>
      ) : !results.data || results.data.list.length === 0 ? (
        <p className="lucky-refund__note">{t('lucky_refund.noResults')}</p>
      ) : (
        <ul className="lucky-refund__results">
          {results.data.list.map((result) => (
            <li key={result.resultId} className="lucky-refund__result" data-testid="lucky-refund-result">
              <div className="lucky-refund__result-main">
                <span className="lucky-refund__code">{result.code}</span>
                <span className="lucky-refund__note">
                  {t(`lucky_refund.kind.${result.kind}`)} · {t('lucky_refund.round', { id: result.refundId })}{' '}
                  · {times.moment(result.createTime)}
                </span>
              </div>
              <strong>{amount(result.amount, result.currency)}</strong>
              <span className="lucky-refund__credited">{t('lucky_refund.credited')}</span>
              {result.redeemed ? (
                <span className="lucky-refund__confirmed" data-testid="lucky-refund-confirmed">
                  {t('lucky_refund.confirmed')}
                </span>
              ) : (
                <button
                  type="button"
                  className="button button--small button--primary"
                  disabled={busy === result.resultId}
                  onClick={() => void confirm(result)}
                >
                  {t('lucky_refund.confirm')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
