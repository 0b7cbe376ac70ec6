import type { AdvertItem } from '@app/contracts/config';
import type { CodeView, LuckyRefundActive, Round } from '@app/contracts/lucky-refund';
import { isOnSale, LUCKY_REFUND_UNREAD_MARKER, ROUND_STATUS } from '@app/contracts/lucky-refund-rules';
import { PAGE_PATHS } from '@app/contracts/page-paths';
import { useCallback, useEffect, useState } from 'react';
import { useQuery } from '../../../lib/query.ts';
import { useSession } from '../../../lib/session.ts';
import { activeQuery } from '../api/get-active.ts';
import { getPersonalCodes } from '../api/get-personal-codes.ts';
import { roundResultsQuery } from '../api/get-round-results.ts';
import { useRoundClock } from './round-clock.ts';

/** While a round is drawn (or the next has not opened), the page asks again this often. */
const DRAWING_POLL_MS = 3_000;

export type IndexState = {
  active: LuckyRefundActive | undefined;
  activeStatus: 'pending' | 'success' | 'error';
  activeError: unknown;
  retry: () => void;
  round: Round | null;
  clock: { status: number; remainingMillis: number };
  previous: Round | null;
  myCodes: CodeView[];
  previousCodes: CodeView[];
  /** The codes popup's advert: unread codes after a purchase, or all of mine on demand. */
  codesAdvert: AdvertItem | null;
  showMyCodes: () => void;
  closeCodes: () => void;
  afterPurchase: () => void;
};

function codesAdvertOf(roundId: number, codes: readonly string[]): AdvertItem {
  return {
    id: roundId,
    title: LUCKY_REFUND_UNREAD_MARKER,
    url: PAGE_PATHS.luckyRefund,
    img: LUCKY_REFUND_UNREAD_MARKER,
    image: LUCKY_REFUND_UNREAD_MARKER,
    typeId: 0,
    sort: 0,
    content: codes.join(','),
  };
}

/**
 * What the index page shows, for both themes: the round on sale and its clock (asked again when it ends),
 * the round before it until it is drawn and paid, the member's codes in both, and the codes popup's advert.
 */
export function useLuckyRefundIndex(): IndexState {
  const { token, isLoggedIn } = useSession();
  const active = useQuery(activeQuery(token));
  const round = active.data?.round ?? null;
  const clock = useRoundClock(round, active.updatedAt, true);
  const previousId = active.data?.previousId ?? null;
  const previous = useQuery({ ...roundResultsQuery(previousId ?? 0), enabled: previousId !== null });
  const previousRound = previousId !== null ? (previous.data?.refund ?? null) : null;
  const [myCodes, setMyCodes] = useState<CodeView[]>([]);
  const [previousCodes, setPreviousCodes] = useState<CodeView[]>([]);
  const [codesAdvert, setCodesAdvert] = useState<AdvertItem | null>(null);
  const refetchActive = active.refetch;
  const refetchPrevious = previous.refetch;

  // The round ended on screen, or the next one has not opened: ask again for the round on sale.
  const waiting = round === null || !isOnSale(clock.status);
  useEffect(() => {
    if (!active.data?.enable || !waiting) return undefined;
    const startsIn = round?.status === ROUND_STATUS.initial ? Date.parse(round.startTime) - Date.now() : 0;
    const timer = setTimeout(
      () => void refetchActive().catch(() => undefined),
      Math.max(DRAWING_POLL_MS, startsIn),
    );
    return () => clearTimeout(timer);
  }, [active.data?.enable, waiting, round, active.updatedAt, refetchActive]);

  // The round before is asked again until it is drawn and paid.
  const previousDone = previousRound?.status === ROUND_STATUS.finished;
  useEffect(() => {
    if (previousId === null || previousDone) return undefined;
    const timer = setTimeout(() => void refetchPrevious().catch(() => undefined), DRAWING_POLL_MS);
    return () => clearTimeout(timer);
  }, [previousId, previousDone, previous.updatedAt, refetchPrevious]);

  const loadCodes = useCallback(async (roundId: number, withPopup: boolean) => {
    const answer = await getPersonalCodes(roundId);
    setMyCodes(answer.codes);
    if (withPopup && answer.unread) setCodesAdvert(answer.unread);
  }, []);
  const roundId = round?.id;
  useEffect(() => {
    if (!isLoggedIn || roundId === undefined) {
      setMyCodes([]);
      return;
    }
    void loadCodes(roundId, true).catch(() => undefined);
  }, [isLoggedIn, roundId, loadCodes]);
  useEffect(() => {
    if (!isLoggedIn || previousId === null || !previousDone) {
      setPreviousCodes([]);
      return;
    }
    getPersonalCodes(previousId).then(
      (answer) => setPreviousCodes(answer.codes),
      () => undefined,
    );
  }, [isLoggedIn, previousId, previousDone]);

  return {
    active: active.data,
    activeStatus: active.status,
    activeError: active.error,
    retry: () => void refetchActive().catch(() => undefined),
    round,
    clock,
    previous: previousRound,
    myCodes,
    previousCodes,
    codesAdvert,
    showMyCodes: () => {
      if (round && myCodes.length > 0)
        setCodesAdvert(
          codesAdvertOf(
            round.id,
            myCodes.map((code) => code.code),
          ),
        );
    },
    closeCodes: () => setCodesAdvert(null),
    afterPurchase: () => {
      if (roundId !== undefined) void loadCodes(roundId, true).catch(() => undefined);
      void refetchActive().catch(() => undefined);
    },
  };
}
