import { SLOT_STATUS } from '@app/contracts/cash-rain-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useState } from 'react';
import { Link } from 'react-router';
import { FloatingDock, useDockTurn } from '../../../components/ui/floating-dock.tsx';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { cashRainConfigQuery } from '../api/get-cash-rain-config.ts';
import { drawStatusQuery } from '../api/get-draw-status.ts';
import { CASH_RAIN_TEXTS } from '../texts.ts';
import { chooseSlot, slotLabel } from '../rain-rules.ts';
import './cash-rain.css';

const CLOSED_COOKIE = 'rain_widget';
/** Put away like the floating advert it takes the place of: for 30 minutes. */
const CLOSED_SECONDS = 1800;

/**
 * The home widget (loaded lazily), in the page's one floating place (the most urgent of its occupants):
 * the slot of the moment and its label; a tap opens the rain page. A rain the member has joined is
 * passed over, so "Grab Now" is not offered again.
 */
export function CashRainWidget() {
  const { t, ready } = useFeatureTranslation(CASH_RAIN_TEXTS);
  const { token } = useSession();
  const { country } = useSettings();
  const [closed, setClosed] = useState(() => hasCookie(CLOSED_COOKIE));
  const config = useQuery(cashRainConfigQuery(token));
  const open = config.data?.enable
    ? config.data.durations.find((duration) => duration.status === SLOT_STATUS.open)
    : undefined;
  const joined = useQuery({
    ...drawStatusQuery(token ?? '', open?.id ?? 0),
    enabled: !!token && !!open,
  });
  const joinedSlotId = token && open && joined.data === true ? open.id : undefined;
  const slot = config.data?.enable ? chooseSlot(config.data.durations, joinedSlotId) : undefined;
  // A member's open slot is shown once the server has said whether the member has joined it.
  const known = !token || !open || joined.status !== 'pending';
  const hasTurn = useDockTurn('cash-rain', ready && !closed && !!slot && known);
  if (!hasTurn || !slot) return null;
  const label = slotLabel(slot, country.timeZone);
  const close = () => {
    setCookie(CLOSED_COOKIE, '1', CLOSED_SECONDS);
    setClosed(true);
  };
  return (
    <FloatingDock label={t('cash_rain.title')} onClose={close} testId="cash-rain-dock">
      <Link to={PAGE_PATHS.cashRain} className="cash-rain-widget" data-testid="cash-rain-widget">
        <span className="cash-rain-widget__icon" aria-hidden="true" />
        <span className="cash-rain-widget__title">{t('cash_rain.title')}</span>
        <span className="cash-rain-widget__label" data-testid="cash-rain-widget-label">
          {t(label.key, label.vars)}
        </span>
      </Link>
    </FloatingDock>
  );
}
