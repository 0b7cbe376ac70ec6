import type { CodeView } from '@app/contracts/lucky-refund';
import type { Translate } from '../../../lib/i18n.ts';
import { useAmountText } from './amounts.ts';
import { VerifyLink } from './verify-link.tsx';

/**
 * The member's codes in a round, each with what it got once the round was paid, and, once it is drawn
 * (`drawId`), a link to verify that ticket in the round's draw.
 */
export function MyCodes({
  codes,
  t,
  testId,
  drawId,
}: {
  codes: CodeView[];
  t: Translate;
  testId: string;
  drawId?: number;
}) {
  const amount = useAmountText(t);
  if (codes.length === 0) return null;
  return (
    <ul className="lucky-refund__my-codes" aria-label={t('lucky_refund.tabs.codes')} data-testid={testId}>
      {codes.map((code) => (
        <li key={code.ticketNo} className={`lucky-refund__my-code lucky-refund__my-code--${code.state}`}>
          <span className="lucky-refund__code">{code.code}</span>
          <span data-testid={`${testId}-state`}>
            {t(`lucky_refund.state.${code.state}`, { amount: amount(code.amount, code.currency) })}
          </span>
          {drawId !== undefined ? (
            <VerifyLink drawId={drawId} ticketNo={code.ticketNo} t={t} testId={`${testId}-verify`} />
          ) : null}
        </li>
      ))}
    </ul>
  );
}
