import type { Kysely, Transaction } from 'kysely';
import type { CountryProfile } from '@app/contracts/country';
import { requireVerifiedFor } from '../../platform/kyc/kyc.service.ts';
import type { ErrorKey } from '@app/contracts/errors';
import type { Database, DrawTicketPay } from '../../../db/schema.ts';
import { retryingTransaction } from '../../../db/transactions.ts';
import { AppError } from '../../../http/app-error.ts';
import { lockMemberInGoodStanding } from '../../platform/member/member.service.ts';
import { ownMoneyMoved } from '../../platform/wallet/money-facts.ts';
import { countPlayAgainstLimits } from '../../platform/wallet/player-limits.service.ts';
import { ACCOUNT, debitMember, spendMemberAsset, transfer } from '../../platform/wallet/wallet.service.ts';
import { openDrawMoney, type DrawAccounts, type DrawMoney } from './draw-money.ts';
import { addTickets, lockDrawForSale, type DrawRecord } from './draws.service.ts';

type Db = Kysely<Database>;
type Trx = Transaction<Database>;

/**
 * The ledger legs of a sale, each under its own idempotency key (the product names them): the member's
 * payment (`pay`), a staked payment moved on from the house shard to the fund (`fund`), a discount the
 * budget pays into the fund (`discount`), the cash price the budget pays for tickets bought otherwise
 * (`price`).
 */
export type SaleLeg = 'pay' | 'fund' | 'discount' | 'price';

/** What a sale costs, as the product prices it with the draws locked. */
export type SaleCharge =
  | {
      pay: 'cash';
      /** The tickets' cash price, all of it in the fund from the sale on. */
      price: number;
      /** The part of the price the budget pays for the member (a coupon). */
      discount?: number;
    }
  | {
      pay: Exclude<DrawTicketPay, 'cash'>;
      /** How many free tickets, coins or diamonds the member spends. */
      amount: number;
      /** The refusal when the member holds fewer. */
      insufficient: ErrorKey;
      /** The tickets' cash price, which the budget puts into the fund. */
      price: number;
    };

export type SoldTickets = {
  draw: DrawRecord;
  ticketNos: number[];
  /** The same entries' tickets in each other draw they entered, in `alsoEnters` order. */
  alsoEntered: Array<{ draw: DrawRecord; ticketNos: number[] }>;
  entries: readonly string[];
  charge: SaleCharge;
  /** The member's payment's journal transaction (none when a discount paid it all). */
  transactionId: number | null;
};

/** One sale of one product: its money and the steps that are its own, in the order the sale runs them. */
export type TicketSale<Receipt> = {
  money: DrawMoney;
  memberId: number;
  /** The market's law: a ticket bought with cash is play, behind its identity gate. */
  market: Pick<CountryProfile, 'compliance'>;
  /** The draw the tickets are sold in. */
  drawId: number;
  /** Each leg's idempotency key, unique to the sale (given the draw as locked). */
  keyOf: (draw: DrawRecord, leg: SaleLeg) => string;
  /** The journal's description of the payment, and of its other legs. */
  describe: (draw: DrawRecord, leg?: Exclude<SaleLeg, 'pay'>) => string;
  /**
   * Before the draw's lock: the product's first refusals, and a row that queues one member's parallel
   * purchases (the lottery's holding within the draw's limit), so the sales of one draw wait on its lock for
   * as few statements as possible.
   */
  beforeLock?: (trx: Trx) => Promise<void>;
  /**
   * Under the draw's lock, by its terms: the product's refusals, the tickets' entries (their canonical
   * texts), and any other draws every ticket also enters (lucky refund: the week's raffle), locked next
   * in that order.
   */
  order: (
    trx: Trx,
    draw: DrawRecord,
  ) => Promise<{ entries: readonly string[]; alsoEnters?: readonly number[] }>;
  /** With every draw locked: what the member pays (a coupon is taken here). */
  charge: (trx: Trx, draw: DrawRecord) => Promise<SaleCharge>;
  /** Last: the product's own record of the sale, and the answer. */
  record: (trx: Trx, sold: SoldTickets) => Promise<Receipt>;
};

/**
 * One purchase of draw tickets, in ONE database transaction (docs/draws.md step 2, "Money"):
 *
 * 1. the member's standing (share-locked: a self-exclusion committing first refuses the sale);
 * 2. the product's steps before the lock (`beforeLock`);
 * 3. the draw's row locked and checked open by the database clock (`lockDrawForSale`): the close takes the
 *    same lock, so the sale commits before the list is read or is refused (DRAW_SALES_CLOSED); then the
 *    product's order under it, and the other draws the tickets enter, locked in the order given;
 * 4. the money (`payForTickets`): the fund ends up holding every ticket's cash price;
 * 5. the tickets numbered and stored in every draw (`addTickets`), then the product's record.
 * Any refusal rolls all of it back. Each product's keys make a replay pay nothing twice.
 */
export async function sellTickets<Receipt>(db: Db, sale: TicketSale<Receipt>): Promise<Receipt> {
  const accounts = await openDrawMoney(db, sale.money);
  const { product } = sale.money;
  return retryingTransaction(db, async (trx) => {
    if (!(await lockMemberInGoodStanding(trx, sale.memberId))) throw new AppError('PROMOTION_MEMBER_BLOCKED');
    await sale.beforeLock?.(trx);
    const draw = await lockDrawForSale(trx, sale.drawId, product);
    const { entries, alsoEnters = [] } = await sale.order(trx, draw);
    const others: DrawRecord[] = [];
    for (const drawId of alsoEnters) others.push(await lockDrawForSale(trx, drawId, product));
    const charge = await sale.charge(trx, draw);
    const transactionId = await payForTickets(trx, sale, accounts, draw, charge);
    const enter = (into: DrawRecord) =>
      addTickets(trx, into, { memberId: sale.memberId, pay: charge.pay, entries, transactionId });
    const ticketNos = await enter(draw);
    const alsoEntered: SoldTickets['alsoEntered'] = [];
    for (const other of others) alsoEntered.push({ draw: other, ticketNos: await enter(other) });
    return sale.record(trx, { draw, ticketNos, alsoEntered, entries, charge, transactionId });
  });
}

/**
 * The sale's money, into the product's fund (docs/draws.md "Money"): cash as the product takes it
 * (`DrawMoney.cash`), less a discount the budget pays in; free tickets, coins or diamonds spent, and their
 * cash price paid by the budget, so the fund always holds the price of every ticket. The budget's legs
 * carry withdrawable cash into a fund that pays prizes withdrawable (`purchase`), plain cash into one that
 * keeps no withdrawable part (`bet`). Answers the member's payment's journal transaction.
 */
async function payForTickets(
  trx: Trx,
  sale: TicketSale<unknown>,
  accounts: DrawAccounts,
  draw: DrawRecord,
  charge: SaleCharge,
): Promise<number | null> {
  const { memberId, money } = sale;
  const key = (leg: SaleLeg) => sale.keyOf(draw, leg);
  const description = sale.describe(draw);
  const withdrawable = money.cash.as === 'purchase';
  if (charge.pay !== 'cash') {
    const spent = await spendMemberAsset(trx, {
      memberId,
      to: money.assetsTo === 'fund' ? accounts.fund : accounts.budget,
      key: key('pay'),
      // A ticket's pay is named by the ticket ('ticket'), the asset by the balance ('tickets').
      asset: charge.pay === 'ticket' ? 'tickets' : charge.pay,
      amount: charge.amount,
      insufficient: charge.insufficient,
      kind: 'purchase',
      description,
    });
    await transfer(trx, {
      from: accounts.budget,
      to: accounts.fund,
      key: key('price'),
      kind: 'bonus',
      amount: charge.price,
      withdrawable,
      memberId,
      description: sale.describe(draw, 'price'),
    });
    return spent.transactionId;
  }
  const discount = charge.discount ?? 0;
  const amount = charge.price - discount;
  // Cash spent on tickets is real-money play (issue 25 §1): the one identity check every bet meets.
  if (amount > 0) await requireVerifiedFor(trx, sale.market, memberId, 'play');
  let transactionId: number | null = null;
  if (amount > 0 && money.cash.as === 'purchase') {
    ({ transactionId } = await debitMember(trx, {
      memberId,
      to: accounts.fund,
      key: key('pay'),
      kind: 'purchase',
      amount,
      description,
    }));
    // The debit took real money first; anything less than all of it real means bonus cash paid a part.
    const moved = await ownMoneyMoved(trx, [{ transactionId, memberId }]);
    if (-(moved.get(transactionId) ?? 0) !== amount) throw new AppError(money.cash.notRealMoney);
    // No money fact, so no trigger counts it: the player's stake and loss limits are asked here (issue 25 §2).
    await countPlayAgainstLimits(trx, memberId, amount);
  } else if (amount > 0) {
    const house = ACCOUNT.houseFor(memberId);
    ({ transactionId } = await debitMember(trx, {
      memberId,
      to: house,
      key: key('pay'),
      kind: 'bet',
      amount,
      description,
      fact: { kind: 'bet', ref: `${money.product}:${draw.id}` },
    }));
    await transfer(trx, {
      from: house,
      to: accounts.fund,
      key: key('fund'),
      kind: 'adjustment',
      amount,
      memberId,
      description: sale.describe(draw, 'fund'),
    });
  }
  if (discount > 0) {
    await transfer(trx, {
      from: accounts.budget,
      to: accounts.fund,
      key: key('discount'),
      kind: 'bonus',
      amount: discount,
      withdrawable,
      memberId,
      description: sale.describe(draw, 'discount'),
    });
  }
  return transactionId;
}
