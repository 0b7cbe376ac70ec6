import { Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { HomeGames } from '../../features/games/components/home-games.tsx';
import { HomePage, type HomeSlots } from '../../features/home/routes/home-page.tsx';
import { afterPageLoad } from '../../lib/idle.ts';
import { dailyBonusQuery } from '../../features/sign-in/api/get-daily-bonus.ts';
import { lazyPage } from '../../lib/lazy-page.ts';
import { prefetchQuery } from '../../lib/query.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { useGameLayout, useHomeVariant } from '../theme.ts';

// Only in the drawer, itself loaded on first open: not in the home bundle.
const DrawerCategories = lazyPage(() =>
  import('../../features/games/components/drawer-categories.tsx').then((module) => module.DrawerCategories),
);

// The cash rain widget floats over the page: its own chunk, mounted after the page has loaded (the server
// renders nothing for it), so the home bundle carries only these few lines.
const CashRainWidget = lazyPage(() =>
  import('../../features/cash-rain/components/cash-rain-widget.tsx').then((module) => module.CashRainWidget),
);

/**
 * The promotions' widgets and popups are not part of the first screen: mounted once the page has loaded
 * and the browser is idle, their chunks, stylesheets, texts and API calls come after the banner's image and
 * the app's scripts (mounted right after hydration, they put two stylesheets and six scripts on the first
 * screen of a slow phone: docs/benchmarks.md, 2026-12-01).
 */
function AfterFirstScreen({ children }: { children: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => afterPageLoad(() => setMounted(true)), []);
  return mounted ? <Suspense fallback={null}>{children}</Suspense> : null;
}

// The daily sign-in popup: a lazy chunk, loaded only for a logged-in member on home.
const DailyBonusPopup = lazyPage(() =>
  import('../../features/sign-in/components/daily-bonus-popup.tsx').then((module) => module.DailyBonusPopup),
);

// Lucky refund's watch on the round on sale (its countdown popup loads only for a round's last minute):
// its own chunk, after the page has loaded, for everyone.
const LuckyRefundCountdownWatch = lazyPage(() =>
  import('../../features/lucky-refund/components/countdown-watch.tsx').then(
    (module) => module.LuckyRefundCountdownWatch,
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
  const isLoggedIn = useIsLoggedIn();
  // Asked with the home page's own requests (not after the popup's chunk has loaded), for a member only.
  useEffect(() => {
    if (isLoggedIn) prefetchQuery(dailyBonusQuery(true));
  }, [isLoggedIn]);
  return (
    <>
      <HomePage variant={useHomeVariant()} slots={slots} />
      <AfterFirstScreen>
        <CashRainWidget />
      </AfterFirstScreen>
      <AfterFirstScreen>
        <LuckyRefundCountdownWatch />
      </AfterFirstScreen>
      {isLoggedIn ? (
        <AfterFirstScreen>
          <DailyBonusPopup />
        </AfterFirstScreen>
      ) : null}
    </>
  );
}
