import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, ProviderTransactionKind, ProviderTransactionState } from '../../db/schema.ts';

type Db = Kysely<Database> | Transaction<Database>;

export type ProviderTransactionRow = {
  id: number;
  transaction_uuid: string;
  kind: ProviderTransactionKind;
  member_id: number | null;
  game_id: number | null;
  round: string;
  reference_transaction_uuid: string | null;
  amount: number;
  currency: string;
  request_hash: string;
  state: ProviderTransactionState;
  journal_transaction_id: number | null;
};

const TRANSACTION_COLUMNS = [
  'id',
  'transaction_uuid',
  'kind',
  'member_id',
  'game_id',
  'round',
  'reference_transaction_uuid',
  'amount',
  'currency',
  'request_hash',
  'state',
  'journal_transaction_id',
] as const;

export async function findTransaction(
  db: Db,
  provider: string,
  transactionUuid: string,
): Promise<ProviderTransactionRow | undefined> {
  return db
    .selectFrom('provider_transaction')
    .select(TRANSACTION_COLUMNS)
    .where('provider', '=', provider)
    .where('transaction_uuid', '=', transactionUuid)
    .executeTakeFirst();
}

/**
 * The transaction row, locked until the end of the caller's transaction: a win and a rollback of the same
 * bet take this lock first, so they never both act on the bet.
 */
export async function lockTransaction(
  trx: Transaction<Database>,
  provider: string,
  transactionUuid: string,
): Promise<ProviderTransactionRow | undefined> {
  return trx
    .selectFrom('provider_transaction')
    .select(TRANSACTION_COLUMNS)
    .where('provider', '=', provider)
    .where('transaction_uuid', '=', transactionUuid)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Inserts a transaction row unless one with its id exists; undefined then. The unique id is what makes
 * two concurrent calls with one transaction_uuid take turns: the second waits for the first to commit.
 */
export async function insertTransaction(
  trx: Transaction<Database>,
  row: {
    provider: string;
    transactionUuid: string;
    kind: ProviderTransactionKind;
    memberId: number;
    gameId: number;
    round: string;
    referenceTransactionUuid: string | null;
    amount: number;
    currency: string;
    requestHash: string;
    request: unknown;
    state: ProviderTransactionState;
  },
): Promise<number | undefined> {
  const inserted = await trx
    .insertInto('provider_transaction')
    .values({
      provider: row.provider,
      transaction_uuid: row.transactionUuid,
      kind: row.kind,
      member_id: row.memberId,
      game_id: row.gameId,
      round: row.round,
      reference_transaction_uuid: row.referenceTransactionUuid,
      amount: row.amount,
      currency: row.currency,
      request_hash: row.requestHash,
      request: sql`${JSON.stringify(row.request)}::jsonb`,
      state: row.state,
    })
    .onConflict((conflict) => conflict.columns(['provider', 'transaction_uuid']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

export async function recordOutcome(
  trx: Transaction<Database>,
  id: number,
  outcome: { journalTransactionId: number | null; amount?: number },
): Promise<void> {
  await trx
    .updateTable('provider_transaction')
    .set({
      journal_transaction_id: outcome.journalTransactionId,
      ...(outcome.amount === undefined ? {} : { amount: outcome.amount }),
    })
    .where('id', '=', id)
    .execute();
}

export async function markRolledBack(trx: Transaction<Database>, id: number): Promise<void> {
  await trx.updateTable('provider_transaction').set({ state: 'rolled_back' }).where('id', '=', id).execute();
}

/** Whether a win was paid on this bet (a zero win too: it closed the round). */
export async function hasWinOn(
  trx: Transaction<Database>,
  provider: string,
  betUuid: string,
): Promise<boolean> {
  const row = await trx
    .selectFrom('provider_transaction')
    .select('id')
    .where('provider', '=', provider)
    .where('reference_transaction_uuid', '=', betUuid)
    .where('kind', '=', 'win')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

type RoundKey = { gameId: number; memberId: number; sessionId: number; round: string };

/**
 * Adds a bet's stake to its round, creating the round on its first bet. Answers the round's id, or
 * undefined when another member already owns a round of that id in this game (never merged).
 */
export async function addRoundStake(
  trx: Transaction<Database>,
  input: RoundKey & { stake: number; closed: boolean; betTransactionId: number | null },
): Promise<number | undefined> {
  const state = input.closed ? 'settled' : 'open';
  const settledAt = input.closed ? new Date() : null;
  const row = await trx
    .insertInto('game_round')
    .values({
      game_id: input.gameId,
      member_id: input.memberId,
      session_id: input.sessionId,
      mode: 'launch',
      provider_round: input.round,
      stake: input.stake,
      state,
      bet_transaction_id: input.betTransactionId,
      settled_at: settledAt,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['game_id', 'provider_round'])
        .doUpdateSet({
          stake: sql<number>`game_round.stake + excluded.stake`,
          state: sql<'open' | 'settled'>`excluded.state`,
          settled_at: sql<Date | null>`excluded.settled_at`,
          bet_transaction_id: sql<
            number | null
          >`coalesce(game_round.bet_transaction_id, excluded.bet_transaction_id)`,
        })
        .where('game_round.member_id', '=', input.memberId),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/** Adds a win to its bet's round and settles the round (a win closes it). Undefined as above. */
export async function addRoundPayout(
  trx: Transaction<Database>,
  input: RoundKey & { payout: number; winTransactionId: number | null },
): Promise<number | undefined> {
  const row = await trx
    .insertInto('game_round')
    .values({
      game_id: input.gameId,
      member_id: input.memberId,
      session_id: input.sessionId,
      mode: 'launch',
      provider_round: input.round,
      payout: input.payout,
      state: 'settled',
      win_transaction_id: input.winTransactionId,
      settled_at: new Date(),
    })
    .onConflict((conflict) =>
      conflict
        .columns(['game_id', 'provider_round'])
        .doUpdateSet({
          payout: sql<number>`game_round.payout + excluded.payout`,
          state: 'settled',
          settled_at: sql<Date>`excluded.settled_at`,
          win_transaction_id: sql<
            number | null
          >`coalesce(excluded.win_transaction_id, game_round.win_transaction_id)`,
        })
        .where('game_round.member_id', '=', input.memberId),
    )
    .returning('id')
    .executeTakeFirst();
  return row?.id;
}

/**
 * Takes a rolled-back bet's stake off its round. A round left with neither stake nor payout was
 * refunded as a whole.
 */
export async function removeRoundStake(
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
