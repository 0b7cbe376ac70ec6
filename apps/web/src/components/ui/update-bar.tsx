import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n.ts';
import { applyUpdate, PAGE_UPDATE_EVENT } from '../../lib/service-worker.ts';
import { CloseIcon } from './icons.tsx';

/** Offers the waiting version; the player decides when to reload (never in the middle of a payment). */
export function UpdateBar() {
  const { t } = useTranslation();
  const [waiting, setWaiting] = useState(false);
  useEffect(() => {
    const onUpdate = () => setWaiting(true);
    window.addEventListener(PAGE_UPDATE_EVENT, onUpdate);
    return () => window.removeEventListener(PAGE_UPDATE_EVENT, onUpdate);
  }, []);
  if (!waiting) return null;
  return (
    <div className="update-bar" role="status">
      <span>{t('update.available')}</span>
      <button type="button" className="button button--small button--primary" onClick={applyUpdate}>
        {t('update.reload')}
      </button>
      <button
        type="button"
        className="icon-button"
        aria-label={t('common.close')}
        onClick={() => setWaiting(false)}
      >
        <CloseIcon size={18} />
      </button>
    </div>
  );
}
