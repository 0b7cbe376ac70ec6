import type { Winner } from '@app/contracts/lucky-refund';
import type { Translate } from '../../../lib/i18n.ts';
import { useAmountText } from './amounts.ts';

/** A draw's winning codes: the code, the winner's masked mobile, the prize. */
export function WinnersList({
  winners,
  mine,
  t,
}: {
  winners: Winner[];
  mine?: readonly string[];
  t: Translate;
}) {
  const amount = useAmountText(t);
  return (
    <ul
      className="lucky-refund__winners"
      aria-label={t('lucky_refund.winners')}
      data-testid="lucky-refund-winners"
    >
      {winners.map((winner) => (
        <li
          key={winner.ticketNo}
          className={`lucky-refund__winner${mine?.includes(winner.code) ? ' lucky-refund__winner--mine' : ''}`}
        >
          <span className="lucky-refund__code">{winner.code}</span>
          <span className="lucky-refund__member">{winner.member}</span>
          <strong>{amount(winner.amount)}</strong>
        </li>
      ))}
    </ul>
  );
}
