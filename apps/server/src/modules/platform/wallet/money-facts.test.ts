import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { WEB_PLATFORM } from '@app/contracts/envelope';
import { COUNTRY_PROFILES } from '@app/contracts/country';
import { openGameSession } from '../../games/catalogue/game-session.service.ts';
import { startSession, type MemberDeps } from '../member/member.service.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../../db/database.ts';
import { fillOwnMoney } from '../../../db/migrations/0074-fact-own-money.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { inhouseGame } from '../../../../test/factory.ts';
import { openTestDatabase } from '../../../../test/test-app.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { createFactTally, factTally, tallyFor } from '../../../../test/fact-tally.ts';
import { consumeAllFacts, consumeFacts, type Fact, type FactHandler } from './money-facts.ts';
import {
  ACCOUNT,
  creditDeposit,
  creditMember,
  debitMember,
  openPlayerAccount,
  openPromotionBudget,
  reserveWithdrawal,
  settleWithdrawal,
  transfer,
} from './wallet.service.ts';

/**
 * Money facts (migration 0031, money-facts.ts): one fact per journal transaction that is a bet, win,
 * rollback, paid deposit or paid withdrawal, written below the ledger's idempotency guard, and read by
 * each consumer exactly once. The races run on PostgreSQL (DATABASE_URL); PGlite has one session.
 */
let database: DatabaseHandle & { url?: string };
let members = 0;

beforeAll(async () => {
  database = await openTestDatabase();
  await createFactTally(database.db);
});
afterAll(async () => {
  await database.close();
});

/** A member with a ledger account and `cash` from the outside world (no fact: not a deposit). */
async function member(cash = 0, db = database.db): Promise<number> {
  members += 1;
  const { id } = await db
    .insertInto('member')
    .values({
      mobile: `0799${String(members).padStart(6, '0')}`,
      password_hash: 'x',
      guid: `facts-${members}-${Math.random()}`,
      invite_code: `FACTS${members}${Math.floor(Math.random() * 1e6)}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await openPlayerAccount(db, id);
  if (cash > 0) {
    await creditMember(db, {
      memberId: id,
      from: ACCOUNT.world,
      key: `facts-seed:${id}`,
      kind: 'refund',
      cash,
      withdrawable: cash,
    });
  }
  return id;
}

/** Facts whose own money is not the withdrawable cash their entries moved on the member's account. */
async function ownMoneyDrift(db = database.db) {
  const { rows } = await sql<{ transaction_id: string; own_money: string; moved: string }>`
    select f.transaction_id, f.own_money, coalesce(abs(sum(e.amount)), 0) as moved
    from money_fact f
    join ledger_account a on a.code = 'player:' || f.member_id
    left join journal_entry e
      on e.transaction_id = f.transaction_id and e.account_id = a.id and e.asset = 'withdrawable'
    group by f.transaction_id, f.own_money
    having f.own_money <> coalesce(abs(sum(e.amount)), 0)`.execute(db);
  return rows;
}

const factsOf = (memberId: number) =>
  database.db
    .selectFrom('money_fact')
    .select(['kind', 'amount', 'game_id', 'source_ref', 'transaction_id'])
    .where('member_id', '=', memberId)
    .orderBy('transaction_id')
    .execute();

describe('money facts', () => {
  it('are written once per transaction on every path of the ledger, and a replayed key writes none', async () => {
    const memberId = await member(1_000_00);
    const bet = {
      memberId,
      to: ACCOUNT.houseFor(memberId),
      key: `facts:bet:${memberId}`,
      kind: 'bet' as const,
      amount: 10_00,
      fact: { kind: 'bet' as const, gameId: null, ref: 'round-1' },
    };
    const win = {
      memberId,
      from: ACCOUNT.houseFor(memberId),
      key: `facts:win:${memberId}`,
      kind: 'win' as const,
      cash: 25_00,
      withdrawable: 25_00,
      fact: { kind: 'win' as const, ref: 'round-1' },
    };
    // A refund with coins takes ledger_post (JSON), the general statement.
    const rollback = {
      memberId,
      from: ACCOUNT.houseFor(memberId),
      key: `facts:rollback:${memberId}`,
      kind: 'refund' as const,
      cash: 5_00,
      coins: 3,
      fact: { kind: 'rollback' as const, ref: 'round-2' },
    };
    // A deposit with an excise takes the general path (legs with types of their own).
    const deposit = { memberId, key: `mpesa:facts-${memberId}`, cash: 100_00, coins: 0, excise: 5_00 };
    const withdrawal = { memberId, key: `facts:withdraw:${memberId}`, payout: 50_00, fee: 1_00, tax: 2_00 };

    for (let pass = 0; pass < 2; pass += 1) {
      const posted = [
        await debitMember(database.db, bet),
        await creditMember(database.db, win),
        await creditMember(database.db, rollback),
        await creditDeposit(database.db, deposit),
        await reserveWithdrawal(database.db, withdrawal),
        await settleWithdrawal(database.db, { ...withdrawal, key: `${withdrawal.key}:paid` }),
        // Inside a caller's transaction: the savepoint path.
        await retryingTransaction(database.db, (trx) =>
          debitMember(trx, { ...bet, key: `${bet.key}:in-trx`, fact: { ...bet.fact, ref: 'round-3' } }),
        ),
      ];
      expect(posted.map((each) => each.replayed)).toEqual(Array(posted.length).fill(pass === 1));
    }
    const facts = await factsOf(memberId);
    expect(facts.map(({ kind, amount, source_ref }) => ({ kind, amount, ref: source_ref }))).toEqual([
      { kind: 'bet', amount: 10_00, ref: 'round-1' },
      { kind: 'win', amount: 25_00, ref: 'round-1' },
      { kind: 'rollback', amount: 5_00, ref: 'round-2' },
      // The amount paid into the platform, before its excise.
      { kind: 'deposit', amount: 100_00, ref: deposit.key },
      // What left the member's balance for the withdrawal: payout, fee and tax.
      { kind: 'withdrawal', amount: 53_00, ref: `${withdrawal.key}:paid` },
      { kind: 'bet', amount: 10_00, ref: 'round-3' },
    ]);
    // Each carries its own money: the withdrawable cash its entries moved on the member's account.
    expect(await ownMoneyDrift()).toEqual([]);
    await expectLedgerInvariants(database.db);
  });

  it('carry the own-money part of a stake paid partly in bonus cash, as migration 0074 derives it', async () => {
    const memberId = await member();
    await creditMember(database.db, {
      memberId,
      from: ACCOUNT.world,
      key: `facts:bonus-cash:${memberId}`,
      kind: 'bonus',
      cash: 100_00,
      withdrawable: 40_00,
    });
    // Real money goes first: 40 of the 60 staked is the member's own, 20 is bonus cash.
    await debitMember(database.db, {
      memberId,
      to: ACCOUNT.houseFor(memberId),
      key: `facts:part-real:${memberId}`,
      kind: 'bet',
      amount: 60_00,
      fact: { kind: 'bet', ref: 'part-real' },
    });
    await creditMember(database.db, {
      memberId,
      from: ACCOUNT.houseFor(memberId),
      key: `facts:part-real-win:${memberId}`,
      kind: 'win',
      cash: 30_00,
      withdrawable: 12_00,
      fact: { kind: 'win', ref: 'part-real' },
    });
    const seen: Fact[] = [];
    await consumeAllFacts(database.db, 'own-money-reader', async (_trx, facts) => void seen.push(...facts));
    const mine = seen.filter((fact) => fact.memberId === memberId);
    expect(mine.map(({ kind, amount, ownMoney }) => ({ kind, amount, ownMoney }))).toEqual([
      { kind: 'bet', amount: 60_00, ownMoney: 40_00 },
      { kind: 'win', amount: 30_00, ownMoney: 12_00 },
    ]);
    // Facts written before the column: the migration's fill gives each the same own money from its entries.
    await sql`update money_fact set own_money = 0 where member_id = ${memberId}`.execute(database.db);
    await fillOwnMoney(database.db as Kysely<unknown>);
    const refilled = await database.db
      .selectFrom('money_fact')
      .select(['kind', 'own_money'])
      .where('member_id', '=', memberId)
      .orderBy('transaction_id')
      .execute();
    expect(refilled.map((row) => Number(row.own_money))).toEqual([40_00, 12_00]);
    expect(await ownMoneyDrift()).toEqual([]);
  });

  it('are not written when the money does not move', async () => {
    const memberId = await member(5_00);
    await expect(
      debitMember(database.db, {
        memberId,
        to: ACCOUNT.houseFor(memberId),
        key: `facts:short:${memberId}`,
        kind: 'bet',
        amount: 10_00,
        fact: { kind: 'bet', ref: 'short' },
      }),
    ).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect(await factsOf(memberId)).toEqual([]);
  });

  it('are counted once by each consumer, whatever the number of runs', async () => {
    const memberId = await member(1_000_00);
    for (let index = 0; index < 7; index += 1) {
      await debitMember(database.db, {
        memberId,
        to: ACCOUNT.houseFor(memberId),
        key: `facts:count:${memberId}:${index}`,
        kind: 'bet',
        amount: 3_00,
        fact: { kind: 'bet', ref: `count-${index}` },
      });
    }
    // Small batches, two consumers: each reads every fact once, in its own cursor.
    const seen: Fact[] = [];
    await consumeAllFacts(database.db, 'test-collector', async (_trx, facts) => void seen.push(...facts), {
      limit: 2,
    });
    await consumeAllFacts(database.db, 'test-collector', async (_trx, facts) => void seen.push(...facts));
    await factTally.catchUp(database.db);
    expect(await factTally.consume(database.db)).toBe(0);
    const mine = seen.filter((fact) => fact.memberId === memberId);
    expect(mine.map((fact) => fact.ref)).toEqual(Array.from({ length: 7 }, (_, index) => `count-${index}`));
    expect(new Set(seen.map((fact) => fact.transactionId)).size).toBe(seen.length);
    expect(await tallyFor(database.db, memberId)).toEqual({
      bets: 7,
      staked: 21_00,
      ownStaked: 21_00,
      won: 0,
      ownWon: 0,
      deposited: 0,
      withdrawn: 0,
    });
  });

  it('are read in the numeric order of their transaction ids, across a power of ten', async () => {
    // Transaction ids pass 9 → 10 (and 99 → 100…) as a server lives; read as text they would sort "10" before
    // "9", and a cursor moved past "9" would read the others again (a notice twice) or skip them. A database
    // of its own, so rewriting the ids disturbs no other consumer.
    const own = await openTestDatabase();
    try {
      const memberId = await member(100_00, own.db);
      for (let index = 0; index < 3; index += 1) {
        await debitMember(own.db, {
          memberId,
          to: ACCOUNT.houseFor(memberId),
          key: `facts:digits:${memberId}:${index}`,
          kind: 'bet',
          amount: 1_00,
          fact: { kind: 'bet', ref: `digits-${index}` },
        });
      }
      const written = await own.db
        .selectFrom('money_fact')
        .select('transaction_id')
        .orderBy('transaction_id')
        .execute();
      for (const [index, xid] of ['8', '9', '10'].entries()) {
        await sql`update money_fact set xid = ${xid}::xid8 where transaction_id = ${written[index]?.transaction_id}`.execute(
          own.db,
        );
      }
      const seen: number[] = [];
      const collect: FactHandler = async (_trx, facts) =>
        void seen.push(...facts.map((fact) => fact.transactionId));
      await consumeAllFacts(own.db, 'test-digits', collect, { limit: 1 });
      expect(seen).toEqual(written.map((row) => Number(row.transaction_id)));
    } finally {
      await own.close();
    }
  });

  it('a failing handler moves no cursor: the batch is read again', async () => {
    const memberId = await member(100_00);
    await debitMember(database.db, {
      memberId,
      to: ACCOUNT.houseFor(memberId),
      key: `facts:retry:${memberId}`,
      kind: 'bet',
      amount: 1_00,
      fact: { kind: 'bet', ref: 'retry' },
    });
    await expect(
      consumeFacts(database.db, 'test-failing', async () => {
        throw new Error('the counter is down');
      }),
    ).rejects.toThrow('the counter is down');
    const read: number[] = [];
    await consumeAllFacts(database.db, 'test-failing', async (_trx, facts) => {
      read.push(...facts.filter((fact) => fact.memberId === memberId).map((fact) => fact.amount));
    });
    expect(read).toEqual([1_00]);
  });
});

describe('the wallet vocabulary', () => {
  it('opens a programme budget on demand, an account allowed below zero, and moves value with transfer', async () => {
    const budget = await openPromotionBudget(database.db, 'weekly-cashback');
    expect(budget).toBe('promo:weekly-cashback:budget');
    expect(await openPromotionBudget(database.db, 'weekly-cashback')).toBe(budget);
    expect(() => ACCOUNT.promotionBudget('Weekly Cashback')).toThrow();
    const memberId = await member();
    await creditMember(database.db, {
      memberId,
      from: budget,
      key: `promo:weekly-cashback:2026-W47:${memberId}`,
      kind: 'refund',
      cash: 7_00,
      withdrawable: 7_00,
    });
    const first = await transfer(database.db, {
      from: ACCOUNT.house,
      to: budget,
      key: 'promo:weekly-cashback:funding:1',
      kind: 'refund',
      amount: 5_00,
    });
    const again = await transfer(database.db, {
      from: ACCOUNT.house,
      to: budget,
      key: 'promo:weekly-cashback:funding:1',
      kind: 'refund',
      amount: 5_00,
    });
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    const account = await database.db
      .selectFrom('ledger_account')
      .select(['cash', 'overdraft', 'kind'])
      .where('code', '=', budget)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ cash: -2_00, overdraft: true, kind: 'promotion' });
    await expect(
      transfer(database.db, {
        from: budget,
        to: ACCOUNT.player(memberId),
        key: 'x',
        kind: 'refund',
        amount: 1,
      }),
    ).rejects.toThrow(/creditMember or debitMember/);
    await expectLedgerInvariants(database.db);
  });
});

// Two sessions at once exist only on PostgreSQL (CI's second run, DATABASE_URL); PGlite has one.
if (process.env.DATABASE_URL) {
  describe('money facts under concurrency (PostgreSQL)', () => {
    it('concurrent identical requests write one fact and are counted once', async () => {
      const memberId = await member(1_000_00);
      const bets = await Promise.all(
        Array.from({ length: 20 }, () =>
          debitMember(database.db, {
            memberId,
            to: ACCOUNT.houseFor(memberId),
            key: `facts:same-bet:${memberId}`,
            kind: 'bet',
            amount: 4_00,
            fact: { kind: 'bet', ref: 'same' },
          }),
        ),
      );
      const deposits = await Promise.all(
        Array.from({ length: 20 }, () =>
          creditDeposit(database.db, {
            memberId,
            key: `mpesa:same-${memberId}`,
            cash: 30_00,
            coins: 0,
            excise: 0,
          }),
        ),
      );
      expect(bets.filter((posted) => !posted.replayed)).toHaveLength(1);
      expect(deposits.filter((posted) => !posted.replayed)).toHaveLength(1);
      expect((await factsOf(memberId)).map((fact) => fact.kind)).toEqual(['bet', 'deposit']);
      // Consumers racing each other: the cursor's lock makes them take turns, each batch counted once.
      await Promise.all(
        Array.from({ length: 4 }, () => consumeAllFacts(database.db, 'race', async () => {})),
      );
      await Promise.all(Array.from({ length: 4 }, async () => void (await factTally.consume(database.db))));
      await factTally.catchUp(database.db);
      expect(await tallyFor(database.db, memberId)).toMatchObject({
        bets: 1,
        staked: 4_00,
        deposited: 30_00,
      });
    });

    it('does not skip a fact whose transaction commits after a later fact was read', async () => {
      // Two players (and two house shards), so neither bet waits for the other's row locks.
      const players = { early: await member(1_000_00), late: await member(1_000_00) };
      const consumer = 'late-commit';
      // Catch the cursor up with everything before this test.
      await consumeAllFacts(database.db, consumer, async () => {});
      const bet = (trx: Parameters<typeof debitMember>[0], ref: 'early' | 'late') =>
        debitMember(trx, {
          memberId: players[ref],
          to: ACCOUNT.houseFor(players[ref]),
          key: `facts:late:${players[ref]}:${ref}`,
          kind: 'bet',
          amount: 1_00,
          fact: { kind: 'bet', ref },
        });
      const ours = (memberId: number) => memberId === players.early || memberId === players.late;
      const read: string[] = [];
      const handle: FactHandler = async (_trx, facts) => {
        read.push(...facts.filter((fact) => ours(fact.memberId)).map((fact) => fact.ref));
      };
      const factsInIdOrder = async () =>
        (
          await database.db
            .selectFrom('money_fact')
            .select('source_ref')
            .where('member_id', 'in', [players.early, players.late])
            .orderBy('transaction_id')
            .execute()
        ).map((row) => row.source_ref);

      // `late` writes its fact first (the lower journal id and the lower database transaction id) and stays
      // open while `early` writes its fact (the higher ones) and commits.
      let releaseLate!: () => void;
      const lateMayCommit = new Promise<void>((resolve) => (releaseLate = resolve));
      let lateWrote!: () => void;
      const lateHasWritten = new Promise<void>((resolve) => (lateWrote = resolve));
      const late = database.db.transaction().execute(async (trx) => {
        await bet(trx, 'late');
        lateWrote();
        await lateMayCommit;
      });
      await lateHasWritten;
      try {
        await database.db.transaction().execute((trx) => bet(trx, 'early'));
        // Only `early` is visible now. A cursor on ids, or on (xid, transaction_id) without the snapshot's bound, would
        // count it and move past `late`'s fact, which commits below the cursor and is never read.
        expect(await factsInIdOrder()).toEqual(['early']);
        // A batch now: the bound holds `early` back, since `late` is older and still in flight.
        await consumeFacts(database.db, consumer, handle);
        expect(read).toEqual([]);
      } finally {
        releaseLate();
        await late;
      }
      await consumeAllFacts(database.db, consumer, handle);
      expect(read).toEqual(['late', 'early']);
      expect(await factsInIdOrder()).toEqual(['late', 'early']);
    });
  });
}

/**
 * The proof of issue 13 §3: every money fact counted exactly once, through replays, duplicates and
 * CRASHES between the money and its count. A child process (test/money-facts-child.ts) plays in-house dice
 * and wallet bets and wins with duplicated and replayed keys while it counts the facts in small batches;
 * it is SIGKILLed at a random moment, several times, and restarted (its keys start again from 0: replays of
 * what the killed run posted); a last run finishes the count. Then the members' totals must equal the
 * ledger's own postings, kind by kind. No fixed sleeps: the test waits for the child's lines on stdout.
 *
 * PostgreSQL only (DATABASE_URL): the child needs a database server of its own to connect to.
 */
const CHILD = fileURLToPath(new URL('../../../../test/money-facts-child.ts', import.meta.url));
const KILLS = 4;
const PLAYERS = 4;

if (process.env.DATABASE_URL) {
  /** Starts the child; resolves with it and a reader of its stdout lines. */
  function startChild(input: object): { child: ChildProcess; lines: AsyncIterator<string> } {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, JSON.stringify(input)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream })[Symbol.asyncIterator]();
    return { child, lines };
  }

  async function nextLine(lines: AsyncIterator<string>, matching: RegExp): Promise<string> {
    for (;;) {
      const { value, done } = await lines.next();
      if (done) throw new Error(`the child ended before a line matching ${matching}`);
      if (matching.test(value)) return value;
    }
  }

  const exited = (child: ChildProcess) =>
    new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) {
        resolve({ code: child.exitCode, signal: child.signalCode });
      } else child.once('exit', (code, signal) => resolve({ code, signal }));
    });

  /** Facts written and facts the tally's cursor has counted. */
  async function progress(): Promise<{ facts: number; counted: number }> {
    const { rows } = await sql<{ facts: string; counted: string | null }>`
      select (select count(*) from money_fact) as facts,
        (select consumed from fact_cursor where consumer = ${factTally.name}) as counted`.execute(
      database.db,
    );
    return { facts: Number(rows[0]?.facts), counted: Number(rows[0]?.counted ?? 0) };
  }

  describe('money facts across crashes (PostgreSQL)', () => {
    it('counts every bet and win exactly once through replays, duplicates and SIGKILLs', async () => {
      const { db } = database;
      const gameId = await inhouseGame({ db }, 'dice');
      const players: { memberId: number; token: string }[] = [];
      for (let index = 0; index < PLAYERS; index += 1) {
        const { id: memberId } = await db
          .insertInto('member')
          .values({
            mobile: `07770000${index}`,
            password_hash: 'x',
            guid: `crash-test-${index}`,
            invite_code: `CRASH${index}`,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        // Kenya gates play behind a verified identity (issue 25 §1): these players are verified.
        await db
          .insertInto('member_kyc')
          .values({ member_id: memberId, status: 'verified', fields: {} })
          .execute();
        // Cash from the outside world: no fact (a deposit's fact comes with a paid M-Pesa deposit).
        await creditMember(db, {
          memberId,
          from: ACCOUNT.world,
          key: `crash-test:seed:${memberId}`,
          kind: 'refund',
          cash: 1e11,
          withdrawable: 1e11,
        });
        const member = await db
          .selectFrom('member')
          .selectAll()
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow();
        // A login reads nothing of its deps but the database (no SMS is sent): the one that holds the right
        // to bet, from which the game session is opened, as a launch does.
        const deps = { db, country: COUNTRY_PROFILES.KE } as MemberDeps;
        await startSession(deps, member, {
          ip: '127.0.0.1',
          deviceId: `crash-test-${index}`,
          platform: WEB_PLATFORM,
        });
        const login = await db
          .selectFrom('member')
          .select('betting_session_id')
          .where('id', '=', memberId)
          .executeTakeFirstOrThrow();
        const { token } = await openGameSession(db, {
          memberId,
          memberSessionId: login.betting_session_id,
          gameId,
          mode: 'launch',
          currency: 'KES',
        });
        players.push({ memberId, token });
      }

      // Kill the child at a random moment, several times; each time facts were written that it had not
      // counted yet (the kill fell between the money and its count).
      let uncountedAtKills = 0;
      for (let kill = 0; kill < KILLS; kill += 1) {
        const { child, lines } = startChild({ url: database.url, players, finish: false });
        await nextLine(lines, /^ready$/);
        const rounds = 1 + Math.floor(Math.random() * 4);
        for (let seen = 0; seen < rounds; seen += 1) await nextLine(lines, /^played \d+$/);
        child.kill('SIGKILL');
        expect((await exited(child)).signal).toBe('SIGKILL');
        const { facts, counted } = await progress();
        expect(counted).toBeLessThanOrEqual(facts);
        uncountedAtKills += facts - counted;
      }
      expect(uncountedAtKills).toBeGreaterThan(0);

      // A last run finishes the count.
      const { child, lines } = startChild({ url: database.url, players, finish: true });
      await nextLine(lines, /^done$/);
      expect((await exited(child)).code).toBe(0);

      // Every fact counted once: the cursor read each fact once…
      const { facts, counted } = await progress();
      expect(counted).toBe(facts);
      // …one fact per journal transaction that is a bet or a win…
      const memberIds = players.map((each) => each.memberId);
      const ledger = await sql<{ kind: string; transactions: string; cash: string; own: string }>`
        select t.kind, count(distinct t.id) as transactions,
          sum(e.amount) filter (where e.asset = 'cash') as cash,
          coalesce(sum(e.amount) filter (where e.asset = 'withdrawable'), 0) as own
        from journal_transaction t
        join journal_entry e on e.transaction_id = t.id and e.asset in ('cash', 'withdrawable')
        join ledger_account a on a.id = e.account_id
        where a.member_id = any(${memberIds}::bigint[]) and t.kind in ('bet', 'win')
        group by t.kind`.execute(db);
      const byKind = new Map(ledger.rows.map((row) => [row.kind, row]));
      const factRows = await sql<{ kind: string; n: string; amount: string }>`
        select kind, count(*) as n, sum(amount) as amount from money_fact
        where member_id = any(${memberIds}::bigint[]) group by kind`.execute(db);
      const factsByKind = new Map(factRows.rows.map((row) => [row.kind, row]));
      expect(Number(factsByKind.get('bet')?.n)).toBe(Number(byKind.get('bet')?.transactions));
      expect(Number(factsByKind.get('win')?.n)).toBe(Number(byKind.get('win')?.transactions));
      // …and the counts equal the ledger's postings, kind by kind, own money included.
      const tallies = await Promise.all(memberIds.map((memberId) => tallyFor(db, memberId)));
      const total = (field: keyof Awaited<ReturnType<typeof tallyFor>>) =>
        tallies.reduce((sum, tally) => sum + tally[field], 0);
      expect(total('bets')).toBe(Number(byKind.get('bet')?.transactions));
      expect(total('staked')).toBe(-Number(byKind.get('bet')?.cash));
      expect(total('ownStaked')).toBe(-Number(byKind.get('bet')?.own));
      expect(total('won')).toBe(Number(byKind.get('win')?.cash));
      expect(total('ownWon')).toBe(Number(byKind.get('win')?.own));
      expect(total('bets')).toBeGreaterThan(KILLS);
      await expectLedgerInvariants(db);
    }, 60_000);
  });
}
