import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The promotion screens' texts, loaded with them (not in the home bundle). */
export const PROMOTION_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
