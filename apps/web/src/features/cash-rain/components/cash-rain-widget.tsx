import { Link } from 'react-router';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { cashRainConfigQueryOptions } from '../api/cash-rain-api.ts';
import { CASH_RAIN_TEXTS } from '../cash-rain-texts.ts';
import { chooseSlot, slotLabelKey, startTimeOf } from '../rain-rules.ts';
import './cash-rain.css';

/** The home widget (loaded lazily): the slot of the moment and its label; a tap opens the rain page. */
export function CashRainWidget() {
  const { t, ready } = useFeatureTranslation(CASH_RAIN_TEXTS);
  const { token } = useSession();
  const { country } = useSettings();
  const config = useQuery(cashRainConfigQueryOptions(token));
  const slot = config.data?.enable ? chooseSlot(config.data.durations) : undefined;
  if (!ready || !slot) return null;
  return (
    <Link to="/activities/cash-rain" className="cash-rain-widget" data-testid="cash-rain-widget">
      <span className="cash-rain-widget__icon" aria-hidden="true" />
      <span>{t('cash_rain.title')}</span>
      <span data-testid="cash-rain-widget-label">
        {t(slotLabelKey(slot), { time: startTimeOf(slot, country.timeZone) })}
      </span>
    </Link>
  );
}
