import { showsCountdownPopup } from '@app/contracts/lucky-refund-rules';
import { Suspense, useState } from 'react';
import { hasCookie } from '../../../lib/cookies.ts';
import { lazyPage } from '../../../lib/lazy-page.ts';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { activeQuery } from '../api/get-active.ts';
import { useRoundClock } from './round-clock.ts';
import { COUNTDOWN_COOKIE } from './seen-rounds.ts';

// The dialog with its stylesheet and texts: fetched only for a round's last minute.
const LuckyRefundCountdownPopup = lazyPage(() =>
  import('./countdown-popup.tsx').then((module) => module.LuckyRefundCountdownPopup),
);

/**
 * Home's watch on the round on sale: the countdown popup (spec §4) is mounted only once the round is in its
 * last 60 s and the popup's cookie is not set. Every home visit used to load the popup's code, stylesheet
 * and texts for the minute or so a round spends there, and restyle the page when its stylesheet came
 * (docs/benchmarks.md, 2026-12-04). Once mounted the popup stays: it ends itself when its timer does.
 */
export function LuckyRefundCountdownWatch() {
  const { token } = useSession();
  const active = useQuery(activeQuery(token));
  const round = active.data?.enable ? (active.data.round ?? null) : null;
  const clock = useRoundClock(round, active.updatedAt, false);
  const [due, setDue] = useState(false);
  if (!due && round !== null && showsCountdownPopup(clock.status, hasCookie(COUNTDOWN_COOKIE))) setDue(true);
  return due ? (
    <Suspense fallback={null}>
      <LuckyRefundCountdownPopup />
    </Suspense>
  ) : null;
}
