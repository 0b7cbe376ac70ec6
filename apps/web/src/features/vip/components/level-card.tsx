import type { VipPersonalLevel } from '@app/contracts/vip';
import type { Translate } from '../../../lib/i18n.ts';
import { useSettings } from '../../../lib/settings.ts';

/**
 * The member's level this year, the points counted (BP) and the bar to the next level with the points
 * still missing (we show how far, spec §4 gives no thresholds to hide: docs/promotions.md).
 */
export function LevelCard({ t, level }: { t: Translate; level: VipPersonalLevel }) {
  const { country } = useSettings();
  const number = (value: number) => value.toLocaleString(country.locale);
  return (
    <section className="vip-level" data-testid="vip-level" aria-label={t('vip.levelLabel')}>
      <div className="vip-level__head">
        <span className="vip-level__badge" data-testid="vip-level-id">
          {t('vip.level', { level: level.levelId })}
        </span>
        <strong className="vip-level__name" data-testid="vip-level-name">
          {t(`vip.levelNames.${level.levelId}`)}
        </strong>
      </div>
      <p className="vip-level__points">
        {t('vip.points', { year: level.year })}{' '}
        <strong data-testid="vip-points">{number(level.points)}</strong>
      </p>
      <div
        className="vip-level__bar"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.floor(level.progress)}
        aria-label={t('vip.progressLabel')}
      >
        <span style={{ width: `${level.progress}%` }} />
      </div>
      <p className="vip-level__next" data-testid="vip-next">
        {level.nextLevelId === null
          ? t('vip.top')
          : t('vip.toNext', {
              points: number(level.pointsToNext),
              name: t(`vip.levelNames.${level.nextLevelId}`),
            })}
      </p>
    </section>
  );
}
