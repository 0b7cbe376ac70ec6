import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The daily sign-in's own texts, loaded with its screens (docs/promotions.md). */
export const SIGN_IN_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
