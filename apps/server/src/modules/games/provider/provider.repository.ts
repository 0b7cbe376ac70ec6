import { CompiledQuery, sql, type Kysely, type Transaction } from 'kysely';
import type {
  Database,
  MemberStatus,
  ProviderTransactionKind,
  ProviderTransactionState,
} from '../../../db/schema.ts';
import {
  gameByCodeQuery,
  gameSessionByTokenHashQuery,
  gameSessionMemberQuery,
  type GameRow,
  type GameSessionRow,
} from '../catalogue/game-session.service.ts';
import { bettingStateQuery } from '../../platform/member/member.service.ts';
import type { LedgerCall } from '../../platform/wallet/wallet.service.ts';

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

/**
 * Everything a call must know before it acts, read in ONE query (the provider's calls are the busiest path
 * of the server, and four lookups one after the other were a third of a bet's round trips): the game
 * session of the token, the game the call names, the session's member, and any earlier call with the same
 * transaction_uuid. The rules about them stay with their modules (`gameSessionOf`, `rightToBetOf`), and so
 * do their tables: each owning module hands its part over as an unexecuted Kysely query (the games module's
 * `gameSessionByTokenHashQuery`, `gameByCodeQuery`, `gameSessionMemberQuery`, the member module's
 * `bettingStateQuery`, the same queries their own reads run), which this embeds as subqueries.
 */
export type CallRecords = {
  session: GameSessionRow | undefined;
  game: GameRow | undefined;
  member: { status: MemberStatus; betting_session_id: number | null } | undefined;
  existing: ProviderTransactionRow | undefined;
};

type SessionJson = Omit<GameSessionRow, 'last_seen_at' | 'expires_at' | 'closed_at'> & {
  last_seen_at: string;
  expires_at: string;
  closed_at: string | null;
};

type CallRecordsInput = {
  provider: string;
  tokenHash: string;
  gameCode: string | undefined;
  transactionUuid: string | undefined;
};

type CallRecordsRow = {
  session: SessionJson | null;
  game: GameRow | null;
  member: CallRecords['member'] | null;
  existing: ProviderTransactionRow | null;
};

/** The values a call gives the composed statement; a marker of each stands in for it when it is compiled. */
type CallRecordsValue = 'provider' | 'tokenHash' | 'gameCode' | 'transactionUuid';
const MARKER = '\u0000call-records:';

/**
 * The composed statement, built by the owners' query functions and compiled ONCE per shape (with or without a
 * game), not per call: building and compiling the four Kysely queries cost tens of microseconds of CPU on every
 * bet and win (issue 22, a tenth of the server's work on a round), though only the values change. The owners'
 * functions are called with markers; where each marker lands among the compiled parameters is where that
 * value goes, and any other parameter (a constant of an owner's query) keeps its compiled value. Both engines
 * compile with Kysely's PostgreSQL compiler, so one text serves both.
 */
const compiledCallRecords = new Map<
  boolean,
  { sql: string; slots: (CallRecordsValue | { value: unknown })[] }
>();

function callRecordsStatement(db: Db, withGame: boolean) {
  const cached = compiledCallRecords.get(withGame);
  if (cached) return cached;
  const marker = (value: CallRecordsValue) => `${MARKER}${value}`;
  const sessionQuery = gameSessionByTokenHashQuery(db, marker('tokenHash'));
  const gameQuery = withGame ? gameByCodeQuery(db, marker('gameCode')) : undefined;
  const memberQuery = bettingStateQuery(db, gameSessionMemberQuery(db, marker('tokenHash')).$asScalar());
  const existingQuery = db
    .selectFrom('provider_transaction')
    .select(TRANSACTION_COLUMNS)
    .where('provider', '=', marker('provider'))
    .where('transaction_uuid', '=', marker('transactionUuid'));
  // row_to_json keeps each record whole (or null) without a column alias per field; timestamps come back
  // as text and are turned into dates below.
  const compiled = sql<CallRecordsRow>`
    select
      (select row_to_json(found) from ${sessionQuery} as found) as session,
      ${gameQuery === undefined ? sql`null` : sql`(select row_to_json(found) from ${gameQuery} as found)`} as game,
      (select row_to_json(found) from ${memberQuery} as found) as member,
      (select row_to_json(found) from ${existingQuery} as found) as existing
  `.compile(db);
  const statement = {
    sql: compiled.sql,
    slots: compiled.parameters.map((parameter) =>
      typeof parameter === 'string' && parameter.startsWith(MARKER)
        ? (parameter.slice(MARKER.length) as CallRecordsValue)
        : { value: parameter },
    ),
  };
  compiledCallRecords.set(withGame, statement);
  return statement;
}

export async function findCallRecords(db: Db, input: CallRecordsInput): Promise<CallRecords> {
  // One statement, one round trip, and no other module's table named here.
  const statement = callRecordsStatement(db, input.gameCode !== undefined);
  const values: Record<CallRecordsValue, string | null> = {
    provider: input.provider,
    tokenHash: input.tokenHash,
    gameCode: input.gameCode ?? null,
    transactionUuid: input.transactionUuid ?? null,
  };
  const { rows } = await db.executeQuery<CallRecordsRow>(
    CompiledQuery.raw(
      statement.sql,
      statement.slots.map((slot) => (typeof slot === 'string' ? values[slot] : slot.value)),
    ),
  );
  const [row] = rows;
  const session = row?.session;
  return {
    session: session
      ? {
          ...session,
          last_seen_at: new Date(session.last_seen_at),
          expires_at: new Date(session.expires_at),
          closed_at: session.closed_at === null ? null : new Date(session.closed_at),
        }
      : undefined,
    game: row?.game ?? undefined,
    member: row?.member ?? undefined,
    existing: row?.existing ?? undefined,
  };
}

type CallRecord = {
  provider: string;
  transactionUuid: string;
  memberId: number;
  gameId: number;
  sessionId: number;
  round: string;
  amount: number;
  currency: string;
  requestHash: string;
  request: unknown;
  /** The member's ledger account (ACCOUNT.player): the answer's balance. */
  playerAccount: string;
};

/**
 * What `provider_bet` / `provider_win` (migration 0021) answer: `done` with the player's cash after the call,
 * or `replay` when a call with the same transaction_uuid was recorded first (nothing done).
 */
export type CallOutcome = { outcome: 'done'; cash: number } | { outcome: 'replay' };

/**
 * A bet: its record, the wallet's debit (`ledger`, absent for a zero stake) and its round, in one statement.
 * Raises the ledger's WL001 when the cash is short and PV001 when the round is another member's; either
 * undoes everything.
 */
export async function placeBet(
  db: Db,
  call: CallRecord & { roundClosed: boolean; ledger: LedgerCall | undefined },
): Promise<CallOutcome> {
  const { rows } = await sql<{ call_outcome: 'done' | 'replay'; player_cash: number | null }>`
    select call_outcome, player_cash from provider_bet(
      ${call.provider}, ${call.transactionUuid}, ${call.memberId}, ${call.gameId}, ${call.sessionId},
      ${call.round}, ${call.roundClosed}, ${call.amount}, ${call.currency}, ${call.requestHash},
      ${JSON.stringify(call.request)}::jsonb, ${call.ledger?.key ?? null}, ${call.ledger?.payloadHash ?? null},
      ${call.ledger?.kind ?? null}, ${call.ledger?.description ?? null}, ${call.playerAccount},
      ${call.ledger?.counterparty ?? null}
    )`.execute(db);
  return outcomeOf(rows[0]);
}

/**
 * A win on the bet `betTransactionUuid`: its record, the lock on the bet, the wallet's credit (absent for a
 * zero win) and the round, in one statement. Raises PV404 when that is not this player's bet in this game,
 * PV409 when the bet was rolled back; either undoes everything.
 */
export async function payWin(
  db: Db,
  call: CallRecord & { betTransactionUuid: string; ledger: LedgerCall | undefined },
): Promise<CallOutcome> {
  const { rows } = await sql<{ call_outcome: 'done' | 'replay'; player_cash: number | null }>`
    select call_outcome, player_cash from provider_win(
      ${call.provider}, ${call.transactionUuid}, ${call.memberId}, ${call.gameId}, ${call.sessionId},
      ${call.round}, ${call.betTransactionUuid}, ${call.amount}, ${call.currency}, ${call.requestHash},
      ${JSON.stringify(call.request)}::jsonb, ${call.ledger?.key ?? null}, ${call.ledger?.payloadHash ?? null},
      ${call.ledger?.kind ?? null}, ${call.ledger?.description ?? null}, ${call.playerAccount},
      ${call.ledger?.counterparty ?? null}
    )`.execute(db);
  return outcomeOf(rows[0]);
}

function outcomeOf(
  row: { call_outcome: 'done' | 'replay'; player_cash: number | null } | undefined,
): CallOutcome {
  if (!row) throw new Error('a provider call statement returned nothing');
  if (row.call_outcome === 'replay') return { outcome: 'replay' };
  // No player account: the member has no cash (the debit would have refused a stake first).
  return { outcome: 'done', cash: Number(row.player_cash ?? 0) };
}
