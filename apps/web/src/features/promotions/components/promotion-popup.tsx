import type { AdvertItem } from '@app/contracts/config';
import { useCallback, useEffect, useState } from 'react';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePopup } from '../../../lib/use-popup.ts';

/** A session cookie: the promotion popup shows once per browser session, like the home popup. */
export const PROMOTION_POPUP_COOKIE = 'promotion_popup_seen';

/**
 * The promotion tab's popup advert (900104): once per browser session, and only while no other popup holds
 * the screen (the shared popup lock; it waits in line and releases the lock on close).
 */
export function PromotionPopup({ item }: { item: AdvertItem | undefined }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(() => hasCookie(PROMOTION_POPUP_COOKIE));
  const visible = usePopup('promotion-popup', item !== undefined && !done);
  const close = useCallback(() => setDone(true), []);
  useEffect(() => {
    // Once shown counts, even if the player leaves without closing it.
    if (visible) setCookie(PROMOTION_POPUP_COOKIE, '1');
  }, [visible]);
  if (!visible || !item) return null;
  return (
    <Dialog label={item.title} onClose={close} className="popup-advert" testId="promotion-popup">
      <AdvertLink url={item.url} className="popup-advert__link" label={item.title} onNavigate={close}>
        <img src={item.img || item.image} alt={item.title} width="600" height="800" />
      </AdvertLink>
      <button type="button" className="popup-advert__close" aria-label={t('common.close')} onClick={close}>
        <CloseIcon size={20} />
      </button>
    </Dialog>
  );
}
