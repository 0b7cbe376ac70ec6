import { describe, expect, it } from 'vitest';
import { NO_FACTS } from '../wallet/ledger-reads.ts';
import { gamingRevenueOf } from './revenue.rules.ts';

/**
 * The definitions of GGR and NGR (docs/compliance.md "The regulator's feed") on the cases a dashboard gets
 * wrong: a refund, a bonus stake, a bonus's cost. The figures against the journal are in regulator.test.ts.
 */
const facts = (amount: number, ownMoney = amount, count = 1) => ({ facts: count, amount, ownMoney });

describe('gross and net gaming revenue', () => {
  it('takes a refunded stake off the stakes and never counts it as a win', () => {
    const revenue = gamingRevenueOf({ bet: facts(1_000, 1_000, 2), win: NO_FACTS, rollback: facts(400) }, 0);
    expect(revenue).toMatchObject({
      betAmount: 1_000,
      refundAmount: 400,
      stakes: 600,
      winAmount: 0,
      ggr: 600,
    });
  });

  it('counts bonus money staked in the stakes and the bonus once, as its cost: 100 given and lost is NGR 0', () => {
    const revenue = gamingRevenueOf({ bet: facts(100, 0), win: NO_FACTS, rollback: NO_FACTS }, 100);
    expect(revenue).toMatchObject({ stakes: 100, bonusStakes: 100, ggr: 100, bonusCost: 100, ngr: 0 });
  });

  it('gives back the bonus part of a refunded stake with it', () => {
    const revenue = gamingRevenueOf(
      { bet: facts(1_000, 300), win: facts(200), rollback: facts(500, 150) },
      50,
    );
    expect(revenue).toEqual({
      bets: 1,
      betAmount: 1_000,
      refunds: 1,
      refundAmount: 500,
      stakes: 500,
      bonusStakes: 700 - 350,
      wins: 1,
      winAmount: 200,
      ggr: 300,
      bonusCost: 50,
      ngr: 250,
    });
  });
});
