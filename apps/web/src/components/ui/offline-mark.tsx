import { useTranslation } from '../../lib/i18n.ts';

/**
 * Beside a figure kept from the last visit while the server cannot be reached: it must never be taken
 * for a live balance.
 */
export function OfflineMark() {
  const { t } = useTranslation();
  return (
    <span className="offline-mark" data-testid="offline-mark" title={t('offline.lastKnown')}>
      {t('offline.mark')}
    </span>
  );
}
