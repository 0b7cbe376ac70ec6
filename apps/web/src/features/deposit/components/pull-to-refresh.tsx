import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from '../../../lib/i18n.ts';

/** How far a pull from the top must go before letting go reloads. */
const PULL_THRESHOLD_PX = 70;
const MAX_PULL_PX = 110;

/**
 * Pull-to-refresh (spec §4 deposit screen): a downward pull while the page is at its top reloads the
 * page's data. Touch only; on a desktop the page reloads its data when it opens anyway.
 */
export function PullToRefresh({
  onRefresh,
  children,
}: {
  onRefresh: () => Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const start = useRef<number | null>(null);
  const [pull, setPull] = useState(0);
  const [refreshing, setRefreshing] = useState(false);

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    start.current = window.scrollY <= 0 && !refreshing ? (event.touches[0]?.clientY ?? null) : null;
  };
  const onTouchMove = (event: TouchEvent<HTMLDivElement>) => {
    if (start.current === null) return;
    const distance = (event.touches[0]?.clientY ?? start.current) - start.current;
    setPull(distance > 0 ? Math.min(distance / 2, MAX_PULL_PX) : 0);
  };
  const onTouchEnd = () => {
    const pulled = pull;
    start.current = null;
    setPull(0);
    if (pulled < PULL_THRESHOLD_PX / 2 || refreshing) return;
    setRefreshing(true);
    void onRefresh()
      .catch(() => undefined)
      .finally(() => setRefreshing(false));
  };

  return (
    <div
      onTouchStart={onTouchStart}
      onTouchMove={onTouchMove}
      onTouchEnd={onTouchEnd}
      onTouchCancel={onTouchEnd}
    >
      <div
        className="pull-to-refresh"
        style={{ height: refreshing ? 36 : pull }}
        aria-live="polite"
        data-testid="pull-to-refresh"
      >
        {refreshing
          ? t('deposit.refreshing')
          : pull >= PULL_THRESHOLD_PX / 2
            ? t('deposit.releaseToRefresh')
            : null}
      </div>
      {children}
    </div>
  );
}
