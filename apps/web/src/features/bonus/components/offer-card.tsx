import type { BonusOffer } from '@app/contracts/bonus';
import { useState } from 'react';
import type { Translate } from '../../../lib/i18n.ts';
import { getProfile, setProfile } from '../../../lib/session.ts';
import { showToast, toastError } from '../../../lib/toast.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useDisplayLocale } from '../../../lib/use-date-format.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { acceptBonusOffer } from '../api/accept-bonus-offer.ts';
import { declineBonusOffer } from '../api/decline-bonus-offer.ts';
import { sourceName } from './bonus-card.tsx';

/** What the player chose (or null when the offer was left for later). */
export type OfferChoice = 'accepted' | 'declined';

/**
 * Accepts or declines an offer, once at a time; the balance in the profile follows the answer. Resolves to
 * the choice made, or undefined when the server refused (the toast says why).
 */
export function useOfferDecision(t: Translate) {
  const [busy, setBusy] = useState(false);
  const decide = async (offer: BonusOffer, choice: OfferChoice): Promise<OfferChoice | undefined> => {
    if (busy) return undefined;
    setBusy(true);
    try {
      const result = await (choice === 'accepted' ? acceptBonusOffer(offer.id) : declineBonusOffer(offer.id));
      const profile = getProfile();
      if (profile) setProfile({ ...profile, money: result.money, withdrawMoney: result.withdrawMoney });
      showToast(t(choice === 'accepted' ? 'bonus.accepted' : 'bonus.declined'), { kind: 'success' });
      return choice;
    } catch (error) {
      toastError(error);
      return undefined;
    } finally {
      setBusy(false);
    }
  };
  return { busy, decide };
}

/** An offer's terms, as the grant will have them if accepted (its expiry counted from the acceptance). */
export function OfferTerms({ offer, t }: { offer: BonusOffer; t: Translate }) {
  const money = useMoneyFormat();
  const { country } = useSettings();
  // Dates in the player's language in the market's region ("25 Novemba 2026" in Swahili).
  const locale = useDisplayLocale();
  const amount = (minor: number) => `${money.currency} ${money.format(minor)}`;
  const until = new Date(offer.expiresAt).toLocaleString(locale, {
    timeZone: country.timeZone,
    dateStyle: 'medium',
  });
  const contribution = (kind: string) => offer.contribution[kind] ?? 100;
  return (
    <ul className="bonus-offer__terms" data-testid="bonus-offer-terms">
      <li>
        {t('bonus.ruleWager', { required: amount(offer.wageringRequired), multiple: offer.wageringMultiple })}
      </li>
      <li>{t('bonus.offerRuns', { count: offer.expiryDays })}</li>
      {offer.maxStake !== null ? (
        <li data-testid="bonus-offer-max-stake">
          <strong>{t('bonus.offerMaxStake', { amount: amount(offer.maxStake) })}</strong>
        </li>
      ) : null}
      <li>{t('bonus.ruleMaxConversion', { amount: amount(offer.maxConversion) })}</li>
      <li>
        {t('bonus.ruleContribution', {
          inhouse: contribution('inhouse'),
          crash: contribution('crash'),
          provider: contribution('provider'),
        })}
      </li>
      <li>{t('bonus.offerUntil', { date: until })}</li>
    </ul>
  );
}

/** One offer on the bonus page: what it gives, its terms, Accept and No thanks. */
export function OfferCard({
  offer,
  t,
  onDecided,
}: {
  offer: BonusOffer;
  t: Translate;
  onDecided: (choice: OfferChoice) => void;
}) {
  const money = useMoneyFormat();
  const { busy, decide } = useOfferDecision(t);
  const choose = async (choice: OfferChoice) => {
    const made = await decide(offer, choice);
    if (made) onDecided(made);
  };
  return (
    <li className="bonus-card bonus-offer" data-testid="bonus-offer">
      <div className="bonus-card__head">
        <strong className="bonus-card__source">{sourceName(t, offer.source)}</strong>
        <span className="bonus-card__status">{t('bonus.status.offered')}</span>
      </div>
      <p className="bonus-card__amount">
        {money.currency} {money.format(offer.amount)}
      </p>
      <OfferTerms offer={offer} t={t} />
      <p className="bonus-offer__choice">{t('bonus.offerChoice')}</p>
      <div className="bonus-offer__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="bonus-offer-decline"
          disabled={busy}
          onClick={() => void choose('declined')}
        >
          {t('bonus.decline')}
        </button>
        <button
          type="button"
          className="button button--primary button--small"
          data-testid="bonus-offer-accept"
          disabled={busy}
          onClick={() => void choose('accepted')}
        >
          {t('bonus.accept')}
        </button>
      </div>
    </li>
  );
}
