import { useTranslate } from 'ra-core';
import type { Translate } from './i18n.ts';

/** ra-core's translate, typed with our catalogue's keys so a missing text is a type error. */
export function useText(): Translate {
  return useTranslate() as Translate;
}
