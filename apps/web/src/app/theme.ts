import { BRANDS } from '@app/contracts/brand';
import type { AdvertItem, Theme } from '@app/contracts/config';
import { useMemo } from 'react';
import { HomeHeaderBar, HomeHeaderCentered } from '../features/home/components/home-header.tsx';
import type { HomeVariant } from '../features/home/routes/home-page.tsx';
import { useSettings } from '../lib/settings.ts';

/**
 * The one place that knows how the themes differ in components. Colours, shapes and the Christmas
 * decoration are CSS custom properties on [data-theme] and [data-christmas] (styles.css); what a CSS
 * rule cannot express is chosen here and handed to the screens as props.
 */
const HOME_VARIANTS: Record<Theme, Omit<HomeVariant, 'orderBanners'>> = {
  winslots: {
    Header: HomeHeaderBar,
    logoSrc: BRANDS.winslots.art.logo,
    menuLayout: 'round',
  },
  luckywin: {
    Header: HomeHeaderCentered,
    logoSrc: BRANDS.luckywin.art.logo,
    menuLayout: 'tile',
  },
};

function isChristmasAdvert(item: AdvertItem): boolean {
  return /christmas/i.test(item.img || item.image);
}

/** In the Christmas variant the festive banner leads; the rest keep the operator's order. */
export function preferChristmas(items: AdvertItem[]): AdvertItem[] {
  return [...items.filter(isChristmasAdvert), ...items.filter((item) => !isChristmasAdvert(item))];
}

const keepOrder = (items: AdvertItem[]) => items;

/** How the home page lays out the games (spec §2): WinSlots rows of up to 9, LuckyWin tabs over a grid. */
const GAME_LAYOUTS: Record<Theme, 'rows' | 'tabs'> = { winslots: 'rows', luckywin: 'tabs' };

export function useGameLayout(): 'rows' | 'tabs' {
  return GAME_LAYOUTS[useSettings().theme];
}

export function useHomeVariant(): HomeVariant {
  const { theme, christmas } = useSettings();
  return useMemo(
    () => ({ ...HOME_VARIANTS[theme], orderBanners: christmas ? preferChristmas : keepOrder }),
    [theme, christmas],
  );
}
