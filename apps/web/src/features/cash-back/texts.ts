import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** The weekly cash back's texts, loaded with its page (docs/promotions.md "Weekly cash back"). */
export const CASH_BACK_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
