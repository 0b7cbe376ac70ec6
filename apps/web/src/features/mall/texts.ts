import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The mall feature's own texts, loaded with its screens (`useFeatureTranslation`). */
export const MALL_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
