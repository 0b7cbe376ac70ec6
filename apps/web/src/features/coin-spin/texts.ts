import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The coin spin's own texts, loaded with its screen (docs/promotions.md). */
export const COIN_SPIN_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
