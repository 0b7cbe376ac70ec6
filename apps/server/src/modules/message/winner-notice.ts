import type { Kysely, Transaction } from 'kysely';
import { NOTICE_TYPE } from '@app/contracts/message-rules';
import type { Database } from '../../db/schema.ts';
import type { Job } from '../../jobs/job-runner.ts';
import { findGameName } from '../games/games.service.ts';
import { findMobiles } from '../member/member.service.ts';
import {
  consumeAllFacts,
  consumeFacts,
  FACT_BATCH_LIMIT,
  FACT_CONSUMER_SECONDS,
  FACT_CONSUMERS_QUEUE,
  type FactHandler,
} from '../wallet/money-facts.ts';
import { publishNotice } from './message.service.ts';

/** How long a winner notice stays on the ticker. */
const WINNER_NOTICE_HOURS = 24;

/**
 * A win of at least WINNER_NOTICE_MIN_WIN becomes a winner notice (type 2; the message module masks the
 * mobile when it serves notices). The winners list reads the rounds themselves, so it needs nothing from
 * here. Returns the notice id, if any. Called by the consumer of money facts below, never by the games:
 * notices sit in a layer above them.
 */
export async function recordWin(
  db: Kysely<Database> | Transaction<Database>,
  win: { memberId: number; gameId: number; payout: number },
  minWin: number,
): Promise<number | undefined> {
  if (win.payout < minWin) return undefined;
  const [name, mobiles] = await Promise.all([
    findGameName(db, win.gameId),
    findMobiles({ db }, [win.memberId]),
  ]);
  const mobile = mobiles.get(win.memberId);
  if (name === undefined || !mobile) return undefined;
  return publishNotice(db, {
    type: NOTICE_TYPE.WINNER,
    message: `Big win on ${name}`,
    mobile,
    amount: win.payout,
    hours: WINNER_NOTICE_HOURS,
  });
}

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

/** The winner notices' job: every 2 s, batches while they come full (safe on several processes: the cursor is locked). */
export function winnerNoticeJobs(db: Kysely<Database>, minWin: number): Job[] {
  return [
    {
      name: WINNER_NOTICES,
      schedule: { everySeconds: FACT_CONSUMER_SECONDS },
      group: FACT_CONSUMERS_QUEUE,
      run: async () => {
        while ((await consumeWinnerFacts(db, minWin)) === FACT_BATCH_LIMIT);
      },
    },
  ];
}
