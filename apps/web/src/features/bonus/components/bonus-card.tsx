import type { MyBonus } from '@app/contracts/bonus';
import type { Translate } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { useDisplayLocale } from '../../../lib/use-date-format.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';

/** Whole percent of the wagering done: 100 only when done (a bonus one stake short shows 99). */
export function wageringPercent(progress: number, required: number): number {
  if (required <= 0 || progress >= required) return 100;
  return Math.min(99, Math.floor((progress * 100) / required));
}

/** The programme's name for a bonus's source. */
export function sourceName(t: Translate, source: string): string {
  return ['welcome-bonus', 'first-deposit-bonus', 'coin-exchange'].includes(source)
    ? t(`bonus.source.${source}`)
    : t('bonus.source.other');
}

/**
 * One bonus (the bonus page): its source, amount and status, the wagering progress bar, and the rules it
 * was granted with (its own terms, never today's settings). `onForfeit` only for the active one.
 */
export function BonusCard({
  bonus,
  t,
  onForfeit,
}: {
  bonus: MyBonus;
  t: Translate;
  onForfeit?: (bonus: MyBonus) => void;
}) {
  const money = useMoneyFormat();
  const { country } = useSettings();
  // Dates in the player's language in the market's region ("25 Novemba 2026" in Swahili).
  const locale = useDisplayLocale();
  const amount = (minor: number) => `${money.currency} ${money.format(minor)}`;
  const date = new Date(bonus.expiresAt).toLocaleString(locale, {
    timeZone: country.timeZone,
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const percent = wageringPercent(bonus.wageringProgress, bonus.wageringRequired);
  const contribution = (kind: string) => bonus.contribution[kind] ?? 100;
  return (
    <li className={`bonus-card bonus-card--${bonus.status}`} data-testid="bonus-card">
      <div className="bonus-card__head">
        <strong className="bonus-card__source">{sourceName(t, bonus.source)}</strong>
        <span className="bonus-card__status" data-testid="bonus-status">
          {t(`bonus.status.${bonus.status}`)}
        </span>
      </div>
      <p className="bonus-card__amount" data-testid="bonus-amount">
        {amount(bonus.amount)}
      </p>
      <div
        className="bonus-card__bar"
        role="progressbar"
        aria-label={t('bonus.wagering', {
          progress: amount(bonus.wageringProgress),
          required: amount(bonus.wageringRequired),
        })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <span style={{ width: `${percent}%` }} />
      </div>
      <p className="bonus-card__progress" data-testid="bonus-progress">
        {t('bonus.wagering', {
          progress: amount(bonus.wageringProgress),
          required: amount(bonus.wageringRequired),
        })}{' '}
        ({percent}%)
      </p>
      {bonus.converted !== null && bonus.converted > 0 ? (
        <p className="bonus-card__converted">{t('bonus.converted', { amount: amount(bonus.converted) })}</p>
      ) : null}
      {bonus.status === 'active' || bonus.status === 'pending' ? (
        <details className="bonus-card__rules" open={bonus.status === 'active'}>
          <summary>{t('bonus.rules')}</summary>
          <ul data-testid="bonus-rules">
            <li>
              {t('bonus.ruleWager', {
                required: amount(bonus.wageringRequired),
                multiple: bonus.wageringMultiple,
              })}
            </li>
            <li>{t('bonus.ruleExpiry', { date })}</li>
            {bonus.maxStake !== null ? (
              <li>{t('bonus.ruleMaxStake', { amount: amount(bonus.maxStake) })}</li>
            ) : null}
            <li>{t('bonus.ruleMaxConversion', { amount: amount(bonus.maxConversion) })}</li>
            <li>
              {t('bonus.ruleContribution', {
                inhouse: contribution('inhouse'),
                crash: contribution('crash'),
                provider: contribution('provider'),
              })}
            </li>
            <li>{t('bonus.ruleRealFirst')}</li>
          </ul>
        </details>
      ) : null}
      {onForfeit ? (
        <button
          type="button"
          className="button button--ghost button--small"
          data-testid="bonus-forfeit"
          onClick={() => onForfeit(bonus)}
        >
          {t('bonus.forfeit')}
        </button>
      ) : null}
    </li>
  );
}
