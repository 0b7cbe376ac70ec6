import type { RoundResults } from '@app/contracts/lucky-refund';
import { ROUND_STATUS, showsPreviousResults } from '@app/contracts/lucky-refund-rules';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/ui/dialog.tsx';
import type { Translate } from '../../../lib/i18n.ts';
import { usePopup } from '../../../lib/use-popup.ts';
import { getPreviousResults } from '../api/get-previous-results.ts';
import { useAmountText } from './amounts.ts';
import { rememberSeenRound, seenRoundIds } from './seen-rounds.ts';
import { VerifyLink } from './verify-link.tsx';
import { WinnersList } from './winners-list.tsx';

/** While the previous round is still being drawn, its results are asked again this often. */
const RETRY_MS = 5_000;

/**
 * The previous results over the round on sale (spec §4): once per round id (remembered 7 days), while more
 * than 180 s of the round remain; hidden once it is in its countdown or drawing. Through the shared popup
 * lock, released on close.
 */
export function PreviousResultsPopup({
  round,
  previousId,
  t,
}: {
  round: { id: number; status: number; remainingMillis: number };
  /** The round before it (none: nothing to show). */
  previousId: number | null;
  t: Translate;
}) {
  const amount = useAmountText(t);
  const [seen] = useState(() => seenRoundIds());
  const [results, setResults] = useState<RoundResults | null>(null);
  const [closed, setClosed] = useState(false);
  const due = !closed && previousId !== null && showsPreviousResults(round, seen);
  const finished = results?.refund?.status === ROUND_STATUS.finished && results.refund.sold > 0;

  useEffect(() => {
    if (!due || finished) return undefined;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = () => {
      getPreviousResults(round.id).then(
        (answer) => {
          if (stopped) return;
          setResults(answer);
          // Nothing to show for a round nobody played; a round still closing or drawing is asked again.
          if (answer.refund?.sold === 0) setClosed(true);
          else if (answer.refund?.status !== ROUND_STATUS.finished) timer = setTimeout(ask, RETRY_MS);
        },
        () => setClosed(true),
      );
    };
    ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [due, finished, round.id]);

  const visible = usePopup('lucky-refund-previous', due && finished);
  useEffect(() => {
    if (visible) rememberSeenRound(round.id);
  }, [visible, round.id]);
  if (!visible || !results?.refund) return null;
  const previous = results.refund;
  return (
    <Dialog
      label={t('lucky_refund.previousTitle', { id: previous.id })}
      onClose={() => setClosed(true)}
      className="lucky-refund-previous"
      testId="lucky-refund-previous"
    >
      <h2 className="lucky-refund-codes__title">{t('lucky_refund.previousTitle', { id: previous.id })}</h2>
      <p className="lucky-refund__note">
        {t('lucky_refund.prizeEach', { prize: amount(previous.prize), refund: amount(previous.refund) })}
      </p>
      <WinnersList winners={results.results} t={t} />
      <VerifyLink drawId={previous.id} t={t} />
      <button type="button" className="button button--primary button--block" onClick={() => setClosed(true)}>
        {t('lucky_refund.close')}
      </button>
    </Dialog>
  );
}
