import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The feature's texts, loaded with its screens (docs/promotions.md). */
export const CASH_RAIN_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
