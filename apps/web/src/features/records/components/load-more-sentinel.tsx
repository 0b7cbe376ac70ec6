import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/**
 * The end of an endless list: when it comes near the screen (200 px ahead, so the next page is usually
 * there before the thumb reaches it), `onVisible` runs. A browser without IntersectionObserver gets a
 * button instead.
 */
export function LoadMoreSentinel({ onVisible }: { onVisible: () => void }) {
  const { t } = useTranslation();
  const element = useRef<HTMLDivElement>(null);
  const supported = typeof IntersectionObserver !== 'undefined';

  useEffect(() => {
    const target = element.current;
    if (!supported || !target) return undefined;
    // A new observer for a new callback: it reports at once whether the end is still in view (a short
    // page after a long one), so loading goes on until the screen is full or the list ends.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onVisible();
      },
      { rootMargin: '200px 0px' },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [onVisible, supported]);

  return (
    <div ref={element} className="records__sentinel" data-testid="records-sentinel">
      {supported ? null : (
        <button type="button" className="button button--small button--ghost" onClick={onVisible}>
          {t('records.loadMore')}
        </button>
      )}
    </div>
  );
}
