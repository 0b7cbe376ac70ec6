import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { retryingTransaction } from '../../db/transactions.ts';
import type { DrawRecord } from '../draws/draws.service.ts';
import { recordPrizes } from '../draws/draws.service.ts';
import {
  ACCOUNT,
  creditMember,
  getAccountBalances,
  openDrawAccounts,
  transfer,
} from '../wallet/wallet.service.ts';
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

/** Winning members per settlement transaction: each is one ledger credit. */
const PAYMENT_BATCH = 1_000;

/**
 * Pays one drawn draw (docs/promotions.md "The 6+1 lottery and the cash draw", "Money"), exactly once
 * however often it runs, on however many processes:
 *
 * 1. Once per draw, in ONE transaction under the product's settlement lock: what the rollover holds is read,
 *    the product's rules split the draw's money (`plan`), and the draw's aggregate money moves: rollover →
 *    fund (what the draw takes), house → fund (the jackpot seed's top-up), fund → house (the house's share),
 *    fund → rollover (breakage, unwon pools, rounding), each under its key `draw:<id>:…`; the settlement row
 *    (primary key: the draw) stores the split with them. A second run finds the row and reuses its split.
 * 2. The winners, in member order, in batches: each batch's transaction locks the settlement row, credits
 *    each member's prizes from the fund in ONE ledger transaction (`draw:<id>:prize:<member>`), records the
 *    member's prize row and the tickets' prizes, and moves the cursor. A re-run continues from the cursor;
 *    a replayed credit key answers the first credit.
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
    const done = await retryingTransaction(db, async (trx) => {
      const locked = await repository.lockSettlement(trx, draw.id);
      if (!locked || locked.paidAt) return true;
      const batch = members.slice(locked.membersPaid, locked.membersPaid + PAYMENT_BATCH);
      const prizes: Parameters<typeof repository.insertPrizes>[1][number][] = [];
      const tickets: Array<{ ticketNo: number; prize: number; tier: number }> = [];
      for (const member of batch) {
        let amount = 0;
        for (const ticket of member.tickets) {
          const prize = prizeOfTier[String(ticket.tier)] ?? 0;
          amount += prize;
          tickets.push({ ticketNo: ticket.ticketNo, prize, tier: ticket.tier });
        }
        if (amount === 0) continue;
        const credit = await creditMember(trx, {
          memberId: member.memberId,
          from: accounts.fund,
          key: `draw:${draw.id}:prize:${member.memberId}`,
          kind: 'win',
          cash: amount,
          withdrawable: amount,
          description: input.description,
        });
        prizes.push({
          drawId: draw.id,
          memberId: member.memberId,
          amount,
          tickets: member.tickets.length,
          bestTier: Math.min(...member.tickets.map((ticket) => ticket.tier)),
          transactionId: credit.transactionId,
        });
      }
      await repository.insertPrizes(trx, prizes);
      await recordPrizes(trx, draw.id, tickets);
      const paid = locked.membersPaid + batch.length;
      await repository.advancePayments(trx, draw.id, paid, paid === members.length);
      return paid === members.length;
    });
    if (done) return;
  }
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
