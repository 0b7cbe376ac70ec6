import type { FactTotal } from '../wallet/ledger-reads.ts';

/**
 * Gross and net gaming revenue, defined once (issue 25 §4; docs/compliance.md "The regulator's feed"). The
 * tax report, the regulator's files and the back office read these figures and compute none of their own
 * (market-law.md §3: a dashboard that counted refunds as wins today and not for the month).
 *
 * From the money facts of a span, dated by the ledger (the journal transaction's time), never restated:
 * - stakes: every bet's cash, real and bonus money alike, LESS the stakes given back by rollbacks in the span
 *   (a provider's cancelled bet, a crash round stopped and refunded). A refund is never a win. A round
 *   cancelled the day after its bet lowers the day of the refund: a day once reported does not change.
 * - wins: every win's cash, real and bonus share alike.
 * - GGR = stakes − wins.
 * - bonus stakes: the part of the stakes paid from bonus cash (bet amount − own money, net of rollbacks), shown
 *   beside the stakes; it is not taken off GGR, because what a bonus costs is counted once, when it is paid:
 * - bonus cost: the cash the promotion budgets paid out in the span, net of what came back to them
 *   (forfeits, expiries): bonuses, cash back, rewards. The ledger's own figure (`promotionCostsByDay`).
 * - NGR = GGR − bonus cost.
 * A player given 100 of bonus who stakes and loses it: GGR 100, bonus cost 100, NGR 0, the house's true gain.
 */
export type GamingRevenue = {
  /** Bets (count) and their cash, before refunds. */
  bets: number;
  betAmount: number;
  /** Stakes given back (rollbacks): count and cash. */
  refunds: number;
  refundAmount: number;
  /** betAmount − refundAmount. */
  stakes: number;
  /** The part of `stakes` paid from bonus cash. */
  bonusStakes: number;
  wins: number;
  winAmount: number;
  /** stakes − winAmount. */
  ggr: number;
  bonusCost: number;
  /** ggr − bonusCost. */
  ngr: number;
};

/** The figures from the span's fact totals (bet, win, rollback) and the promotion budgets' net cash paid. */
export function gamingRevenueOf(
  facts: { bet: FactTotal; win: FactTotal; rollback: FactTotal },
  bonusCost: number,
): GamingRevenue {
  const stakes = facts.bet.amount - facts.rollback.amount;
  const bonusStakes =
    facts.bet.amount - facts.bet.ownMoney - (facts.rollback.amount - facts.rollback.ownMoney);
  const ggr = stakes - facts.win.amount;
  return {
    bets: facts.bet.facts,
    betAmount: facts.bet.amount,
    refunds: facts.rollback.facts,
    refundAmount: facts.rollback.amount,
    stakes,
    bonusStakes,
    wins: facts.win.facts,
    winAmount: facts.win.amount,
    ggr,
    bonusCost,
    ngr: ggr - bonusCost,
  };
}
