import { useParams } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useTimeFormat } from '../../../lib/use-date-format.ts';
import { referralRewardsQuery } from '../api/get-referral-rewards.ts';
import { useRewardText } from '../components/use-reward-text.ts';
import { REFERRAL_TEXTS } from '../texts.ts';
import '../components/referral.css';

/** `/activities/refer-detail/{id}` (spec §2): the rewards the member was paid, friends and invite tasks. */
export function ReferDetailPage() {
  const { t, ready } = useFeatureTranslation(REFERRAL_TEXTS);
  const id = Number(useParams().id);
  const query = useQuery({ ...referralRewardsQuery(id), enabled: Number.isInteger(id) && id > 0 });
  const rewardText = useRewardText(t);
  const date = useTimeFormat();
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  const rewards = query.data;
  return (
    <div className="referral" data-testid="refer-detail-page">
      <NavBar title={t('referral.detailTitle')} />
      <div className="referral__body">
        {rewards ? (
          rewards.length === 0 ? (
            <p className="referral__note">{t('referral.noRewards')}</p>
          ) : (
            <ul className="referral__list" data-testid="referral-rewards">
              {rewards.map((reward) => (
                <li key={`${reward.kind}-${reward.label}-${reward.paidAt}`} className="referral__item">
                  <span>
                    {reward.kind === 'friend'
                      ? t('referral.rewardFriend', { mobile: reward.label })
                      : t('referral.rewardTask', { count: reward.label })}
                  </span>
                  <strong className="referral__amount" data-testid="reward-amount">
                    {rewardText(reward)}
                  </strong>
                  <span className="referral__progress">{date(reward.paidAt)}</span>
                </li>
              ))}
            </ul>
          )
        ) : (
          <QueryStatus status={query.status} error={query.error} onRetry={() => void query.refetch()} />
        )}
      </div>
    </div>
  );
}
