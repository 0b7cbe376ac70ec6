import type { AdvertItem } from '@app/contracts/config';
import { useState } from 'react';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { useTranslation } from '../../../lib/i18n.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';

const CLOSED_COOKIE = 'float_advert';
/** Spec §9: a closed floating advert stays away for 30 minutes. */
const CLOSED_SECONDS = 1800;

export function FloatingAdvert({ item }: { item: AdvertItem | undefined }) {
  const { t } = useTranslation();
  const [closed, setClosed] = useState(() => hasCookie(CLOSED_COOKIE));
  if (!item || closed) return null;
  const close = () => {
    setCookie(CLOSED_COOKIE, '1', CLOSED_SECONDS);
    setClosed(true);
  };
  return (
    <>
      {/* Room below the footer, so the advert never hides its last lines (styles.css). */}
      <div className="floating-advert__room" aria-hidden="true" />
      <aside className="floating-advert" aria-label={item.title} data-testid="floating-advert">
        <AdvertLink url={item.url} className="floating-advert__link" label={item.title}>
          <img src={item.img || item.image} alt={item.title} width="72" height="72" decoding="async" />
        </AdvertLink>
        <button
          type="button"
          className="floating-advert__close"
          aria-label={t('common.close')}
          onClick={close}
        >
          <CloseIcon size={14} />
        </button>
      </aside>
    </>
  );
}
