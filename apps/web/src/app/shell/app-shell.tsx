import { Suspense, useEffect, useState, type ComponentType } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router';
import { trackPageView } from '../../lib/analytics.ts';
import { useTranslation } from '../../lib/i18n.ts';
import { whenIdle } from '../../lib/idle.ts';
import { reportRouteToParent } from '../../lib/native-bridge.ts';
import { isServerRender } from '../../lib/server-page.ts';
import { useIsLoggedIn } from '../../lib/session.ts';
import { recordAppPath, setAppNavigate } from '../../lib/navigation.ts';
import { AppRoutes, TABS } from '../router.tsx';
import { MemberActivity } from './member-activity.tsx';
import { OfflineBar } from './offline-bar.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { resetsScroll, slideDirection, type RouteStep, type SlideDirection } from './slide-direction.ts';
import { TabBar } from './tab-bar.tsx';

/**
 * The promotions' notices to a member (reward banner, coins event popup, features/promotions; a bonus
 * offered to them, features/bonus): their code is fetched once the app has been idle after start-up, never
 * in the home bundle; a failed fetch is only logged.
 */
function PromotionNotices() {
  const [Notices, setNotices] = useState<ComponentType | null>(null);
  useEffect(() => {
    let live = true;
    const load = () =>
      void Promise.all([
        import('../../features/promotions/components/promotion-notices.tsx'),
        import('../../features/bonus/components/bonus-offers.tsx'),
      ])
        .then(
          ([promotions, bonus]) =>
            live &&
            setNotices(() => () => (
              <>
                <promotions.PromotionNotices />
                <bonus.BonusOfferPrompt />
              </>
            )),
        )
        .catch((error: unknown) => console.warn('promotion notices failed to load', error));
    const cancel = whenIdle(load);
    return () => {
      live = false;
      cancel();
    };
  }, []);
  return Notices ? <Notices /> : null;
}

const tabDepth = (path: string) => TABS.find((tab) => tab.path === path)?.depth;

function historyIndex(): number {
  if (isServerRender()) return 0;
  const state = window.history.state as { idx?: number } | null;
  return state?.idx ?? 0;
}

function PageFallback() {
  const { t } = useTranslation();
  return (
    <div className="page-status" aria-busy="true">
      <span className="spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}

/** The 540 px column: the current screen (sliding in) and, on the five tab screens, the tab bar. */
export function AppShell() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const navigate = useNavigate();
  const path = location.pathname;
  const isLoggedIn = useIsLoggedIn();

  // Derived during render (React's pattern for state that follows a prop), so the first frame of
  // the new screen already has its direction.
  const [slide, setSlide] = useState<{ key: string; step: RouteStep; direction: SlideDirection }>(() => ({
    key: location.key,
    step: { path, idx: historyIndex() },
    direction: 'none',
  }));
  if (slide.key !== location.key) {
    const step = { path, idx: historyIndex() };
    setSlide({
      key: location.key,
      step,
      direction: slideDirection(slide.step, step, navigationType, tabDepth),
    });
  }

  useEffect(() => {
    setAppNavigate((to, options) => void navigate(to, options));
    return () => setAppNavigate(undefined);
  }, [navigate]);

  useEffect(() => {
    const fullPath = `${location.pathname}${location.search}`;
    recordAppPath(fullPath);
    trackPageView(fullPath);
    reportRouteToParent(fullPath);
    if (resetsScroll(location.pathname) || navigationType !== 'POP') window.scrollTo(0, 0);
  }, [location.key, location.pathname, location.search, navigationType]);

  const showTabBar = tabDepth(path) !== undefined;
  return (
    <div className={`app${showTabBar ? ' app--tabs' : ''}`}>
      <OfflineBar />
      <main key={path} className={`page page--slide-${slide.direction}`}>
        <RouteErrorBoundary>
          <Suspense fallback={<PageFallback />}>
            <AppRoutes location={location} />
          </Suspense>
        </RouteErrorBoundary>
      </main>
      {showTabBar ? <TabBar /> : null}
      <MemberActivity />
      {isLoggedIn ? <PromotionNotices /> : null}
    </div>
  );
}
