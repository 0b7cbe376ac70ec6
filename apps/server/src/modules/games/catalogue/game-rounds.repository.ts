import { sql, type Insertable, type Kysely, type Selectable, type Transaction } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { GameRoundState, GameRoundTable } from './games.tables.ts';

/**
 * Every write of `game_round`, the round record of every game: the in-house games' rounds, the crash game's
 * bets (with their crash round) and the provider's rounds (their bets and wins are written by the provider's
 * database functions, provider.sql.ts, in the same statement as the call's record: db/table-owners.ts). The
 * engines read their own rounds with their own tables; the games module reads them all (history, big wins).
 */
type Db = Kysely<Database> | Transaction<Database>;

export type GameRoundRow = Selectable<GameRoundTable>;

export type RoundChange = {
  state?: GameRoundState;
  payout?: number;
  multiplier?: number | null;
  outcome?: unknown;
  /** When a change of state ends the round; now when not given. */
  settledAt?: Date;
  betTransactionId?: number;
  winTransactionId?: number;
  refundTransactionId?: number;
};

/** A new round (the caller's transaction): the row as written. */
export async function insertRound(
  trx: Transaction<Database>,
  round: Insertable<GameRoundTable>,
): Promise<GameRoundRow> {
  return trx.insertInto('game_round').values(round).returningAll().executeTakeFirstOrThrow();
}

/**
 * Moves a round on from the state the caller saw (a state other than open settles it); the row as changed,
 * or undefined when another request moved it first.
 */
export async function updateRound(
  db: Db,
  id: number,
  from: GameRoundState,
  change: RoundChange,
): Promise<GameRoundRow | undefined> {
  return db
    .updateTable('game_round')
    .set({
      ...(change.state !== undefined && { state: change.state }),
      ...(change.state !== undefined &&
        change.state !== 'open' && { settled_at: change.settledAt ?? new Date() }),
      ...(change.payout !== undefined && { payout: change.payout }),
      ...(change.multiplier !== undefined && { multiplier: change.multiplier }),
      ...(change.outcome !== undefined && { outcome: JSON.stringify(change.outcome) }),
      ...(change.betTransactionId !== undefined && { bet_transaction_id: change.betTransactionId }),
      ...(change.winTransactionId !== undefined && { win_transaction_id: change.winTransactionId }),
      ...(change.refundTransactionId !== undefined && { refund_transaction_id: change.refundTransactionId }),
    })
    .where('id', '=', id)
    .where('state', '=', from)
    .returningAll()
    .executeTakeFirst();
}

/** Records a journal transaction of a round, whatever its state (a win credited after it settled). */
export async function setRoundTransaction(
  db: Db,
  id: number,
  transaction: { bet: number } | { win: number } | { refund: number },
): Promise<void> {
  await db
    .updateTable('game_round')
    .set(
      'bet' in transaction
        ? { bet_transaction_id: transaction.bet }
        : 'win' in transaction
          ? { win_transaction_id: transaction.win }
          : { refund_transaction_id: transaction.refund },
    )
    .where('id', '=', id)
    .execute();
}

/** Every bet of a crash round still open when it crashed loses: payout 0, multiplier 0. */
export async function loseOpenCrashBets(db: Db, crashRoundId: number, settledAt: Date): Promise<number> {
  const result = await db
    .updateTable('game_round')
    .set({ state: 'settled', payout: 0, multiplier: 0, settled_at: settledAt })
    .where('crash_round_id', '=', crashRoundId)
    .where('state', '=', 'open')
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Takes a rolled-back provider bet's stake off its round. A round left with neither stake nor payout was
 * refunded as a whole.
 */
export async function removeProviderRoundStake(
  trx: Transaction<Database>,
  input: {
    gameId: number;
    memberId: number;
    round: string;
    stake: number;
    refundTransactionId: number | null;
  },
): Promise<void> {
  const emptied = sql<boolean>`game_round.stake - ${input.stake} = 0 and game_round.payout = 0`;
  await trx
    .updateTable('game_round')
    .set({
      stake: sql<number>`game_round.stake - ${input.stake}`,
      state: sql<
        'open' | 'settled' | 'refunded'
      >`case when ${emptied} then 'refunded' else game_round.state end`,
      settled_at: sql<Date | null>`case when ${emptied} then now() else game_round.settled_at end`,
      refund_transaction_id: sql<
        number | null
      >`coalesce(${input.refundTransactionId}::bigint, game_round.refund_transaction_id)`,
    })
    .where('game_id', '=', input.gameId)
    .where('provider_round', '=', input.round)
    .where('member_id', '=', input.memberId)
    .execute();
}
