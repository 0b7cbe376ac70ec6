import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newMobile, registerMember } from '../../../test/api-client.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { ACCOUNT, ASSETS, creditMember, debitMemberCash, getBalances } from './wallet.service.ts';

/**
 * Property test (issue 4 §10): random sequences of deposits, bets, wins, bonuses, refunds, withdrawals and
 * replayed requests, run against the real ledger and against a small in-memory model of one player's
 * wallet. After every step the player's balances equal the model's, and the ledger-wide invariants of
 * reliability-and-performance.md §1.7 hold.
 */
let ctx: TestApp;
const players: number[] = [];

beforeAll(async () => {
  ctx = await createTestApp();
  for (let index = 0; index < 2; index += 1) {
    const registered = await registerMember(ctx, newMobile('0799'));
    players.push(registered.data.memberInfo.id);
  }
});
afterAll(async () => {
  await ctx.close();
});

type Model = { cash: number; withdrawable: number; coins: number };
type Step =
  | { op: 'deposit' | 'win' | 'refund'; player: number; amount: number }
  | { op: 'bonus'; player: number; amount: number; coins: number }
  | { op: 'bet' | 'withdraw'; player: number; amount: number }
  | { op: 'replay'; index: number };

const amount = fc.integer({ min: 1, max: 50_000 });
const player = fc.integer({ min: 0, max: 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constantFrom('deposit' as const, 'win' as const, 'refund' as const), player, amount }),
  fc.record({ op: fc.constant('bonus' as const), player, amount, coins: fc.integer({ min: 0, max: 1_000 }) }),
  fc.record({ op: fc.constantFrom('bet' as const, 'withdraw' as const), player, amount }),
  fc.record({ op: fc.constant('replay' as const), index: fc.nat() }),
);

let run = 0;

async function ledgerInvariantsHold(): Promise<void> {
  const accounts = await ctx.db.selectFrom('ledger_account').selectAll().execute();
  for (const asset of ASSETS) {
    expect(accounts.reduce((sum, account) => sum + Number(account[asset]), 0)).toBe(0);
  }
  const drift = await sql<{ n: string }>`
    select count(*) as n from ledger_account a
    where a.cash <> coalesce((select sum(amount) from journal_entry e where e.account_id = a.id and e.asset = 'cash'), 0)
       or a.withdrawable <> coalesce((select sum(amount) from journal_entry e where e.account_id = a.id and e.asset = 'withdrawable'), 0)
       or a.coins <> coalesce((select sum(amount) from journal_entry e where e.account_id = a.id and e.asset = 'coins'), 0)`.execute(
    ctx.db,
  );
  expect(Number(drift.rows[0]?.n)).toBe(0);
}

describe('ledger against a model', () => {
  it('keeps every balance equal to the model and the invariants after every step', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (steps) => {
        run += 1;
        const models = new Map<number, Model>();
        for (const id of players) {
          const now = await getBalances(ctx.db, id);
          models.set(id, { cash: now.cash, withdrawable: now.withdrawable, coins: now.coins });
        }
        const done: { key: string; replay: () => Promise<unknown> }[] = [];
        for (const [index, current] of steps.entries()) {
          const key = `prop:${run}:${index}`;
          if (current.op === 'replay') {
            const earlier = done[current.index % Math.max(done.length, 1)];
            // A replayed request has exactly the first one's effect, which is already in the model.
            if (earlier) await earlier.replay();
          } else {
            const memberId = players[current.player] as number;
            const model = models.get(memberId) as Model;
            const act = async () => {
              switch (current.op) {
                case 'deposit':
                case 'win':
                  return creditMember(ctx.db, {
                    memberId,
                    from: current.op === 'deposit' ? ACCOUNT.mpesaClearing : ACCOUNT.house,
                    key,
                    kind: current.op,
                    cash: current.amount,
                    withdrawable: current.amount,
                  });
                case 'refund':
                  return creditMember(ctx.db, {
                    memberId,
                    from: ACCOUNT.house,
                    key,
                    kind: 'refund',
                    cash: current.amount,
                  });
                case 'bonus':
                  return creditMember(ctx.db, {
                    memberId,
                    from: ACCOUNT.promotionBonus,
                    key,
                    kind: 'bonus',
                    cash: current.amount,
                    coins: current.coins,
                  });
                case 'bet':
                case 'withdraw':
                  return debitMemberCash(ctx.db, {
                    memberId,
                    to: current.op === 'bet' ? ACCOUNT.house : ACCOUNT.mpesaClearing,
                    key,
                    kind: current.op,
                    amount: current.amount,
                  });
              }
            };
            const refused = await act().then(
              () => false,
              (error: unknown) => {
                expect(error).toMatchObject({ key: 'INSUFFICIENT_BALANCE' });
                return true;
              },
            );
            if (current.op === 'bet' || current.op === 'withdraw') {
              expect(refused).toBe(model.cash < current.amount);
              if (!refused) {
                model.cash -= current.amount;
                model.withdrawable = Math.min(model.withdrawable, model.cash);
              }
            } else {
              expect(refused).toBe(false);
              model.cash += current.amount;
              if (current.op === 'deposit' || current.op === 'win') model.withdrawable += current.amount;
              if (current.op === 'bonus') model.coins += current.coins;
            }
            if (!refused) done.push({ key, replay: act });
          }
          for (const id of players) {
            const actual = await getBalances(ctx.db, id);
            const model = models.get(id) as Model;
            expect({ cash: actual.cash, withdrawable: actual.withdrawable, coins: actual.coins }).toEqual(
              model,
            );
          }
          await ledgerInvariantsHold();
        }
      }),
      { numRuns: 15 },
    );
  });
});
