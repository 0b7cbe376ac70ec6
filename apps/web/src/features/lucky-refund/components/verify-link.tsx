import type { Translate } from '../../../lib/i18n.ts';

/** The fairness verifier's page for a draw (a page of the game centre, outside the app's router). */
export function VerifyLink({ drawId, t }: { drawId: number; t: Translate }) {
  return (
    <a
      className="lucky-refund__verify"
      href={`/game-center/verify/draw/${drawId}`}
      data-testid="lucky-refund-verify"
    >
      {t('lucky_refund.verify')}
    </a>
  );
}
