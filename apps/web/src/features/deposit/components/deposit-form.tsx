import './deposit.css';
import { SYSTEM_OPTION } from '@app/contracts/config';
import { ERRORS } from '@app/contracts/errors';
import type { DepositChannel, PayItem } from '@app/contracts/deposit';
import {
  canPay,
  type CannotPayReason,
  DEPOSIT_AMOUNT_MAX_LENGTH,
  depositMinimum,
  type DepositMode,
  minimumDepositMinor,
  parseAmountToMinor,
  preselectChannel,
  sanitiseDepositAmount,
} from '@app/contracts/deposit-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useEffect, useId, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { loginPath } from '../../../lib/redirect.ts';
import { isApiError } from '../../../lib/request.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { toastError } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { depositChannelsQuery } from '../api/get-deposit-channels.ts';
import { payItemsQuery } from '../api/get-pay-items.ts';
import { type TopUpInput } from '../api/top-up.ts';
import { DepositTaxLines } from './deposit-tax-lines.tsx';

/** Spec §9: channels 4 per row; more than one row gets a More toggle. */
const CHANNELS_PER_ROW = 4;

type DepositFormProps = {
  /** What Pay does with a valid amount and channel (the top-up and its hall, or the nested init). */
  onPay: (input: TopUpInput) => Promise<void>;
  /** Only some channels (the M-Pesa page). */
  channelFilter?: (channel: DepositChannel) => boolean;
};

function majorText(minor: number, scale: number): string {
  return String(minor / scale);
}

/**
 * The deposit form (spec §4, §5): packages in 3 columns, the free amount with the minimum beside it, the
 * channel picker in rows of 4, the channel's memo and Pay. Pay is disabled by every rule of
 * contracts/deposit-rules.ts (the server checks the same minimum, for packages too). A visitor may fill it
 * in, and Pay asks them to log in first.
 */
export function DepositForm({ onPay, channelFilter }: DepositFormProps) {
  const { t, language } = useTranslation();
  const { country } = useSettings();
  const money = useMoneyFormat();
  const { isLoggedIn, profile } = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const options = useSystemOptions();
  const items = useQuery(payItemsQuery());
  const channelsQuery = useQuery(depositChannelsQuery(language));
  const channels = (channelsQuery.data ?? []).filter((channel) => !channelFilter || channelFilter(channel));
  const amountId = useId();

  const [mode, setMode] = useState<DepositMode>('pick');
  const [itemId, setItemId] = useState<number | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [channelId, setChannelId] = useState<number | undefined>(undefined);
  const [showAllChannels, setShowAllChannels] = useState(false);
  const [paying, setPaying] = useState(false);
  const [askLogin, setAskLogin] = useState(false);
  // The market's identity gate (issue 25 §1) refused the deposit: the way to verify, not only a toast.
  const [askVerify, setAskVerify] = useState(false);
  const [unavailableSeen, setUnavailableSeen] = useState(false);

  const channel =
    channels.find((item) => item.id === channelId) ?? preselectChannel(channels, profile?.mobile);
  const optionMinimum = minimumDepositMinor(options.get(SYSTEM_OPTION.MIN_DEPOSIT), country.scale);
  const minimum = depositMinimum(optionMinimum, channel);
  const item = items.data?.find((entry) => entry.id === itemId);
  const amount = mode === 'pick' ? item?.payMoney : parseAmountToMinor(typed, country.scale);
  const verdict = canPay({ paying, mode, channel, amount, minimum: optionMinimum, scale: country.scale });

  const channelsEmpty = channelsQuery.status === 'success' && channels.length === 0;
  const unavailableOpen = usePopup('deposit-unavailable', channelsEmpty && !unavailableSeen);
  const loginOpen = usePopup('deposit-login', askLogin);
  const verifyOpen = usePopup('deposit-verify', askVerify);

  // A channel that disappeared on refresh falls back to the preselection.
  useEffect(() => {
    if (channelId !== undefined && channelsQuery.data && !channels.some((entry) => entry.id === channelId)) {
      setChannelId(undefined);
    }
  }, [channelId, channels, channelsQuery.data]);

  const pickItem = (entry: PayItem) => {
    setMode('pick');
    setItemId(entry.id);
    setTyped(majorText(entry.payMoney, country.scale));
  };

  // An advert's "Deposit now" (`/deposit?amount=` in minor units) picks the package it names, on this
  // page too: the deposit popup leads to its package instead of back to the page it is shown on.
  const advertisedAmount = Number(new URLSearchParams(location.search).get('amount') ?? '');
  useEffect(() => {
    if (!Number.isSafeInteger(advertisedAmount) || advertisedAmount <= 0) return;
    const advertised = items.data?.find((entry) => entry.payMoney === advertisedAmount);
    if (advertised) pickItem(advertised);
    // pickItem is a new function each render; the package and the address decide.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [advertisedAmount, items.data]);

  const typeAmount = (field: HTMLInputElement) => {
    const kept = sanitiseDepositAmount(field.value);
    // A refused character leaves the state as it was, so no render would take it out of the field.
    if (field.value !== kept) field.value = kept;
    setMode('input');
    setItemId(undefined);
    setTyped(kept);
  };

  const pay = async () => {
    if (!verdict.ok || amount === undefined || !channel) return;
    if (!isLoggedIn) {
      setAskLogin(true);
      return;
    }
    setPaying(true);
    try {
      await onPay({
        itemId: mode === 'pick' ? item?.id : undefined,
        payMoney: amount,
        payChannel: channel.id,
      });
    } catch (error) {
      if (isApiError(error) && error.code === ERRORS.KYC_REQUIRED.code) setAskVerify(true);
      else toastError(error);
    } finally {
      setPaying(false);
    }
  };

  const reasonText = (reason: CannotPayReason): string | undefined => {
    if (mode === 'pick') {
      return reason === 'below-minimum' && item
        ? t('deposit.packageBelowMinimum', { amount: money.format(minimum) })
        : undefined;
    }
    if (typed === '') return undefined;
    if (reason === 'whole-units') return t('errors.WHOLE_UNITS_ONLY');
    if (reason === 'below-minimum') return t('deposit.belowMinimum', { amount: money.format(minimum) });
    if (reason === 'above-maximum') return t('errors.DEPOSIT_ABOVE_MAXIMUM');
    if (reason === 'not-a-number') return t('deposit.notANumber');
    return undefined;
  };
  const problem = verdict.ok ? undefined : reasonText(verdict.reason);
  const visibleChannels = showAllChannels ? channels : channels.slice(0, CHANNELS_PER_ROW);

  if (items.status === 'error' || channelsQuery.status === 'error') {
    return (
      <QueryStatus
        status="error"
        error={items.error ?? channelsQuery.error}
        onRetry={() => {
          void items.refetch().catch(() => undefined);
          void channelsQuery.refetch().catch(() => undefined);
        }}
      />
    );
  }
  if (items.status === 'pending' || channelsQuery.status === 'pending') {
    return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  }

  return (
    <form
      className="deposit-form"
      aria-label={t('deposit.formLabel')}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void pay();
      }}
    >
      {items.data && items.data.length > 0 ? (
        <fieldset className="deposit-form__section">
          <legend className="deposit-form__legend">{t('deposit.packages')}</legend>
          <div className="deposit-packages" data-testid="deposit-packages">
            {items.data.map((entry) => {
              const selected = mode === 'pick' && entry.id === itemId;
              return (
                <button
                  key={entry.id}
                  type="button"
                  className={`deposit-package${selected ? ' is-selected' : ''}`}
                  aria-pressed={selected}
                  // A package without coins (Brazil: no reward for a deposit) is just its amount.
                  aria-label={
                    entry.money > 0
                      ? t('deposit.packageLabel', {
                          amount: money.format(entry.payMoney),
                          coins: money.format(entry.money),
                        })
                      : `${money.currency} ${money.format(entry.payMoney)}`
                  }
                  onClick={() => pickItem(entry)}
                >
                  {entry.hot ? <span className="deposit-package__hot">{t('deposit.hot')}</span> : null}
                  {entry.img ? <img src={entry.img} alt="" width="36" height="36" decoding="async" /> : null}
                  <span className="deposit-package__currency">{money.currency}</span>
                  <span className="deposit-package__amount">{money.format(entry.payMoney)}</span>
                  {entry.money > 0 ? (
                    <span className="deposit-package__coins">
                      +{money.format(entry.money)} {t('deposit.coins')}
                    </span>
                  ) : null}
                </button>
              );
            })}
          </div>
        </fieldset>
      ) : null}

      <div className="deposit-form__section">
        <label className="deposit-form__legend" htmlFor={amountId}>
          {t('deposit.amount')}
        </label>
        <div className={`deposit-amount${problem ? ' deposit-amount--invalid' : ''}`}>
          <span className="deposit-amount__currency">{money.currency}</span>
          <input
            id={amountId}
            className="deposit-amount__input"
            inputMode="decimal"
            autoComplete="off"
            maxLength={DEPOSIT_AMOUNT_MAX_LENGTH}
            placeholder={t('deposit.amountPlaceholder')}
            value={typed}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${amountId}-note`}
            onChange={(event) => typeAmount(event.currentTarget)}
          />
          <span className="deposit-amount__minimum">
            {t('deposit.minimum', { amount: money.format(minimum) })}
          </span>
        </div>
        <p
          id={`${amountId}-note`}
          className={problem ? 'deposit-form__error' : 'visually-hidden'}
          role={problem ? 'alert' : undefined}
        >
          {problem ?? ''}
        </p>
      </div>

      <fieldset className="deposit-form__section">
        <legend className="deposit-form__legend">{t('deposit.channel')}</legend>
        {channelsEmpty ? (
          <p className="deposit-form__error" role="alert">
            {t('errors.DEPOSIT_UNAVAILABLE')}
          </p>
        ) : (
          <div className="deposit-channels" data-testid="deposit-channels">
            {visibleChannels.map((entry) => {
              const selected = entry.id === channel?.id;
              return (
                <button
                  key={entry.id}
                  type="button"
                  className={`deposit-channel${selected ? ' is-selected' : ''}`}
                  aria-pressed={selected}
                  onClick={() => setChannelId(entry.id)}
                >
                  {entry.logoUrl ? (
                    <img src={entry.logoUrl} alt="" width="60" height="30" decoding="async" />
                  ) : null}
                  <span className="deposit-channel__name">{entry.name}</span>
                </button>
              );
            })}
          </div>
        )}
        {channels.length > CHANNELS_PER_ROW ? (
          <button
            type="button"
            className="button button--ghost button--small deposit-form__more"
            aria-expanded={showAllChannels}
            onClick={() => setShowAllChannels((value) => !value)}
          >
            {showAllChannels ? t('deposit.less') : t('deposit.more')}
          </button>
        ) : null}
        {channel?.memo ? (
          <p className="deposit-form__memo" data-testid="deposit-memo">
            {channel.memo}
          </p>
        ) : null}
      </fieldset>

      <DepositTaxLines amount={verdict.ok || verdict.reason === 'paying' ? amount : undefined} />

      <button
        type="submit"
        className="button button--primary button--block deposit-form__pay"
        disabled={!verdict.ok}
        aria-busy={paying || undefined}
      >
        {paying ? t('deposit.paying') : t('deposit.pay')}
      </button>

      {loginOpen ? (
        <ConfirmDialog
          message={t('msg_login')}
          confirmLabel={t('session.login')}
          onConfirm={() => void navigate(loginPath(`${location.pathname}${location.search}`))}
          onCancel={() => setAskLogin(false)}
        />
      ) : null}
      {verifyOpen ? (
        <ConfirmDialog
          message={t('errors.KYC_REQUIRED')}
          confirmLabel={t('kyc.start')}
          onConfirm={() => void navigate(PAGE_PATHS.kyc)}
          onCancel={() => setAskVerify(false)}
        />
      ) : null}
      {unavailableOpen ? (
        <Dialog
          label={t('errors.DEPOSIT_UNAVAILABLE')}
          onClose={() => setUnavailableSeen(true)}
          className="confirm"
        >
          <p className="confirm__message">{t('errors.DEPOSIT_UNAVAILABLE')}</p>
          <div className="confirm__actions">
            <button type="button" className="button button--primary" onClick={() => setUnavailableSeen(true)}>
              {t('common.ok')}
            </button>
          </div>
        </Dialog>
      ) : null}
    </form>
  );
}
