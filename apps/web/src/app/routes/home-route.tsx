import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { HomeGames } from '../../features/games/components/home-games.tsx';
import { HomePage, type HomeSlots } from '../../features/home/routes/home-page.tsx';
import { dailyBonusQuery } from '../../features/sign-in/api/get-daily-bonus.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { prefetchQuery } from '../../lib/query.ts';
import { useSession } from '../../lib/session.ts';
import { useGameLayout, useHomeVariant } from '../theme.ts';

// Only in the drawer, itself loaded on first open: not in the home bundle.
const DrawerCategories = lazyPage(() =>
  import('../../features/games/components/drawer-categories.tsx').then((module) => module.DrawerCategories),
);

// The cash rain widget floats over the page: its own chunk, mounted after hydration (the server renders
// nothing for it), so the home bundle carries only these few lines.
const CashRainWidget = lazyPage(() =>
  import('../../features/cash-rain/components/cash-rain-widget.tsx').then((module) => module.CashRainWidget),
);

function AfterHydration({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

// The daily sign-in popup: a lazy chunk, loaded only for a logged-in member on home.
const DailyBonusPopup = lazyPage(() =>
  import('../../features/sign-in/components/daily-bonus-popup.tsx').then((module) => module.DailyBonusPopup),
);

// Lucky refund's countdown popup (the last 60 s of a round): its own chunk, after hydration, for everyone.
const LuckyRefundCountdownPopup = lazyPage(() =>
  import('../../features/lucky-refund/components/countdown-popup.tsx').then(
    (module) => module.LuckyRefundCountdownPopup,
  ),
);

/** The home page with the game area and the drawer's game categories composed in. */
export function HomeRoute() {
  const layout = useGameLayout();
  const slots = useMemo<HomeSlots>(
    () => ({
      gameArea: <HomeGames layout={layout} />,
      drawerSection: (close) => (
        <Suspense fallback={null}>
          <DrawerCategories layout={layout} onNavigate={close} />
        </Suspense>
      ),
    }),
    [layout],
  );
  const { isLoggedIn } = useSession();
  // Asked with the home page's own requests (not after the popup's chunk has loaded), for a member only.
  useEffect(() => {
    if (isLoggedIn) prefetchQuery(dailyBonusQuery);
  }, [isLoggedIn]);
  return (
    <>
      <HomePage variant={useHomeVariant()} slots={slots} />
      <AfterHydration>
        <CashRainWidget />
      </AfterHydration>
      <AfterHydration>
        <LuckyRefundCountdownPopup />
      </AfterHydration>
      {isLoggedIn ? (
        <AfterHydration>
          <DailyBonusPopup />
        </AfterHydration>
      ) : null}
    </>
  );
}
