import { PAGE_PATHS } from '@app/contracts/page-paths';
import { Link } from 'react-router';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSettings } from '../../../lib/settings.ts';
import { personalBenefitsQuery } from '../api/get-personal-benefits.ts';
import { personalLevelQuery } from '../api/get-personal-level.ts';
import { BenefitCard } from './benefit-card.tsx';
import { useBenefitTap } from './use-benefit-tap.tsx';
import { VIP_TEXTS } from '../texts.ts';
import './vip.css';

/**
 * The Me page's VIP part (spec §2): the member's level (leading to the member centre) and the benefits
 * carousel, 4.5 slides visible so the half slide says there is more to swipe. Nothing while loading or on a
 * failed load: the Me page stays usable.
 */
export function MeVipSection() {
  const { t, ready, language } = useFeatureTranslation(VIP_TEXTS);
  const { country } = useSettings();
  const level = useQuery(personalLevelQuery());
  const benefits = useQuery(personalBenefitsQuery(language));
  const { tap, busy, dialogs } = useBenefitTap(t, () => Promise.all([level.refetch(), benefits.refetch()]));
  if (!ready || !level.data) return null;
  return (
    <section className="me-vip" data-testid="me-vip" aria-label={t('vip.title')}>
      <Link to={PAGE_PATHS.memberCenter} className="me-vip__level" data-testid="me-vip-level">
        <span className="vip-level__badge">{t('vip.level', { level: level.data.levelId })}</span>
        <strong>{t(`vip.levelNames.${level.data.levelId}`)}</strong>
        <span className="me-vip__points">
          {t('vip.pointsShort', { points: level.data.points.toLocaleString(country.locale) })}
        </span>
        <span className="me-vip__more" aria-hidden="true">
          ›
        </span>
      </Link>
      {benefits.data && benefits.data.length > 0 ? (
        <ul className="vip-carousel" data-testid="vip-carousel">
          {benefits.data.map((benefit) => (
            <li key={benefit.id} className="vip-carousel__slide">
              <BenefitCard t={t} benefit={benefit} busy={busy} onTap={tap} />
            </li>
          ))}
        </ul>
      ) : null}
      {dialogs}
    </section>
  );
}
