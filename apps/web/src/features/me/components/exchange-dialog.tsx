import type { MyBonus } from '@app/contracts/bonus';
import { canAfford, type ExchangeOption } from '@app/contracts/exchange';
import { SYSTEM_OPTION } from '@app/contracts/config';
import type { Profile } from '@app/contracts/member';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { setProfile } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useDisplayLocale } from '../../../lib/use-date-format.ts';
import { showToast } from '../../../lib/toast.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useSubmit } from '../../../lib/use-submit.ts';
import { exchangeToCash } from '../api/exchange-to-cash.ts';
import { newRequestId } from '../../../lib/request-id.ts';
import { exchangeOptionsQuery } from '../api/get-exchange-options.ts';

type Chosen = { option: ExchangeOption; requestId: string };

/**
 * Coins and diamonds to cash (spec §7 exchange; tips from option 4062): the options with what the member
 * holds, a confirmation, then the new balances straight into the session so the Me page shows them. Bonus
 * cash arrives as a bonus with wagering (docs/promotions.md "Coins exchanged for bonus cash"): its terms are
 * said before the exchange, and after it the dialog says whether it is in the balance or waits its turn,
 * with a link to the bonus page and its rules.
 */
export function ExchangeDialog({ profile, onClose }: { profile: Profile; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoneyFormat();
  const { country } = useSettings();
  // Dates in the player's language in the market's region ("25 Novemba 2026" in Swahili).
  const locale = useDisplayLocale();
  const options = useQuery(exchangeOptionsQuery());
  const tips = useSystemOptions().get(SYSTEM_OPTION.DIAMOND_TO_CASH_TIPS);
  const [chosen, setChosen] = useState<Chosen>();
  const [granted, setGranted] = useState<MyBonus>();

  const amountOf = (option: ExchangeOption) =>
    option.fromAsset === 'coins'
      ? t('exchange.coinsAmount', { amount: money.format(option.fromAmount) })
      : t('exchange.diamondsAmount', { amount: option.fromAmount.toLocaleString(country.locale) });
  const cashOf = (option: ExchangeOption) => `${money.currency} ${money.format(option.cash)}`;
  const amount = (minor: number) => `${money.currency} ${money.format(minor)}`;
  const dateOf = (iso: string) =>
    new Date(iso).toLocaleString(locale, {
      timeZone: country.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
  const bonusNote = (option: ExchangeOption) => {
    const { bonus } = option;
    if (!bonus) return t('exchange.bonusNote');
    const wager = t('exchange.bonusTerms', {
      required: amount(bonus.wageringRequired),
      multiple: bonus.wageringMultiple,
      days: bonus.expiryDays,
      max: amount(bonus.maxConversion),
    });
    return bonus.maxStake === null
      ? wager
      : `${wager} ${t('exchange.bonusMaxStake', { amount: amount(bonus.maxStake) })}`;
  };

  const { busy, submit } = useSubmit(chosen !== undefined, async () => {
    if (!chosen) return;
    const result = await exchangeToCash(chosen.option.id, chosen.requestId);
    setProfile({
      ...profile,
      money: result.money,
      withdrawMoney: result.withdrawMoney,
      bonusMoney: result.bonusMoney,
      diamond: result.diamond,
    });
    const cash = cashOf(chosen.option);
    const bonus = result.bonus ?? undefined;
    const done = !bonus
      ? t('exchange.done', { cash })
      : bonus.status === 'pending'
        ? t('exchange.donePending', { cash })
        : t('exchange.doneBonus', { cash });
    showToast(done, { kind: 'success' });
    setGranted(bonus);
    setChosen(undefined);
  });

  return (
    <Dialog label={t('exchange.title')} onClose={onClose} className="exchange" testId="exchange-dialog">
      <div className="exchange__head">
        <h2 className="exchange__title">{t('exchange.title')}</h2>
        <button type="button" className="button button--small button--ghost" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <dl className="exchange__holdings">
        <div>
          <dt>{t('me.coins')}</dt>
          <dd data-testid="exchange-coins">{money.format(profile.bonusMoney)}</dd>
        </div>
        <div>
          <dt>{t('me.diamonds')}</dt>
          <dd data-testid="exchange-diamonds">{profile.diamond.toLocaleString(country.locale)}</dd>
        </div>
      </dl>
      {chosen ? (
        <div className="exchange__confirm">
          <p>{t('exchange.confirm', { amount: amountOf(chosen.option), cash: cashOf(chosen.option) })}</p>
          <p className="exchange__note" data-testid="exchange-note">
            {chosen.option.withdrawable ? t('exchange.withdrawableNote') : bonusNote(chosen.option)}
          </p>
          <div className="confirm__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => setChosen(undefined)}
            >
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={busy}
              onClick={() => void submit()}
            >
              {t('exchange.confirmAction')}
            </button>
          </div>
        </div>
      ) : options.data ? (
        <>
          {granted ? (
            <div className="exchange__granted" role="status" data-testid="exchange-granted">
              <strong>{t('exchange.grantedTitle', { cash: amount(granted.amount) })}</strong>
              <p>
                {t(granted.status === 'pending' ? 'exchange.grantedPending' : 'exchange.grantedActive', {
                  required: amount(granted.wageringRequired),
                  date: dateOf(granted.expiresAt),
                })}
              </p>
              <Link to={PAGE_PATHS.bonus} data-testid="exchange-see-bonus">
                {t('exchange.seeBonus')}
              </Link>
            </div>
          ) : null}
          {options.data.length === 0 ? (
            <p className="page-status">{t('exchange.none')}</p>
          ) : (
            <ul className="exchange__options">
              {options.data.map((option) => {
                const affordable = canAfford(option, profile);
                return (
                  <li key={option.id} className="exchange__option" data-testid="exchange-option">
                    <div className="exchange__what">
                      <strong>{amountOf(option)}</strong>
                      <span className="exchange__cash">
                        <span aria-hidden="true">→ </span>
                        {cashOf(option)}
                      </span>
                      <p className="exchange__kind">
                        {option.withdrawable
                          ? t('exchange.withdrawable')
                          : option.bonus
                            ? t('exchange.bonusWagered', { multiple: option.bonus.wageringMultiple })
                            : t('exchange.bonus')}
                      </p>
                    </div>
                    <button
                      type="button"
                      className="button button--small button--primary"
                      disabled={!affordable}
                      aria-label={t('exchange.action', { amount: amountOf(option), cash: cashOf(option) })}
                      onClick={() => setChosen({ option, requestId: newRequestId() })}
                    >
                      {affordable ? t('exchange.exchange') : t('exchange.notEnough')}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </>
      ) : (
        <QueryStatus
          status={options.status}
          error={options.error}
          onRetry={() => void options.refetch().catch(() => undefined)}
        />
      )}
      {tips ? <p className="exchange__tips">{tips}</p> : null}
    </Dialog>
  );
}
