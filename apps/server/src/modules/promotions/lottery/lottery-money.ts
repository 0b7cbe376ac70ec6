import type { Kysely } from 'kysely';
import type { LotteryPay } from '@app/contracts/lottery';
import type { Database } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { DrawMoney } from '../draws/draw-money.ts';
import { sellTickets, type TicketSale } from '../draws/draw-sales.ts';
import { settleDrawMoney, type DrawPayment, type StoredSettlement } from '../draws/draw-settlement.ts';
import { findDraw, type DrawRecord } from '../draws/draws.service.ts';
import { ACCOUNT, getBalances } from '../../platform/wallet/wallet.service.ts';
import * as repository from './lottery.repository.ts';

type Db = Kysely<Database>;
type LotteryProduct = 'lottery' | 'cash-draw';

/**
 * The 6+1 lottery's and the cash draw's terms for the draw engine's sale and settlement
 * (docs/promotions.md "The 6+1 lottery and the cash draw"): tickets bought with real money only or with
 * free tickets, the member's holding within the draw's limit, prizes by tier paid to each member in
 * batches and recorded in `lottery_settlement` and `lottery_prize`.
 */
function moneyOf(product: LotteryProduct): DrawMoney {
  return {
    product,
    // Bonus cash buys no ticket, so a prize never turns unwagered bonus into withdrawable cash.
    cash: { as: 'purchase', notRealMoney: 'LOTTERY_REAL_MONEY_ONLY' },
    // The programme whose benefit gives the free tickets (VIP benefit type 8) pays their price into the fund.
    budgetOf: 'vip',
    assetsTo: 'fund',
  };
}

export type Sale = {
  draw: DrawRecord;
  ticketNos: number[];
  paid: number;
  ticketsSpent: number;
  balance: { cash: number; withdrawable: number; tickets: number };
};

/**
 * One purchase of lottery or cash draw tickets (the engine's `sellTickets`): the member's holding in the
 * draw raised within the draw's limit before its lock (LOTTERY_TICKET_LIMIT; the holding row also queues
 * one member's parallel purchases of the draw), then the money under a key named by the first ticket
 * number (unique: the counter moves under the lock): cash, all of it real money (LOTTERY_REAL_MONEY_ONLY),
 * or free tickets (LOTTERY_NO_FREE_TICKETS) whose price the VIP programme's budget pays.
 */
export async function sellLotteryTickets(
  db: Db,
  input: {
    product: LotteryProduct;
    drawId: number;
    memberId: number;
    market: TicketSale<unknown>['market'];
    pay: LotteryPay;
    /** The entries' canonical texts, made before the transaction (a retry keeps the same tickets). */
    entries: readonly string[];
    /** The most tickets one member may hold in the draw (the draw's own terms). */
    limitOf: (draw: DrawRecord) => number;
    description: (draw: DrawRecord) => string;
  },
): Promise<Sale> {
  const count = input.entries.length;
  // The draw's terms (its price and limit) never change once it is made: read before the lock.
  const terms = await findDraw(db, input.drawId);
  if (!terms || terms.product !== input.product) throw new AppError('DRAW_NOT_FOUND');
  const sold = await sellTickets(db, {
    money: moneyOf(input.product),
    memberId: input.memberId,
    market: input.market,
    drawId: input.drawId,
    keyOf: (draw, leg) => {
      const sale = `${input.product}:${draw.id}:sale:${draw.ticketCount + 1}`;
      return leg === 'price' ? `${sale}:price` : sale;
    },
    describe: (draw, leg) =>
      leg === 'price' ? `${input.description(draw)} (free tickets)` : input.description(draw),
    beforeLock: async (trx) => {
      const held = await repository.holdTickets(trx, {
        drawId: terms.id,
        memberId: input.memberId,
        count,
        limit: input.limitOf(terms),
      });
      if (!held) throw new AppError('LOTTERY_TICKET_LIMIT');
    },
    order: async () => ({ entries: input.entries }),
    charge: async (_trx, draw) =>
      input.pay === 'cash'
        ? { pay: 'cash', price: draw.price * count }
        : {
            pay: 'ticket',
            amount: count,
            insufficient: 'LOTTERY_NO_FREE_TICKETS',
            price: draw.price * count,
          },
    record: async (_trx, sold) => sold,
  });
  // The balances the answer shows, read after the commit (outside the draw's lock).
  const balances = await getBalances(db, input.memberId);
  return {
    draw: sold.draw,
    ticketNos: sold.ticketNos,
    paid: input.pay === 'cash' ? sold.charge.price : 0,
    ticketsSpent: input.pay === 'ticket' ? count : 0,
    balance: { cash: balances.cash, withdrawable: balances.withdrawable, tickets: balances.tickets },
  };
}

/** A ticket that won: its tier (the lottery) or rank (the cash draw). */
export type WinningTicket = { ticketNo: number; memberId: number; tier: number };

/** A draw's money as its product's rules split it, given what the rollover holds. */
export type DrawMoneyPlan = repository.SettlementMoney & {
  /** What one winning ticket of each tier (or rank) is paid. */
  prizeOfTier: Record<number, number>;
  /** The split as the results page shows it (stored with the settlement). */
  details: unknown;
};

/**
 * Pays a drawn lottery or cash draw (the engine's `settleDrawMoney`, in batches): the product's rules split
 * the draw's money (`plan`): rollover → fund (what the draw takes), house → fund (the jackpot seed's
 * top-up), fund → house (the house's share), fund → rollover (breakage, unwon pools, rounding); then each
 * winning member, in member order, gets the prizes of all their winning tickets in one credit from the
 * fund (`draw:<id>:prize:<member>`), recorded in `lottery_prize`.
 */
export async function settleByTier(
  db: Db,
  draw: DrawRecord,
  input: {
    product: LotteryProduct;
    winners: readonly WinningTicket[];
    plan: (reserve: number) => DrawMoneyPlan;
    description: string;
  },
): Promise<void> {
  const members = membersOf(input.winners);
  await settleDrawMoney<DrawMoneyPlan>(db, draw, {
    money: moneyOf(input.product),
    description: input.description,
    plan: (_trx, { reserve, accounts }) => {
      const plan = input.plan(reserve);
      return {
        split: plan,
        moves: [
          { leg: 'rollover-in', from: accounts.rollover, to: accounts.fund, amount: plan.rolloverIn },
          { leg: 'seed', from: ACCOUNT.house, to: accounts.fund, amount: plan.seedTopUp },
          { leg: 'house-share', from: accounts.fund, to: ACCOUNT.house, amount: plan.houseShare },
          { leg: 'rollover-out', from: accounts.fund, to: accounts.rollover, amount: plan.rolloverOut },
        ].map((move) => ({ ...move, kind: 'adjustment' as const })),
      };
    },
    payments: (split) =>
      members.map(({ memberId, tickets }): DrawPayment => {
        const prizes = tickets.map((ticket) => ({
          ticketNo: ticket.ticketNo,
          prize: split.prizeOfTier[ticket.tier] ?? 0,
          tier: ticket.tier,
        }));
        return {
          memberId,
          key: `prize:${memberId}`,
          ref: String(memberId),
          cash: prizes.reduce((sum, ticket) => sum + ticket.prize, 0),
          tickets: prizes,
        };
      }),
    record: {
      payments: 'in-batches',
      find: async (reader, drawId) => storedOf(await repository.findSettlement(reader, drawId)),
      lock: async (trx, drawId) => storedOf(await repository.lockSettlement(trx, drawId)),
      insert: (trx, drawId, { prizeOfTier, details, ...money }, payees) =>
        repository.insertSettlement(trx, {
          drawId,
          product: input.product,
          money,
          split: { prizeOfTier, details } satisfies StoredSplit,
          winners: payees,
        }),
      recordPayments: (trx, paid) =>
        repository.insertPrizes(
          trx,
          paid.flatMap((payment) =>
            payment.transactionId === null
              ? []
              : [
                  {
                    drawId: draw.id,
                    memberId: payment.memberId,
                    amount: payment.cash,
                    tickets: payment.tickets.length,
                    bestTier: Math.min(...payment.tickets.map((ticket) => ticket.tier ?? Infinity)),
                    transactionId: payment.transactionId,
                  },
                ],
          ),
        ),
      advance: repository.advancePayments,
    },
  });
}

/** What `lottery_settlement.split` holds beside the row's money columns. */
type StoredSplit = Pick<DrawMoneyPlan, 'prizeOfTier' | 'details'>;

function storedOf(row: repository.SettlementRow | undefined): StoredSettlement<DrawMoneyPlan> | undefined {
  if (!row) return undefined;
  const { prizeOfTier, details } = row.split as StoredSplit;
  return {
    split: { ...row.money, prizeOfTier, details },
    payees: row.winners,
    payeesPaid: row.membersPaid,
    paid: row.paidAt !== null,
  };
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
