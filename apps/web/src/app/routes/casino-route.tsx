import type { GameMode } from '@app/contracts/game-rules';
import { lazy } from 'react';
import { CasinoPage, type CasinoParts } from '../../features/games/routes/casino-page.tsx';

/** The launch task entry (issue 14 §4): its own chunk, so the casino page loads without it. */
const LaunchTaskEntry = lazy(() =>
  import('../../features/diamonds/components/launch-task-entry.tsx').then((module) => ({
    default: module.LaunchTaskEntry,
  })),
);

/** The top-up dialog with the first-deposit bonus offer (issue 14 §2): its own chunk. */
const TopUpDialog = lazy(() =>
  import('../../features/bonus/components/bonus-offers.tsx').then((module) => ({
    default: module.TopUpDialog,
  })),
);

/** The active bonus's stake limit and its forfeit (issue 22 §2): its own chunk, launch mode only. */
const StakeLimitBar = lazy(() =>
  import('../../features/bonus/components/stake-limit-bar.tsx').then((module) => ({
    default: module.StakeLimitBar,
  })),
);

const PARTS: CasinoParts = {
  stakeLimit: (props) => <StakeLimitBar {...props} />,
  launchTask: (props) => <LaunchTaskEntry {...props} />,
  topUp: (props) => <TopUpDialog {...props} />,
};

/** The game page with the bonus and diamonds features' parts composed in. */
export function CasinoRoute({ mode }: { mode: GameMode }) {
  return <CasinoPage mode={mode} parts={PARTS} />;
}
