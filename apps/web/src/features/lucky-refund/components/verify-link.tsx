import { drawVerifyPath } from '@app/contracts/paths';
import type { Translate } from '../../../lib/i18n.ts';

/**
 * The fairness verifier's page for a draw (a page of the game centre, outside the app's router), with the
 * player's ticket when given: its place in the committed list, the beacon, the winners recomputed.
 */
export function VerifyLink({
  drawId,
  ticketNo,
  t,
  testId = 'lucky-refund-verify',
}: {
  drawId: number;
  ticketNo?: number;
  t: Translate;
  testId?: string;
}) {
  return (
    <a className="lucky-refund__verify" href={drawVerifyPath(drawId, ticketNo)} data-testid={testId}>
      {t('lucky_refund.verify')}
    </a>
  );
}
