import { ERRORS } from '@app/contracts/errors';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { WithdrawInitResult } from '@app/contracts/withdraw';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { isApiError } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { getMemberTax } from '../api/get-member-tax.ts';
import { withdrawChannelsQuery } from '../api/get-withdraw-channels.ts';
import { sendWithdrawal } from '../components/withdraw-overlay.tsx';
import { wholeUnitPayout } from '@app/contracts/withdraw-rules';
import { readPreviewParams } from '../withdraw-flow.ts';
import '../components/withdraw.css';
import { WithdrawDoneMessage } from '../components/withdraw-done-message.tsx';

/**
 * `/account/withdraw-preview` (LuckyWin, spec §3 preview parameters): what the withdrawal will be, and
 * Confirm, which submits. The server computes everything again; the figures here are what it will
 * accept. With the tax on, the net and Confirm wait for the tax (never taken as 0 meanwhile); a failed
 * tax request is a toast and a retry. On success the balance is refreshed and the confirmation shows; a
 * failure is a toast.
 */
export function WithdrawPreviewPage() {
  const { t, language } = useTranslation();
  const { country } = useSettings();
  const money = useMoneyFormat();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { profile } = useSession();
  const params = readPreviewParams(search);
  /** undefined: still asked for; null: the request failed (retry). */
  const [taxAnswer, setTaxAnswer] = useState<number | null | undefined>(undefined);
  const [taxAttempt, setTaxAttempt] = useState(0);
  const [result, setResult] = useState<WithdrawInitResult>();
  const channels = useQuery(withdrawChannelsQuery(language));
  const channel = channels.data?.find((candidate) => candidate.id === params?.payType);

  useEffect(() => {
    if (!params?.enableTaxOfWithdraw) return;
    const controller = new AbortController();
    setTaxAnswer(undefined);
    getMemberTax(params.money, controller.signal).then(setTaxAnswer, (error: unknown) => {
      if (controller.signal.aborted) return;
      console.warn('[withdraw] tax not loaded', error);
      toastError(error);
      setTaxAnswer(null);
    });
    return () => controller.abort();
  }, [params?.enableTaxOfWithdraw, params?.money, taxAttempt]);
  const tax = params?.enableTaxOfWithdraw ? (taxAnswer ?? undefined) : 0;

  const { busy, submit } = useSubmit(params !== undefined && result === undefined, async () => {
    if (!params || tax === undefined) return;
    try {
      setResult(
        await sendWithdrawal({
          money: params.money,
          actual: 0,
          channelCode: params.channelCode,
          payChannel: params.payType,
          account: profile?.mobile ?? '',
        }),
      );
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.KYC_REQUIRED.code) {
        toastError(error);
        void navigate(PAGE_PATHS.accountWithdraw, { replace: true });
        return;
      }
      throw error;
    }
  });

  const format = (minor: number) => `${money.currency} ${money.format(minor)}`;
  const title = t('withdraw.previewTitle');
  if (!params) {
    return (
      <div className="withdraw">
        <NavBar title={title} />
        <div className="page-status" role="alert">
          <p>{t('withdraw.previewMissing')}</p>
          <Link className="button button--primary" to={PAGE_PATHS.accountWithdraw} replace>
            {t('tabs.withdraw')}
          </Link>
        </div>
      </div>
    );
  }

  const net = tax === undefined ? undefined : Math.max(0, params.money - params.fee - tax);
  // What reaches the phone: whole shillings on M-Pesa, the cents stay in the balance.
  const payout =
    net === undefined ? undefined : channel?.wholeUnits ? wholeUnitPayout(net, country.scale) : net;
  const pending = <span aria-busy="true">{t('withdraw.taxPending')}</span>;
  return (
    <div className="withdraw">
      <NavBar title={title} />
      <div className="withdraw__body">
        {result ? (
          <section className="withdraw-card withdraw-done" data-testid="withdraw-done">
            <h2 className="withdraw-dialog__title">{t('withdraw.doneTitle')}</h2>
            <p className="withdraw-dialog__text">
              {t('withdraw.doneText', { amount: format(result.money) })}
            </p>
            <WithdrawDoneMessage message={result.message} />
            <p className="withdraw-line withdraw-line--total">
              <span>{t('withdraw.actual')}</span>
              <span className="withdraw-line__value" data-testid="withdraw-done-actual">
                {format(result.payout)}
              </span>
            </p>
            <p className="withdraw-line">
              <span>{t('withdraw.available')}</span>
              <span className="withdraw-line__value" data-testid="withdraw-available">
                {format(profile?.withdrawMoney ?? 0)}
              </span>
            </p>
            <Link className="withdraw-records-link" to={PAGE_PATHS.withdrawRecords}>
              {t('withdraw.records')}
            </Link>
            <button
              type="button"
              className="button button--primary button--block"
              onClick={() => void navigate(PAGE_PATHS.accountWithdraw, { replace: true })}
            >
              {t('common.ok')}
            </button>
          </section>
        ) : (
          <section className="withdraw-card" aria-label={title}>
            <dl className="withdraw-lines">
              <div className="withdraw-line">
                <dt>{t('withdraw.channel')}</dt>
                <dd className="withdraw-line__value">{channel?.name ?? params.channelCode}</dd>
              </div>
              <div className="withdraw-line">
                <dt>{t('withdraw.account')}</dt>
                <dd className="withdraw-line__value">{params.account}</dd>
              </div>
              <div className="withdraw-line">
                <dt>{t('withdraw.amount')}</dt>
                <dd className="withdraw-line__value" data-testid="preview-money">
                  {format(params.money)}
                </dd>
              </div>
              <div className="withdraw-line">
                <dt>{t('withdraw.fee')}</dt>
                <dd className="withdraw-line__value">{format(params.fee)}</dd>
              </div>
              {params.enableTaxOfWithdraw ? (
                <div className="withdraw-line">
                  <dt>{t('withdraw.taxShort')}</dt>
                  <dd className="withdraw-line__value" data-testid="preview-tax" aria-live="polite">
                    {tax !== undefined ? (
                      format(tax)
                    ) : taxAnswer === null ? (
                      <button
                        type="button"
                        className="button button--ghost button--small"
                        onClick={() => setTaxAttempt((attempt) => attempt + 1)}
                      >
                        {t('common.retry')}
                      </button>
                    ) : (
                      pending
                    )}
                  </dd>
                </div>
              ) : null}
              <div className="withdraw-line withdraw-line--total">
                <dt>{t('withdraw.netAmount')}</dt>
                <dd className="withdraw-line__value" data-testid="preview-net">
                  {payout === undefined ? pending : format(payout)}
                </dd>
              </div>
            </dl>
            {channel?.wholeUnits ? <p className="withdraw-memo">{t('withdraw.wholeUnitsNote')}</p> : null}
            <button
              type="button"
              className="button button--primary button--block"
              disabled={busy || payout === undefined}
              onClick={() => void submit()}
            >
              {t('withdraw.confirm')}
            </button>
          </section>
        )}
      </div>
    </div>
  );
}
