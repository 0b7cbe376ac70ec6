import { useTranslation } from '../../lib/i18n.ts';

/** An honest placeholder for a screen that is not built yet. */
export function ComingSoon({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <section className="placeholder" aria-labelledby="placeholder-title">
      <h2 id="placeholder-title" className="placeholder__title">
        {title}
      </h2>
      <p className="placeholder__text">{t('common.comingSoon')}</p>
    </section>
  );
}
