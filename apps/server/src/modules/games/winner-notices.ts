import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { consumeAllFacts, consumeFacts, type FactHandler } from '../wallet/money-facts.ts';
import { recordWin } from './games.service.ts';

/** The winner notices' cursor over the money facts (`fact_cursor.consumer`). */
export const WINNER_NOTICES = 'winner-notices';

/**
 * One batch of the money facts for the winner notices: each win of at least `minWin` from any game path
 * (in-house, crash, provider) becomes a notice (`recordWin`), in the transaction that moves this consumer's
 * cursor past it, so each big win is announced once, even across a crash. Replaces the in-memory hook the
 * game modules called after their commit (lost on a crash, swallowed on error). How many facts it read.
 */
export async function consumeWinnerFacts(db: Kysely<Database>, minWin: number): Promise<number> {
  return consumeFacts(db, WINNER_NOTICES, noticesOf(minWin));
}

/** Reads every fact committed so far (`consumeAllFacts`): tests, and a process finishing its work. */
export async function catchUpWinnerFacts(db: Kysely<Database>, minWin: number): Promise<number> {
  return consumeAllFacts(db, WINNER_NOTICES, noticesOf(minWin));
}

function noticesOf(minWin: number): FactHandler {
  return async (trx, facts) => {
    for (const fact of facts) {
      if (fact.kind !== 'win' || fact.gameId === null || fact.amount < minWin) continue;
      await recordWin(trx, { memberId: fact.memberId, gameId: fact.gameId, payout: fact.amount }, minWin);
    }
  };
}
