import type { Translate } from '../lib/i18n.ts';
import type { MessageKey } from '../locales/en.ts';

/** What the page calls a bonus, by its programme ("welcome bonus"); "bonus" for any other. */
export function bonusName(t: Translate, source: string): string {
  const key = `bonus.${source}` as MessageKey;
  const named = t(key);
  return named === key ? t('bonus.other') : named;
}
