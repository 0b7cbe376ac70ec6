import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The VIP feature's own texts, loaded with its screens (`useFeatureTranslation`). */
export const VIP_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
