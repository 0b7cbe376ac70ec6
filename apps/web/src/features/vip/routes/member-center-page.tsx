import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { personalBenefitsQuery } from '../api/get-personal-benefits.ts';
import { personalLevelQuery } from '../api/get-personal-level.ts';
import { BenefitCard } from '../components/benefit-card.tsx';
import { LevelCard } from '../components/level-card.tsx';
import { useBenefitTap } from '../components/use-benefit-tap.tsx';
import { VIP_TEXTS } from '../texts.ts';
import '../components/vip.css';

/**
 * `/subscriber/memberCenter` (spec §2, login): the member's VIP level this year and every benefit, ordered
 * by statu 0, 1, -1, 9 as the server answers; a tap claims in place or leads to the benefit's page. The
 * member's tickets (the free tickets benefit's wallet balance, from the profile a claim refreshes) sit
 * beside the records link.
 */
export function MemberCenterPage() {
  const { t, ready, language } = useFeatureTranslation(VIP_TEXTS);
  const { country } = useSettings();
  const { profile } = useSession();
  const level = useQuery(personalLevelQuery());
  const benefits = useQuery(personalBenefitsQuery(language));
  const { tap, busy, dialogs } = useBenefitTap(t, () => Promise.all([level.refetch(), benefits.refetch()]));

  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="vip" data-testid="member-center-page">
      <NavBar title={t('vip.title')} />
      <div className="vip__body">
        {level.data ? (
          <LevelCard t={t} level={level.data} />
        ) : (
          <QueryStatus status={level.status} error={level.error} onRetry={() => void level.refetch()} />
        )}
        <div className="vip__links">
          {profile ? (
            <span className="vip__tickets" data-testid="vip-tickets">
              {t('vip.myTickets', { count: profile.tickets.toLocaleString(country.locale) })}
            </span>
          ) : null}
          <Link
            to={PAGE_PATHS.memberCenterRecords}
            className="vip__records-link"
            data-testid="vip-records-link"
          >
            {t('vip.records')}
          </Link>
        </div>
        <h2 className="vip__heading">{t('vip.benefits')}</h2>
        {benefits.data ? (
          <ul className="vip-benefits" data-testid="vip-benefits">
            {benefits.data.map((benefit) => (
              <li key={benefit.id}>
                <BenefitCard t={t} benefit={benefit} busy={busy} onTap={tap} />
              </li>
            ))}
          </ul>
        ) : (
          <QueryStatus
            status={benefits.status}
            error={benefits.error}
            onRetry={() => void benefits.refetch()}
          />
        )}
        <p className="vip__note">{t('vip.note', { currency: country.currency })}</p>
      </div>
      {dialogs}
    </div>
  );
}
