import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Job } from '../jobs/scheduler.ts';
import { consumeWinnerFacts } from './games/winner-notices.ts';
import { consumeMoneyTotals } from './promotions/money-totals.ts';

/** How often the consumers of money facts look for new ones. */
export const MONEY_FACT_INTERVAL_MS = 1_000;

/** Runs `consume` (one batch) until it finds nothing new. */
async function catchUp(consume: () => Promise<number>): Promise<void> {
  while ((await consume()) > 0);
}

/**
 * The consumers of money facts (docs/decisions.md "Money facts"): winner notices and the members' money
 * totals, each a batch at a time with its own cursor. Safe on several processes at once (a consumer's
 * cursor row is locked while it counts a batch) and after any stop (a batch and its cursor commit together).
 */
export function moneyFactJobs(deps: { db: Kysely<Database>; winnerNoticeMinWin: number }): Job[] {
  return [
    {
      name: 'winner-notices',
      intervalMs: MONEY_FACT_INTERVAL_MS,
      run: () => catchUp(() => consumeWinnerFacts(deps.db, deps.winnerNoticeMinWin)),
    },
    {
      name: 'member-money-totals',
      intervalMs: MONEY_FACT_INTERVAL_MS,
      run: () => catchUp(() => consumeMoneyTotals(deps.db)),
    },
  ];
}
