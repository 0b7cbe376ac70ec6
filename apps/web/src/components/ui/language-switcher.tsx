import type { Language } from '@app/contracts/config';
import { useState } from 'react';
import { changeLanguage, useTranslation } from '../../lib/i18n.ts';
import { useSettings } from '../../lib/settings.ts';
import { showToast } from '../../lib/toast.ts';

/** Each language names itself, so a player who cannot read the current one still finds theirs. */
const NATIVE_NAMES: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  pt: 'Português',
  sw: 'Kiswahili',
};

export function LanguageSwitcher() {
  const { t, language } = useTranslation();
  const { languages } = useSettings();
  const [pending, setPending] = useState<Language | undefined>();
  if (languages.length < 2) return null;

  const choose = async (next: Language) => {
    if (next === language) return;
    setPending(next);
    try {
      await changeLanguage(next);
    } catch (error) {
      console.warn('language change failed', error);
      showToast(t('errors.NETWORK'), { kind: 'error' });
    } finally {
      setPending(undefined);
    }
  };

  return (
    <fieldset className="language-switcher">
      <legend className="language-switcher__legend">{t('language.title')}</legend>
      <div className="language-switcher__options">
        {languages.map((item) => (
          <button
            key={item}
            type="button"
            lang={item}
            className="language-switcher__option"
            aria-pressed={item === language}
            disabled={pending !== undefined}
            onClick={() => void choose(item)}
          >
            {NATIVE_NAMES[item]}
          </button>
        ))}
      </div>
    </fieldset>
  );
}
