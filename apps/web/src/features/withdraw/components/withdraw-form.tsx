import { SYSTEM_OPTION } from '@app/contracts/config';
import { maskMobile } from '@app/contracts/message-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import type { WithdrawChannel } from '@app/contracts/withdraw';
import {
  cleanWithdrawAmount,
  feeLabelOf,
  parseWithdrawLimit,
  quoteWithdraw,
  readTaxOptions,
  wholeUnitPayout,
  WITHDRAW_AMOUNT_MAX_LENGTH,
  WITHDRAW_FEE_TYPE,
  type WithdrawProblem,
} from '@app/contracts/withdraw-rules';
import { effectiveWithdrawalTax } from '@app/contracts/tax-rules';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { describedBy, Field } from '../../../components/ui/field.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { getMemberTax } from '../api/get-member-tax.ts';
import { PREVIEW_PATH, previewSearch, useWithdrawFlow } from '../withdraw-flow.ts';
import { AlertDialog } from './alert-dialog.tsx';
import { WithdrawOverlay, type WithdrawRequest } from './withdraw-overlay.tsx';

/** The tax is asked for once the member stops typing for this long. */
export const TAX_DEBOUNCE_MS = 400;

/** The server's tax for one typed amount, or the failure of one attempt to get it. */
type TaxAnswer = { amountText: string; tax: number } | { amountText: string; attempt: number; failed: true };

type WithdrawFormProps = {
  channels: WithdrawChannel[];
  /** The server said identity verification comes first. */
  onKycRequired: () => void;
};

/** The channel whose mobilePattern matches the member's number, else none (the member picks). */
function preselect(channels: WithdrawChannel[], mobile: string | undefined): WithdrawChannel | undefined {
  if (channels.length === 1) return channels[0];
  return channels.find((channel) => {
    if (!channel.mobilePattern || !mobile) return false;
    try {
      return new RegExp(channel.mobilePattern).test(mobile);
    } catch {
      return false;
    }
  });
}

/**
 * The withdraw screen (spec §4, §5): available (withdrawable) balance, the channel picker when there is
 * more than one channel, the amount (digits only, placeholder min-max of option 150), the fee, the
 * withholding tax fetched from the server as the amount changes (with the 4065 explanation), the actual
 * amount, and Next (LuckyWin) or Withdraw (WinSlots), disabled by every rule of contracts/withdraw-rules.ts.
 * Until the tax of the amount on screen has come back, the tax and actual-amount lines say so and the
 * button stays disabled (never a tax of 0 in the meantime); a failed tax request is a toast with the
 * server's message and a retry on the tax line.
 */
export function WithdrawForm({ channels, onKycRequired }: WithdrawFormProps) {
  const { t } = useTranslation();
  const { country } = useSettings();
  const money = useMoneyFormat();
  const navigate = useNavigate();
  const flow = useWithdrawFlow();
  const { profile } = useSession();
  const options = useSystemOptions();
  const amountId = useId();

  const [channel, setChannel] = useState<WithdrawChannel | undefined>(() =>
    preselect(channels, profile?.mobile),
  );
  const [amountText, setAmountText] = useState('');
  const [taxAnswer, setTaxAnswer] = useState<TaxAnswer>({ amountText: '', tax: 0 });
  const [taxAttempt, setTaxAttempt] = useState(0);
  const [explaining, setExplaining] = useState(false);
  const [selectAlert, setSelectAlert] = useState(false);
  const [request, setRequest] = useState<WithdrawRequest>();

  const limit = parseWithdrawLimit(options.get(SYSTEM_OPTION.WITHDRAW_LIMIT));
  // The market's law (country profile) when it sets a withdrawal tax, else the operator's options.
  const taxRule = effectiveWithdrawalTax(
    country.taxes.withdrawal,
    readTaxOptions(
      options.get(SYSTEM_OPTION.WITHDRAW_TAX_SWITCH),
      options.get(SYSTEM_OPTION.WITHDRAW_TAX_AMOUNT),
    ),
  );
  const taxOptions = { enabled: taxRule !== null, ratePercent: taxRule?.ratePercent ?? 0 };
  const explanation = options.get(SYSTEM_OPTION.TAX_EXPLANATION);
  const tips = options.get(SYSTEM_OPTION.WITHDRAW_TIPS);
  const balance = profile?.withdrawMoney ?? 0;

  // The channel list may change under us (a refetch): keep the choice only while it still exists.
  useEffect(() => {
    setChannel((current) =>
      current && channels.some((candidate) => candidate.id === current.id)
        ? channels.find((candidate) => candidate.id === current.id)
        : preselect(channels, profile?.mobile),
    );
  }, [channels, profile?.mobile]);

  const taxFailed =
    taxAnswer.amountText === amountText && 'failed' in taxAnswer && taxAnswer.attempt === taxAttempt;
  const knownTax = !taxOptions.enabled
    ? 0
    : taxAnswer.amountText === amountText && 'tax' in taxAnswer
      ? taxAnswer.tax
      : undefined;
  const quoteInput = { amountText, limit, balance, tax: knownTax };
  const quote = quoteWithdraw({ ...quoteInput, channel: channel ?? null });
  // Without a channel the other rules still decide the button; pressing it then says 'Select payment'.
  const otherRules = channel
    ? quote
    : quoteWithdraw({
        ...quoteInput,
        channel: { withdrawFeeType: WITHDRAW_FEE_TYPE.fixed, withdrawFeeValue: 0 },
      });
  // Until the options are in, neither the limit nor the tax switch is known.
  const disabled = otherRules.problem !== null || options.isPending;

  // Spec §5: the tax is fetched whenever the amount changes, and reset to 0 when it is cleared.
  useEffect(() => {
    if (!taxOptions.enabled) return;
    const amount = Number.parseInt(amountText, 10);
    if (!(amount > 0)) {
      setTaxAnswer({ amountText, tax: 0 });
      return;
    }
    const moneyMinor = quote.money;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      getMemberTax(moneyMinor, controller.signal).then(
        (answer) => setTaxAnswer({ amountText, tax: answer }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('[withdraw] tax not loaded', error);
          toastError(error);
          setTaxAnswer({ amountText, attempt: taxAttempt, failed: true });
        },
      );
    }, TAX_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // quote.money follows amountText and the limit's rate; taxAttempt asks again after a failure.
  }, [amountText, quote.money, taxOptions.enabled, taxAttempt]);

  const net = quote.net;
  const actual =
    net === undefined ? undefined : channel?.wholeUnits ? wholeUnitPayout(net, country.scale) : net;
  const account = profile ? maskMobile(profile.mobile) : '';
  const format = (minor: number) => `${money.currency} ${money.format(minor)}`;

  const next = () => {
    if (!channel) {
      setSelectAlert(true);
      return;
    }
    if (quote.problem !== null || actual === undefined) return;
    if (flow === 'preview') {
      void navigate(
        `${PREVIEW_PATH}?${previewSearch({
          payType: channel.id,
          channelCode: channel.channelCode,
          account,
          coins: amountText,
          fee: quote.fee,
          money: quote.money,
          enableTaxOfWithdraw: taxOptions.enabled,
        })}`,
      );
      return;
    }
    setRequest({
      money: quote.money,
      actual,
      channelCode: channel.channelCode,
      payChannel: channel.id,
      account: profile?.mobile ?? '',
    });
  };

  const problemText = (problem: WithdrawProblem | null): string | undefined => {
    switch (problem) {
      case 'balance':
        return t('withdraw.problems.balance');
      case 'below-fee':
        return t('withdraw.problems.belowFee');
      case 'limit':
        return limit ? t('withdraw.problems.limit', { min: limit.min, max: limit.max }) : undefined;
      case 'not-support':
        return t('withdraw.problems.notSupport');
      default:
        return undefined;
    }
  };
  const problem = amountText === '' ? undefined : problemText(otherRules.problem);

  const showSelectAlert = usePopup('withdraw-select', selectAlert);
  const showExplanation = usePopup('withdraw-tax', explaining);
  const showOverlay = usePopup('withdraw-overlay', request !== undefined);

  return (
    <div className="withdraw__body">
      <section className="withdraw-card withdraw-balance" aria-labelledby={`${amountId}-balance`}>
        <h2 id={`${amountId}-balance`} className="withdraw-balance__label">
          {t('withdraw.available')}
        </h2>
        <p className="withdraw-balance__value" data-testid="withdraw-available">
          {format(balance)}
        </p>
      </section>

      <form
        className="withdraw-card withdraw-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          next();
        }}
      >
        {channels.length > 1 ? (
          <fieldset className="withdraw-channels">
            <legend className="field__label">{t('withdraw.channel')}</legend>
            <div className="withdraw-channels__list">
              {channels.map((candidate) => (
                <label
                  key={candidate.id}
                  className={`withdraw-channel${candidate.id === channel?.id ? ' withdraw-channel--selected' : ''}`}
                >
                  <input
                    type="radio"
                    name="withdraw-channel"
                    className="visually-hidden"
                    checked={candidate.id === channel?.id}
                    onChange={() => setChannel(candidate)}
                  />
                  {candidate.logoUrl ? (
                    <img src={candidate.logoUrl} alt="" width="32" height="32" loading="lazy" />
                  ) : null}
                  <span>{candidate.name}</span>
                </label>
              ))}
            </div>
          </fieldset>
        ) : channel ? (
          <p className="withdraw-line">
            <span>{t('withdraw.channel')}</span>
            <span className="withdraw-line__value">
              {channel.logoUrl ? <img src={channel.logoUrl} alt="" width="24" height="24" /> : null}
              {channel.name}
            </span>
          </p>
        ) : null}
        {channel?.memo ? <p className="withdraw-memo">{channel.memo}</p> : null}
        {account ? (
          <p className="withdraw-line">
            <span>{t('withdraw.account')}</span>
            <span className="withdraw-line__value" data-testid="withdraw-account">
              {account}
            </span>
          </p>
        ) : null}

        <Field id={amountId} label={`${t('withdraw.amount')} (${money.currency})`} error={problem}>
          <input
            id={amountId}
            className="field__input"
            name="amount"
            inputMode="numeric"
            autoComplete="off"
            maxLength={WITHDRAW_AMOUNT_MAX_LENGTH}
            placeholder={limit ? `${limit.min}-${limit.max}` : t('withdraw.amountPlaceholder')}
            aria-invalid={problem ? true : undefined}
            aria-describedby={describedBy(amountId, problem)}
            value={amountText}
            onChange={(event: ChangeEvent<HTMLInputElement>) =>
              setAmountText(cleanWithdrawAmount(event.currentTarget.value))
            }
          />
        </Field>

        <dl className="withdraw-lines">
          <div className="withdraw-line">
            <dt>{t('withdraw.fee')}</dt>
            <dd className="withdraw-line__value" data-testid="withdraw-fee">
              {channel && feeLabelOf(channel.withdrawFeeType, channel.withdrawFeeValue)
                ? `${feeLabelOf(channel.withdrawFeeType, channel.withdrawFeeValue)} (${format(quote.fee)})`
                : format(quote.fee)}
            </dd>
          </div>
          {taxOptions.enabled ? (
            <div className="withdraw-line">
              <dt>
                {t('withdraw.tax', { rate: taxOptions.ratePercent })}
                {explanation ? (
                  <button
                    type="button"
                    className="withdraw-info"
                    aria-label={t('withdraw.taxExplain')}
                    onClick={() => setExplaining(true)}
                  >
                    ?
                  </button>
                ) : null}
              </dt>
              <dd className="withdraw-line__value" data-testid="withdraw-tax" aria-live="polite">
                {quote.tax !== undefined ? (
                  format(quote.tax)
                ) : taxFailed ? (
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    onClick={() => setTaxAttempt((attempt) => attempt + 1)}
                  >
                    {t('common.retry')}
                  </button>
                ) : (
                  <span aria-busy="true">{t('withdraw.taxPending')}</span>
                )}
              </dd>
            </div>
          ) : null}
          {flow === 'overlay' ? (
            <div className="withdraw-line withdraw-line--total">
              <dt>{t('withdraw.actual')}</dt>
              <dd className="withdraw-line__value" data-testid="withdraw-actual">
                {actual === undefined ? (
                  <span aria-busy="true">{t('withdraw.taxPending')}</span>
                ) : (
                  format(actual)
                )}
              </dd>
            </div>
          ) : null}
        </dl>

        <button type="submit" className="button button--primary button--block" disabled={disabled}>
          {flow === 'preview' ? t('withdraw.next') : t('withdraw.submit')}
        </button>
        <Link className="withdraw-records-link" to={PAGE_PATHS.withdrawRecords}>
          {t('withdraw.records')}
        </Link>
      </form>

      {tips ? (
        <section className="withdraw-card withdraw-tips" aria-label={t('withdraw.tips')}>
          <h2 className="withdraw-tips__title">{t('withdraw.tips')}</h2>
          <p>{tips}</p>
        </section>
      ) : null}

      {showSelectAlert ? (
        <AlertDialog message={t('withdraw.selectPayment')} onClose={() => setSelectAlert(false)} />
      ) : null}
      {showExplanation && explanation ? (
        <Dialog label={t('withdraw.taxTitle')} onClose={() => setExplaining(false)} testId="tax-dialog">
          <h2 className="withdraw-dialog__title">{t('withdraw.taxTitle')}</h2>
          <p className="withdraw-dialog__text">{explanation}</p>
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={() => setExplaining(false)}>
              {t('common.ok')}
            </button>
          </div>
        </Dialog>
      ) : null}
      {showOverlay && request ? (
        <WithdrawOverlay
          request={request}
          onClose={(done) => {
            setRequest(undefined);
            if (done) setAmountText('');
          }}
          onKycRequired={onKycRequired}
        />
      ) : null}
    </div>
  );
}
