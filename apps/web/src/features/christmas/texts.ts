import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The Christmas landing's texts, loaded with its screen (`useFeatureTranslation`). */
export const CHRISTMAS_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
