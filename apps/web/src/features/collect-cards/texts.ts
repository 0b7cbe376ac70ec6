import type { FeatureCatalogues } from '../../lib/i18n.ts';

/** Collect-cards' texts, loaded with its page and the deposit result's note (docs/promotions.md "Collect-cards"). */
export const COLLECT_CARDS_TEXTS: FeatureCatalogues = {
  en: () => import('./locales/en.json'),
  fr: () => import('./locales/fr.json'),
  pt: () => import('./locales/pt.json'),
  sw: () => import('./locales/sw.json'),
};
