import type { AdvertItem } from '@app/contracts/config';
import { useCallback, useState } from 'react';
import { useAdverts } from '../../../api/get-adverts.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { useTranslation } from '../../../lib/i18n.ts';
import { readStorage, writeStorage } from '../../../lib/storage.ts';
import { usePopup } from '../../../lib/use-popup.ts';

/** Spec §7 advert positions on the deposit page. */
export const DEPOSIT_SWIPE_POSITION = 300101;
export const DEPOSIT_POPUP_POSITION = 300102;
const POPUP_SEEN_KEY = 'deposit_popup_seen';

/**
 * The deposit swipe advert (300101): a row the player swipes with the browser's own scroll snapping, no
 * script on the main thread while it moves (the page must stay smooth on a cheap phone).
 */
export function DepositSwipeAdverts() {
  const { t } = useTranslation();
  const items = useAdverts(DEPOSIT_SWIPE_POSITION);
  if (items.length === 0) return null;
  return (
    <section className="deposit-swipe" aria-label={t('deposit.adverts')} data-testid="deposit-swipe">
      {items.map((item) => (
        <AdvertLink key={item.id} url={item.url} className="deposit-swipe__slide" label={item.title}>
          <img
            src={item.img || item.image}
            alt={item.title}
            width="750"
            height="300"
            loading="lazy"
            decoding="async"
          />
        </AdvertLink>
      ))}
    </section>
  );
}

/** The deposit popup advert (300102): once per browser session, behind the app-wide popup lock. */
export function DepositPopupAdvert() {
  const [item] = useAdverts(DEPOSIT_POPUP_POSITION);
  return item ? <PopupOnce item={item} /> : null;
}

function PopupOnce({ item }: { item: AdvertItem }) {
  const { t } = useTranslation();
  const [done, setDone] = useState(() => readStorage('sessionStorage', POPUP_SEEN_KEY) === '1');
  const visible = usePopup('deposit-popup-advert', !done);
  const close = useCallback(() => {
    writeStorage('sessionStorage', POPUP_SEEN_KEY, '1');
    setDone(true);
  }, []);
  if (!visible) return null;
  return (
    <Dialog label={item.title} onClose={close} className="popup-advert" testId="deposit-popup-advert">
      <AdvertLink url={item.url} className="popup-advert__link" label={item.title} onNavigate={close}>
        <img src={item.img || item.image} alt={item.title} width="600" height="800" />
      </AdvertLink>
      <button type="button" className="popup-advert__close" aria-label={t('common.close')} onClick={close}>
        <CloseIcon size={20} />
      </button>
    </Dialog>
  );
}
