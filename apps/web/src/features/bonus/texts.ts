import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The bonus feature's texts, loaded with its page or dialog (docs/promotions.md). */
export const BONUS_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
