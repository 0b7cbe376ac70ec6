import type { Kysely, Transaction } from 'kysely';
import type { DrawProduct } from '@app/contracts/draws';
import type { LotteryPay } from '@app/contracts/lottery';
import type { Database } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { addTickets, findDraw, lockDrawForSale, type DrawRecord } from '../draws/draws.service.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { ownMoneyMoved } from '../../platform/wallet/money-facts.ts';
import {
  ACCOUNT,
  debitMember,
  getBalances,
  openDrawAccounts,
  openPromotionBudget,
  spendMemberAsset,
  transfer,
} from '../../platform/wallet/wallet.service.ts';
import * as repository from './lottery.repository.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/** The programme whose benefit gives the free tickets (VIP benefit type 8) pays their price into the fund. */
const FREE_TICKET_PROGRAMME = 'vip';

const opened = new WeakMap<Db, Set<string>>();

/** The fund, the rollover and the free tickets' budget exist once per database (not re-inserted per sale). */
async function openAccounts(
  db: Db,
  product: DrawProduct,
): Promise<{ fund: string; freeTicketBudget: string }> {
  const done = opened.get(db) ?? new Set<string>();
  if (!done.has(product)) {
    await openDrawAccounts(db, product);
    await openPromotionBudget(db, FREE_TICKET_PROGRAMME);
    opened.set(db, done.add(product));
  }
  return {
    fund: ACCOUNT.drawFund(product),
    freeTicketBudget: ACCOUNT.promotionBudget(FREE_TICKET_PROGRAMME),
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
 * One purchase of draw tickets, in ONE database transaction (docs/draws.md step 2, "Money"):
 *
 * 1. the member's standing (share-locked: a self-exclusion committing first refuses the sale);
 * 2. the member's holding in the draw raised within the draw's limit (LOTTERY_TICKET_LIMIT);
 * 3. the draw's row locked and checked open by the database clock (`lockDrawForSale`): the close takes the
 *    same lock, so the sale commits before the list is read or is refused (DRAW_SALES_CLOSED);
 * 4. the money, under a key named by the first ticket number (unique: the counter moves under the lock):
 *    cash is debited into the product's fund and must be real money (LOTTERY_REAL_MONEY_ONLY: bonus cash
 *    buys no tickets, so a prize never turns unwagered bonus into withdrawable cash, and the fund holds
 *    only withdrawable cash, which is what it pays); free tickets are spent into the fund
 *    (LOTTERY_NO_FREE_TICKETS) and their price comes in cash from the VIP programme's budget, so the fund
 *    always holds every ticket's price;
 * 5. the tickets numbered and stored (`addTickets`).
 * Any refusal rolls all of it back.
 */
export async function sellTickets(
  db: Db,
  input: {
    product: DrawProduct;
    drawId: number;
    memberId: number;
    pay: LotteryPay;
    /** The entries' canonical texts, made before the transaction (a retry keeps the same tickets). */
    entries: readonly string[];
    /** The most tickets one member may hold in the draw (the draw's own terms). */
    limitOf: (draw: DrawRecord) => number;
    description: (draw: DrawRecord) => string;
  },
): Promise<Sale> {
  const { fund, freeTicketBudget } = await openAccounts(db, input.product);
  const count = input.entries.length;
  // The draw's terms (its price and limit) never change once it is made: read before the lock.
  const terms = await findDraw(db, input.drawId);
  if (!terms || terms.product !== input.product) throw new AppError('DRAW_NOT_FOUND');
  const sale = await retryingTransaction(db, async (trx: Trx) => {
    if (!(await lockMemberInGoodStanding(trx, input.memberId)))
      throw new AppError('PROMOTION_MEMBER_BLOCKED');
    // Before the draw's lock, so the sales of one draw queue on it for as few statements as possible; the
    // holding row also queues one member's parallel purchases of the draw.
    const held = await repository.holdTickets(trx, {
      drawId: terms.id,
      memberId: input.memberId,
      count,
      limit: input.limitOf(terms),
    });
    if (!held) throw new AppError('LOTTERY_TICKET_LIMIT');
    const draw = await lockDrawForSale(trx, input.drawId, input.product);
    const key = `${input.product}:${draw.id}:sale:${draw.ticketCount + 1}`;
    const amount = draw.price * count;
    const description = input.description(draw);
    let transactionId: number;
    if (input.pay === 'cash') {
      const posted = await debitMember(trx, {
        memberId: input.memberId,
        to: fund,
        key,
        kind: 'purchase',
        amount,
        description,
      });
      // The debit took real money first; anything less than all of it real means bonus cash paid a part.
      const moved = await ownMoneyMoved(trx, [
        { transactionId: posted.transactionId, memberId: input.memberId },
      ]);
      if (-(moved.get(posted.transactionId) ?? 0) !== amount) throw new AppError('LOTTERY_REAL_MONEY_ONLY');
      transactionId = posted.transactionId;
    } else {
      const spent = await spendMemberAsset(trx, {
        memberId: input.memberId,
        to: fund,
        key,
        asset: 'tickets',
        amount: count,
        insufficient: 'LOTTERY_NO_FREE_TICKETS',
        kind: 'purchase',
        description,
      });
      await transfer(trx, {
        from: freeTicketBudget,
        to: fund,
        key: `${key}:price`,
        kind: 'bonus',
        amount,
        withdrawable: true,
        memberId: input.memberId,
        description: `${description} (free tickets)`,
      });
      transactionId = spent.transactionId;
    }
    const ticketNos = await addTickets(trx, draw, {
      memberId: input.memberId,
      pay: input.pay,
      entries: input.entries,
      transactionId,
    });
    return {
      draw,
      ticketNos,
      paid: input.pay === 'cash' ? amount : 0,
      ticketsSpent: input.pay === 'ticket' ? count : 0,
    };
  });
  // The balances the answer shows, read after the commit (outside the draw's lock).
  const balances = await getBalances(db, input.memberId);
  return {
    ...sale,
    balance: { cash: balances.cash, withdrawable: balances.withdrawable, tickets: balances.tickets },
  };
}
