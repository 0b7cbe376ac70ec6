import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The 6+1 lottery's and the cash draw's texts, loaded with their pages (docs/promotions.md). */
export const LOTTERY_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
