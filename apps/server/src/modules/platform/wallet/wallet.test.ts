import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ERRORS } from '@app/contracts/errors';
import { ACCOUNT_PATHS } from '@app/contracts/paths';
import type { Asset } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { callApi } from '../../../../test/api-client.ts';
import { newMember, transactionsOf } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import {
  ACCOUNT,
  creditDeposit,
  creditMember,
  debitMemberCash,
  getBalances,
  ledgerCreditCall,
  ledgerDebitCall,
  postTransaction,
  reserveWithdrawal,
  type LedgerCall,
} from './wallet.service.ts';
import { expectLedgerInvariants as expectLedgerInvariantsOf } from '../../../../test/ledger-invariants.ts';

const ctx = useTestApp();

let keys = 0;
const key = (source: string) => `${source}:${(keys += 1)}`;

const deposit = (memberId: number, amount: number, idempotencyKey = key('test-deposit')) =>
  creditMember(ctx.db, {
    memberId,
    from: ACCOUNT.mpesaClearing,
    key: idempotencyKey,
    kind: 'deposit',
    cash: amount,
    withdrawable: amount,
  });

const expectLedgerInvariants = () => expectLedgerInvariantsOf(ctx.db);

describe('ledger', () => {
  it('spreads members over 256 house shards, each an account, so concurrent bets rarely meet on one row', async () => {
    const shards = await ctx.db
      .selectFrom('ledger_account')
      .select('code')
      .where('kind', '=', 'house')
      .where('code', 'like', 'house:%')
      .execute();
    expect(shards).toHaveLength(256);
    const codes = new Set(shards.map((shard) => shard.code));
    for (const memberId of [1, 15, 16, 255, 256, 1_000_003])
      expect(codes.has(ACCOUNT.houseFor(memberId))).toBe(true);
    expect(ACCOUNT.houseFor(16)).not.toBe(ACCOUNT.houseFor(0));
  });

  it('credits and debits a member, spending real money first and bonus cash for the remainder', async () => {
    const { id, token } = await newMember(ctx);
    await deposit(id, 10_000);
    await creditMember(ctx.db, {
      memberId: id,
      from: ACCOUNT.promotionBonus,
      key: key('bonus'),
      kind: 'bonus',
      cash: 5_000,
      coins: 300,
    });
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 15_000,
      withdrawable: 10_000,
      coins: 300,
      diamonds: 0,
      tickets: 0,
    });

    await debitMemberCash(ctx.db, {
      memberId: id,
      to: ACCOUNT.house,
      key: key('bet'),
      kind: 'bet',
      amount: 4_000,
    });
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 11_000, withdrawable: 6_000 });
    await debitMemberCash(ctx.db, {
      memberId: id,
      to: ACCOUNT.house,
      key: key('bet'),
      kind: 'bet',
      amount: 8_000,
    });
    // 6 000 of real money, then 2 000 of the bonus cash.
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 3_000, withdrawable: 0 });

    const balance = await callApi(ctx, ACCOUNT_PATHS.balance, { method: 'GET', token });
    expect(balance.data).toEqual({ money: 3_000, withdrawMoney: 0 });
    const profile = await callApi(ctx, ACCOUNT_PATHS.memberById, { method: 'GET', token });
    expect(profile.data).toMatchObject({ money: 3_000, withdrawMoney: 0, bonusMoney: 300 });
    await expectLedgerInvariants();
  });

  it('refuses an overdraft and changes nothing', async () => {
    const { id } = await newMember(ctx);
    await deposit(id, 1_000);
    await expect(
      debitMemberCash(ctx.db, {
        memberId: id,
        to: ACCOUNT.house,
        key: key('bet'),
        kind: 'bet',
        amount: 1_001,
      }),
    ).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    expect((await getBalances(ctx.db, id)).cash).toBe(1_000);
    await expectLedgerInvariants();
  });

  it('the CHECK refuses a transfer that would overdraw, even one that skipped the service’s own check', async () => {
    const { id } = await newMember(ctx);
    const player = ACCOUNT.player(id);
    await expect(
      postTransaction(ctx.db, {
        key: key('raw'),
        kind: 'adjustment',
        memberId: id,
        accounts: [player, ACCOUNT.house],
        request: {},
        build: () => [
          { account: player, asset: 'cash', amount: -1 },
          { account: ACCOUNT.house, asset: 'cash', amount: 1 },
        ],
      }),
    ).rejects.toBeInstanceOf(AppError);
    await expectLedgerInvariants();
  });

  it('refuses entries that do not sum to zero', async () => {
    const { id } = await newMember(ctx);
    const player = ACCOUNT.player(id);
    await expect(
      postTransaction(ctx.db, {
        key: key('unbalanced'),
        kind: 'adjustment',
        memberId: id,
        accounts: [player, ACCOUNT.world],
        request: {},
        build: () => [
          { account: player, asset: 'cash', amount: 100 },
          { account: ACCOUNT.world, asset: 'cash', amount: -99 },
        ],
      }),
    ).rejects.toThrow(/sum to/);
    expect((await getBalances(ctx.db, id)).cash).toBe(0);
  });

  // Fixed postings run as one statement in the database (ledger_post, migration 0014): the same rules.
  it('the one-statement path refuses an overdraft, unbalanced entries and an unknown account, changing nothing', async () => {
    const { id } = await newMember(ctx);
    const player = ACCOUNT.player(id);
    const post = (postings: { account: string; asset: Asset; amount: number }[]) =>
      postTransaction(ctx.db, { key: key('fixed'), kind: 'adjustment', memberId: id, request: {}, postings });
    await expect(
      post([
        { account: player, asset: 'cash', amount: -1 },
        { account: ACCOUNT.house, asset: 'cash', amount: 1 },
      ]),
    ).rejects.toMatchObject({ code: ERRORS.INSUFFICIENT_BALANCE.code });
    await expect(
      post([
        { account: player, asset: 'cash', amount: 100 },
        { account: ACCOUNT.world, asset: 'cash', amount: -99 },
      ]),
    ).rejects.toThrow(/do not balance/);
    await expect(
      post([
        { account: player, asset: 'cash', amount: 100 },
        { account: 'house:nowhere', asset: 'cash', amount: -100 },
      ]),
    ).rejects.toThrow(/no account/);
    expect(await getBalances(ctx.db, id)).toEqual({
      cash: 0,
      withdrawable: 0,
      coins: 0,
      diamonds: 0,
      tickets: 0,
    });
    expect(await transactionsOf(ctx, id, 'adjustment')).toEqual([]);
    await expectLedgerInvariants();
  });

  it('the same key with the same request has one effect; with another request it is refused', async () => {
    const { id } = await newMember(ctx);
    const first = await deposit(id, 2_500, 'mpesa:ws_CO_0001');
    const again = await deposit(id, 2_500, 'mpesa:ws_CO_0001');
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true });
    expect((await getBalances(ctx.db, id)).cash).toBe(2_500);
    await expect(deposit(id, 9_999, 'mpesa:ws_CO_0001')).rejects.toMatchObject({
      key: 'IDEMPOTENCY_CONFLICT',
    });
    expect((await getBalances(ctx.db, id)).cash).toBe(2_500);
  });

  it('never lets journal rows change (invariant 8)', async () => {
    const { id } = await newMember(ctx);
    await deposit(id, 100);
    await expect(sql`update journal_entry set amount = amount * 2`.execute(ctx.db)).rejects.toThrow(
      /never changed/,
    );
    await expect(sql`delete from journal_transaction`.execute(ctx.db)).rejects.toThrow(/never changed/);
  });

  it('100 concurrent debits of one account never overdraw it', async () => {
    const { id } = await newMember(ctx);
    await deposit(id, 5_000);
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, () =>
        debitMemberCash(ctx.db, {
          memberId: id,
          to: ACCOUNT.house,
          key: key('bet'),
          kind: 'bet',
          amount: 100,
        }),
      ),
    );
    const succeeded = results.filter((result) => result.status === 'fulfilled').length;
    expect(succeeded).toBe(50);
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
    }
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 0, withdrawable: 0 });
    await expectLedgerInvariants();
  });

  it('of two concurrent withdrawals of the whole balance exactly one succeeds', async () => {
    const { id } = await newMember(ctx);
    await deposit(id, 7_000);
    const withdraw = () =>
      debitMemberCash(ctx.db, {
        memberId: id,
        to: ACCOUNT.mpesaClearing,
        key: key('withdraw'),
        kind: 'withdraw',
        amount: 7_000,
      });
    const results = await Promise.allSettled([withdraw(), withdraw()]);
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect((await getBalances(ctx.db, id)).cash).toBe(0);
    await expectLedgerInvariants();
  });

  // The provider wallet posts its bets and wins inside its own statement (migration 0021) with these.
  it('a typed one-statement debit or credit is the very transfer debitMemberCash / creditMember post under its key', async () => {
    const { id } = await newMember(ctx);
    await deposit(id, 10_000);
    const runDebit = (call: LedgerCall) =>
      sql<{ transaction_id: number; replayed: boolean }>`select * from ledger_debit(
        ${call.key}, ${call.payloadHash}, ${call.kind}, ${call.memberId}, ${call.description},
        ${call.player}, ${call.counterparty}, ${call.amount})`.execute(ctx.db);
    const runCredit = (call: LedgerCall, withdrawable = call.amount) =>
      sql<{ transaction_id: number; replayed: boolean }>`select * from ledger_credit(
        ${call.key}, ${call.payloadHash}, ${call.kind}, ${call.memberId}, ${call.description},
        ${call.counterparty}, ${call.player}, ${call.amount}, ${withdrawable})`.execute(ctx.db);

    const bet = {
      memberId: id,
      to: ACCOUNT.houseFor(id),
      key: key('bet'),
      kind: 'bet' as const,
      amount: 4_000,
    };
    const debited = (await runDebit(ledgerDebitCall(bet))).rows[0];
    expect(debited?.replayed).toBe(false);
    // The service's own call with the same input is a replay of it, not a conflict and not a second debit.
    expect(await debitMemberCash(ctx.db, bet)).toEqual({
      transactionId: debited?.transaction_id,
      replayed: true,
    });

    const win = {
      memberId: id,
      from: ACCOUNT.houseFor(id),
      key: key('win'),
      kind: 'win' as const,
      amount: 2_500,
    };
    const credited = (await runCredit(ledgerCreditCall(win))).rows[0];
    expect(credited?.replayed).toBe(false);
    expect(await creditMember(ctx.db, { ...win, cash: win.amount, withdrawable: win.amount })).toEqual({
      transactionId: credited?.transaction_id,
      replayed: true,
    });
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 8_500, withdrawable: 8_500 });

    // Another payload under a used key is refused (WL003), whichever path posted first.
    await expect(runCredit(ledgerCreditCall({ ...win, amount: 2_600 }))).rejects.toMatchObject({
      code: 'WL003',
    });
    // A credit that is not positive, with more withdrawable than cash, or from the player to itself: WL002.
    const fresh = () => ledgerCreditCall({ ...win, key: key('win') });
    await expect(runCredit({ ...fresh(), amount: 0 })).rejects.toMatchObject({ code: 'WL002' });
    await expect(runCredit(fresh(), 2_501)).rejects.toMatchObject({ code: 'WL002' });
    await expect(runCredit({ ...fresh(), counterparty: ACCOUNT.player(id) })).rejects.toMatchObject({
      code: 'WL002',
    });
    // An account that does not exist: WL404, nothing posted.
    await expect(runCredit({ ...fresh(), counterparty: 'house:nowhere' })).rejects.toMatchObject({
      code: 'WL404',
    });
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 8_500, withdrawable: 8_500 });
    await expectLedgerInvariants();
  });
});

describe('wallet API', () => {
  it('shows the member’s own transactions by type, totals by type, and hides other members’', async () => {
    const a = await newMember(ctx);
    const b = await newMember(ctx);
    await deposit(a.id, 3_000);
    await debitMemberCash(ctx.db, {
      memberId: a.id,
      to: ACCOUNT.house,
      key: key('bet'),
      kind: 'bet',
      amount: 1_000,
    });
    await creditMember(ctx.db, {
      memberId: a.id,
      from: ACCOUNT.house,
      key: key('win'),
      kind: 'win',
      cash: 2_500,
      withdrawable: 2_500,
    });

    const records = await callApi(ctx, ACCOUNT_PATHS.transactionRecords, { method: 'GET', token: a.token });
    expect(records.data.total).toBe(3);
    expect(
      records.data.list.map((item: { type: string; amount: number }) => [item.type, item.amount]),
    ).toEqual([
      ['win', 2_500],
      ['bet', -1_000],
      ['deposit', 3_000],
    ]);
    const bets = await callApi(ctx, ACCOUNT_PATHS.transactionRecords, {
      method: 'GET',
      token: a.token,
      query: '?type=bet',
    });
    expect(bets.data.list).toHaveLength(1);

    const totals = await callApi(ctx, ACCOUNT_PATHS.incomeTotalByType, { method: 'GET', token: a.token });
    expect(totals.data).toEqual(
      expect.arrayContaining([
        { type: 'deposit', total: 3_000 },
        { type: 'win', total: 2_500 },
      ]),
    );

    const id = records.data.list[0].id as number;
    const own = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
      method: 'GET',
      token: a.token,
      query: `?id=${id}`,
    });
    expect(own.data).toMatchObject({ id, type: 'win', amount: 2_500, withdrawAmount: 2_500 });
    const others = await callApi(ctx, ACCOUNT_PATHS.transactionDetail, {
      method: 'GET',
      token: b.token,
      query: `?id=${id}`,
    });
    expect(others).toMatchObject({ status: 404, code: ERRORS.NOT_FOUND.code });
    expect((await callApi(ctx, ACCOUNT_PATHS.balance, { method: 'GET' })).status).toBe(401);
  });
});

describe('retries after a serialisation failure or a deadlock (40001, 40P01)', () => {
  /**
   * Makes the next `times` journal transactions whose key starts with `prefix` fail with `sqlstate`, as
   * a real serialisation failure or deadlock would. A sequence counts them: unlike a table, it is not
   * rolled back with the failing transaction.
   */
  async function failNext(prefix: string, sqlstate: '40001' | '40P01', times: number) {
    const name = `inject_${prefix.replace(/\W/g, '_')}`;
    await sql.raw(`create sequence ${name}`).execute(ctx.db);
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
        begin
          if new.idempotency_key like '${prefix}%' then
            if nextval('${name}') <= ${times} then
              raise exception 'injected %', '${sqlstate}' using errcode = '${sqlstate}';
            end if;
          end if;
          return new;
        end $$`,
      )
      .execute(ctx.db);
    await sql
      .raw(
        `create trigger ${name} before insert on journal_transaction for each row execute function ${name}()`,
      )
      .execute(ctx.db);
    return async () => {
      await sql.raw(`drop trigger ${name} on journal_transaction`).execute(ctx.db);
      await sql.raw(`drop function ${name}()`).execute(ctx.db);
      await sql.raw(`drop sequence ${name}`).execute(ctx.db);
    };
  }

  const transactionsWithKey = async (prefix: string) =>
    (
      await ctx.db
        .selectFrom('journal_transaction')
        .select('id')
        .where('idempotency_key', 'like', `${prefix}%`)
        .execute()
    ).length;

  it('on its own, a transfer retries itself and is posted once (one statement, and the general path)', async () => {
    const { id } = await newMember(ctx);
    const undoSerialisation = await failNext('retry-own:', '40001', 2);
    try {
      await deposit(id, 1_000, 'retry-own:1');
    } finally {
      await undoSerialisation();
    }
    const undoDeadlock = await failNext('retry-build:', '40P01', 1);
    try {
      await reserveWithdrawal(ctx.db, { memberId: id, key: 'retry-build:1', payout: 300, fee: 10, tax: 0 });
    } finally {
      await undoDeadlock();
    }
    expect(await transactionsWithKey('retry-own:')).toBe(1);
    expect(await transactionsWithKey('retry-build:')).toBe(1);
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 690, withdrawable: 690 });
    await expectLedgerInvariants();
  });

  it('inside a caller’s transaction, the failure propagates and the caller’s unit retries as a whole', async () => {
    const { id } = await newMember(ctx);
    const undo = await failNext('retry-inner:', '40001', 1);
    try {
      // Retrying inside the aborted transaction would fail with 25P02 ("current transaction is aborted")
      // or read a stale snapshot: the serialisation failure itself reaches the caller.
      await expect(
        ctx.db
          .transaction()
          .execute((trx) =>
            creditDeposit(trx, { memberId: id, key: 'retry-inner:1', cash: 500, coins: 0, excise: 0 }),
          ),
      ).rejects.toMatchObject({ code: '40001' });
    } finally {
      await undo();
    }
    expect((await getBalances(ctx.db, id)).cash).toBe(0);

    const undoUnit = await failNext('retry-unit:', '40P01', 1);
    let runs = 0;
    try {
      await retryingTransaction(ctx.db, async (trx) => {
        runs += 1;
        await creditDeposit(trx, { memberId: id, key: 'retry-unit:1', cash: 700, coins: 0, excise: 0 });
        await debitMemberCash(trx, {
          memberId: id,
          to: ACCOUNT.house,
          key: 'retry-unit:2',
          kind: 'bet',
          amount: 200,
        });
      });
    } finally {
      await undoUnit();
    }
    expect(runs).toBe(2);
    expect(await transactionsWithKey('retry-unit:')).toBe(2);
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 500, withdrawable: 500 });
    await expectLedgerInvariants();
  });

  it('inside a caller’s transaction, a refused transfer undoes itself only', async () => {
    const { id } = await newMember(ctx);
    await ctx.db.transaction().execute(async (trx) => {
      await creditDeposit(trx, { memberId: id, key: key('inner-ok'), cash: 1_000, coins: 0, excise: 0 });
      await expect(
        debitMemberCash(trx, {
          memberId: id,
          to: ACCOUNT.house,
          key: 'inner-refused:1',
          kind: 'bet',
          amount: 5_000,
        }),
      ).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
      await expect(
        reserveWithdrawal(trx, { memberId: id, key: 'inner-refused:2', payout: 2_000, fee: 0, tax: 0 }),
      ).rejects.toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
      // The caller's transaction goes on.
      await debitMemberCash(trx, {
        memberId: id,
        to: ACCOUNT.house,
        key: key('inner-bet'),
        kind: 'bet',
        amount: 400,
      });
    });
    expect(await getBalances(ctx.db, id)).toMatchObject({ cash: 600, withdrawable: 600 });
    expect(await transactionsWithKey('inner-refused:')).toBe(0);
    await expectLedgerInvariants();
  });
});
