import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link, Navigate } from 'react-router';
import { NavBar } from '../../../components/ui/nav-bar.tsx';
import { QueryStatus } from '../../../components/ui/query-status.tsx';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';
import { CHRISTMAS_TEXTS } from '../texts.ts';
import './christmas.css';

/** Where the landing leads: the Christmas cards (collect-cards in its Christmas art), then all season's programmes. */
const PROGRAMMES = [
  { to: PAGE_PATHS.collectCards, key: 'christmas.collectCards' },
  { to: PAGE_PATHS.dailyBonus, key: 'christmas.dailyBonus' },
  { to: PAGE_PATHS.cashRain, key: 'christmas.cashRain' },
  { to: PAGE_PATHS.referFriend(1), key: 'christmas.referFriend' },
  { to: PAGE_PATHS.promotion, key: 'christmas.promotions' },
] as const;

/**
 * `/publicize/christmas` (spec §2): the Christmas landing, only while the Christmas variant is on
 * (`CHRISTMAS=1`, the app settings' `christmas`); otherwise the path goes home like any unknown path.
 */
export function ChristmasPage() {
  const { christmas, brandName } = useSettings();
  const { t, ready } = useFeatureTranslation(CHRISTMAS_TEXTS);
  if (!christmas) return <Navigate to={PAGE_PATHS.home} replace />;
  if (!ready) return <QueryStatus status="pending" error={undefined} onRetry={() => undefined} />;
  return (
    <div className="christmas" data-testid="christmas-page">
      <NavBar title={t('christmas.title')} />
      <div className="christmas__hero">
        <img src="/statics/adverts/home-swipe-christmas.svg" alt="" className="christmas__art" />
        <p className="christmas__intro">{t('christmas.intro', { brand: brandName })}</p>
      </div>
      <ul className="christmas__links">
        {PROGRAMMES.map((programme) => (
          <li key={programme.to}>
            <Link className="christmas__link" to={programme.to}>
              {t(programme.key)}
            </Link>
          </li>
        ))}
      </ul>
      <p className="christmas__note">{t('christmas.responsible')}</p>
    </div>
  );
}
