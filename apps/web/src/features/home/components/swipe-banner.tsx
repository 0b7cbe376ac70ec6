import type { AdvertItem } from '@app/contracts/config';
import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';
import { AdvertLink } from '../../../components/ui/advert-link.tsx';

/** Spec §2: a new slide every 5 s, sliding for 2 s. */
const AUTOPLAY_MS = 5000;
const SWIPE_THRESHOLD_PX = 40;

type SwipeBannerProps = { items: AdvertItem[] };

/**
 * The home carousel. Its box has the images' aspect ratio (750×300) before anything loads, so nothing
 * below it moves when the adverts or images arrive. Only the first image loads eagerly: it is what the
 * player sees first.
 */
export function SwipeBanner({ items }: SwipeBannerProps) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(0);
  const [dragPx, setDragPx] = useState<number | null>(null);
  const start = useRef<{ x: number; y: number; id: number } | null>(null);
  const moved = useRef(false);
  const count = items.length;
  const current = count ? index % count : 0;

  useEffect(() => {
    if (count < 2 || dragPx !== null) return undefined;
    const timer = setInterval(() => {
      if (document.visibilityState === 'visible') setIndex((value) => (value + 1) % count);
    }, AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [count, dragPx, current]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (count < 2 || !event.isPrimary) return;
    start.current = { x: event.clientX, y: event.clientY, id: event.pointerId };
    moved.current = false;
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!start.current || start.current.id !== event.pointerId) return;
    const dx = event.clientX - start.current.x;
    const dy = event.clientY - start.current.y;
    // A mostly vertical gesture is the page scrolling, not a swipe.
    if (dragPx === null && Math.abs(dy) > Math.abs(dx)) {
      start.current = null;
      return;
    }
    if (Math.abs(dx) > 5) moved.current = true;
    setDragPx(dx);
  };
  const onPointerEnd = () => {
    if (dragPx !== null && Math.abs(dragPx) > SWIPE_THRESHOLD_PX) {
      setIndex((value) => (value + (dragPx < 0 ? 1 : count - 1)) % count);
    }
    start.current = null;
    setDragPx(null);
  };

  return (
    <section
      className="swipe-banner"
      aria-roledescription="carousel"
      aria-label={t('home.banner')}
      data-testid="swipe-banner"
    >
      <div
        className={`swipe-banner__track${dragPx === null ? '' : ' swipe-banner__track--dragging'}`}
        style={{ transform: `translateX(calc(${-current * 100}% + ${dragPx ?? 0}px))` }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onClickCapture={(event) => {
          // The click that ends a swipe must not open the advert.
          if (moved.current) {
            event.preventDefault();
            event.stopPropagation();
            moved.current = false;
          }
        }}
      >
        {items.map((item, position) => (
          <div
            key={item.id}
            className="swipe-banner__slide"
            role="group"
            aria-roledescription="slide"
            aria-label={t('home.slide', { index: position + 1, count })}
            aria-hidden={position !== current}
          >
            <AdvertLink url={item.url} className="swipe-banner__link" label={item.title}>
              <img
                src={item.img || item.image}
                alt={item.title}
                width="750"
                height="300"
                draggable={false}
                loading={position === 0 ? 'eager' : 'lazy'}
                fetchPriority={position === 0 ? 'high' : 'auto'}
                // The first banner is the page's largest paint: decode it with the frame that shows it.
                decoding={position === 0 ? 'sync' : 'async'}
              />
            </AdvertLink>
          </div>
        ))}
      </div>
      {count > 1 ? (
        <div className="swipe-banner__dots" aria-hidden="true">
          {items.map((item, position) => (
            <span key={item.id} className={`swipe-banner__dot${position === current ? ' is-active' : ''}`} />
          ))}
        </div>
      ) : null}
    </section>
  );
}
