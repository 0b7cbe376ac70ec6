import type { Kysely, Transaction } from 'kysely';
import { NOTICE_TYPE } from '@app/contracts/message-rules';
import type { Database } from '../../../db/schema.ts';
import type { Job } from '../../../jobs/job-runner.ts';
import { findGameName } from '../../games/catalogue/games.service.ts';
import { findMobiles } from '../../platform/member/member.service.ts';
import { factConsumer } from '../../platform/wallet/money-facts.ts';
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

/**
 * The winner notices from the money facts: each win of at least `minWin` from any game path (in-house,
 * crash, provider) becomes a notice (`recordWin`), in the transaction that moves this consumer's cursor past
 * it, so each big win is announced once, even across a crash. Replaces the in-memory hook the game modules
 * called after their commit (lost on a crash, swallowed on error).
 */
export const winnerNotices = (minWin: number) =>
  factConsumer({
    name: 'winner-notices',
    kinds: ['win'],
    handle: async (trx, wins) => {
      for (const fact of wins) {
        if (fact.gameId === null || fact.amount < minWin) continue;
        await recordWin(trx, { memberId: fact.memberId, gameId: fact.gameId, payout: fact.amount }, minWin);
      }
    },
  });

export function winnerNoticeJobs(db: Kysely<Database>, minWin: number): Job[] {
  return [winnerNotices(minWin).job(db)];
}
