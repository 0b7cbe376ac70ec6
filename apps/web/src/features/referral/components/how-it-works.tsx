import { SYSTEM_OPTION } from '@app/contracts/config';
import type { ReferralSummary } from '@app/contracts/referral';
import { useSystemOptions } from '../../../api/get-system-options.ts';
import type { Translate } from '../../../lib/i18n.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { useRewardText } from './use-reward-text.ts';

/** The programme's terms as the operator set them: what the friend does, the hold, the reward. */
export function HowItWorks({ t, summary }: { t: Translate; summary: ReferralSummary }) {
  const { format, currency } = useMoneyFormat();
  const rewardText = useRewardText(t);
  const reward = rewardText(summary.reward);
  // The operator's invitation text (system option 4008), above the terms.
  const intro = useSystemOptions().get(SYSTEM_OPTION.INVITATION_TEXT);
  return (
    <section className="referral__card" aria-labelledby="referral-how" data-testid="referral-how">
      <h2 id="referral-how" className="referral__heading">
        {t('referral.howTitle')}
      </h2>
      {intro ? <p className="referral__note">{intro}</p> : null}
      <ol className="referral__steps">
        <li>{t('referral.step1')}</li>
        <li>
          {t('referral.step2', {
            deposit: `${currency} ${format(summary.qualification.minDeposit)}`,
            wager: `${currency} ${format(summary.qualification.minWager)}`,
          })}
        </li>
        <li>
          {summary.holdDays > 0
            ? t('referral.step3', { days: summary.holdDays, reward })
            : t('referral.step3Now', { reward })}
        </li>
      </ol>
      <p className="referral__note">{t('referral.rulesNote')}</p>
    </section>
  );
}
