import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import type { DrawRecord } from '../draws/draws.service.ts';
import { recordPrizes } from '../draws/draws.service.ts';
import {
  ACCOUNT,
  creditMember,
  getAccountBalances,
  openDrawAccounts,
  transfer,
} from '../../platform/wallet/wallet.service.ts';
import * as repository from './lottery.repository.ts';

type Db = Kysely<Database>;

/** A ticket that won: its tier (the lottery) or rank (the cash draw). */
export type WinningTicket = { ticketNo: number; memberId: number; tier: number };

/** A draw's money as its product's rules split it, given what the rollover holds. */
export type DrawMoneyPlan = {
  sales: number;
  houseShare: number;
  rolloverIn: number;
  seedTopUp: number;
  paid: number;
  rolloverOut: number;
  /** What one winning ticket of each tier (or rank) is paid. */
  prizeOfTier: Record<number, number>;
  /** The split as the results page shows it (stored with the settlement). */
  details: unknown;
};

type StoredSplit = { prizeOfTier: Record<string, number>; details: unknown };

/** Winning members per recorded batch (each member one ledger credit). */
const PAYMENT_BATCH = 2_000;
/** Credits in flight at once: within the pool, and each holds the fund's row for one statement only. */
const PAYMENT_LANES = 6;

/**
 * Pays one drawn draw (docs/promotions.md "The 6+1 lottery and the cash draw", "Money"), exactly once
 * however often it runs, on however many processes:
 *
 * 1. Once per draw, in ONE transaction under the product's settlement lock: what the rollover holds is read,
 *    the product's rules split the draw's money (`plan`), and the draw's aggregate money moves: rollover →
 *    fund (what the draw takes), house → fund (the jackpot seed's top-up), fund → house (the house's share),
 *    fund → rollover (breakage, unwon pools, rounding), each under its key `draw:<id>:…`; the settlement row
 *    (primary key: the draw) stores the split with them. A second run finds the row and reuses its split.
 * 2. The winners, in member order, in batches from the cursor: each member's prizes credited from the fund
 *    in ONE ledger transaction under `draw:<id>:prize:<member>` (several in flight at once), then, in one
 *    transaction holding the settlement row, the members' prize rows, the tickets' prizes and the cursor
 *    moved (only by the run whose cursor it still is). A crash between the two leaves credits whose keys a
 *    re-run replays (the first credit answered, nothing paid twice) before it records them.
 *
 * Prizes are winnings of a ticket bought, not a promotion's reward: a member blocked since the purchase is
 * still paid what the ticket won.
 */
export async function settleDrawMoney(
  db: Db,
  draw: DrawRecord,
  input: {
    product: 'lottery' | 'cash-draw';
    winners: readonly WinningTicket[];
    plan: (reserve: number) => DrawMoneyPlan;
    description: string;
  },
): Promise<void> {
  let settlement = await repository.findSettlement(db, draw.id);
  if (settlement?.paidAt) return;
  const accounts = await openDrawAccounts(db, input.product);
  const members = membersOf(input.winners);

  if (!settlement) {
    settlement = await retryingTransaction(db, async (trx) => {
      await repository.lockProductSettlements(trx, input.product);
      const existing = await repository.findSettlement(trx, draw.id);
      if (existing) return existing;
      const reserve = (await getAccountBalances(trx, accounts.rollover)).cash;
      const plan = input.plan(reserve);
      const key = (part: string) => `draw:${draw.id}:${part}`;
      const move = async (part: string, from: string, to: string, amount: number) => {
        if (amount <= 0) return;
        await transfer(trx, {
          from,
          to,
          key: key(part),
          kind: 'adjustment',
          amount,
          withdrawable: true,
          description: `${input.description}: ${part}`,
        });
      };
      await move('rollover-in', accounts.rollover, accounts.fund, plan.rolloverIn);
      await move('seed', ACCOUNT.house, accounts.fund, plan.seedTopUp);
      await move('house-share', accounts.fund, ACCOUNT.house, plan.houseShare);
      await move('rollover-out', accounts.fund, accounts.rollover, plan.rolloverOut);
      const split: StoredSplit = { prizeOfTier: plan.prizeOfTier, details: plan.details };
      const row = {
        drawId: draw.id,
        product: input.product,
        sales: plan.sales,
        houseShare: plan.houseShare,
        rolloverIn: plan.rolloverIn,
        seedTopUp: plan.seedTopUp,
        paid: plan.paid,
        rolloverOut: plan.rolloverOut,
        split,
        winners: members.length,
      };
      await repository.insertSettlement(trx, row);
      return { ...row, membersPaid: 0, paidAt: members.length === 0 ? new Date() : null };
    });
  }
  const { prizeOfTier } = settlement.split as StoredSplit;
  if (settlement.winners !== members.length) {
    throw new Error(
      `draw ${draw.id}: ${members.length} winning members, the settlement counted ${settlement.winners}`,
    );
  }

  for (;;) {
    const progress = await repository.findSettlement(db, draw.id);
    if (!progress || progress.paidAt) return;
    const from = progress.membersPaid;
    const batch = members.slice(from, from + PAYMENT_BATCH);
    // The credits first, several at once, each its own ledger transaction under its key (a replay, after a
    // crash or beside another run, answers the first credit): the fund's row is locked one statement at a
    // time, not for a whole batch.
    const paid = new Map<number, { amount: number; transactionId: number }>();
    await inLanes(batch, PAYMENT_LANES, async (member) => {
      const amount = member.tickets.reduce((sum, ticket) => sum + (prizeOfTier[String(ticket.tier)] ?? 0), 0);
      if (amount === 0) return;
      const credit = await creditMember(db, {
        memberId: member.memberId,
        from: accounts.fund,
        key: `draw:${draw.id}:prize:${member.memberId}`,
        kind: 'win',
        cash: amount,
        withdrawable: amount,
        description: input.description,
      });
      paid.set(member.memberId, { amount, transactionId: credit.transactionId });
    });
    // Then the batch's records and the cursor, in one transaction, by the run whose cursor it still is.
    const done = await retryingTransaction(db, async (trx) => {
      const locked = await repository.lockSettlement(trx, draw.id);
      if (!locked || locked.paidAt) return true;
      if (locked.membersPaid !== from) return false;
      await repository.insertPrizes(
        trx,
        batch.flatMap((member) => {
          const credit = paid.get(member.memberId);
          return credit
            ? [
                {
                  drawId: draw.id,
                  memberId: member.memberId,
                  amount: credit.amount,
                  tickets: member.tickets.length,
                  bestTier: Math.min(...member.tickets.map((ticket) => ticket.tier)),
                  transactionId: credit.transactionId,
                },
              ]
            : [];
        }),
      );
      await recordPrizes(
        trx,
        draw.id,
        batch.flatMap((member) =>
          member.tickets.map((ticket) => ({
            ticketNo: ticket.ticketNo,
            prize: prizeOfTier[String(ticket.tier)] ?? 0,
            tier: ticket.tier,
          })),
        ),
      );
      const through = from + batch.length;
      await repository.advancePayments(trx, draw.id, through, through === members.length);
      return through === members.length;
    });
    if (done) return;
  }
}

/** Runs `work` over `items` with at most `lanes` at a time. */
async function inLanes<T>(
  items: readonly T[],
  lanes: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(lanes, items.length) }, async () => {
      while (next < items.length) {
        const item = items[next]!;
        next += 1;
        await work(item);
      }
    }),
  );
}

/** The winning tickets grouped by member, in member order (the order every run pays them in). */
function membersOf(winners: readonly WinningTicket[]): Array<{ memberId: number; tickets: WinningTicket[] }> {
  const byMember = new Map<number, WinningTicket[]>();
  for (const ticket of winners) {
    const tickets = byMember.get(ticket.memberId);
    if (tickets) tickets.push(ticket);
    else byMember.set(ticket.memberId, [ticket]);
  }
  return [...byMember.entries()]
    .sort(([a], [b]) => a - b)
    .map(([memberId, tickets]) => ({ memberId, tickets }));
}
