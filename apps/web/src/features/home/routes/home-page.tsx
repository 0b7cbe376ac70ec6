import { POSITION, type AdvertItem } from '@app/contracts/config';
import { Suspense, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { useAdverts } from '../../../api/get-adverts.ts';
import { useMenus } from '../../../api/get-menus.ts';
import { createHydrateLater, HydrateLater } from '../../../components/ui/hydrate-later.tsx';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { whenIdle } from '../../../lib/idle.ts';
import { useUnreadCount } from '../../../lib/member-activity.ts';
import { useIsLoggedIn } from '../../../lib/session.ts';
import { useSettings } from '../../../lib/settings.ts';
import { advertsFor } from '../advert-audience.ts';
import { AppDownloadBanner } from '../components/app-download-banner.tsx';
import { FloatingAdvert } from '../components/floating-advert.tsx';
import { HomeFooter } from '../components/home-footer.tsx';
import type { HomeHeaderProps } from '../components/home-header.tsx';
import { MenuGrid } from '../components/menu-grid.tsx';
import { NoticeTicker } from '../components/notice-ticker.tsx';
import { PopupAdvert } from '../components/popup-advert.tsx';
import { Sponsors } from '../components/sponsors.tsx';
import { SwipeBanner } from '../components/swipe-banner.tsx';

/*
 * Behind a tap, so not in the first bundle (the home JS budget is 100 KB gzipped); fetched while the
 * browser is idle so it is ready before the player opens it. The footer, though below the fold, is in the
 * bundle (under 1 KB gzipped): the server renders it, so its hydration needs its code, which as a lazy
 * chunk cost one more request after the scripts.
 */
const loadDrawer = () => import('../components/home-drawer.tsx').then((module) => module.HomeDrawer);
const HomeDrawer = lazyPage(loadDrawer);

/**
 * The page hydrates in a task per part, in this order: the header (the menu and account buttons) with
 * the app's shell first, then the banner, the menu grid with the notices, the game area with its rows of
 * cards, and the parts below the fold. In one task it was 150 ms of a cheap phone's main thread, where no
 * tap is answered (total blocking time, docs/benchmarks.md 2026-12-04); until its task comes, a part is
 * the server's markup, visible as it will be.
 */
const HydrateBannerLater = createHydrateLater();
const HydrateMenuLater = createHydrateLater();
const HydrateGameAreaLater = createHydrateLater();

/** What a theme changes on the home screen; the app's theme registry picks the values. */
export type HomeVariant = {
  Header: ComponentType<HomeHeaderProps>;
  logoSrc: string;
  menuLayout: 'round' | 'tile';
  orderBanners: (items: AdvertItem[]) => AdvertItem[];
};

/**
 * What the app composes into the home page from other features (features never import each other): the
 * game area under the notices, and a section at the top of the drawer (given the drawer's close).
 */
export type HomeSlots = {
  gameArea?: ReactNode;
  drawerSection?: (close: () => void) => ReactNode;
};

/**
 * The unread count is read here, below the page: a new count (the member's first check at start-up)
 * re-renders the badge's menu, not the whole home page with its banner, footer and adverts (issue 22 §1).
 */
function WithUnreadMessages({ children }: { children: (unreadMessages: number) => ReactNode }) {
  return children(useUnreadCount());
}

export function HomePage({ variant, slots = {} }: { variant: HomeVariant; slots?: HomeSlots }) {
  const { brandName } = useSettings();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [drawerUsed, setDrawerUsed] = useState(false);
  const openDrawer = useCallback(() => {
    setDrawerUsed(true);
    setDrawerOpen(true);
  }, []);
  const closeDrawer = useCallback(() => setDrawerOpen(false), []);

  const { menus } = useMenus(POSITION.HOME_MENU);
  const { menus: secondaryMenus } = useMenus(POSITION.HOME_MENU_SECONDARY);
  const isLoggedIn = useIsLoggedIn();
  const banners = advertsFor(useAdverts(POSITION.HOME_SWIPE), isLoggedIn);
  const sponsors = useAdverts(POSITION.HOME_SPONSORS);
  const floating = advertsFor(useAdverts(POSITION.FLOATING), isLoggedIn);
  const popup = advertsFor(useAdverts(POSITION.HOME_POPUP), isLoggedIn);
  const { Header } = variant;

  useEffect(() => whenIdle(() => void loadDrawer().catch(() => undefined), { fallbackMs: 1500 }), []);

  return (
    <div className="home">
      <Header logoSrc={variant.logoSrc} brandName={brandName} onOpenMenu={openDrawer} />
      <HydrateBannerLater>
        <SwipeBanner items={variant.orderBanners(banners)} />
      </HydrateBannerLater>
      <HydrateMenuLater>
        {/* Zero for visitors: the member's checks (lib/member-activity.ts) forget the count at logout. */}
        <WithUnreadMessages>
          {(unreadMessages) => (
            <MenuGrid
              menus={menus}
              unreadMessages={unreadMessages}
              onMore={openDrawer}
              layout={variant.menuLayout}
            />
          )}
        </WithUnreadMessages>
        <NoticeTicker />
      </HydrateMenuLater>
      {slots.gameArea ? <HydrateGameAreaLater>{slots.gameArea}</HydrateGameAreaLater> : null}
      <HydrateLater>
        <Sponsors items={sponsors} />
        <HomeFooter />
        <FloatingAdvert item={floating[0]} />
        <PopupAdvert item={popup[0]} />
        <AppDownloadBanner />
      </HydrateLater>
      {drawerUsed ? (
        <Suspense fallback={null}>
          <WithUnreadMessages>
            {(unreadMessages) => (
              <HomeDrawer
                open={drawerOpen}
                menus={[...menus, ...secondaryMenus]}
                unreadMessages={unreadMessages}
                logoSrc={variant.logoSrc}
                brandName={brandName}
                onClose={closeDrawer}
              >
                {slots.drawerSection?.(closeDrawer)}
              </HomeDrawer>
            )}
          </WithUnreadMessages>
        </Suspense>
      ) : null}
    </div>
  );
}
