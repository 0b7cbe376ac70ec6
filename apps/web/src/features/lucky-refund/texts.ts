import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** Lucky refund's texts, loaded with its pages and its home popup (docs/promotions.md "Lucky refund"). */
export const LUCKY_REFUND_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
