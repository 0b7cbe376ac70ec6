import type { AdvertItem } from '@app/contracts/config';
import { useCallback, useEffect, useState } from 'react';
import { POPUP_SEEN_COOKIE } from '@app/contracts/first-screen';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';

/**
 * The home popup advert: once per browser session, and only when no other popup holds the screen. The
 * flag is a session cookie so the server stops preloading the image once it has been seen.
 */
export function PopupAdvert({ item }: { item: AdvertItem | undefined }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(() => hasCookie(POPUP_SEEN_COOKIE));
  const visible = usePopup('popup-advert', item !== undefined && !done);
  const close = useCallback(() => setDone(true), []);
  useEffect(() => {
    // Once per session means once shown, even if the player leaves without closing it.
    if (visible) setCookie(POPUP_SEEN_COOKIE, '1');
  }, [visible]);
  if (!visible || !item) return null;
  return (
    <Dialog label={item.title} onClose={close} className="popup-advert" testId="popup-advert">
      <AdvertLink url={item.url} className="popup-advert__link" label={item.title} onNavigate={close}>
        <img src={item.img || item.image} alt={item.title} width="600" height="800" fetchPriority="high" />
      </AdvertLink>
      <button type="button" className="popup-advert__close" aria-label={t('common.close')} onClick={close}>
        <CloseIcon size={20} />
      </button>
    </Dialog>
  );
}
