import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The feature's texts, loaded with its page (docs/promotions.md). */
export const GIVEAWAY_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
