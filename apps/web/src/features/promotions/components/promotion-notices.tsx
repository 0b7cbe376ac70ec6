import { siteDayOf } from '@app/contracts/market-calendar';
import { POSITION } from '@app/contracts/config';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { EventInfoDialog } from '../../../components/ui/event-info-dialog.tsx';
import { showBanner } from '../../../lib/banner.ts';
import { useFeatureTranslation } from '../../../lib/i18n.ts';
import { useSession } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { useMoneyFormat } from '../../../lib/use-money-format.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { PROMOTION_TEXTS } from '../texts.ts';

/** The site day the coins event popup last showed (localStorage): once per site day and phone. */
export const COIN_EVENT_SEEN_KEY = 'coin_event_seen';

/** Where the coins event popup may interrupt: the screens a player browses, never a game or a form. */
const COIN_EVENT_PATHS: readonly string[] = [PAGE_PATHS.home, PAGE_PATHS.promotion, PAGE_PATHS.me];

/**
 * The coins event popup (our reading of spec §2, docs/promotions.md): the coin event information (700101)
 * shown to a member who holds coins, once per site day, on home, the promotion tab or Me, through the shared
 * popup lock (it waits for any other popup).
 */
function CoinEventPopup({ today }: { today: string }) {
  const { profile } = useSession();
  const { pathname } = useLocation();
  const [seen, setSeen] = useState(() => (readStorage('localStorage', COIN_EVENT_SEEN_KEY) ?? '') >= today);
  const wanted = !seen && (profile?.bonusMoney ?? 0) > 0 && COIN_EVENT_PATHS.includes(pathname);
  const visible = usePopup('coin-event', wanted);
  useEffect(() => {
    if (visible) writeStorage('localStorage', COIN_EVENT_SEEN_KEY, today);
  }, [visible, today]);
  const close = useCallback(() => setSeen(true), []);
  return visible ? (
    <EventInfoDialog position={POSITION.COIN_EVENT_INFO} onClose={close} testId="coin-event-popup" />
  ) : null;
}

/**
 * Promotion notices in the top banner (our reading of spec §2, docs/promotions.md): when the member's coins
 * or diamonds rise between two reads of the profile (a sign-in, a task, a spin or a rain landed), one line
 * says what arrived and leads to Me. The first read after a login, or another member's, says nothing.
 */
function RewardBanner() {
  const { profile } = useSession();
  const { t } = useFeatureTranslation(PROMOTION_TEXTS);
  const money = useMoneyFormat();
  const last = useRef<{ id: number; coins: number; diamonds: number } | undefined>(undefined);
  useEffect(() => {
    if (!profile) return;
    const before = last.current;
    last.current = { id: profile.id, coins: profile.bonusMoney, diamonds: profile.diamond };
    if (!before || before.id !== profile.id) return;
    if (profile.bonusMoney > before.coins) {
      showBanner(t('promotion.coinsLanded', { amount: money.format(profile.bonusMoney - before.coins) }), {
        to: PAGE_PATHS.me,
        testId: 'reward-banner',
      });
    } else if (profile.diamond > before.diamonds) {
      showBanner(t('promotion.diamondsLanded', { count: profile.diamond - before.diamonds }), {
        to: PAGE_PATHS.me,
        testId: 'reward-banner',
      });
    }
  }, [profile, t, money]);
  return null;
}

/** What the promotions tell a logged-in member wherever they are; the shell mounts it lazily for members. */
export function PromotionNotices() {
  const { country } = useSettings();
  const today = siteDayOf(new Date(), country);
  return (
    <>
      <RewardBanner />
      <CoinEventPopup key={today} today={today} />
    </>
  );
}
