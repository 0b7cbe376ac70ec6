import type { Kysely } from 'kysely';
import type { DrawProduct } from '@app/contracts/draws';
import type { ErrorKey } from '@app/contracts/errors';
import type { Database } from '../../../db/schema.ts';
import { ACCOUNT, openDrawAccounts, openPromotionBudget } from '../../platform/wallet/wallet.service.ts';

/**
 * A draw product's money as the engine's sale (`draw-sales.ts`) and settlement (`draw-settlement.ts`) move it
 * (docs/draws.md "Money"): the product's fund holds every ticket's cash price from its sale until the
 * settlement pays it out; the rollover carries what a draw does not pay on to a later one; a programme's
 * budget pays the cash price of tickets bought with something else than cash, and any discount.
 */
export type DrawMoney = {
  product: DrawProduct;
  /**
   * How cash buys a ticket and how a prize comes back: one of two ways, which the sale and the settlement
   * both follow.
   * - `purchase` (the 6+1 lottery, the cash draw): real money only (else `notRealMoney`), debited straight
   *   into the fund with no money fact, like the mall's purchases. The fund holds withdrawable cash only,
   *   so a prize is paid from it withdrawable and never turns unwagered bonus into withdrawable cash.
   * - `bet` (lucky refund, whose codes are sold as a game's stake): debited like a game's bet to the
   *   member's house shard (real money first, with its money fact, so VIP points, cash back and wagering
   *   count it), then moved on to the fund, which keeps no withdrawable part. A prize or refund comes back
   *   as a game's win does, through the house shard, withdrawable in the stake's own proportion.
   */
  cash: { as: 'purchase'; notRealMoney: ErrorKey } | { as: 'bet' };
  /** The programme whose budget pays the cash price of tickets not bought with cash, and discounts. */
  budgetOf: string;
  /**
   * Where the free tickets, coins or diamonds a member buys with go: into the fund beside the cash price
   * (the lottery's free tickets, a VIP benefit whose budget is another programme's), or into the budget
   * that pays their price (lucky refund: its budget's balance is then the programme's cost).
   */
  assetsTo: 'fund' | 'budget';
};

export type DrawAccounts = { fund: string; rollover: string; budget: string };

const opened = new WeakMap<Kysely<Database>, Set<string>>();

/** The product's fund and rollover and the budget, opened once per database (not re-inserted per sale). */
export async function openDrawMoney(db: Kysely<Database>, money: DrawMoney): Promise<DrawAccounts> {
  const done = opened.get(db) ?? new Set<string>();
  const name = `${money.product}|${money.budgetOf}`;
  if (!done.has(name)) {
    await openDrawAccounts(db, money.product);
    await openPromotionBudget(db, money.budgetOf);
    opened.set(db, done.add(name));
  }
  return {
    fund: ACCOUNT.drawFund(money.product),
    rollover: ACCOUNT.drawRollover(money.product),
    budget: ACCOUNT.promotionBudget(money.budgetOf),
  };
}
