import type { AdvertItem } from '@app/contracts/config';
import { useState } from 'react';
import { hasCookie, setCookie } from '../../../lib/cookies.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';
import { FloatingDock, useDockTurn } from '../../../components/ui/floating-dock.tsx';

const CLOSED_COOKIE = 'float_advert';
/** Spec §9: a closed floating advert stays away for 30 minutes. */
const CLOSED_SECONDS = 1800;

/** The operator's floating advert, in the page's one floating place when no more urgent thing holds it. */
export function FloatingAdvert({ item }: { item: AdvertItem | undefined }) {
  const [closed, setClosed] = useState(() => hasCookie(CLOSED_COOKIE));
  const hasTurn = useDockTurn('floating-advert', item !== undefined && !closed);
  if (!item || closed || !hasTurn) return null;
  const close = () => {
    setCookie(CLOSED_COOKIE, '1', CLOSED_SECONDS);
    setClosed(true);
  };
  return (
    <FloatingDock label={item.title} onClose={close} testId="floating-advert">
      <AdvertLink url={item.url} className="floating-advert__link" label={item.title}>
        <img src={item.img || item.image} alt="" width="44" height="44" decoding="async" />
        <span className="floating-advert__title">{item.title}</span>
      </AdvertLink>
    </FloatingDock>
  );
}
