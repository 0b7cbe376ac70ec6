import { lazy, Suspense } from 'react';
import { DepositResultPage } from '../../features/deposit/routes/deposit-result-page.tsx';
import { lazyPage } from '../../lib/lazy-page.ts';

// Collect-cards' part of a first successful deposit: its own chunk, loaded only then.
const DepositChanceNote = lazyPage(() =>
  import('../../features/collect-cards/components/deposit-chance-note.tsx').then(
    (module) => module.DepositChanceNote,
  ),
);

/** The first-deposit bonus granted for the member's first paid deposit (issue 14 §2): its own chunk, members only. */
const FirstDepositBonusGift = lazy(() =>
  import('../../features/bonus/components/bonus-offers.tsx').then((module) => ({
    default: module.FirstDepositBonusGift,
  })),
);

/**
 * The deposit result page with what a first success of a member's order does in other features composed in
 * (spec platform-core §4: "touch the collect-cards chance for that order"; issue 14 §2: the first-deposit
 * bonus).
 */
export function DepositResultRoute() {
  return (
    <DepositResultPage
      afterFirstSuccess={(orderNo) => (
        <Suspense fallback={null}>
          <DepositChanceNote orderNo={orderNo} />
        </Suspense>
      )}
      afterFirstDeposit={() => (
        <Suspense fallback={null}>
          <FirstDepositBonusGift />
        </Suspense>
      )}
    />
  );
}
