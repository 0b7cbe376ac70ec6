import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Asset } from '../../../db/schema.ts';
import { expectLedgerInvariants } from '../../../../test/ledger-invariants.ts';
import { journalSize, newMember } from '../../../../test/factory.ts';
import { useTestApp } from '../../../../test/test-app.ts';
import {
  ACCOUNT,
  creditMember,
  debitMemberCash,
  exchangeToCash,
  getBalances,
  reserveWithdrawal,
  returnWithdrawal,
  settleWithdrawal,
  spendMemberAsset,
  type PostedTransaction,
} from './wallet.service.ts';

/**
 * Property test (issue 4 §10; reliability-and-performance.md §5.5): random sequences of deposits, wins,
 * refunds, bonuses (coins), diamonds, bets, concurrent batches of bets, withdrawals through the real
 * reserve → settle / return path, exchanges of coins or diamonds, tickets given and concurrent batches of
 * ticket spends (what a draw's entry costs), replayed requests and requests that
 * reuse a key with another payload, run against the real ledger and against an in-memory model of the
 * players' wallets. After every step: every balance equals the model's, each request took effect exactly
 * once (the journal holds one transaction per accepted key), and the invariants of §1.7 hold over the
 * whole ledger (conservation and balanced transactions per asset, diamonds and tickets included; projection = journal;
 * no negative balance; withdrawable ≤ cash). fast-check prints the seed of a failing run to replay it.
 */
const ctx = useTestApp();
const players: number[] = [];

beforeAll(async () => {
  for (let index = 0; index < 2; index += 1) {
    players.push((await newMember(ctx)).id);
  }
});

type Model = Record<Asset, number>;
type Step =
  | { op: 'deposit' | 'win' | 'refund'; player: number; amount: number }
  | { op: 'bonus'; player: number; amount: number; coins: number }
  | { op: 'diamonds'; player: number; diamonds: number }
  | { op: 'tickets'; player: number; tickets: number }
  | { op: 'spendTickets'; player: number; tickets: number; count: number }
  | { op: 'bet'; player: number; amount: number }
  | { op: 'batch'; player: number; amount: number; count: number }
  | { op: 'reserve'; player: number; payout: number; fee: number; tax: number }
  | { op: 'settle'; index: number }
  | { op: 'return'; index: number }
  | {
      op: 'exchange';
      player: number;
      asset: 'coins' | 'diamonds';
      amount: number;
      cash: number;
      withdrawable: boolean;
    }
  | { op: 'replay'; index: number }
  | { op: 'conflict'; index: number };

const amount = fc.integer({ min: 1, max: 50_000 });
const player = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    arbitrary: fc.record({
      op: fc.constantFrom('deposit' as const, 'win' as const, 'refund' as const),
      player,
      amount,
    }),
    weight: 4,
  },
  fc.record({ op: fc.constant('bonus' as const), player, amount, coins: fc.integer({ min: 0, max: 1_000 }) }),
  fc.record({ op: fc.constant('diamonds' as const), player, diamonds: fc.integer({ min: 1, max: 500 }) }),
  fc.record({ op: fc.constant('tickets' as const), player, tickets: fc.integer({ min: 1, max: 10 }) }),
  fc.record({
    op: fc.constant('spendTickets' as const),
    player,
    tickets: fc.integer({ min: 1, max: 6 }),
    count: fc.integer({ min: 1, max: 4 }),
  }),
  { arbitrary: fc.record({ op: fc.constant('bet' as const), player, amount }), weight: 2 },
  fc.record({
    op: fc.constant('batch' as const),
    player,
    amount: fc.integer({ min: 1, max: 20_000 }),
    count: fc.integer({ min: 2, max: 6 }),
  }),
  {
    arbitrary: fc.record({
      op: fc.constant('reserve' as const),
      player,
      payout: amount,
      fee: fc.integer({ min: 0, max: 500 }),
      tax: fc.integer({ min: 0, max: 500 }),
    }),
    weight: 2,
  },
  fc.record({ op: fc.constantFrom('settle' as const, 'return' as const), index: fc.nat() }),
  fc.record({
    op: fc.constant('exchange' as const),
    player,
    asset: fc.constantFrom('coins' as const, 'diamonds' as const),
    amount: fc.integer({ min: 1, max: 600 }),
    cash: fc.integer({ min: 1, max: 5_000 }),
    withdrawable: fc.boolean(),
  }),
  fc.record({ op: fc.constantFrom('replay' as const, 'conflict' as const), index: fc.nat() }),
);

let run = 0;

/** An accepted request: doing it again must change nothing; changing its payload must be refused. */
type Done = {
  key: string;
  posted: PostedTransaction;
  again: () => Promise<PostedTransaction>;
  altered: () => Promise<unknown>;
};
type Pending = { key: string; memberId: number; payout: number; fee: number; tax: number };

/** Runs a request; answers its result, or the error's key when the ledger refused it. */
async function attempt<T>(
  work: () => Promise<T>,
): Promise<{ ok: true; value: T } | { ok: false; key: string }> {
  try {
    return { ok: true, value: await work() };
  } catch (error) {
    const key = (error as { key?: string }).key;
    if (!key) throw error;
    return { ok: false, key };
  }
}

describe('ledger against a model', () => {
  it('keeps every balance equal to the model, each key effective once, and the invariants after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        run += 1;
        const models = new Map<number, Model>();
        for (const id of players) models.set(id, { ...(await getBalances(ctx.db, id)) });
        let expectedJournal = await journalSize(ctx);
        const done: Done[] = [];
        const pending: Pending[] = [];

        const accept = (
          key: string,
          posted: PostedTransaction,
          again: Done['again'],
          altered: Done['altered'],
        ) => {
          expect(posted.replayed).toBe(false);
          expectedJournal += 1;
          done.push({ key, posted, again, altered });
        };

        for (const [index, current] of steps.entries()) {
          const key = `prop:${run}:${index}`;
          if (current.op === 'replay' || current.op === 'conflict') {
            const earlier = done[current.index % Math.max(done.length, 1)];
            if (earlier && current.op === 'replay') {
              // The same key and payload: the first transaction, no second effect (invariant 6).
              const again = await earlier.again();
              expect(again).toEqual({ transactionId: earlier.posted.transactionId, replayed: true });
            } else if (earlier) {
              // The same key with another payload is refused, and changes nothing.
              await expect(earlier.altered()).rejects.toMatchObject({ key: 'IDEMPOTENCY_CONFLICT' });
            }
          } else if (current.op === 'settle' || current.op === 'return') {
            const position = current.index % Math.max(pending.length, 1);
            const withdrawal = pending[position];
            if (withdrawal) {
              pending.splice(position, 1);
              const total = withdrawal.payout + withdrawal.fee + withdrawal.tax;
              const settleKey = `${withdrawal.key}:${current.op}`;
              const act =
                current.op === 'settle'
                  ? (change = 0) =>
                      settleWithdrawal(ctx.db, {
                        memberId: withdrawal.memberId,
                        key: settleKey,
                        payout: withdrawal.payout + change,
                        fee: withdrawal.fee,
                        tax: withdrawal.tax,
                      })
                  : (change = 0) =>
                      returnWithdrawal(ctx.db, {
                        memberId: withdrawal.memberId,
                        key: settleKey,
                        amount: total + change,
                      });
              accept(settleKey, await act(), act, () => act(1));
              if (current.op === 'return') {
                const model = models.get(withdrawal.memberId) as Model;
                model.cash += total;
                model.withdrawable += total;
              }
            }
          } else {
            const memberId = players[current.player] as number;
            const model = models.get(memberId) as Model;
            switch (current.op) {
              case 'deposit':
              case 'win':
              case 'refund': {
                const withdrawable = current.op === 'refund' ? 0 : current.amount;
                const act = (change = 0) =>
                  creditMember(ctx.db, {
                    memberId,
                    from: current.op === 'deposit' ? ACCOUNT.mpesaClearing : ACCOUNT.houseFor(memberId),
                    key,
                    kind: current.op,
                    cash: current.amount + change,
                    withdrawable,
                  });
                accept(key, await act(), act, () => act(1));
                model.cash += current.amount;
                model.withdrawable += withdrawable;
                break;
              }
              case 'bonus': {
                const act = (change = 0) =>
                  creditMember(ctx.db, {
                    memberId,
                    from: ACCOUNT.promotionBonus,
                    key,
                    kind: 'bonus',
                    cash: current.amount,
                    coins: current.coins + change,
                  });
                accept(key, await act(), act, () => act(1));
                model.cash += current.amount;
                model.coins += current.coins;
                break;
              }
              case 'diamonds': {
                const act = (change = 0) =>
                  creditMember(ctx.db, {
                    memberId,
                    from: ACCOUNT.promotionBonus,
                    key,
                    kind: 'bonus',
                    diamonds: current.diamonds + change,
                  });
                accept(key, await act(), act, () => act(1));
                model.diamonds += current.diamonds;
                break;
              }
              case 'tickets': {
                const act = (change = 0) =>
                  creditMember(ctx.db, {
                    memberId,
                    from: ACCOUNT.promotionBonus,
                    key,
                    kind: 'bonus',
                    tickets: current.tickets + change,
                  });
                accept(key, await act(), act, () => act(1));
                model.tickets += current.tickets;
                break;
              }
              case 'spendTickets': {
                // Equal spends at the same moment: exactly as many as the tickets cover succeed.
                const results = await Promise.all(
                  Array.from({ length: current.count }, (_, spend) =>
                    attempt(() =>
                      spendMemberAsset(ctx.db, {
                        memberId,
                        to: ACCOUNT.promotionBonus,
                        key: `${key}:${spend}`,
                        asset: 'tickets',
                        amount: current.tickets,
                        insufficient: 'INSUFFICIENT_BALANCE',
                      }),
                    ),
                  ),
                );
                const succeeded = results.filter((result) => result.ok).length;
                expect(succeeded).toBe(Math.min(current.count, Math.floor(model.tickets / current.tickets)));
                for (const result of results) if (!result.ok) expect(result.key).toBe('INSUFFICIENT_BALANCE');
                expectedJournal += succeeded;
                model.tickets -= succeeded * current.tickets;
                break;
              }
              case 'bet': {
                const act = (change = 0) =>
                  debitMemberCash(ctx.db, {
                    memberId,
                    to: ACCOUNT.houseFor(memberId),
                    key,
                    kind: 'bet',
                    amount: current.amount + change,
                  });
                const result = await attempt(() => act());
                expect(result.ok).toBe(model.cash >= current.amount);
                if (result.ok) {
                  accept(key, result.value, act, () => act(1));
                  model.cash -= current.amount;
                  // Real money first: the withdrawable part pays before the bonus cash.
                  model.withdrawable = Math.max(0, model.withdrawable - current.amount);
                } else {
                  expect(result.key).toBe('INSUFFICIENT_BALANCE');
                }
                break;
              }
              case 'batch': {
                // Equal bets at the same moment: however they interleave, exactly as many as the cash
                // covers succeed, each spending the withdrawable part first (real money first).
                const results = await Promise.all(
                  Array.from({ length: current.count }, (_, bet) =>
                    attempt(() =>
                      debitMemberCash(ctx.db, {
                        memberId,
                        to: ACCOUNT.houseFor(memberId),
                        key: `${key}:${bet}`,
                        kind: 'bet',
                        amount: current.amount,
                      }),
                    ),
                  ),
                );
                const succeeded = results.filter((result) => result.ok).length;
                expect(succeeded).toBe(Math.min(current.count, Math.floor(model.cash / current.amount)));
                for (const result of results) if (!result.ok) expect(result.key).toBe('INSUFFICIENT_BALANCE');
                expectedJournal += succeeded;
                model.cash -= succeeded * current.amount;
                model.withdrawable = Math.max(0, model.withdrawable - succeeded * current.amount);
                break;
              }
              case 'reserve': {
                const total = current.payout + current.fee + current.tax;
                const act = (change = 0) =>
                  reserveWithdrawal(ctx.db, {
                    memberId,
                    key: `${key}:reserve`,
                    payout: current.payout + change,
                    fee: current.fee,
                    tax: current.tax,
                  });
                const result = await attempt(() => act());
                expect(result.ok).toBe(model.withdrawable >= total);
                if (result.ok) {
                  accept(`${key}:reserve`, result.value, act, () => act(1));
                  pending.push({ key, memberId, payout: current.payout, fee: current.fee, tax: current.tax });
                  model.cash -= total;
                  model.withdrawable -= total;
                } else {
                  expect(result.key).toBe('INSUFFICIENT_BALANCE');
                }
                break;
              }
              case 'exchange': {
                const act = (change = 0) =>
                  exchangeToCash(ctx.db, {
                    memberId,
                    key,
                    asset: current.asset,
                    amount: current.amount,
                    cash: current.cash + change,
                    withdrawable: current.withdrawable,
                  });
                const result = await attempt(() => act());
                expect(result.ok).toBe(model[current.asset] >= current.amount);
                if (result.ok) {
                  accept(key, result.value, act, () => act(1));
                  model[current.asset] -= current.amount;
                  model.cash += current.cash;
                  if (current.withdrawable) model.withdrawable += current.cash;
                } else {
                  expect(result.key).toBe('EXCHANGE_INSUFFICIENT');
                }
                break;
              }
            }
          }

          for (const id of players) expect(await getBalances(ctx.db, id)).toEqual(models.get(id));
          // Exactly one journal transaction per accepted request: replays and refusals add none.
          expect(await journalSize(ctx)).toBe(expectedJournal);
          await expectLedgerInvariants(ctx.db);
        }
      }),
      { numRuns: 25 },
    );
  }, 240_000);
});
