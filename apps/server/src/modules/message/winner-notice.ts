import type { Kysely } from 'kysely';
import { NOTICE_TYPE } from '@app/contracts/message-rules';
import type { Database } from '../../db/schema.ts';
import { findGameName } from '../games/games.service.ts';
import { findMobiles } from '../member/member.service.ts';
import { publishNotice } from './message.service.ts';

/** How long a winner notice stays on the ticker. */
const WINNER_NOTICE_HOURS = 24;

/**
 * After a real-money round is settled: a win of at least WINNER_NOTICE_MIN_WIN becomes a winner notice
 * (type 2; the message module masks the mobile when it serves notices). The winners list reads the rounds
 * themselves, so it needs nothing from here. Returns the notice id, if any. Notices belong to messages,
 * a layer above the games, so the games never call this: the app does.
 */
export async function recordWin(
  db: Kysely<Database>,
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
