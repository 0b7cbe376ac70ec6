import { CompiledQuery, sql, type Kysely, type RawBuilder, type Selectable, type Transaction } from 'kysely';
import type {
  CrashRoundState,
  Database,
  GameMode,
  GameRoundState,
  MemberStatus,
} from '../../../db/schema.ts';
import * as rounds from '../catalogue/game-rounds.service.ts';
import {
  gameByIdQuery,
  gameSessionsFoundQuery,
  type GameRow,
  type GameSessionRow,
} from '../catalogue/game-session.service.ts';
import { bettingStateQuery, memberMobilesQuery } from '../../platform/member/member.service.ts';
import { kycStatusQuery } from '../../platform/kyc/kyc.service.ts';
import { activeStakeCapQuery } from '../../platform/wallet/bonus-pocket.ts';
import type { Settled } from '../../../db/batched-calls.ts';
import { prepared } from '../../../db/prepared-statements.ts';
import type { LedgerCall } from '../../platform/wallet/wallet.service.ts';
import type { CrashRoundTable } from './crash.tables.ts';

/**
 * All SQL of the crash game: its chains and shared rounds (crash_chain, crash_round, its own tables) and the
 * reads of its bets (game_round rows with crash_round_id, as every module's rounds are). The bets are
 * written through the games module's round functions, which own game_round, except a real-money bet, which
 * `crash_bet` (crash.sql.ts) inserts with its debit in one statement, and its cash-out, which `crash_cashout`
 * settles with its credit in one (db/table-owners.ts says why); the play money of a demo session
 * (game_session.demo_balance) is moved by the games module, by a conditional update.
 */
type Db = Kysely<Database> | Transaction<Database>;

export type ChainRow = {
  id: number;
  seed: string;
  length: number;
  commitment: string;
  salt: string;
  created_at: Date;
};

const CHAIN_COLUMNS = ['id', 'seed', 'length', 'commitment', 'salt', 'created_at'] as const;

export async function findLatestChain(db: Db): Promise<ChainRow | undefined> {
  return db.selectFrom('crash_chain').select(CHAIN_COLUMNS).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

export async function findChains(db: Db, ids: readonly number[]): Promise<ChainRow[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('crash_chain')
    .select(CHAIN_COLUMNS)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
}

export async function insertChain(
  db: Db,
  chain: { seed: string; length: number; commitment: string; salt: string },
): Promise<ChainRow> {
  return db.insertInto('crash_chain').values(chain).returning(CHAIN_COLUMNS).executeTakeFirstOrThrow();
}

export type CrashRoundRow = Pick<Selectable<CrashRoundTable>, (typeof ROUND_COLUMNS)[number]>;

const ROUND_COLUMNS = [
  'id',
  'chain_id',
  'chain_index',
  'game_hash',
  'crash_point',
  'state',
  'betting_ends_at',
  'started_at',
  'ended_at',
] as const;

/** The highest game number of a chain played so far (0 before its first round). */
export async function findLastChainIndex(db: Db, chainId: number): Promise<number> {
  const row = await db
    .selectFrom('crash_round')
    .select((eb) => eb.fn.max('chain_index').as('last'))
    .where('chain_id', '=', chainId)
    .executeTakeFirst();
  return row?.last ?? 0;
}

export async function insertRound(
  db: Db,
  round: { chainId: number; chainIndex: number; gameHash: string; crashPoint: number; bettingEndsAt: Date },
): Promise<CrashRoundRow> {
  return db
    .insertInto('crash_round')
    .values({
      chain_id: round.chainId,
      chain_index: round.chainIndex,
      game_hash: round.gameHash,
      crash_point: round.crashPoint,
      state: 'betting',
      betting_ends_at: round.bettingEndsAt,
    })
    .returning(ROUND_COLUMNS)
    .executeTakeFirstOrThrow();
}

export async function findRound(db: Db, id: number): Promise<CrashRoundRow | undefined> {
  return db.selectFrom('crash_round').select(ROUND_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The newest round, whatever its state. */
export async function findLatestRound(db: Db): Promise<CrashRoundRow | undefined> {
  return db.selectFrom('crash_round').select(ROUND_COLUMNS).orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** The game before `round` in its chain, for its hash (the chain's commitment stands in for game 0). */
export async function findRoundByIndex(
  db: Db,
  chainId: number,
  chainIndex: number,
): Promise<CrashRoundRow | undefined> {
  return db
    .selectFrom('crash_round')
    .select(ROUND_COLUMNS)
    .where('chain_id', '=', chainId)
    .where('chain_index', '=', chainIndex)
    .executeTakeFirst();
}

/**
 * Locks the round for a bet or a cash-out while it is in `state` (FOR SHARE): the engine's move to the next
 * state updates the row, so it waits for every bet or cash-out holding the lock, and one that comes after
 * the move finds the round no longer in `state`. Undefined when it is not.
 */
export async function lockRoundIn(
  trx: Transaction<Database>,
  id: number,
  states: readonly CrashRoundState[],
): Promise<CrashRoundRow | undefined> {
  return trx
    .selectFrom('crash_round')
    .select(ROUND_COLUMNS)
    .where('id', '=', id)
    .where('state', 'in', states)
    .forShare()
    .executeTakeFirst();
}

/** The round taking bets, if any, locked (shared) for the caller's transaction: a bet's guard. */
export async function lockBettingRound(trx: Transaction<Database>): Promise<CrashRoundRow | undefined> {
  return trx
    .selectFrom('crash_round')
    .select(ROUND_COLUMNS)
    .where('state', '=', 'betting')
    .orderBy('id', 'desc')
    .limit(1)
    .forShare()
    .executeTakeFirst();
}

/** Moves a round on from the state the caller saw; undefined when it was not in that state any more. */
export async function moveRound(
  db: Db,
  id: number,
  from: CrashRoundState,
  change: { state: CrashRoundState; startedAt?: Date; endedAt?: Date },
): Promise<CrashRoundRow | undefined> {
  return db
    .updateTable('crash_round')
    .set({
      state: change.state,
      ...(change.startedAt && { started_at: change.startedAt }),
      ...(change.endedAt && { ended_at: change.endedAt }),
    })
    .where('id', '=', id)
    .where('state', '=', from)
    .returning(ROUND_COLUMNS)
    .executeTakeFirst();
}

/** The round taking bets or running, if any (crash_round_one_live allows one at most). */
export async function findLiveRound(db: Db): Promise<CrashRoundRow | undefined> {
  return db
    .selectFrom('crash_round')
    .select(ROUND_COLUMNS)
    .where('state', 'in', ['betting', 'running'])
    .executeTakeFirst();
}

/**
 * Takes or renews the drivers' lease for `holder` until `leaseMs` from now by the database's clock: it is
 * taken when nobody holds it, when it lapsed, or when `holder` holds it already. Returns the lease's term
 * (a new term at each hand-over) or undefined when another process holds it.
 */
export async function holdDriverLease(db: Db, holder: string, leaseMs: number): Promise<number | undefined> {
  const { rows } = await sql<{ term: string }>`
    insert into crash_driver as d (id, holder, term, lease_until, since)
    values (1, ${holder}, 1, clock_timestamp() + ${leaseMs} * interval '1 millisecond', clock_timestamp())
    on conflict (id) do update
      set holder = excluded.holder,
          term = case when d.holder = excluded.holder then d.term else d.term + 1 end,
          lease_until = excluded.lease_until,
          since = case when d.holder = excluded.holder then d.since else excluded.since end
      where d.holder = excluded.holder or d.lease_until < clock_timestamp()
    returning term`.execute(db);
  return rows[0] ? Number(rows[0].term) : undefined;
}

/** Gives the lease up at once (a clean stop), so a successor need not wait for it to lapse. */
export async function releaseDriverLease(db: Db, holder: string): Promise<void> {
  await sql`
    update crash_driver set lease_until = clock_timestamp() - interval '1 millisecond'
    where id = 1 and holder = ${holder}`.execute(db);
}

/** The process that drives the rounds: its lease's holder, term, since when it holds it and until when. */
export type CrashDriver = { holder: string; term: number; since: Date; leaseUntil: Date };

/** Who drives the rounds now, if anyone holds a live lease. */
export async function findDriver(db: Db): Promise<CrashDriver | undefined> {
  const row = await db
    .selectFrom('crash_driver')
    .select(['holder', 'term', 'lease_until', 'since'])
    .where('id', '=', 1)
    .where(sql<boolean>`lease_until > clock_timestamp()`)
    .executeTakeFirst();
  return row && { holder: row.holder, term: Number(row.term), leaseUntil: row.lease_until, since: row.since };
}

/** The last rounds over (crashed or cancelled), newest first. */
export async function listFinishedRounds(db: Db, limit: number): Promise<CrashRoundRow[]> {
  return db
    .selectFrom('crash_round')
    .select(ROUND_COLUMNS)
    .where('state', 'in', ['crashed', 'cancelled'])
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export type BetRow = {
  id: number;
  game_id: number;
  member_id: number | null;
  session_id: number | null;
  mode: GameMode;
  crash_round_id: number;
  stake: number;
  payout: number;
  multiplier: number | null;
  state: GameRoundState;
  options: Record<string, unknown>;
  outcome: unknown;
  bet_transaction_id: number | null;
  win_transaction_id: number | null;
  created_at: Date;
};

const BET_COLUMNS = [
  'id',
  'game_id',
  'member_id',
  'session_id',
  'mode',
  'crash_round_id',
  'stake',
  'payout',
  'multiplier',
  'state',
  'options',
  'outcome',
  'bet_transaction_id',
  'win_transaction_id',
  'created_at',
] as const;

function selectBets(db: Db) {
  return db
    .selectFrom('game_round')
    .select(BET_COLUMNS)
    .$narrowType<{ crash_round_id: number }>()
    .where('crash_round_id', 'is not', null);
}

export async function insertBet(
  trx: Transaction<Database>,
  bet: {
    gameId: number;
    memberId: number | null;
    sessionId: number;
    mode: GameMode;
    crashRoundId: number;
    stake: number;
    autoCashout: number | null;
  },
): Promise<BetRow> {
  const row = await rounds.insertRound(trx, {
    game_id: bet.gameId,
    member_id: bet.memberId,
    session_id: bet.sessionId,
    mode: bet.mode,
    crash_round_id: bet.crashRoundId,
    stake: bet.stake,
    payout: 0,
    multiplier: null,
    state: 'open',
    options: { autoCashout: bet.autoCashout },
    outcome: null,
  });
  return asBet(row);
}

/** A crash bet's columns of a round row (a round with its crash round). */
function asBet(row: rounds.GameRoundRow): BetRow {
  const bet = Object.fromEntries(BET_COLUMNS.map((column) => [column, row[column]]));
  return bet as BetRow;
}

export async function findBet(db: Db, id: number): Promise<BetRow | undefined> {
  return selectBets(db).where('id', '=', id).executeTakeFirst();
}

/** The player's bet in a round: a member's (real play) or a demo session's. */
export async function findPlayerBet(
  db: Db,
  crashRoundId: number,
  player: { mode: GameMode; memberId: number | null; sessionId: number },
): Promise<BetRow | undefined> {
  const query = selectBets(db).where('crash_round_id', '=', crashRoundId).where('mode', '=', player.mode);
  return (
    player.mode === 'launch' && player.memberId !== null
      ? query.where('member_id', '=', player.memberId)
      : query.where('session_id', '=', player.sessionId)
  ).executeTakeFirst();
}

export async function listRoundBets(db: Db, crashRoundId: number): Promise<BetRow[]> {
  return selectBets(db).where('crash_round_id', '=', crashRoundId).orderBy('id').execute();
}

/** Settles an open bet (a cash-out, or a loss with payout 0); undefined when it was not open any more. */
export async function settleOpenBet(
  db: Db,
  id: number,
  result: { payout: number; multiplier: number; outcome: unknown; settledAt: Date },
): Promise<BetRow | undefined> {
  const row = await rounds.updateRound(db, id, 'open', {
    state: 'settled',
    payout: result.payout,
    multiplier: result.multiplier,
    outcome: result.outcome,
    settledAt: result.settledAt,
  });
  return row && asBet(row);
}

/**
 * A member's open bet cashed out in ONE statement (`crash_cashout`, crash.sql.ts): the round held running
 * or crashed, the bet settled if still open, a positive payout credited by the wallet's `ledger_credit`
 * under `ledger`'s key and the win's transaction recorded. 'round-over' or 'not-open' when nothing was done.
 */
export async function cashOutMemberBet(
  db: Db,
  cashOut: {
    roundId: number;
    betId: number;
    payout: number;
    multiplier: number;
    outcome: unknown;
    settledAt: Date;
    /** The credit of a positive payout; none for nothing won. */
    ledger: LedgerCall | undefined;
  },
): Promise<
  { outcome: 'done'; winTransactionId: number | null; cash: number } | { outcome: 'round-over' | 'not-open' }
> {
  const { ledger } = cashOut;
  const statement = sql<{
    cashout_outcome: 'done' | 'round-over' | 'not-open';
    win_transaction_id: number | null;
    player_cash: number | null;
  }>`
    select * from crash_cashout(
      ${cashOut.roundId}, ${cashOut.betId}, ${cashOut.payout}, ${cashOut.multiplier},
      ${JSON.stringify(cashOut.outcome)}::jsonb, ${cashOut.settledAt}, ${ledger?.key ?? null},
      ${ledger?.payloadHash ?? null}, ${ledger?.kind ?? null}, ${ledger?.description ?? null},
      ${ledger?.player ?? null}, ${ledger?.counterparty ?? null}
    )`;
  const { rows } = await db.executeQuery(prepared(statement.compile(db)));
  const row = rows[0];
  if (!row) throw new Error('crash_cashout returned nothing');
  if (row.cashout_outcome !== 'done') return { outcome: row.cashout_outcome };
  return {
    outcome: 'done',
    winTransactionId: row.win_transaction_id === null ? null : Number(row.win_transaction_id),
    cash: Number(row.player_cash ?? 0),
  };
}

/** Every bet of a round still open when it crashed loses: payout 0, multiplier 0. */
export async function loseOpenBets(db: Db, crashRoundId: number, settledAt: Date): Promise<number> {
  return rounds.loseOpenCrashBets(db, crashRoundId, settledAt);
}

export async function setWinTransaction(db: Db, id: number, winTransactionId: number): Promise<void> {
  await rounds.setRoundTransaction(db, id, { win: winTransactionId });
}

/** Closes an open bet of a cancelled round (refunded, or cancelled when no stake was taken); false if not open. */
export async function closeOpenBet(
  db: Db,
  id: number,
  state: 'refunded' | 'cancelled',
  settledAt: Date,
): Promise<boolean> {
  return (await rounds.updateRound(db, id, 'open', { state, payout: 0, settledAt })) !== undefined;
}

export async function setRefundTransaction(db: Db, id: number, refundTransactionId: number): Promise<void> {
  await rounds.setRoundTransaction(db, id, { refund: refundTransactionId });
}

/**
 * Open bets of rounds that are over (a stop left them): refunded if the round was cancelled, lost if it
 * crashed before `crashedBefore` (a round that crashed later still takes the cash-outs received in time).
 */
export async function findOpenBetsOfFinishedRounds(
  db: Db,
  limit: number,
  crashedBefore: Date,
): Promise<(BetRow & { round_state: CrashRoundState })[]> {
  return db
    .selectFrom('game_round as b')
    .innerJoin('crash_round as r', 'r.id', 'b.crash_round_id')
    .select([
      'b.id',
      'b.game_id',
      'b.member_id',
      'b.session_id',
      'b.mode',
      'b.crash_round_id',
      'b.stake',
      'b.payout',
      'b.multiplier',
      'b.state',
      'b.options',
      'b.outcome',
      'b.bet_transaction_id',
      'b.win_transaction_id',
      'b.created_at',
      'r.state as round_state',
    ])
    .$narrowType<{ crash_round_id: number }>()
    .where('b.state', '=', 'open')
    .where((eb) =>
      eb.or([
        eb('r.state', '=', 'cancelled'),
        eb.and([eb('r.state', '=', 'crashed'), eb('r.ended_at', '<', crashedBefore)]),
      ]),
    )
    .orderBy('b.id')
    .limit(limit)
    .execute();
}

/** Real-money crash wins settled but not credited (game_round_crash_unpaid_idx). */
export async function findUnpaidWins(db: Db, limit: number): Promise<BetRow[]> {
  return selectBets(db)
    .where('mode', '=', 'launch')
    .where('state', '=', 'settled')
    .where('payout', '>', 0)
    .where('win_transaction_id', 'is', null)
    .orderBy('id')
    .limit(limit)
    .execute();
}

// ---------------------------------------------------------------------------------------------------------
// A real-money bet: its records in one read and its writes in one statement, each shared by the bets that
// arrive together (issue 24, docs/decisions.md "The crash bet in one statement", "Crash bets and game
// sessions in batches")

/**
 * Everything a bet must know before it acts, read in ONE statement with its game session (the provider's
 * `findCallRecords` design): the session of the call's token (marked seen when due), the session's game, its
 * member's betting state and number (the table's masked name), the member's verification state and active
 * bonus's maximum stake. The rules stay with their modules (`gameSessionOf`, `rightToBetOf`,
 * `verificationRefusal`, `bonusStakeRefusal`), and so do their tables: each owner hands its part over as an
 * unexecuted query (`gameSessionsFoundQuery`, `gameByIdQuery`, `bettingStateQuery`, `memberMobilesQuery`,
 * `kycStatusQuery`, `activeStakeCapQuery`), embedded here. A demo session (no member, or a member's demo)
 * reads nulls for the member's parts.
 */
export type BetRecords = {
  game: GameRow | undefined;
  member: { status: MemberStatus; betting_session_id: number | null } | undefined;
  mobile: string | undefined;
  kycStatus: string | undefined;
  bonusCap: { id: number; source: string; max_stake: number | null } | undefined;
};

export type Bettor = { session: GameSessionRow; records: BetRecords };

type BettorRow = GameSessionRow & {
  ordinal: number;
  token_hash: string;
  bettor_id: number | null;
  game: GameRow | null;
  member: BetRecords['member'] | null;
  mobile: { mobile: string } | null;
  kyc: { status: string } | null;
  bonus_cap: BetRecords['bonusCap'] | null;
};

/** Stands in for a batch's array of tokens' hashes while a statement is compiled (`tokenBatchStatement`). */
const TOKEN_HASHES = '\u0000crash:tokenHashes';

/**
 * A statement over a batch of game sessions' tokens' hashes, built by the owners' query functions and
 * compiled once (as `findCallRecords`'s), then sent prepared (db/prepared-statements.ts). `build` gets the
 * hashes' array as a marker; where the marker lands among the compiled parameters is where each batch's
 * array goes, and any other parameter keeps its compiled value. Answers each hash's row in the order given
 * (undefined for a token nobody holds), placed by its `ordinal`.
 */
function tokenBatchStatement<Row extends { ordinal: number }>(
  build: (db: Db, tokenHashes: unknown) => RawBuilder<Row>,
) {
  let compiled: { sql: string; slots: (typeof TOKEN_HASHES | { value: unknown })[] } | undefined;
  return async (db: Db, tokenHashes: string[]): Promise<(Row | undefined)[]> => {
    if (!compiled) {
      const statement = build(db, TOKEN_HASHES).compile(db);
      compiled = {
        sql: statement.sql,
        slots: statement.parameters.map((parameter) =>
          parameter === TOKEN_HASHES ? TOKEN_HASHES : { value: parameter },
        ),
      };
    }
    const { sql: text, slots } = compiled;
    const parameters = slots.map((slot) => (slot === TOKEN_HASHES ? tokenHashes : slot.value));
    const { rows } = await db.executeQuery<Row>(prepared(CompiledQuery.raw(text, parameters)));
    const found: (Row | undefined)[] = tokenHashes.map(() => undefined);
    for (const row of rows) found[row.ordinal - 1] = row;
    return found;
  };
}

/**
 * For a batch of bets: each found session's game and betting member (`bettor_id`, null in demo play) are
 * columns of `bettor`, which the owners' functions receive as column references, so each owner's subquery
 * runs once per bet.
 */
const bettorRows = tokenBatchStatement((db, tokenHashes) => {
  // A column of `bettor` where an owner's function takes a number: it lands in the text as a reference.
  const column = (name: 'game_id' | 'bettor_id') => sql.ref(`bettor.${name}`) as unknown as number;
  const memberId = column('bettor_id');
  return sql<BettorRow>`
    ${gameSessionsFoundQuery(tokenHashes)}, bettor as (
      select wanted.ordinal, found.*,
        case when found.mode = 'launch' then found.member_id end as bettor_id
      from wanted join found on found.token_hash = wanted.hash
    )
    select
      bettor.*,
      (select row_to_json(part) from ${gameByIdQuery(db, column('game_id'))} as part) as game,
      (select row_to_json(part) from ${bettingStateQuery(db, memberId)} as part) as member,
      (select row_to_json(part) from ${memberMobilesQuery(db).where('id', '=', memberId)} as part) as mobile,
      (select row_to_json(part) from ${kycStatusQuery(db, memberId)} as part) as kyc,
      (select row_to_json(part) from ${activeStakeCapQuery(db, memberId).limit(1)} as part) as bonus_cap
    from bettor
  `;
});

/**
 * The session of each token's hash with its bet's records, in the order given (undefined for an unknown
 * token): one statement, which marks the due sessions seen (so a deadlock with another writer of sessions
 * undoes it whole, and it may simply run again).
 */
export async function findBettors(db: Db, tokenHashes: string[]): Promise<(Bettor | undefined)[]> {
  return (await bettorRows(db, tokenHashes)).map((row) => {
    if (!row) return undefined;
    const {
      ordinal: _ordinal,
      token_hash: _hash,
      bettor_id: _bettor,
      game,
      member,
      mobile,
      kyc,
      bonus_cap: bonusCap,
      ...session
    } = row;
    return {
      session,
      records: {
        game: game ?? undefined,
        member: member ?? undefined,
        mobile: mobile?.mobile ?? undefined,
        kycStatus: kyc?.status ?? undefined,
        bonusCap: bonusCap ?? undefined,
      },
    };
  });
}

/**
 * Everything a cash-out must know before it acts, read in ONE statement with its game session: the session
 * (marked seen when due), its game, the newest round and the session's player's bet in it (a member's in
 * real play, the session's own in demo play). A cash-out names the round it means only when it is not the
 * newest (a page late to hear of the next round); that case reads its round and bet again.
 */
export type CashOutRecords = {
  game: GameRow | undefined;
  latestRound: CrashRoundRow | undefined;
  /** The player's bet in `latestRound`. */
  latestBet: BetRow | undefined;
};

export type Casher = { session: GameSessionRow; records: CashOutRecords };

/** A row as `row_to_json` gives it: its times as text. */
type JsonValue<Value> = Value extends Date ? string : Value;
type JsonOf<Row> = { [Column in keyof Row]: JsonValue<Row[Column]> };

type CasherRow = GameSessionRow & {
  ordinal: number;
  token_hash: string;
  game: GameRow | null;
  round: JsonOf<CrashRoundRow> | null;
  bet: JsonOf<BetRow> | null;
};

const casherRows = tokenBatchStatement((db, tokenHashes) => {
  const columns = (names: readonly string[], table: string) =>
    sql.join(names.map((name) => sql.ref(`${table}.${name}`)));
  // The player's bet by the partial unique index of its mode: a member's in real play, a session's in demo.
  const betOf = (mode: 'launch' | 'demo') => sql`
    (select row_to_json(part) from (
      select ${columns(BET_COLUMNS, 'bet')} from game_round as bet
      where bet.crash_round_id = (select id from latest) and bet.mode = ${sql.lit(mode)}
        and ${mode === 'launch' ? sql`bet.member_id = casher.member_id` : sql`bet.session_id = casher.id`}
        and casher.mode = ${sql.lit(mode)}
    ) as part)`;
  return sql<CasherRow>`
    ${gameSessionsFoundQuery(tokenHashes)}, casher as (
      select wanted.ordinal, found.* from wanted join found on found.token_hash = wanted.hash
    ), latest as (
      select ${columns(ROUND_COLUMNS, 'round')} from crash_round as round order by round.id desc limit 1
    )
    select
      casher.*,
      (select row_to_json(part) from ${gameByIdQuery(db, sql.ref('casher.game_id') as unknown as number)} as part) as game,
      (select row_to_json(latest) from latest) as round,
      coalesce(${betOf('launch')}, ${betOf('demo')}) as bet
    from casher
  `;
});

const dateOf = (value: string | null) => (value === null ? null : new Date(value));

/** The session of each token's hash with what its cash-out needs, in the order given: one statement. */
export async function findCashers(db: Db, tokenHashes: string[]): Promise<(Casher | undefined)[]> {
  return (await casherRows(db, tokenHashes)).map((row) => {
    if (!row) return undefined;
    const { ordinal: _ordinal, token_hash: _hash, game, round, bet, ...session } = row;
    return {
      session,
      records: {
        game: game ?? undefined,
        latestRound: round
          ? {
              ...round,
              betting_ends_at: new Date(round.betting_ends_at),
              started_at: dateOf(round.started_at),
              ended_at: dateOf(round.ended_at),
            }
          : undefined,
        latestBet: bet ? { ...bet, created_at: new Date(bet.created_at) } : undefined,
      },
    };
  });
}

type PlacedRow = {
  bet_ordinal: number;
  bet_id: number | null;
  bet_created_at: Date | null;
  bet_transaction_id: number | null;
  round_id: number | null;
  round_chain_id: number | null;
  round_chain_index: number | null;
  round_game_hash: string | null;
  round_crash_point: number | null;
  round_state: CrashRoundState | null;
  round_betting_ends_at: Date | null;
  round_started_at: Date | null;
  round_ended_at: Date | null;
  player_cash: number | null;
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
};

export type MemberBet = {
  roundId: number | null;
  receivedAt: number;
  gameId: number;
  memberId: number;
  sessionId: number;
  stake: number;
  autoCashout: number | null;
  ledger: LedgerCall;
};

export type PlacedMemberBet = { bet: BetRow; round: CrashRoundRow; cash: number };

/**
 * A refusal of one bet of a batch, shaped as the driver's error of the same statement would be (`code` the
 * SQLSTATE, `detail`), so that a bet is judged the same whether it went alone or with others.
 */
export class BetRefusal extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly detail: string | undefined,
  ) {
    super(message);
  }
}

/**
 * Members' bets, each as `crash_bet` places it (the round taking bets held, the bet inserted, the stake
 * debited by the wallet's `ledger_debit` under `ledger`'s key and description, their `%s` filled with the
 * bet's id and the round's, its transaction recorded), all in ONE statement and transaction (`crash_bets`,
 * crash.sql.ts). A bet refused (CR001 no round takes it, 23505 a second bet in the round, the ledger's
 * SQLSTATEs for a refused debit, 40P01 a deadlock) is undone alone and answered as a `BetRefusal`. Answers
 * each bet, in the order given, with the bet, the round and the member's cash after it.
 */
export async function placeMemberBets(db: Db, bets: MemberBet[]): Promise<Settled<PlacedMemberBet>[]> {
  // Every batch takes the house accounts' and members' row locks in one order: no two batches deadlock.
  const order = bets
    .map((bet, index) => ({ bet, index }))
    .sort(
      (a, b) =>
        compareText(a.bet.ledger.counterparty, b.bet.ledger.counterparty) || a.bet.memberId - b.bet.memberId,
    );
  const argumentsOf = ({ bet }: { bet: MemberBet }) => ({
    roundId: bet.roundId,
    receivedAt: bet.receivedAt,
    game: bet.gameId,
    member: bet.memberId,
    session: bet.sessionId,
    stake: bet.stake,
    autoCashout: bet.autoCashout,
    ledgerKey: bet.ledger.key,
    ledgerHash: bet.ledger.payloadHash,
    ledgerKind: bet.ledger.kind,
    description: bet.ledger.description,
    player: bet.ledger.player,
    house: bet.ledger.counterparty,
  });
  const { rows } = await db.executeQuery(
    prepared(
      sql<PlacedRow>`select * from crash_bets(${JSON.stringify(order.map(argumentsOf))}::jsonb)`.compile(db),
    ),
  );
  const answers: Settled<PlacedMemberBet>[] = new Array(bets.length);
  for (const row of rows) {
    const placed = order[row.bet_ordinal - 1];
    if (!placed) throw new Error(`crash_bets answered bet ${row.bet_ordinal} of ${order.length}`);
    answers[placed.index] = row.error_code
      ? {
          ok: false,
          error: new BetRefusal(row.error_message ?? '', row.error_code, row.error_detail ?? undefined),
        }
      : { ok: true, value: placedOf(placed.bet, row) };
  }
  return answers;
}

const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function placedOf(bet: MemberBet, row: PlacedRow): PlacedMemberBet {
  return {
    bet: {
      id: Number(row.bet_id),
      game_id: bet.gameId,
      member_id: bet.memberId,
      session_id: bet.sessionId,
      mode: 'launch',
      crash_round_id: Number(row.round_id),
      stake: bet.stake,
      payout: 0,
      multiplier: null,
      state: 'open',
      options: { autoCashout: bet.autoCashout },
      outcome: null,
      bet_transaction_id: Number(row.bet_transaction_id),
      win_transaction_id: null,
      created_at: row.bet_created_at as Date,
    },
    round: {
      id: Number(row.round_id),
      chain_id: row.round_chain_id as number,
      chain_index: row.round_chain_index as number,
      game_hash: row.round_game_hash as string,
      crash_point: row.round_crash_point as number,
      state: row.round_state as CrashRoundState,
      betting_ends_at: row.round_betting_ends_at as Date,
      started_at: row.round_started_at,
      ended_at: row.round_ended_at,
    },
    cash: Number(row.player_cash ?? 0),
  };
}
